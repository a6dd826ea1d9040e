/**
 * Random sequences of fundings, purchases, settlements (right and stale) and balance resets, against an in-memory
 * model of the wallet: after every step the store's balance equals the model's, the ledger reconciles, and nothing
 * is ever negative. Run on PGlite (always) and PostgreSQL (TEST_DATABASE_URL).
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TransactionStatus } from '../domain.ts';
import {
  fundedAccount,
  PG_URL,
  pgliteStores,
  postgresStores,
  purchase,
  snapshot,
  openedFor,
  type Stores,
} from '../../test/helpers/store-fixtures.ts';
import type { Store } from './types.ts';

const naira = (k: number) => `${Math.floor(k / 100)}.${String(k % 100).padStart(2, '0')}`;
const kobo = (s: string) => {
  const [w, f = ''] = s.split('.');
  return Number(w) * 100 + Number(f.padEnd(2, '0'));
};

type Step =
  | { op: 'fund'; amount: number }
  | { op: 'buy'; product: number; fee: number }
  | { op: 'settle'; pick: number; to: TransactionStatus; stale: boolean }
  | { op: 'reset'; target: number };

const amount = fc.integer({ min: 1, max: 2_000_000 }); // 0.01 .. 20,000.00
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ op: fc.constant('fund' as const), amount }),
  {
    arbitrary: fc.record({ op: fc.constant('buy' as const), product: amount, fee: fc.constantFrom(0, 0, 10_000) }),
    weight: 3,
  },
  {
    arbitrary: fc.record({
      op: fc.constant('settle' as const),
      pick: fc.nat(),
      to: fc.constantFrom<TransactionStatus>('successful', 'failed', 'reversed', 'pending'),
      stale: fc.boolean(),
    }),
    weight: 3,
  },
  fc.record({ op: fc.constant('reset' as const), target: fc.integer({ min: 0, max: 3_000_000 }) }),
);

/** The allowed moves, as the model knows them (not the store's table). */
const NEXT: Record<TransactionStatus, TransactionStatus[]> = {
  pending: ['successful', 'failed'],
  successful: ['reversed'],
  failed: [],
  reversed: [],
};

function modelSuite(title: string, open: () => Promise<Stores>, runs: number) {
  describe(title, () => {
    const opened = openedFor(open);
    let store: Store;
    beforeAll(() => {
      store = opened();
    });

    it('keeps the balance equal to the model and the ledger reconciled after every step', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 0, max: 1_000_000 }),
          fc.array(step, { maxLength: 25 }),
          async (start, steps) => {
            const acc = await fundedAccount(store, naira(start));
            let balance = start;
            const purchases: { id: string; total: number; status: TransactionStatus }[] = [];
            let clock = Date.parse('2026-05-01T00:00:00Z');
            for (const s of steps) {
              const at = new Date((clock += 1000));
              if (s.op === 'fund') {
                await store.fundWallet({ account_id: acc, amount: naira(s.amount), at });
                balance += s.amount;
              } else if (s.op === 'buy') {
                const r = await store.recordPurchase(
                  { ...purchase(acc, naira(s.product), naira(s.fee)), created_at: at },
                  null,
                );
                const total = s.product + s.fee;
                expect(r.kind).toBe(balance >= total ? 'recorded' : 'insufficient_balance');
                if (r.kind === 'recorded') {
                  balance -= total;
                  purchases.push({ id: r.row.id, total, status: 'pending' });
                }
              } else if (s.op === 'settle' && purchases.length > 0) {
                const p = purchases[s.pick % purchases.length]!;
                const allowed = NEXT[p.status].includes(s.to) || (s.to === p.status && NEXT[p.status].length > 0);
                if (!allowed) continue; // the store refuses those as misuse (settle.test.ts)
                // A stale settlement names a state the purchase is no longer in: it must write nothing.
                const from = s.stale ? (p.status === 'pending' ? 'successful' : 'pending') : p.status;
                const next = s.to === 'failed' || s.to === 'reversed' ? null : new Date(clock + 5000);
                if (s.stale && !(NEXT[from].includes(s.to) || from === s.to)) continue;
                const row = await store.settlePurchase({ id: p.id, from, to: s.to, next_check_at: next, at, snapshot });
                expect(row === null).toBe(s.stale);
                if (!s.stale) {
                  if (s.to === 'failed' || s.to === 'reversed') balance += p.total;
                  p.status = s.to;
                }
              } else if (s.op === 'reset') {
                await store.resetWalletBalance({ account_id: acc, balance: naira(s.target), at, description: 'reset' });
                balance = s.target;
              }
              const ledger = await store.ledgerOf(acc);
              expect(ledger).toEqual({ balance: naira(balance), expected: naira(balance) });
              expect(kobo(ledger.balance)).toBeGreaterThanOrEqual(0);
            }
            const statuses = await store.sql.query<{ id: string; status: string }>(
              `SELECT id, status FROM transactions WHERE account_id = $1 AND category = 'purchase'`,
              [acc],
            );
            expect(new Map(statuses.map((r) => [r.id, r.status]))).toEqual(
              new Map(purchases.map((p) => [p.id, p.status])),
            );
          },
        ),
        { numRuns: runs },
      );
    }, 240_000);
  });
}

modelSuite('the wallet against a model on PGlite', pgliteStores, 100);
describe.skipIf(!PG_URL)(
  `the wallet against a model on PostgreSQL${PG_URL ? '' : ' (skipped: TEST_DATABASE_URL not set)'}`,
  () => {
    modelSuite('the wallet against a model on PostgreSQL', () => postgresStores('ledger_model', 1), 50);
  },
);
