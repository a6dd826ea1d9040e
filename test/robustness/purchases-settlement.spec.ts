/**
 * Settlement workers on two instances (the bundle, one PostgreSQL schema, each worker every 50 ms): many purchases
 * of every sandbox story that a worker finishes — pending then successful, pending then failed, successful then
 * reversed, the biller timeout — spread over both instances. Both workers claim and settle at the same time; no
 * purchase is settled twice (its history holds exactly the steps of its story, one row each, and the workers' own
 * "purchase settled" lines add up to one per step), no refund is paid twice (the ledger reconciles to the cent and
 * the refunds equal the failed and reversed purchases), and every purchase reaches the state its story ends in.
 * Skipped, visibly, without TEST_DATABASE_URL.
 */
import { describe, expect, it } from 'vitest';
import { recordFigures } from './support/figures.ts';
import { auditPurchase, ledgerOf, naira, purchasesOf, untilSettled } from './support/ledger.ts';
import { noDatabase } from './support/postgres.ts';
import {
  catalogue,
  expectedOf,
  PURCHASE_SCENARIOS,
  purchaseBody,
  seed,
  seeded,
  type PurchaseOperation,
} from './support/purchase-bodies.ts';
import { burst, fundedPartner, openWorld, purchaseTarget, untilFinal } from './support/purchases.ts';

const PER_STORY = 20;
const AT_ONCE = 40;

/** The workers' log lines of one instance that report a settlement (pino JSON, LOG_LEVEL=info). */
const settledLines = (output: string) =>
  output.split('\n').filter((l) => l.includes('"msg":"purchase settled"')).length;

describe.skipIf(!!noDatabase)(
  `settlement workers on two instances${noDatabase ? ` (skipped: ${noDatabase})` : ''}`,
  () => {
    it("settles every pending purchase once, pays every refund once, and reaches each story's end", async () => {
      const s = seed();
      const rnd = seeded(s);
      const world = await openWorld('settle', { SETTLEMENT_INTERVAL_MS: '50', LOG_LEVEL: 'info' });
      let figures: Record<string, number | string> = { seed: s };
      let passed = false;
      try {
        const servers = [await world.start(), await world.start()];
        const c = await catalogue(world.store);
        const partner = await fundedPartner(world.store, '9000000.00');
        // Every story a worker has to finish: those with a later state.
        const stories = PURCHASE_SCENARIOS.filter((x) => x.then !== null);
        const orders = stories
          .flatMap((story) => Array.from({ length: PER_STORY }, () => story))
          .sort(() => rnd() - 0.5)
          .map((story, i) => {
            const op = story.operation as PurchaseOperation;
            const body = { ...purchaseBody(c, op, rnd, story), reference: `SETTLE-${i}-${s}` };
            return {
              story,
              target: purchaseTarget(servers[i % 2]!.url, partner.key, `settle-${s}-${i}`, op, JSON.stringify(body)),
            };
          });
        const answers = [];
        for (let i = 0; i < orders.length; i += AT_ONCE) {
          const chunk = orders.slice(i, i + AT_ONCE);
          const first = await burst(chunk.map((o) => o.target));
          // A transient answer (a 503 under load) is sent again with the same key, as a client would.
          answers.push(
            ...(await Promise.all(
              first.map(async (x, j) =>
                x.status === 503 || x.status === 0 ? (await untilFinal(chunk[j]!.target, 30_000)).final : x,
              ),
            )),
          );
        }
        const settledMs = await untilSettled(world.pool, [partner.account_id], 60_000);

        const purchases = await purchasesOf(world.pool, partner.account_id);
        const byReference = new Map(purchases.map((p) => [p.reference, p]));
        const problems = purchases.flatMap((p) => auditPurchase(p, true));
        const ledger = await ledgerOf(world.pool, partner.account_id);
        const wrongEnd = orders.filter((o) => {
          const e = expectedOf(o.story);
          const p = byReference.get((JSON.parse(o.target.body!) as { reference: string }).reference);
          return e.status !== 201 || p?.status !== e.state;
        });
        // One worker step per purchase: pending -> its end, or (delivered at once) successful -> reversed.
        const steps = orders.length;
        // What the stories say is refunded (not what the rows say): the totals of those that end failed or reversed.
        const refundedExpected = orders.reduce((n, o) => {
          const e = expectedOf(o.story);
          const p = byReference.get((JSON.parse(o.target.body!) as { reference: string }).reference);
          return e.status === 201 && e.state !== 'successful' && p ? n + p.total_debit : n;
        }, 0n);
        const [byA, byB] = servers.map((x) => settledLines(x.output()));
        figures = {
          seed: s,
          instances: 2,
          stories: stories.length,
          purchases: orders.length,
          '201': answers.filter((x) => x.status === 201).length,
          other_statuses: answers.filter((x) => x.status !== 201).length,
          settled_by_a: byA!,
          settled_by_b: byB!,
          worker_steps_expected: steps,
          history_rows: purchases.reduce((n, p) => n + p.history.length, 0),
          failed: purchases.filter((p) => p.status === 'failed').length,
          reversed: purchases.filter((p) => p.status === 'reversed').length,
          refunded: naira(ledger.refunded),
          ledger_gap: naira(ledger.gap),
          wrong_end_state: wrongEnd.length,
          audit_problems: problems.length,
          all_settled_ms: settledMs ?? 'not settled',
        };
        expect(
          answers
            .filter((x) => x.status !== 201)
            .map((x) => `${x.status} ${x.body.slice(0, 160)}`)
            .slice(0, 3),
        ).toEqual([]);
        expect(settledMs).not.toBeNull();
        expect(purchases.length).toBe(orders.length);
        expect(problems.slice(0, 5)).toEqual([]);
        expect(wrongEnd.map((o) => o.story.name).slice(0, 5)).toEqual([]);
        // Both workers took part, and together they logged one settlement per step: none twice.
        expect(byA).toBeGreaterThan(0);
        expect(byB).toBeGreaterThan(0);
        expect(byA! + byB!).toBe(steps);
        expect(ledger.refunded).toBe(refundedExpected);
        expect(ledger.gap).toBe(0n);
        passed = true;
      } finally {
        await world.close();
        recordFigures({ check: 'purchases-settlement', passed, figures });
      }
    });
  },
);

if (noDatabase) recordFigures({ check: 'purchases-settlement', passed: false, skipped: noDatabase, figures: {} });
