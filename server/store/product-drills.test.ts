/**
 * A sandbox drill's product events (settlePurchase's product_events, sql/settle_purchase.sql): written with the
 * settlement, for the purchase's account only, about its product as listed (available as the event says; a
 * price_changed with a previous price 10% below), and only by a settlement that happens once — so a requery that
 * leaves the purchase pending, or a second settlement that loses the compare-and-set, writes none again. Run on
 * PGlite (always) and PostgreSQL (TEST_DATABASE_URL, in group commits as a server runs them).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCatalogue } from '../demo/catalogue.ts';
import {
  AT,
  fundedAccount,
  openedFor,
  PG_URL,
  pgliteStores,
  postgresStores,
  purchase,
  snapshot,
  type Stores,
} from '../../test/helpers/store-fixtures.ts';
import type { ProductEventType } from './webhook-types.ts';
import type { ProductRow, Store } from './types.ts';

const T1 = new Date(AT.getTime() + 1_000);
const T2 = new Date(AT.getTime() + 4_000);
const firstOf = (kind: ProductRow['kind']) => buildCatalogue('sandbox').find((p) => p.kind === kind)!;

async function eventsOf(store: Store, account: string) {
  const rows = await store.sql.query<{ type: string; created_at: Date; data: unknown }>(
    `SELECT type, created_at, data FROM webhook_events WHERE account_id = $1 AND type LIKE 'product.%'
     ORDER BY created_at, type`,
    [account],
  );
  return rows.map((r) => ({
    type: r.type,
    at: r.created_at,
    data: typeof r.data === 'string' ? JSON.parse(r.data) : r.data,
  }));
}

function drillSuite(title: string, open: () => Promise<Stores>) {
  describe(title, () => {
    const opened = openedFor(open);
    let store: Store;
    beforeAll(async () => {
      store = opened();
      await store.replaceProducts('sandbox', buildCatalogue('sandbox'));
    });

    async function bought(product: ReturnType<typeof firstOf>, amount: string) {
      const acc = await fundedAccount(store, '100000.00');
      const r = await store.recordPurchase(
        purchase(acc, amount, '0.00', { product_id: product.id, product_type: product.kind }),
        null,
      );
      if (r.kind !== 'recorded') throw new Error(r.kind);
      return { acc, row: r.row };
    }
    const settle = (
      id: string,
      from: 'pending' | 'successful',
      to: 'pending' | 'successful' | 'failed',
      at: Date,
      events: ProductEventType[],
    ) =>
      store.settlePurchase({
        id,
        from,
        to,
        next_check_at: to === 'pending' ? T2 : null,
        at,
        snapshot,
        product_events: events,
      });

    it('the outage drill: unavailable with the pending purchase once, available with its failure once; the catalogue unchanged', async () => {
      const airtime = firstOf('airtime');
      const other = await fundedAccount(store, '10.00');
      const { acc, row } = await bought(airtime, '100.00');
      // The first settlement leaves it pending (it announces the purchase): the outcome's events.
      expect(await settle(row.id, 'pending', 'pending', T1, ['product.unavailable'])).not.toBeNull();
      // A requery that leaves it pending again: nothing announced again.
      expect(await settle(row.id, 'pending', 'pending', T1, ['product.unavailable'])).not.toBeNull();
      // The move to its final state, twice at once: one wins the compare-and-set, and only it writes.
      const moves = await Promise.all([
        settle(row.id, 'pending', 'failed', T2, ['product.available']),
        settle(row.id, 'pending', 'failed', T2, ['product.available']),
      ]);
      expect(moves.filter((m) => m !== null)).toHaveLength(1);
      const listed = { id: airtime.id, type: 'airtime', attributes: airtime.attributes };
      expect(await eventsOf(store, acc)).toEqual([
        {
          type: 'product.unavailable',
          at: T1,
          data: { ...listed, attributes: { ...airtime.attributes, available: false } },
        },
        {
          type: 'product.available',
          at: T2,
          data: { ...listed, attributes: { ...airtime.attributes, available: true } },
        },
      ]);
      expect(await eventsOf(store, other)).toEqual([]);
      expect((await store.getProduct('sandbox', airtime.id))!.available).toBe(true);
      expect((await store.getWallet(acc))!.balance).toBe('100000.00');
    });

    it('the price drill: the plan as listed, and a previous price 10% below, to the kobo', async () => {
      const plan = firstOf('dataplan');
      const price = (plan.attributes as { price: Record<string, string> }).price;
      const { acc, row } = await bought(plan, price['amount']!);
      expect(await settle(row.id, 'pending', 'successful', T1, ['product.price_changed'])).not.toBeNull();
      const tenthOff = (Math.round(Number(price['amount']) * 100 * 0.9) / 100).toFixed(2);
      expect(await eventsOf(store, acc)).toEqual([
        {
          type: 'product.price_changed',
          at: T1,
          data: {
            id: plan.id,
            type: 'dataplan',
            attributes: { ...plan.attributes, available: true },
            previous_price: { ...price, amount: tenthOff },
          },
        },
      ]);
    });

    it('no events named, or a purchase of a product no longer listed: nothing but the settlement', async () => {
      const { acc, row } = await bought(firstOf('airtime'), '100.00');
      expect(await settle(row.id, 'pending', 'successful', T1, [])).not.toBeNull();
      const gone = await fundedAccount(store, '1000.00');
      const r = await store.recordPurchase(purchase(gone, '100.00'), null); // a product id the catalogue never had
      if (r.kind !== 'recorded') throw new Error(r.kind);
      expect(await settle(r.row.id, 'pending', 'successful', T1, ['product.price_changed'])).not.toBeNull();
      expect(await eventsOf(store, acc)).toEqual([]);
      expect(await eventsOf(store, gone)).toEqual([]);
    });
  });
}

drillSuite('sandbox drills on PGlite', pgliteStores);
describe.skipIf(!PG_URL)(`sandbox drills on PostgreSQL${PG_URL ? '' : ' (skipped: TEST_DATABASE_URL not set)'}`, () => {
  drillSuite('sandbox drills on PostgreSQL', () => postgresStores('product_drills_test', 1));
});
