/**
 * A partner's external_reference (contract decisions, "The seed's own system"): unique per account — and so per
 * environment, an account having one — by the constraint transactions_account_external_reference_key. A purchase
 * whose reference a transaction of the account already has (whatever became of it) is the outcome `reference_used`,
 * naming that transaction, with nothing written: no debit, no row, no history, no key claimed. Checked after the
 * Idempotency-Key (a known key wins) and before the balance. On PGlite and PostgreSQL; the race on PostgreSQL, two
 * stores (two instances) with group commits on one schema.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  AT,
  footprint,
  fundedAccount,
  INSUFFICIENT,
  PG_URL,
  pgliteStores,
  postgresStores,
  purchase,
  openedFor,
  type Stores,
} from '../../test/helpers/store-fixtures.ts';
import type { NewPurchase, RecordPurchaseResult, Store, TransactionRow } from './types.ts';

const REF = '1772600767AbC123';

/** A new claim of `key` by the recording statement itself, as the purchase flow makes it. */
const newKey = (key: string) => ({
  key,
  insufficient: INSUFFICIENT,
  claim: {
    operation: 'createAirtimePurchase',
    fingerprint: `fp-${key}`,
    now: AT,
    lease_ms: 30_000,
    ttl_ms: 86_400_000,
  },
});

const rowOf = (r: RecordPurchaseResult): TransactionRow => {
  if (r.kind !== 'recorded') throw new Error(`expected recorded, got ${r.kind}`);
  return r.row;
};

function referenceSuite(title: string, open: () => Promise<Stores>) {
  describe(title, () => {
    const opened = openedFor(open);
    let store: Store;
    beforeAll(() => {
      store = opened();
    });

    it('records the reference as given: it is the transaction external_reference, found by it', async () => {
      const acc = await fundedAccount(store, '1000.00');
      const row = rowOf(await store.recordPurchase(purchase(acc, '100.00', '0.00', { external_reference: REF }), null));
      expect(row.external_reference).toBe(REF);
      expect((await store.getTransactionByExternalReference(acc, REF))?.id).toBe(row.id);
    });

    it.each([['pending'], ['failed'], ['successful'], ['reversed']] as const)(
      'a reference used by a %s purchase: reference_used naming it, nothing debited, recorded or claimed',
      async (status) => {
        const acc = await fundedAccount(store, '1000.00');
        const first = rowOf(
          await store.recordPurchase(purchase(acc, '100.00', '0.00', { external_reference: REF }), null),
        );
        const snapshot = () => ({ status: 201, body: '{}', location: '/x' });
        const moves: Record<typeof status, [from: 'pending' | 'successful', to: typeof status][]> = {
          pending: [],
          failed: [['pending', 'failed']],
          successful: [['pending', 'successful']],
          reversed: [
            ['pending', 'successful'],
            ['successful', 'reversed'],
          ],
        };
        for (const [from, to] of moves[status])
          await store.settlePurchase({ id: first.id, from, to, next_check_at: null, at: AT, snapshot });
        const before = await footprint(store, acc);
        const again = purchase(acc, '200.00', '0.00', { external_reference: REF });
        expect(await store.recordPurchase(again, newKey('k-again'))).toEqual({
          kind: 'reference_used',
          transaction_id: first.id,
        });
        expect(await footprint(store, acc)).toEqual(before); // the key k-again was not claimed either
      },
    );

    it('a reference used by any transaction of the account (a funding) is used too', async () => {
      const acc = await fundedAccount(store, '1000.00');
      const funding = await store.fundWallet({ account_id: acc, amount: '10.00', reference: 'BANK-1', at: AT });
      const taken = funding.external_reference!;
      expect(await store.recordPurchase(purchase(acc, '1.00', '0.00', { external_reference: taken }), null)).toEqual({
        kind: 'reference_used',
        transaction_id: funding.id,
      });
    });

    it('comes before the balance: a used reference on a wallet that cannot pay is reference_used, not insufficient', async () => {
      const acc = await fundedAccount(store, '100.00');
      const first = rowOf(
        await store.recordPurchase(purchase(acc, '100.00', '0.00', { external_reference: REF }), null),
      );
      const before = await footprint(store, acc);
      expect(
        await store.recordPurchase(purchase(acc, '50.00', '0.00', { external_reference: REF }), newKey('k-poor')),
      ).toEqual({ kind: 'reference_used', transaction_id: first.id });
      expect(await footprint(store, acc)).toEqual(before); // no 422 stored on the key: the key was not claimed
    });

    it('comes after the key: a known Idempotency-Key is idempotency_key_exists, whatever the reference', async () => {
      const acc = await fundedAccount(store, '1000.00');
      rowOf(await store.recordPurchase(purchase(acc, '100.00', '0.00', { external_reference: REF }), newKey('k1')));
      const again = purchase(acc, '100.00', '0.00', { external_reference: REF });
      expect(await store.recordPurchase(again, newKey('k1'))).toEqual({ kind: 'idempotency_key_exists' });
    });

    it('a new key with a new reference records as usual, the key linked to the purchase', async () => {
      const acc = await fundedAccount(store, '1000.00');
      const row = rowOf(
        await store.recordPurchase(purchase(acc, '100.00', '0.00', { external_reference: REF }), newKey('k2')),
      );
      expect((await footprint(store, acc)).keys).toEqual([
        { key: 'k2', state: 'in_flight', transaction_id: row.id, response_status: null, response_body: null },
      ]);
    });

    it('is unique per account: another account may use the same reference', async () => {
      const a = await fundedAccount(store, '1000.00');
      const b = await fundedAccount(store, '1000.00');
      const ra = rowOf(await store.recordPurchase(purchase(a, '1.00', '0.00', { external_reference: REF }), null));
      const rb = rowOf(await store.recordPurchase(purchase(b, '1.00', '0.00', { external_reference: REF }), null));
      expect([ra.external_reference, rb.external_reference]).toEqual([REF, REF]);
    });

    it('letter case matters: the same digits with other letters is another reference', async () => {
      const acc = await fundedAccount(store, '1000.00');
      rowOf(await store.recordPurchase(purchase(acc, '1.00', '0.00', { external_reference: REF }), null));
      const other = REF.slice(0, 10) + REF.slice(10).toUpperCase();
      expect(other).not.toBe(REF);
      const r = await store.recordPurchase(purchase(acc, '1.00', '0.00', { external_reference: other }), null);
      expect(r.kind).toBe('recorded');
    });

    it('a generated reference is never answered reference_used: the store draws another one', async () => {
      const acc = await fundedAccount(store, '1000.00');
      const rows = [];
      for (let i = 0; i < 20; i++) rows.push(rowOf(await store.recordPurchase(purchase(acc, '1.00'), null)));
      const refs = rows.map((r) => r.external_reference!);
      expect(new Set(refs).size).toBe(20);
      for (const r of refs) expect(r).toMatch(new RegExp(`^${Math.floor(AT.getTime() / 1000)}[0-9A-Z]{6}$`));
    });
  });
}

referenceSuite('partner references on PGlite', pgliteStores);
describe.skipIf(!PG_URL)(
  `partner references on PostgreSQL${PG_URL ? '' : ' (skipped: TEST_DATABASE_URL not set)'}`,
  () => {
    referenceSuite('single store', () => postgresStores('partner_refs'));

    describe('50 purchases with one reference at once, from two stores (two instances) in group commits', () => {
      let h: Stores;
      beforeAll(async () => {
        h = await postgresStores('partner_refs_race', 2, 6);
        return () => h.close();
      });

      it('exactly one is recorded and debited; the 49 others are reference_used naming it', async () => {
        const acc = await fundedAccount(h.all[0]!, '10000.00');
        const orders: NewPurchase[] = Array.from({ length: 50 }, () =>
          purchase(acc, '100.00', '0.00', { external_reference: REF }),
        );
        const results = await Promise.all(orders.map((p, i) => h.all[i % 2]!.recordPurchase(p, null)));
        const recorded = results.filter((r) => r.kind === 'recorded').map(rowOf);
        expect(recorded).toHaveLength(1);
        const winner = recorded[0]!.id;
        expect(results.filter((r) => r.kind !== 'recorded')).toEqual(
          Array.from({ length: 49 }, () => ({ kind: 'reference_used', transaction_id: winner })),
        );
        const f = await footprint(h.all[1]!, acc);
        expect(f.wallet).toBe('9900.00');
        expect(f.transactions).toHaveLength(2); // the funding and the one purchase
        expect(await h.all[0]!.ledgerOf(acc)).toEqual({ balance: '9900.00', expected: '9900.00' });
      });
    });
  },
);
