/**
 * The full profile against the reference server (in-process, demo data): the sandbox with every write case, and
 * production read-only (the only way a production run is allowed: write-safety.ts), each with the other
 * environment's keys, pass with 100 % coverage of the cells they can reach; reports are written without secrets;
 * missing roles are skipped.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READ_ONLY_REASON, runConformance, type RunResult } from '../../conformance/runner.ts';
import { Contract } from '../../conformance/contract/operations.ts';
import { NO_WEBHOOK_DATA } from '../../conformance/cases/common.ts';
import { optionsFor, startReference, type Reference } from './support/reference-server.ts';

let ref: Reference;
beforeAll(async () => {
  ref = await startReference();
}, 60_000);
afterAll(async () => {
  await ref?.close();
});

const failures = (r: RunResult) =>
  r.cases.flatMap((c) =>
    c.failures.map((f) => `${c.id}: [${f.check}] ${f.message} — ${f.request ?? ''} → ${f.response ?? ''}`),
  );

const skips = (r: RunResult) => r.cases.filter((c) => c.status === 'skipped').map((c) => `${c.id}: ${c.reason}`);

describe('the full profile against the reference server', () => {
  it('sandbox, with writes: every case passes, nothing skipped, every purchase scenario run, coverage 100 percent', async () => {
    const r = await runConformance(optionsFor(ref, 'sandbox'));
    expect(failures(r)).toEqual([]);
    expect(skips(r)).toEqual([]);
    expect(r.writes).toBe(true);
    const scenarios = new Contract().scenarios.filter((s) => s.operation.startsWith('create'));
    expect(r.cases.filter((c) => c.group === 'purchases' && c.status === 'passed').length).toBe(scenarios.length);
    expect(r.cases.find((c) => c.id === 'money.conservation')?.status).toBe('passed');
    expect(r.coverage.percent).toBe(100);
    expect(r.exitCode).toBe(0);
    expect(r.totals.cases).toBeGreaterThan(500);
  }, 120_000); // waits for its webhook deliveries, one of them retried (the first retry comes after about 5 s)

  it('production, read-only: every case passes, only the write cases skipped, coverage 100 percent of what it can reach', async () => {
    const r = await runConformance({ ...optionsFor(ref, 'production'), readOnly: true });
    expect(failures(r)).toEqual([]);
    expect(r.writes).toBe(false);
    // Besides the write cases: the cases that need a webhook endpoint, delivery or event (the production demo data
    // has none, and a read-only run cannot create one), and those that need their walk.
    const reasons = new Set(r.cases.filter((c) => c.status === 'skipped').map((c) => c.reason));
    expect(
      [...reasons].filter(
        (x) =>
          x !== READ_ONLY_REASON && !x?.startsWith(NO_WEBHOOK_DATA) && x !== 'the walk of listWebhookDeliveries failed',
      ),
    ).toEqual([]);
    expect(r.cases.filter((c) => c.status === 'skipped').length).toBeGreaterThan(100);
    expect(
      r.coverage.cells
        .filter((c) => c.operationId === 'createAirtimePurchase' && c.state === 'exercised')
        .map((c) => c.status),
    ).toEqual([405]);
    expect(r.coverage.percent).toBe(100);
    expect(r.exitCode).toBe(0);
  });

  it('writes JUnit, Markdown and JSON reports, with no secret in them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'conformance-report-'));
    const r = await runConformance({ ...optionsFor(ref, 'sandbox'), reportDir: dir, readOnly: true });
    const read = (f: string) => readFileSync(join(dir, f), 'utf8');
    for (const f of ['junit.xml', 'summary.md', 'results.json']) expect(existsSync(join(dir, f)), f).toBe(true);
    expect(read('junit.xml')).toContain(`tests="${r.totals.cases}" failures="0"`);
    expect((read('junit.xml').match(/<testcase /g) ?? []).length).toBe(r.totals.cases);
    expect(read('summary.md')).toContain('# Conformance report — PASS');
    expect(read('summary.md')).toContain('| listTransactions | 401 | TOKEN_REVOKED | ✅ |');
    expect(read('summary.md')).toContain('**429 RATE_LIMITED**');
    expect(read('summary.md')).toContain('**every cell of a write operation but its 405**');
    expect(JSON.parse(read('results.json'))).toMatchObject({ exitCode: 0, coverage: { percent: 100 } });
    for (const key of [...Object.values(ref.keys.sandbox.keys), ...Object.values(ref.keys.production.keys)]) {
      for (const f of ['junit.xml', 'summary.md', 'results.json']) expect(read(f)).not.toContain(key.slice(8));
    }
  });

  it('skips the cases of absent roles with the reason, and falls short of full coverage', async () => {
    const o = optionsFor(ref, 'sandbox');
    const r = await runConformance({ ...o, keys: { full: o.keys.full! }, other: {}, readOnly: true });
    expect(r.totals.failed).toBe(0);
    const reasons = new Set(r.cases.filter((c) => c.status === 'skipped').map((c) => c.reason));
    expect(reasons).toContain("no 'revoked' key given (keys file or CONFORMANCE_KEY_REVOKED)");
    expect(reasons).toContain('no full key of production given (keys file or CONFORMANCE_OTHER_KEY_FULL)');
    expect(r.cases.find((c) => c.id === 'auth.listTransactions.other_environment_prefix')?.status).toBe('passed');
    expect(r.coverage.percent).toBeLessThan(100);
    expect(r.exitCode).toBe(1);
  });

  it('stops after the group in which a case first meets stopAfter, and then fails though every case it ran passed', async () => {
    const all = await runConformance({ ...optionsFor(ref, 'sandbox'), readOnly: true });
    const [first, second] = [...new Set(all.cases.map((c) => c.group))];
    const r = await runConformance({
      ...optionsFor(ref, 'sandbox'),
      readOnly: true,
      stopAfter: (c) => c.group === second,
    });
    expect(new Set(r.cases.map((c) => c.group))).toEqual(new Set([first, second]));
    expect(r.totals.failed).toBe(0);
    expect(r.exitCode).toBe(1);
    const atTheEnd = await runConformance({
      ...optionsFor(ref, 'sandbox'),
      readOnly: true,
      stopAfter: (c) => c.id === all.cases.at(-1)!.id,
    });
    expect(atTheEnd.totals.cases).toBe(all.totals.cases);
    expect(atTheEnd.exitCode).toBe(0);
  });
});
