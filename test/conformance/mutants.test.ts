/**
 * The suite must be able to fail. The reference server runs in-process with demo data; a proxy in front of it
 * breaks one promise at a time (support/mutants.ts, routing-mutants.ts, filter-mutants.ts — one per declared
 * filter, ignored —, purchase-mutants.ts, webhook-mutants.ts: a relay between the server and the run's receiver).
 * The profile through each mutant must FAIL, with the expected check among the failing ones (the run stops after the
 * group where that check failed: nothing later can change that); through an honest proxy, with every write case, the
 * full profile must PASS with 100 % coverage.
 *
 * The mutants of reads run read-only: the demo data then holds still and their cached answers stay true. The
 * mutants of purchases and webhooks run the writes and what the writes need (the walks, the money readings), not the
 * read cases after the walks, which judge what those mutants leave alone (RunOptions.writesOnly). Every mutant that
 * writes runs as the `full` and `low_balance` keys of accounts of its own (ownAccountKey), so that runs going on at
 * the same time cannot move one another's balance.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Contract } from '../../conformance/contract/operations.ts';
import { runConformance, type RunResult } from '../../conformance/runner.ts';
import type { CaseResult } from '../../conformance/model.ts';
import { optionsFor, ownAccountKey, startReference, type Reference } from './support/reference-server.ts';
import { FILTER_MUTANTS } from './support/filter-mutants.ts';
import { MUTANTS } from './support/mutants.ts';
import { PURCHASE_MUTANTS } from './support/purchase-mutants.ts';
import { PURCHASE_API_MUTANTS } from './support/purchase-api-mutants.ts';
import { startProxy, type Mutant } from './support/proxy.ts';
import { LOW_BALANCE, LOW_BALANCE_THRESHOLD } from '../../server/demo/accounts.ts';
import { WEBHOOK_MUTANTS } from './support/webhook-mutants.ts';

let ref: Reference;
const kills: string[] = [];
/** A budget for a run's work: with writes it waits for its webhook deliveries and polls its purchases, and a
 *  mutant that swallows retries leaves the run waiting out the suite's own deadline for one; longer than the default
 *  30 s when many share the two cores. */
const RUN_TIMEOUT = 360_000;
const ALL = [...MUTANTS, ...FILTER_MUTANTS, ...PURCHASE_MUTANTS, ...PURCHASE_API_MUTANTS, ...WEBHOOK_MUTANTS];
/** The mutants whose checks are made by write cases: their runs leave out the read cases after the walks. (The filter
 *  mutants of lists under a webhook endpoint write too, but only the read cases judge a filter.) */
const JUDGED_BY_WRITES = new Set<Mutant>([...PURCHASE_MUTANTS, ...PURCHASE_API_MUTANTS, ...WEBHOOK_MUTANTS]);

beforeAll(async () => {
  ref = await startReference();
}, 60_000);
afterAll(async () => {
  await ref?.close();
  if (kills.length) console.log(`mutants:\n${kills.join('\n')}`);
});

async function runThrough(mutant: Mutant | null): Promise<RunResult> {
  const writes = mutant === null || mutant.writes === true;
  // A run through a mutant ends with the group in which its expected check failed: a failed case stays failed, so the
  // verdict (exit 1) and the failing checks asserted below are those of the whole run; the cases after it add nothing.
  const stopAfter = mutant ? { stopAfter: (c: CaseResult) => c.failures.some((f) => f.check === mutant.check) } : {};
  const proxy = await startProxy(
    ref.url,
    { sandbox: ref.keys.sandbox.keys.full, production: ref.keys.production.keys.full },
    mutant,
    { writes },
  );
  try {
    const options = { ...optionsFor(ref, 'sandbox', proxy.origin), ...stopAfter };
    if (!writes) return await runConformance({ ...options, readOnly: true });
    if (!mutant) return await runConformance(options);
    // ip_loopback reads a transaction the `full` key listed: with `full` on another account it would find none.
    const { ip_loopback: _sameAccountOnly, ...keys } = options.keys;
    // The low_balance key's account too: webhooks.low_balance_event empties and refills its wallet.
    return await runConformance({
      ...options,
      writesOnly: JUDGED_BY_WRITES.has(mutant),
      keys: {
        ...keys,
        full: await ownAccountKey(ref, 'sandbox', `mutant-${mutant.name}`),
        low_balance: await ownAccountKey(
          ref,
          'sandbox',
          `mutant-lb-${mutant.name}`,
          LOW_BALANCE,
          LOW_BALANCE_THRESHOLD,
        ),
      },
    });
  } finally {
    await proxy.close();
  }
}

const failingChecks = (r: RunResult) => [...new Set(r.cases.flatMap((c) => c.failures.map((f) => f.check)))].sort();

describe('the conformance suite against mutants of the reference server', () => {
  it(
    'passes through an honest proxy, with every write case',
    async () => {
      const r = await runThrough(null);
      const failures = r.cases.flatMap((c) => c.failures.map((f) => `${c.id}: [${f.check}] ${f.message}`));
      expect(failures).toEqual([]);
      expect(r.writes).toBe(true);
      expect(r.exitCode).toBe(0);
      expect(r.coverage.percent).toBe(100);
    },
    RUN_TIMEOUT,
  );

  it('has at least 20 mutants, each with a distinct name, one per declared filter, and every purchase mutant writes', () => {
    expect(ALL.length).toBeGreaterThanOrEqual(20);
    const declared = new Contract().operations.flatMap((op) =>
      op.params.filter((p) => p.meaning?.filter).map((p) => `${op.operationId}.${p.name}_ignored`),
    );
    expect(FILTER_MUTANTS.map((m) => m.name).sort()).toEqual(declared.sort());
    expect(declared.length).toBeGreaterThanOrEqual(10);
    expect(new Set(ALL.map((m) => m.name)).size).toBe(ALL.length);
    expect(PURCHASE_MUTANTS.every((m) => m.writes)).toBe(true);
    expect(PURCHASE_API_MUTANTS.every((m) => m.writes)).toBe(true);
    expect(WEBHOOK_MUTANTS.every((m) => m.writes)).toBe(true);
  });

  it.concurrent.each(ALL.map((m) => [m.name, m] as const))(
    'kills %s',
    async (_name, mutant) => {
      const r = await runThrough(mutant);
      const checks = failingChecks(r);
      kills.push(
        `  ${r.exitCode === 1 && checks.includes(mutant.check) ? 'killed ' : 'SURVIVED'} ${mutant.name.padEnd(36)} ${r.totals.failed} failed cases; checks: ${checks.join(', ')}`,
      );
      expect(r.exitCode).toBe(1);
      expect(checks).toContain(mutant.check);
    },
    RUN_TIMEOUT,
  );
});
