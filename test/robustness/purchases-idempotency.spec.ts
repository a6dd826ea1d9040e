/**
 * The same Idempotency-Key sent 50 times at once, spread over two server instances (the bundle, one PostgreSQL
 * schema), for one purchase of each kind and story (airtime successful and pending, data, electricity with its
 * token, cable TV). The 50 bodies are the same request written 50 ways (members in any order, any whitespace: one
 * fingerprint). Exactly one purchase is recorded per key; every answer is that purchase's 201 — the first run or a
 * replay of it, byte for byte — or 409 IDEMPOTENCY_KEY_IN_USE with Retry-After: 1. Once it has completed, 50 more
 * at once are 50 replays with identical bytes and Location; after the purchase has settled, replays still answer
 * the first response. Skipped, visibly, without TEST_DATABASE_URL.
 */
import { describe, expect, it } from 'vitest';
import { recordFigures } from './support/figures.ts';
import { auditPurchase, ledgerOf, naira, purchasesOf, untilSettled } from './support/ledger.ts';
import type { Sample } from './support/load.ts';
import { noDatabase } from './support/postgres.ts';
import {
  catalogue,
  PURCHASE_SCENARIOS,
  purchaseBody,
  seed,
  seeded,
  type PurchaseOperation,
} from './support/purchase-bodies.ts';
import { burst, codeOf, fundedPartner, openWorld, purchaseTarget } from './support/purchases.ts';

const TIMES = 50;
const STORIES = [
  'airtime_successful',
  'airtime_pending_then_successful',
  'data_successful',
  'electricity_prepaid_successful',
  'cabletv_successful',
];

/** The same JSON object written another way: members shuffled, indentation of 0–3 spaces. */
function rewritten(body: Record<string, string>, rnd: () => number): string {
  const members = Object.entries(body).sort(() => rnd() - 0.5);
  return JSON.stringify(Object.fromEntries(members), null, Math.floor(rnd() * 4));
}

const replayed = (x: Sample) => x.headers['idempotent-replayed'] === 'true';

describe.skipIf(!!noDatabase)(
  `one Idempotency-Key sent 50 times at once${noDatabase ? ` (skipped: ${noDatabase})` : ''}`,
  () => {
    it('records one purchase per key and answers its 201 (first run or byte-identical replay) or 409, then only replays', async () => {
      const s = seed();
      const rnd = seeded(s);
      const world = await openWorld('idem');
      let figures: Record<string, number | string> = { seed: s };
      let passed = false;
      try {
        const servers = [await world.start(), await world.start()];
        const c = await catalogue(world.store);
        const partner = await fundedPartner(world.store, '1000000.00');
        const tally = {
          first_runs: 0,
          replays_in_burst: 0,
          in_use_409: 0,
          other: 0,
          second_wave_replays: 0,
          after_settle_replays: 0,
          distinct_bodies: 0,
        };
        const originals: { key: string; reference: string; first: Sample; again: (n: number) => Promise<Sample[]> }[] =
          [];
        for (const [k, story] of STORIES.entries()) {
          const scenario = PURCHASE_SCENARIOS.find((x) => x.name === story);
          if (!scenario) throw new Error(`the contract has no sandbox scenario ${story}`);
          const op = scenario.operation as PurchaseOperation;
          const reference = `IDEM-${k}-${s}`;
          const body = { ...purchaseBody(c, op, rnd, scenario), reference };
          const key = `same key ${k} ${s}`;
          const again = (n: number) =>
            burst(
              Array.from({ length: n }, (_, i) =>
                purchaseTarget(servers[i % 2]!.url, partner.key, key, op, rewritten(body, rnd)),
              ),
            );

          const wave = await again(TIMES);
          const created = wave.filter((x) => x.status === 201);
          const inUse = wave.filter((x) => x.status === 409);
          const firsts = created.filter((x) => !replayed(x));
          tally.first_runs += firsts.length;
          tally.replays_in_burst += created.length - firsts.length;
          tally.in_use_409 += inUse.length;
          tally.other += wave.length - created.length - inUse.length;
          tally.distinct_bodies += new Set(created.map((x) => x.bytes.toString('base64'))).size;
          expect(
            wave
              .filter((x) => x.status !== 201 && x.status !== 409)
              .map((x) => `${x.status} ${x.error ?? ''} ${x.body.slice(0, 160)}`),
          ).toEqual([]);
          expect(firsts.length).toBe(1);
          const first = firsts[0]!;
          expect(
            created.every((x) => x.bytes.equals(first.bytes) && x.headers.location === first.headers.location),
          ).toBe(true);
          expect(inUse.every((x) => codeOf(x) === 'IDEMPOTENCY_KEY_IN_USE' && x.headers['retry-after'] === '1')).toBe(
            true,
          );
          originals.push({ key, reference, first, again });

          // Completed: the same key again, 50 at once, is 50 replays of the first answer.
          const second = await again(TIMES);
          tally.second_wave_replays += second.filter(
            (x) =>
              x.status === 201 &&
              replayed(x) &&
              x.bytes.equals(first.bytes) &&
              x.headers.location === first.headers.location,
          ).length;
          expect(second.map((x) => `${x.status} ${replayed(x)} ${x.bytes.equals(first.bytes)}`)).toEqual(
            Array(TIMES).fill('201 true true'),
          );
        }

        const settledMs = await untilSettled(world.pool, [partner.account_id], 30_000);
        for (const o of originals) {
          const late = await o.again(10);
          tally.after_settle_replays += late.filter(
            (x) => x.status === 201 && replayed(x) && x.bytes.equals(o.first.bytes),
          ).length;
        }
        const purchases = await purchasesOf(world.pool, partner.account_id);
        const problems = purchases.flatMap((p) => auditPurchase(p, true));
        const ledger = await ledgerOf(world.pool, partner.account_id);
        const perReference = originals.map((o) => purchases.filter((p) => p.reference === o.reference).length);
        figures = {
          seed: s,
          keys: STORIES.length,
          instances: 2,
          sent_per_key_at_once: TIMES,
          requests: (TIMES * 2 + 10) * STORIES.length,
          ...tally,
          purchases_recorded: purchases.length,
          settled_ms: settledMs ?? 'not settled',
          ledger_gap: naira(ledger.gap),
          audit_problems: problems.length,
        };
        expect(perReference).toEqual(Array(STORIES.length).fill(1));
        expect(purchases.map((p) => p.id).sort()).toEqual(
          originals.map((o) => (JSON.parse(o.first.body) as { data: { id: string } }).data.id).sort(),
        );
        expect(settledMs).not.toBeNull();
        expect(tally.after_settle_replays).toBe(10 * STORIES.length);
        expect(problems).toEqual([]);
        expect(ledger.gap).toBe(0n);
        passed = true;
      } finally {
        await world.close();
        recordFigures({ check: 'purchases-idempotency', passed, figures });
      }
    });
  },
);

if (noDatabase) recordFigures({ check: 'purchases-idempotency', passed: false, skipped: noDatabase, figures: {} });
