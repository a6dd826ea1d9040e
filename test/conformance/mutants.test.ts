/**
 * The suite must be able to fail. The reference server runs in-process with demo data; a proxy in front of it
 * breaks one promise at a time (support/mutants.ts). The full profile through each mutant must FAIL, with the
 * expected check among the failing ones; through an honest proxy it must PASS.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runConformance, type RunResult } from '../../conformance/runner.ts';
import { optionsFor, startReference, type Reference } from './support/reference-server.ts';
import { MUTANTS } from './support/mutants.ts';
import { startProxy, type Mutant } from './support/proxy.ts';

let ref: Reference;
const kills: string[] = [];

beforeAll(async () => { ref = await startReference(); }, 60_000);
afterAll(async () => {
  await ref?.close();
  if (kills.length) console.log(`mutants:\n${kills.join('\n')}`);
});

async function runThrough(mutant: Mutant | null): Promise<RunResult> {
  const proxy = await startProxy(ref.url, { sandbox: ref.keys.sandbox.keys.full, production: ref.keys.production.keys.full }, mutant);
  try {
    return await runConformance(optionsFor(ref, 'sandbox', proxy.origin));
  } finally {
    await proxy.close();
  }
}

const failingChecks = (r: RunResult) => [...new Set(r.cases.flatMap((c) => c.failures.map((f) => f.check)))].sort();

describe('the conformance suite against mutants of the reference server', () => {
  it('passes through an honest proxy', async () => {
    const r = await runThrough(null);
    const failures = r.cases.flatMap((c) => c.failures.map((f) => `${c.id}: [${f.check}] ${f.message}`));
    expect(failures).toEqual([]);
    expect(r.exitCode).toBe(0);
    expect(r.coverage.percent).toBe(100);
  });

  it('has at least 20 mutants, each with a distinct name', () => {
    expect(MUTANTS.length).toBeGreaterThanOrEqual(20);
    expect(new Set(MUTANTS.map((m) => m.name)).size).toBe(MUTANTS.length);
  });

  it.concurrent.each(MUTANTS.map((m) => [m.name, m] as const))('kills %s', async (_name, mutant) => {
    const r = await runThrough(mutant);
    const checks = failingChecks(r);
    kills.push(`  ${r.exitCode === 1 && checks.includes(mutant.check) ? 'killed ' : 'SURVIVED'} ${mutant.name.padEnd(36)} ${r.totals.failed} failed cases; checks: ${checks.join(', ')}`);
    expect(r.exitCode).toBe(1);
    expect(checks).toContain(mutant.check);
  });
});
