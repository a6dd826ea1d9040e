/**
 * changeProduct (sql/change_product.sql): an operator's change of a product's price or availability is written with
 * one product.* event for every account of the product's environment, in one transaction; a change of nothing, or of
 * the wrong form, writes nothing. Run on PGlite (always) and PostgreSQL (TEST_DATABASE_URL).
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildCatalogue } from '../demo/catalogue.ts';
import {
  AT,
  fundedAccount,
  openedFor,
  PG_URL,
  pgliteStores,
  postgresStores,
  type Stores,
} from '../../test/helpers/store-fixtures.ts';
import type { Environment } from '../domain.ts';
import type { ProductRow, Store } from './types.ts';

const SINCE = new Date('2000-01-01T00:00:00Z');

const firstOf = (environment: Environment, kind: ProductRow['kind']) =>
  buildCatalogue(environment).find((p) => p.kind === kind)!;

interface EventRow {
  type: string;
  created_at: Date;
  transaction: null;
  data: Record<string, unknown> | null;
}

/**
 * The account's events of `type` since `since`, newest first, as the outbox holds them (read in SQL: what the API
 * makes of them is the payload's business, tested over HTTP in test/server/product-events.test.ts).
 */
async function eventsOf(store: Store, account: string, type?: string, since = SINCE): Promise<EventRow[]> {
  const rows = await store.sql.query<{ type: string; created_at: Date; transaction_id: string | null; data: unknown }>(
    `SELECT type, created_at, transaction_id, data FROM webhook_events
     WHERE account_id = $1 AND ($2::text IS NULL OR type = $2) AND created_at >= $3 ORDER BY created_at DESC, id DESC`,
    [account, type ?? null, since],
  );
  return rows.map((r) => {
    expect(r.transaction_id).toBeNull();
    const data = (typeof r.data === 'string' ? JSON.parse(r.data) : r.data) as Record<string, unknown> | null;
    return { type: r.type, created_at: r.created_at, transaction: null, data };
  });
}

function productChangesSuite(title: string, open: () => Promise<Stores>) {
  describe(title, () => {
    const opened = openedFor(open);
    let store: Store;
    beforeAll(async () => {
      store = opened();
      await store.replaceProducts('sandbox', buildCatalogue('sandbox'));
      await store.replaceProducts('production', buildCatalogue('production'));
    });

    it('a new price of a fixed-price product: the product changes, and every sandbox account gets one price_changed event with the product after it and the price before it', async () => {
      const a = await fundedAccount(store, '10.00');
      const b = await fundedAccount(store, '10.00');
      const prod = await fundedAccount(store, '10.00', 'production');
      const plan = firstOf('sandbox', 'dataplan');
      const before = (plan.attributes as { price: Record<string, string> }).price;
      const r = await store.changeProduct({
        environment: 'sandbox',
        product_id: plan.id,
        price: { amount: '1234.50' },
        at: AT,
      });
      expect(r.outcome).toBe('changed');
      const after = await store.getProduct('sandbox', plan.id);
      expect(after!.attributes['price']).toEqual({ ...before, amount: '1234.50' });
      expect(after!.available).toBe(true);
      const want = {
        id: plan.id,
        type: 'dataplan',
        attributes: { ...plan.attributes, price: { ...before, amount: '1234.50' }, available: true },
        previous_price: before,
      };
      for (const account of [a, b]) {
        const events = await eventsOf(store, account, 'product.price_changed');
        expect(events.filter((e) => e.data?.['id'] === plan.id)).toEqual([
          expect.objectContaining({ type: 'product.price_changed', created_at: AT, transaction: null, data: want }),
        ]);
      }
      // The other environment's accounts hear nothing of it.
      expect(await eventsOf(store, prod, 'product.price_changed')).toEqual([]);
      // The same price again is no change: no second event.
      expect(
        (
          await store.changeProduct({
            environment: 'sandbox',
            product_id: plan.id,
            price: { amount: '1234.50' },
            at: AT,
          })
        ).outcome,
      ).toBe('unchanged');
      expect(
        (await eventsOf(store, a, 'product.price_changed')).filter((e) => e.data?.['id'] === plan.id),
      ).toHaveLength(1);
    });

    it('a new range of an electricity product changes both places the range is shown', async () => {
      const acc = await fundedAccount(store, '10.00');
      const p = firstOf('sandbox', 'electricity');
      const r = await store.changeProduct({
        environment: 'sandbox',
        product_id: p.id,
        price: { min_amount: '500.00', max_amount: '250000.00' },
        at: AT,
      });
      expect(r.outcome).toBe('changed');
      const after = (await store.getProduct('sandbox', p.id))!.attributes as Record<string, unknown>;
      expect(after).toMatchObject({
        min_amount: '500.00',
        max_amount: '250000.00',
        price: { basis: 'face_value', min_amount: '500.00', max_amount: '250000.00' },
      });
      const [event] = (await eventsOf(store, acc, 'product.price_changed')).filter((e) => e.data?.['id'] === p.id);
      expect(event!.data!['previous_price']).toEqual((p.attributes as { price: unknown }).price);
    });

    it('unavailable, then available again: each a change with its event, delivered to the endpoints subscribed to it; the product stays listed', async () => {
      const acc = await fundedAccount(store, '10.00');
      const p = firstOf('sandbox', 'cabletv');
      const endpoint = (id: string, events: string[]) =>
        store.createWebhookEndpoint(
          {
            id,
            account_id: acc,
            url: 'https://hooks.shop.ng/x',
            events: events as never,
            description: null,
            secret_hash: 'h',
            secret_hint: 'whsec_…abcd',
            at: AT,
          },
          16,
        );
      await endpoint(randomUUID(), ['product.unavailable']);
      await endpoint(randomUUID(), ['transaction.successful', 'product.available']);
      const deliveries = async () =>
        (
          await store.sql.query<{ type: string; events: string[] }>(
            `SELECT e.type, w.events FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id
             JOIN webhook_endpoints w ON w.id = d.endpoint_id WHERE w.account_id = $1 ORDER BY e.type`,
            [acc],
          )
        ).map((r) => [r.type, [...r.events]]);
      expect(
        (await store.changeProduct({ environment: 'sandbox', product_id: p.id, available: false, at: AT })).outcome,
      ).toBe('changed');
      expect((await store.getProduct('sandbox', p.id))!.available).toBe(false);
      const listed = await store.listProducts('sandbox', 'cabletv', {}, { page: 1, per_page: 100 });
      expect(listed.items.find((x) => x.id === p.id)?.available).toBe(false);
      expect(
        (await store.changeProduct({ environment: 'sandbox', product_id: p.id, available: false, at: AT })).outcome,
      ).toBe('unchanged');
      const [off] = await eventsOf(store, acc, 'product.unavailable');
      expect(off!.data).toEqual({ id: p.id, type: 'cabletv', attributes: { ...p.attributes, available: false } });
      expect(
        (await store.changeProduct({ environment: 'sandbox', product_id: p.id, available: true, at: AT })).outcome,
      ).toBe('changed');
      const [on] = await eventsOf(store, acc, 'product.available');
      expect(on!.data).toEqual({ id: p.id, type: 'cabletv', attributes: { ...p.attributes, available: true } });
      expect(await eventsOf(store, acc, 'product.unavailable')).toHaveLength(1);
      expect(await deliveries()).toEqual([
        ['product.available', ['transaction.successful', 'product.available']],
        ['product.unavailable', ['product.unavailable']],
      ]);
    });

    it('a change of the wrong form, of an unknown product or of another environment writes nothing', async () => {
      const acc = await fundedAccount(store, '10.00');
      const plan = firstOf('sandbox', 'dataplan');
      const airtime = firstOf('sandbox', 'airtime');
      const cases = [
        [{ product_id: plan.id, price: { min_amount: '1.00', max_amount: '2.00' } }, 'fixed_price'],
        [{ product_id: airtime.id, price: { amount: '100.00' } }, 'range_price'],
        [{ product_id: airtime.id, price: { min_amount: '9.00', max_amount: '8.99' } }, 'min_above_max'],
        [{ product_id: '00000000-0000-4000-8000-000000000000', available: false }, 'product_not_found'],
        [{ product_id: firstOf('production', 'dataplan').id, available: false }, 'product_not_found'],
      ] as const;
      const before = await Promise.all([store.getProduct('sandbox', plan.id), store.getProduct('sandbox', airtime.id)]);
      for (const [change, outcome] of cases) {
        expect((await store.changeProduct({ environment: 'sandbox', at: AT, ...change })).outcome).toBe(outcome);
      }
      expect(
        await Promise.all([store.getProduct('sandbox', plan.id), store.getProduct('sandbox', airtime.id)]),
      ).toEqual(before);
      expect(await eventsOf(store, acc)).toEqual([]);
    });

    it('any sequence of prices: each event names the price it replaced, so the events chain from the first price to the last', async () => {
      const acc = await fundedAccount(store, '10.00');
      const plan = buildCatalogue('sandbox').filter((p) => p.kind === 'dataplan')[3]!;
      const amountOf = (price: unknown) => (price as { amount: string }).amount;
      let clock = AT.getTime();
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.integer({ min: 1, max: 99_999_999 }), { minLength: 1, maxLength: 6 }),
          async (kobo) => {
            const start = amountOf((await store.getProduct('sandbox', plan.id))!.attributes['price']);
            const from = new Date(++clock);
            for (const k of kobo) {
              const amount = (k / 100).toFixed(2);
              await store.changeProduct({
                environment: 'sandbox',
                product_id: plan.id,
                price: { amount },
                at: new Date(++clock),
              });
            }
            const events = (await eventsOf(store, acc, 'product.price_changed', from))
              .filter((e) => e.data?.['id'] === plan.id)
              .reverse(); // oldest first
            // One event per actual change (a repeat of the current price is none).
            const changes = kobo
              .map((k) => (k / 100).toFixed(2))
              .filter((a, i, all) => a !== (i === 0 ? start : all[i - 1]));
            expect(events.map((e) => amountOf((e.data!['attributes'] as { price: unknown }).price))).toEqual(changes);
            expect(events.map((e) => amountOf(e.data!['previous_price']))).toEqual([start, ...changes.slice(0, -1)]);
          },
        ),
        { numRuns: 8 },
      );
    });
  });
}

productChangesSuite('product changes on PGlite', pgliteStores);
describe.skipIf(!PG_URL)(
  `product changes on PostgreSQL${PG_URL ? '' : ' (skipped: TEST_DATABASE_URL not set)'}`,
  () => {
    productChangesSuite('product changes on PostgreSQL', () => postgresStores('product_changes_test', 1));
  },
);
