/**
 * The full profile against the reference server (in-process, demo data): both environments, with the other
 * environment's keys, pass with 100 % coverage; reports are written without secrets; missing roles are skipped.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runConformance, type RunResult } from '../../conformance/runner.ts';
import { optionsFor, startReference, type Reference } from './support/reference-server.ts';

let ref: Reference;
beforeAll(async () => { ref = await startReference(); }, 60_000);
afterAll(async () => { await ref?.close(); });

const failures = (r: RunResult) => r.cases.flatMap((c) => c.failures.map((f) => `${c.id}: [${f.check}] ${f.message} — ${f.request ?? ''} → ${f.response ?? ''}`));

describe('the full profile against the reference server', () => {
  it.each(['sandbox', 'production'] as const)('%s: every case passes, nothing skipped, coverage 100 percent', async (env) => {
    const r = await runConformance(optionsFor(ref, env));
    expect(failures(r)).toEqual([]);
    expect(r.cases.filter((c) => c.status === 'skipped').map((c) => `${c.id}: ${c.reason}`)).toEqual([]);
    expect(r.coverage.percent).toBe(100);
    expect(r.exitCode).toBe(0);
    expect(r.totals.cases).toBeGreaterThan(300);
  });

  it('writes JUnit, Markdown and JSON reports, with no secret in them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'conformance-report-'));
    const r = await runConformance({ ...optionsFor(ref, 'sandbox'), reportDir: dir });
    const read = (f: string) => readFileSync(join(dir, f), 'utf8');
    for (const f of ['junit.xml', 'summary.md', 'results.json']) expect(existsSync(join(dir, f)), f).toBe(true);
    expect(read('junit.xml')).toContain(`tests="${r.totals.cases}" failures="0"`);
    expect((read('junit.xml').match(/<testcase /g) ?? []).length).toBe(r.totals.cases);
    expect(read('summary.md')).toContain('# Conformance report — PASS');
    expect(read('summary.md')).toContain('| listTransactions | 401 | TOKEN_REVOKED | ✅ |');
    expect(read('summary.md')).toContain('**429 RATE_LIMITED**');
    expect(JSON.parse(read('results.json'))).toMatchObject({ exitCode: 0, coverage: { percent: 100 } });
    for (const key of [...Object.values(ref.keys.sandbox.keys), ...Object.values(ref.keys.production.keys)]) {
      for (const f of ['junit.xml', 'summary.md', 'results.json']) expect(read(f)).not.toContain(key.slice(8));
    }
  });

  it('skips the cases of absent roles with the reason, and falls short of full coverage', async () => {
    const o = optionsFor(ref, 'sandbox');
    const r = await runConformance({ ...o, keys: { full: o.keys.full! }, other: {} });
    expect(r.totals.failed).toBe(0);
    const reasons = new Set(r.cases.filter((c) => c.status === 'skipped').map((c) => c.reason));
    expect(reasons).toContain("no 'revoked' key given (keys file or CONFORMANCE_KEY_REVOKED)");
    expect(reasons).toContain('no full key of production given (keys file or CONFORMANCE_OTHER_KEY_FULL)');
    expect(r.cases.find((c) => c.id === 'auth.listTransactions.other_environment_prefix')?.status).toBe('passed');
    expect(r.coverage.percent).toBeLessThan(100);
    expect(r.exitCode).toBe(1);
  });
});
