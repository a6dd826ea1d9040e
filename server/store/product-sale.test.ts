/**
 * A purchase reads its product's price and availability in its own recording transaction (sql/record_purchase.sql):
 * - an unavailable product is refused there, nothing written (not the debit, not the key's claim), on both stores;
 * - a price change while purchases run, on PostgreSQL with two Store instances (two servers' pools) recording in
 *   group commits: every purchase is charged the old price or the new one, whole (total_debit = product_amount +
 *   fee), its product_amount says which, the wallet's ledger reconciles, and every purchase begun after the change
 *   committed is charged the new price even though its caller read the old one.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildCatalogue } from '../demo/catalogue.ts';
import {
  AT,
  claim,
  footprint,
  fundedAccount,
  INSUFFICIENT,
  openedFor,
  PG_URL,
  pgliteStores,
  postgresStores,
  purchase,
  type Stores,
} from '../../test/helpers/store-fixtures.ts';
import type { NewPurchase, ProductRow, Store } from './types.ts';

const plans = buildCatalogue('sandbox').filter((p) => p.kind === 'dataplan');
const priceOf = (p: ProductRow) => (p.attributes as { price: { amount: string } }).price.amount;

/** A data-plan purchase of `plan` as a handler builds it: at the price the caller read (`price`). */
const planPurchase = (account: string, plan: ProductRow, price = priceOf(plan), over: Partial<NewPurchase> = {}) =>
  purchase(account, price, '0.00', {
    product_type: 'dataplan',
    product_id: plan.id,
    price_basis: 'fixed',
    description: `${String(plan.attributes['display_name'])} for 08031234567`,
    ...over,
  });

function unavailableSuite(title: string, open: () => Promise<Stores>) {
  describe(title, () => {
    const opened = openedFor(open);

    it('a purchase of an unavailable product records nothing, debits nothing and claims no key; available again, it is sold', async () => {
      const store = opened();
      await store.replaceProducts('sandbox', buildCatalogue('sandbox'));
      const account = await fundedAccount(store, '100000.00');
      const plan = plans[0]!;
      await store.changeProduct({ environment: 'sandbox', product_id: plan.id, available: false, at: AT });
      const before = await footprint(store, account);
      const key = { key: 'k-offline', insufficient: INSUFFICIENT };
      const claimTerms = {
        operation: 'createDataPurchase',
        fingerprint: 'fp-1',
        now: AT,
        lease_ms: 30_000,
        ttl_ms: 86_400_000,
      };
      expect(await store.recordPurchase(planPurchase(account, plan), { ...key, claim: claimTerms })).toEqual({
        kind: 'product_unavailable',
      });
      expect(await store.recordPurchase(planPurchase(account, plan), null)).toEqual({ kind: 'product_unavailable' });
      expect(await footprint(store, account)).toEqual(before);
      // The key was not claimed: the request may claim it afresh.
      expect((await claim(store, account, 'k-offline')).kind).toBe('claimed');

      await store.changeProduct({ environment: 'sandbox', product_id: plan.id, available: true, at: AT });
      const sold = await store.recordPurchase(planPurchase(account, plan), null);
      expect(sold).toMatchObject({ kind: 'recorded', row: { product_amount: priceOf(plan), product_id: plan.id } });
    });

    it('a fixed-price purchase is charged the price its transaction reads, whatever price its caller read', async () => {
      const store = opened();
      await store.replaceProducts('sandbox', buildCatalogue('sandbox'));
      const account = await fundedAccount(store, '100000.00');
      const plan = plans[1]!;
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 1, max: 500_000 }),
          fc.integer({ min: 1, max: 500_000 }),
          async (nowKobo, staleKobo) => {
            const now = (nowKobo / 100).toFixed(2);
            await store.changeProduct({ environment: 'sandbox', product_id: plan.id, price: { amount: now }, at: AT });
            const r = await store.recordPurchase(planPurchase(account, plan, (staleKobo / 100).toFixed(2)), null);
            expect(r).toMatchObject({ kind: 'recorded', row: { product_amount: now, total_debit: now, amount: now } });
          },
        ),
        { numRuns: 15 },
      );
      const ledger = await store.ledgerOf(account);
      expect(ledger.balance).toBe(ledger.expected);
    });
  });
}

unavailableSuite('selling a product on PGlite', pgliteStores);

describe.skipIf(!PG_URL)(
  `selling a product on PostgreSQL${PG_URL ? '' : ' (skipped: TEST_DATABASE_URL not set)'}`,
  () => {
    unavailableSuite('selling a product on PostgreSQL', () => postgresStores('product_sale_test', 1));

    describe('a price change while purchases run, two instances', () => {
      let stores: Stores;
      const opened = openedFor(async () => (stores = await postgresStores('product_price_race', 2, 6)));

      it('every purchase is charged the old or the new price, whole; every one begun after the change, the new', async () => {
        opened();
        const [a, b] = stores.all as [Store, Store];
        await a.replaceProducts('sandbox', buildCatalogue('sandbox'));
        const plan = plans[2]!;
        const oldPrice = priceOf(plan);
        const newPrice = (Number(oldPrice) + 123.45).toFixed(2);
        const accounts = await Promise.all([1, 2, 3, 4].map(() => fundedAccount(a, '10000000.00')));
        const PER_WAVE = 120;

        // Wave 1 runs while the change is made (on the other instance); wave 2 starts after it committed. Every
        // caller read the old price: what each is charged is the database's answer.
        const buy = (i: number) =>
          (i % 2 === 0 ? a : b).recordPurchase(planPurchase(accounts[i % accounts.length]!, plan, oldPrice), null);
        const wave1 = Array.from({ length: PER_WAVE }, (_, i) => buy(i));
        const changed = await b.changeProduct({
          environment: 'sandbox',
          product_id: plan.id,
          price: { amount: newPrice },
          at: AT,
        });
        expect(changed.outcome).toBe('changed');
        const wave2 = Array.from({ length: PER_WAVE }, (_, i) => buy(i));
        const [first, second] = [await Promise.all(wave1), await Promise.all(wave2)];

        const charged = (rs: typeof first) =>
          rs.map((r) => {
            if (r.kind !== 'recorded') throw new Error(r.kind);
            expect(r.row.total_debit).toBe(r.row.product_amount); // no fee: the debit is the price charged, whole
            expect(r.row.amount).toBe(r.row.product_amount);
            return r.row.product_amount;
          });
        const firstPrices = charged(first);
        expect(new Set(firstPrices).size).toBeLessThanOrEqual(2);
        for (const p of firstPrices) expect([oldPrice, newPrice]).toContain(p);
        expect(new Set(charged(second))).toEqual(new Set([newPrice]));

        // What each transaction says it charged is what left the wallet.
        for (const account of accounts) {
          const ledger = await a.ledgerOf(account);
          expect(ledger.balance).toBe(ledger.expected);
          const spent = [...first, ...second]
            .filter((r) => r.kind === 'recorded' && r.row.account_id === account)
            .reduce((sum, r) => sum + Math.round(Number(r.kind === 'recorded' ? r.row.total_debit : 0) * 100), 0);
          expect(Math.round(Number(ledger.balance) * 100)).toBe(1_000_000_000 - spent);
        }
      }, 120_000);
    });
  },
);
