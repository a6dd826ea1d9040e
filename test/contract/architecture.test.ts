/**
 * ARCHITECTURE.md's operation index is derived from the code and cannot go stale; its layers are rules a tool checks
 * (dependency-cruiser, .dependency-cruiser.mjs); the server's bundle holds the server and nothing of its tests.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { operationIndex, withIndex } from '../../scripts/lib/architecture-index.ts';
import { serverBundleOptions } from '../../scripts/lib/server-bundle.ts';

const root = new URL('../..', import.meta.url).pathname;
const doc = readFileSync(`${root}ARCHITECTURE.md`, 'utf8');
const index = operationIndex(root);

describe('the operation index of ARCHITECTURE.md', () => {
  it('is what the code says (else: npm run architecture)', () => {
    expect(withIndex(doc, index)).toBe(doc);
  });

  it('names a handler and at least one conformance case group for every operation', () => {
    const rows = index.split('\n').filter((l) => l.startsWith('| `'));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row).not.toContain('**missing**');
      expect(row).not.toContain('**none**');
    }
  });
});

describe('the caches of ARCHITECTURE.md', () => {
  it('are the list of server/frozen.ts, where the caching rule lives', () => {
    const frozen = readFileSync(`${root}server/frozen.ts`, 'utf8');
    const inCode = frozen
      .split('\n')
      .filter((l) => l.startsWith(' * | '))
      .map((l) => l.slice(3));
    const inDoc = doc
      .split('\n')
      .filter((l) => l.startsWith('| ') && inCode.some((c) => c.split('|')[1] === l.split('|')[1]));
    expect(inCode.length).toBeGreaterThan(3);
    expect(inDoc).toEqual(inCode);
  });
});

describe('the layers of ARCHITECTURE.md', () => {
  const rules = readFileSync(`${root}.dependency-cruiser.mjs`, 'utf8');

  it('hold: dependency-cruiser finds no import of server/, conformance/ or generated/ that breaks a rule of .dependency-cruiser.mjs', () => {
    const cli = `${root}node_modules/dependency-cruiser/bin/dependency-cruise.mjs`;
    const r = spawnSync(process.execPath, [cli, '--output-type', 'err-long', 'server', 'conformance', 'generated'], {
      cwd: root,
      encoding: 'utf8',
      timeout: 120_000,
    });
    const findings = `${r.stdout}${r.stderr}`;
    expect(findings, findings).toMatch(/no dependency violations found \(\d+ modules/);
    expect(r.status, findings).toBe(0);
    // A budget for the work: dependency-cruiser over server/, conformance/ and generated/, a spawned process.
  }, 120_000);

  it('are written where the document says, and it says a tool checks them', () => {
    const layers = doc.split('\n\n').find((p) => p.startsWith('Layers:'));
    expect(layers).toContain('.dependency-cruiser.mjs');
    expect(layers).toContain('test/contract/architecture.test.ts');
    expect(rules.match(/name: '[a-z-]+'/g)?.length).toBeGreaterThan(10);
  });
});

describe('the server bundle (npm run build, scripts/build.ts)', () => {
  it('holds only modules of server/ and generated/, none of them test code', async () => {
    const { metafile } = await build({
      ...serverBundleOptions(root),
      absWorkingDir: root,
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const inputs = Object.keys(metafile.inputs);
    expect(inputs).toContain('server/main.ts');
    expect(inputs.filter((i) => !/^(server|generated)\//.test(i))).toEqual([]);
    expect(
      inputs.filter((i) => /\.(test|spec)\.ts$|(^|\/)test[-_/]|(^|\/)(mutation-probe|fixtures?)\b/.test(i)),
    ).toEqual([]);
    // A budget for the work: an esbuild build of the server (esbuild's service process).
  }, 120_000);
});
