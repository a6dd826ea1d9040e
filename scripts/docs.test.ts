/**
 * `npm run docs`: writes the page (made offline), says where, passes Redocly's own lines on without its boxed
 * notice, fails loudly.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../test/helpers/run.ts';
import { REMOTE_LOGOS } from './lib/offline-docs.ts';

const docs = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', join(projectRoot, 'scripts/docs.ts'), ...args], {
    cwd: projectRoot,
    encoding: 'utf8',
    timeout: 50_000,
  });

describe('scripts/docs.ts', () => {
  it('builds the offline page and prints no boxed notice', () => {
    const out = join(mkdtempSync(join(tmpdir(), 'docs-')), 'index.html');
    const r = docs('--output', out);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toBe(`docs: ${out}\n`);
    expect(r.stderr).toContain('bundled successfully');
    expect(r.stderr).not.toMatch(/[╔║╚]/);
    const page = readFileSync(out, 'utf8');
    expect(page).toContain('Bill-Payment Partner API');
    for (const url of REMOTE_LOGOS) expect(page).not.toContain(url); // lib/offline-docs.ts ran on it
    expect(page).toContain('<link rel="icon" href="data:,">');
  }, 60_000);

  it("exits non-zero with Redocly's reason when the page cannot be written", () => {
    const r = docs('--output', '/dev/null/index.html'); // a directory inside a device: mkdir fails at once
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("EEXIST: file already exists, mkdir '/dev/null'");
    expect(r.stderr).toMatch(/docs: redocly build-docs failed \(exit \d+\)/);
    expect(r.stdout).toBe('');
  }, 60_000);
});
