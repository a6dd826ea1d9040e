/**
 * Conservation under concurrency, on PostgreSQL (by nature: PGlite is one connection, so it never interleaves):
 * two Store instances (two pools, like two server instances) on one schema race 200 purchases on one wallet, then
 * race the settlements twice each, then race the settlement worker's claims. Money is conserved to the kobo, each
 * refund happens exactly once, and no purchase is claimed by two workers at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  claim,
  fundedAccount,
  INSUFFICIENT,
  PG_URL,
  postgresStores,
  purchase,
  snapshot,
  type Stores,
} from '../../test/helpers/store-fixtures.ts';
import type { Store, TransactionRow } from './types.ts';

/** Deterministic shuffles and picks (LCG), so a failure can be replayed with the same seed. */
function rng(seed: number) {
  let s = seed >>> 0;
  const next = () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    shuffle: <T>(xs: T[]) =>
      xs
        .map((x) => [next(), x] as const)
        .sort((a, b) => a[0] - b[0])
        .map(([, x]) => x),
  };
}
const kobo = (s: string) => Math.round(Number(s) * 100);
const naira = (k: number) => (k / 100).toFixed(2);

describe.skipIf(!PG_URL)(
  `purchases under concurrency on PostgreSQL${PG_URL ? '' : ' (skipped: TEST_DATABASE_URL not set)'}`,
  () => {
    let h: Stores;
    let stores: Store[];
    const SEED = Number(process.env['CONCURRENCY_SEED'] ?? 20261123);
    beforeAll(async () => {
      h = await postgresStores('purchases_race', 2, 6);
      stores = h.all;
    });
    afterAll(() => h?.close());

    /** Races `n` purchases (each with its own idempotency key) over both stores while a reader watches the balance. */
    async function race(acc: string, amounts: string[]) {
      const low: string[] = [];
      let racing = true;
      const watcher = (async () => {
        while (racing) low.push((await stores[1]!.getWallet(acc))!.balance);
      })();
      const results = await Promise.all(
        amounts.map(async (amount, i) => {
          const s = stores[i % 2]!;
          const key = `race-${i}`;
          expect(await claim(s, acc, key)).toEqual({ kind: 'claimed' });
          const p = purchase(acc, amount);
          return { p, r: await s.recordPurchase(p, { key, insufficient: INSUFFICIENT }) };
        }),
      );
      racing = false;
      await watcher;
      expect(low.length).toBeGreaterThan(0);
      expect(low.filter((b) => b.startsWith('-'))).toEqual([]);
      return results;
    }

    it('200 equal purchases on a wallet that covers 137 of them: exactly 137 recorded, the rest refused, to the kobo', async () => {
      const acc = await fundedAccount(stores[0]!, '68500.00'); // 137 x 500.00
      const results = await race(
        acc,
        Array.from({ length: 200 }, () => '500.00'),
      );
      expect(results.filter((x) => x.r.kind === 'recorded')).toHaveLength(137);
      expect(results.filter((x) => x.r.kind === 'insufficient_balance')).toHaveLength(63);
      expect((await stores[0]!.getWallet(acc))!.balance).toBe('0.00');
      expect(await stores[0]!.ledgerOf(acc)).toEqual({ balance: '0.00', expected: '0.00' });
      const keys = await stores[0]!.sql.query<{ state: string; linked: boolean; n: number }>(
        `SELECT state, transaction_id IS NOT NULL AS linked, count(*)::int AS n FROM idempotency_keys WHERE account_id = $1
       GROUP BY 1, 2 ORDER BY 1, 2`,
        [acc],
      );
      expect(keys).toEqual([
        { state: 'completed', linked: false, n: 63 },
        { state: 'in_flight', linked: true, n: 137 },
      ]);
    });

    it('random amounts, then settlements raced twice from both instances: each refund exactly once, the ledger exact', async () => {
      const r = rng(SEED);
      const amounts = Array.from({ length: 200 }, () => naira(100 + r.int(99_901))); // 1.00 .. 1000.00
      const start = 60_000_00; // covers roughly 120 of them
      const acc = await fundedAccount(stores[0]!, naira(start));
      const results = await race(acc, amounts);
      const recorded = results.flatMap((x) => (x.r.kind === 'recorded' ? [x.r.row] : []));
      const refused = results.filter((x) => x.r.kind === 'insufficient_balance').map((x) => kobo(x.p.total_debit));
      const spent = recorded.reduce((a, t) => a + kobo(t.total_debit), 0);
      expect(recorded.length + refused.length).toBe(200);
      expect(kobo((await stores[0]!.getWallet(acc))!.balance)).toBe(start - spent);
      // Balances only fell during the race: every refused purchase was larger than what is left.
      expect(start - spent).toBeLessThan(Math.min(...refused));

      // Half become successful, then a random half of all are refunded: failed (from pending) or reversed.
      const shuffled = r.shuffle(recorded);
      const succeeded = new Set(shuffled.slice(0, Math.floor(recorded.length / 2)).map((t) => t.id));
      const at = new Date('2026-03-04T06:00:00Z');
      await Promise.all(
        [...succeeded].map((id, i) =>
          stores[i % 2]!.settlePurchase({ id, from: 'pending', to: 'successful', next_check_at: null, at, snapshot }),
        ),
      );
      const refunded = r.shuffle(recorded).slice(0, Math.floor(recorded.length / 2));
      const attempts = refunded.flatMap((t) => {
        const move = succeeded.has(t.id)
          ? { from: 'successful' as const, to: 'reversed' as const }
          : { from: 'pending' as const, to: 'failed' as const };
        const once = (s: Store) => s.settlePurchase({ id: t.id, ...move, next_check_at: null, at, snapshot });
        return [once(stores[0]!), once(stores[1]!), once(stores[1]!), once(stores[0]!)].map((p) =>
          p.then((row) => ({ id: t.id, row })),
        );
      });
      const outcomes = await Promise.all(r.shuffle(attempts));
      const wins = new Map<string, number>();
      for (const o of outcomes) if (o.row !== null) wins.set(o.id, (wins.get(o.id) ?? 0) + 1);
      expect([...wins.values()].every((n) => n === 1)).toBe(true);
      expect(wins.size).toBe(refunded.length);

      const back = refunded.reduce((a, t) => a + kobo(t.total_debit), 0);
      expect(kobo((await stores[0]!.getWallet(acc))!.balance)).toBe(start - spent + back);
      expect(await stores[1]!.ledgerOf(acc)).toEqual({
        balance: naira(start - spent + back),
        expected: naira(start - spent + back),
      });
      const refunds = await stores[0]!.sql.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM transaction_history h JOIN transactions t ON t.id = h.transaction_id
       WHERE t.account_id = $1 AND h.to_status IN ('failed', 'reversed')`,
        [acc],
      );
      expect(refunds[0]!.n).toBe(refunded.length);
    });

    it('claimDueChecks from two instances at once never hands one purchase to both', async () => {
      const acc = await fundedAccount(stores[0]!, '100000.00');
      const due = new Date('2026-03-04T07:00:00Z');
      const ids = new Set<string>();
      for (let i = 0; i < 120; i++) {
        const res = await stores[i % 2]!.recordPurchase(
          purchase(acc, '5.00', '0.00', { next_check_at: new Date(due.getTime() - i) }),
          null,
        );
        ids.add((res as { row: TransactionRow }).row.id);
      }
      const claimed: string[] = [];
      const worker = async (s: Store) => {
        for (;;) {
          const batch = await s.claimDueChecks(due, 4, 60_000);
          if (batch.length === 0) return;
          claimed.push(...batch.map((t) => t.id));
        }
      };
      // Three workers per instance, each on its own pool connection.
      await Promise.all([0, 1, 0, 1, 0, 1].map((i) => worker(stores[i]!)));
      expect(claimed).toHaveLength(ids.size);
      expect(new Set(claimed)).toEqual(ids);
    });
  },
);
