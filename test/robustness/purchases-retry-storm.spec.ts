/**
 * A retry storm (issue 26): clients that repeat an Idempotency-Key at once, beside a burst of new purchases, on two
 * server instances (the bundle, one PostgreSQL schema, the default pool). Five keys, each a sandbox story of its own
 * (success then reversal among them), are sent 40 times at once each, split across both instances, together with a
 * burst of new keys; then the same again once the keys are known (replays beside new purchases), and once more after
 * every story has settled. Not one 5xx, ever: replays of known keys are answered from their record and never make
 * the other purchases queue or spill into the pool's connect timeout; no purchase is ever inserted and rolled back
 * (a group commit refused whole for a known key in it, then rerun call by call). Exactly one purchase per key, every story ends
 * as its scenario says (a 503 after recording would leave a purchase to the re-check and end a reversal `failed`),
 * and the ledger reconciles to the cent. Skipped, visibly, without TEST_DATABASE_URL.
 */
import { describe, expect, it } from 'vitest';
import { recordFigures } from './support/figures.ts';
import { auditPurchase, ledgerOf, naira, purchasesOf, untilSettled } from './support/ledger.ts';
import { percentile, type Sample } from './support/load.ts';
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
import { burst, codeOf, fundedPartner, openWorld, purchaseTarget, type World } from './support/purchases.ts';
import type { Target } from './support/load.ts';

const PER_KEY = 40;
const NEW_KEYS = 100;
const STORIES = [
  'airtime_successful_then_reversed',
  'data_successful',
  'airtime_pending_then_failed',
  'electricity_prepaid_successful',
  'cabletv_pending_then_successful',
];

const replayed = (x: Sample) => x.headers['idempotent-replayed'] === 'true';

/**
 * Rows of `transactions` that were inserted and rolled back: PostgreSQL's table statistics count every attempted
 * insert, committed or not (pg_stat_user_tables.n_tup_ins), so inserts beyond the rows there are purchases that ran
 * in a statement the database then refused whole — a group commit rolled back and rerun call by call. Read once the
 * servers have stopped (a backend reports its counts at the latest when it exits); `attempted` is null until the
 * counts of at least `atLeast` inserts have arrived.
 */
async function rolledBackInserts(
  pool: World['pool'],
  schema: string,
  atLeast: number,
): Promise<{ attempted: number | null; rows: number }> {
  const t0 = Date.now();
  for (;;) {
    const {
      rows: [r],
    } = await pool.query<{ attempted: string; rows: string }>(
      `
      SELECT (SELECT n_tup_ins FROM pg_stat_user_tables WHERE schemaname = $1 AND relname = 'transactions')::text AS attempted,
        (SELECT COUNT(*) FROM transactions)::text AS rows`,
      [schema],
    );
    const attempted = Number(r!.attempted);
    if (attempted >= atLeast) return { attempted, rows: Number(r!.rows) };
    if (Date.now() - t0 > 15_000) return { attempted: null, rows: Number(r!.rows) };
    await new Promise((res) => setTimeout(res, 250));
  }
}
const idOf = (x: Sample) => (JSON.parse(x.body) as { data: { id: string } }).data.id;
const shown = (x: Sample) => `${x.status} ${x.error ?? ''} ${x.body.slice(0, 160)}`;

describe.skipIf(!!noDatabase)(`a retry storm on two instances${noDatabase ? ` (skipped: ${noDatabase})` : ''}`, () => {
  it('answers every repeat from its key (201 replay or 409), never 5xx, beside new purchases; one purchase per key; stories end as scripted', async () => {
    const s = seed();
    const rnd = seeded(s);
    const world = await openWorld('storm');
    let figures: Record<string, number | string> = { seed: s };
    let passed = false;
    try {
      const servers = [await world.start(), await world.start()];
      const c = await catalogue(world.store);
      const partner = await fundedPartner(world.store, '10000000.00');
      const stories = STORIES.map((name, k) => {
        const scenario = PURCHASE_SCENARIOS.find((x) => x.name === name);
        if (!scenario) throw new Error(`the contract has no sandbox scenario ${name}`);
        const op = scenario.operation as PurchaseOperation;
        const reference = `STORM-${k}-${s}`;
        const json = JSON.stringify({ ...purchaseBody(c, op, rnd, scenario), reference });
        const key = `storm key ${k} ${s}`;
        return {
          name,
          scenario,
          reference,
          targets: Array.from({ length: PER_KEY }, (_, i) =>
            purchaseTarget(servers[i % 2]!.url, partner.key, key, op, json),
          ),
        };
      });
      let fresh = 0;
      const newKeys = (): Target[] =>
        Array.from({ length: NEW_KEYS }, (_, i) => {
          const n = fresh++;
          return purchaseTarget(
            servers[i % 2]!.url,
            partner.key,
            `storm new ${n} ${s}`,
            'createAirtimePurchase',
            JSON.stringify(purchaseBody(c, 'createAirtimePurchase', rnd)),
          );
        });
      // One wave: every story's requests interleaved, with the new keys among them, all sent at once.
      const wave = async () => {
        const repeats = stories.flatMap((st) => st.targets.map((t) => ({ st, t })));
        const news = newKeys();
        const order = [
          ...repeats.map((r) => ({ kind: 'repeat' as const, st: r.st, t: r.t })),
          ...news.map((t) => ({ kind: 'new' as const, st: null, t })),
        ]
          .map((x) => ({ x, r: rnd() }))
          .sort((a, b) => a.r - b.r)
          .map((y) => y.x);
        const samples = await burst(order.map((o) => o.t));
        return order.map((o, i) => ({ ...o, sample: samples[i]! }));
      };

      const first = await wave();
      const known = await wave(); // every story's key known now (completed, or still settling)
      const all = [...first, ...known];
      const fiveXx = all.filter((a) => a.sample.status >= 500 || a.sample.status === 0);
      const originals = new Map<string, Sample>();
      for (const st of stories) {
        const mine = all.filter((a) => a.st === st).map((a) => a.sample);
        const firsts = mine.filter((x) => x.status === 201 && !replayed(x));
        expect(firsts.length, `${st.name}: first runs`).toBe(1);
        originals.set(st.name, firsts[0]!);
      }
      const stray = all.filter((a) => {
        const x = a.sample;
        if (a.kind === 'new') return !(x.status === 201 && !replayed(x));
        const o = originals.get(a.st!.name)!;
        if (x.status === 409) return codeOf(x) !== 'IDEMPOTENCY_KEY_IN_USE' || x.headers['retry-after'] !== '1';
        return !(
          x.status === 201 &&
          (x === o || (replayed(x) && x.bytes.equals(o.bytes) && x.headers.location === o.headers.location))
        );
      });
      const knownRepeats = known.filter((a) => a.kind === 'repeat').map((a) => a.sample);
      const knownNew = known.filter((a) => a.kind === 'new').map((a) => a.sample);
      const ms = (xs: Sample[], p: number) =>
        Math.round(
          percentile(
            xs.map((x) => x.doneAt - x.sentAt),
            p,
          ),
        );

      const settledMs = await untilSettled(world.pool, [partner.account_id], 60_000);
      const late = await burst(stories.flatMap((st) => st.targets.slice(0, 10)));
      const lateStray = late.filter((x, i) => {
        const o = originals.get(stories[Math.floor(i / 10)]!.name)!;
        return !(x.status === 201 && replayed(x) && x.bytes.equals(o.bytes));
      });
      const purchases = await purchasesOf(world.pool, partner.account_id);
      const problems = purchases.flatMap((p) => auditPurchase(p, true));
      const ledger = await ledgerOf(world.pool, partner.account_id);
      const endings = stories.map((st) => {
        const mine = purchases.filter((p) => p.reference === st.reference);
        const expected = expectedOf(st.scenario);
        return `${st.name}: ${mine.length} × ${mine.map((p) => p.status).join(',')} (id ${mine[0]?.id === idOf(originals.get(st.name)!) ? 'as answered' : 'not as answered'}, expected ${expected.status === 201 ? expected.state : expected.status})`;
      });
      for (const srv of servers) await srv.stop();
      const inserts = await rolledBackInserts(world.pool, world.schema, purchases.length);
      const newEndings = purchases
        .filter((p) => !stories.some((st) => st.reference === p.reference))
        .filter((p) => p.status !== 'successful');
      figures = {
        seed: s,
        instances: 2,
        keys: STORIES.length,
        sent_per_key_at_once: PER_KEY,
        new_keys_per_wave: NEW_KEYS,
        requests: all.length + late.length,
        five_xx: fiveXx.length,
        stray_answers: stray.length,
        in_use_409: all.filter((a) => a.sample.status === 409).length,
        known_repeats_p50_ms: ms(knownRepeats, 50),
        known_repeats_p99_ms: ms(knownRepeats, 99),
        beside_new_p50_ms: ms(knownNew, 50),
        beside_new_p99_ms: ms(knownNew, 99),
        purchases_recorded: purchases.length,
        inserts_rolled_back: inserts.attempted === null ? 'no statistics' : inserts.attempted - inserts.rows,
        settled_ms: settledMs ?? 'not settled',
        ledger_gap: naira(ledger.gap),
        audit_problems: problems.length,
      };
      expect(fiveXx.map((a) => shown(a.sample))).toEqual([]);
      // No purchase ran twice: no group was refused whole because of a key in it.
      expect(inserts.attempted).not.toBeNull();
      expect(inserts.attempted! - inserts.rows).toBeLessThanOrEqual(0);
      expect(stray.map((a) => `${a.kind} ${a.st?.name ?? ''} ${shown(a.sample)}`)).toEqual([]);
      expect(settledMs).not.toBeNull();
      expect(endings).toEqual(
        stories.map((st) => {
          const expected = expectedOf(st.scenario);
          return `${st.name}: 1 × ${expected.status === 201 ? expected.state : ''} (id as answered, expected ${expected.status === 201 ? expected.state : expected.status})`;
        }),
      );
      expect(newEndings.map((p) => `${p.reference} ${p.status}`)).toEqual([]);
      expect(purchases.length).toBe(STORIES.length + 2 * NEW_KEYS);
      expect(lateStray.map(shown)).toEqual([]);
      expect(problems).toEqual([]);
      expect(ledger.gap).toBe(0n);
      passed = true;
    } finally {
      await world.close();
      recordFigures({ check: 'purchases-retry-storm', passed, figures });
    }
  });
});

if (noDatabase) recordFigures({ check: 'purchases-retry-storm', passed: false, skipped: noDatabase, figures: {} });
