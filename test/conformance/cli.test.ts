/** The CLI: exit codes (0 pass, 1 failures or coverage, 2 usage), the keys file, the reports, no secret printed. */
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conformanceCli } from './support/cli.ts';
import { startReference, type Reference } from './support/reference-server.ts';

let ref: Reference;
let dir: string;
beforeAll(async () => {
  ref = await startReference();
  dir = mkdtempSync(join(tmpdir(), 'conformance-cli-'));
  writeFileSync(join(dir, 'keys.json'), JSON.stringify(ref.keys));
}, 60_000);
afterAll(async () => {
  await ref?.close();
});

const cli = conformanceCli;

describe('npm run conformance', () => {
  it('exits 2 with a one-line reason on bad usage', async () => {
    const r = await cli(['--env', 'staging']);
    expect(r.code).toBe(2);
    expect(r.err.trim().split('\n')).toEqual([
      "conformance: --env must be sandbox or production, got 'staging' (usage: npm run conformance -- --help)",
    ]);
    // A budget for the work: the conformance CLI in a process of its own, under tsx.
  }, 120_000);

  it('exits 0 against the reference server, writes included, and writes the three reports; no secret on the terminal', async () => {
    const report = join(dir, 'report');
    const r = await cli(['--keys', join(dir, 'keys.json'), '--env', 'sandbox', '--report', report, '--rate', '0']);
    expect(r.code, r.out + r.err).toBe(0);
    expect(r.out).toContain('with writes (sandbox)');
    expect(r.out).toMatch(/auth-matrix +\.+/);
    expect(r.out).toMatch(/purchases +\.+/);
    expect(r.out).toContain('PASS:');
    for (const f of ['junit.xml', 'summary.md', 'results.json']) expect(existsSync(join(report, f))).toBe(true);
    for (const key of Object.values(ref.keys.sandbox.keys)) expect(r.out + r.err).not.toContain(key.slice(8));
  }, 120_000); // waits for its webhook deliveries, one retried after about 5 s

  it('exits 2 on production without --read-only: writes go only to a sandbox', async () => {
    const r = await cli(['--rate', '0', '--env', 'production', '--keys', join(dir, 'keys.json')]);
    expect(r.code, r.out + r.err).toBe(2);
    expect(r.err).toContain('refusing to run');
    expect(r.out).toBe('');
  }, 60_000);

  it('exits 1 when coverage falls below --min-coverage (roles absent, from variables)', async () => {
    const r = await cli(['--rate', '0'], {
      CONFORMANCE_ENV: 'production',
      CONFORMANCE_BASE_URL: ref.keys.production.base_url,
      CONFORMANCE_KEY_FULL: ref.keys.production.keys.full,
      CONFORMANCE_READ_ONLY: '1',
    });
    expect(r.code, r.out + r.err).toBe(1);
    expect(r.out).toMatch(/FAIL: coverage [\d.]+% < 100%/);
    expect(r.out).toContain("× no 'revoked' key given");
  }, 60_000);
});
