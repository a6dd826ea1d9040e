/**
 * `account.low_balance` in the store (migration 013, sql/wallet_low_balance_event.sql): one event when a debit takes
 * the wallet from at-or-above its threshold to below it, written in the debit's transaction with a delivery to each
 * endpoint subscribed to the type or to `*`; none again until the balance is back at the threshold; none with the
 * threshold off (0, the default). Checked on examples, over random sequences of debits and credits against a model
 * of the rule (fast-check), and on PostgreSQL with 100 concurrent purchases from two store instances (own pools)
 * crossing the threshold: exactly one event. PGlite always, PostgreSQL with TEST_DATABASE_URL.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  AT,
  fundedAccount,
  PG_URL,
  pgliteStores,
  postgresStores,
  purchase,
  type Stores,
} from '../../test/helpers/store-fixtures.ts';
import type { Store } from './types.ts';
import type { StoredWebhookEvent, WebhookSubscription } from './webhook-types.ts';

const PAGE = { page: 1, per_page: 100 };
const LONG_AGO = new Date('2000-01-01T00:00:00Z');
const naira = (kobo: number) => (kobo / 100).toFixed(2);

function lowBalanceSuite(title: string, open: () => Promise<Stores>, instances: 1 | 2) {
  describe(title, () => {
    let h: Stores;
    let store: Store;
    beforeAll(async () => {
      h = await open();
      store = h.store;
      return () => h.close();
    });

    const endpoint = (acc: string, events: WebhookSubscription[]) =>
      store.createWebhookEndpoint(
        {
          id: randomUUID(),
          account_id: acc,
          url: 'https://receiver.example/hooks',
          events,
          description: null,
          secret_hash: 'h'.repeat(64),
          secret_hint: 'whsec_…abcd',
          at: AT,
        },
        16,
      );
    const buy = async (acc: string, amount: string, s: Store = store) => {
      const r = await s.recordPurchase(purchase(acc, amount), null);
      return r.kind;
    };
    const lowBalanceEvents = async (acc: string): Promise<StoredWebhookEvent[]> =>
      (await store.listWebhookEvents(acc, { type: 'account.low_balance', since: LONG_AGO }, PAGE)).items;
    const deliveriesOf = async (acc: string, endpointId: string) =>
      (await store.listWebhookDeliveries(acc, endpointId, {}, PAGE))!.items.map((d) => d.event_type);

    it('a debit that crosses the threshold makes one event: the balance after it and the threshold, delivered to the subscribers of the type and of *', async () => {
      const acc = await fundedAccount(store, '1000.00');
      expect(await store.setLowBalanceThreshold(acc, '500.00')).toEqual({
        account_id: acc,
        balance: '1000.00',
        currency: 'NGN',
        low_balance_threshold: '500.00',
      });
      const typed = (await endpoint(acc, ['account.low_balance']))!;
      const all = (await endpoint(acc, ['*']))!;
      const other = (await endpoint(acc, ['transaction.failed']))!;

      expect(await buy(acc, '300.00')).toBe('recorded'); // 1000 -> 700: above
      expect(await lowBalanceEvents(acc)).toEqual([]);
      expect(await buy(acc, '300.00')).toBe('recorded'); // 700 -> 400: crosses
      expect(await buy(acc, '300.00')).toBe('recorded'); // 400 -> 100: still below, no second event
      expect(await buy(acc, '300.00')).toBe('insufficient_balance'); // nothing debited

      const events = await lowBalanceEvents(acc);
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({
        account_id: acc,
        type: 'account.low_balance',
        transaction_id: null,
        transaction: null,
        data: { balance: '400.00', currency: 'NGN', low_balance_threshold: '500.00' },
        created_at: AT,
      });
      expect(await store.getWebhookEvent(acc, events[0]!.id, LONG_AGO)).toEqual(events[0]);
      expect(await deliveriesOf(acc, typed.id)).toEqual(['account.low_balance']);
      expect(await deliveriesOf(acc, all.id)).toEqual(['account.low_balance']);
      expect(await deliveriesOf(acc, other.id)).toEqual([]);
    });

    it('again only after the balance is back at the threshold or above and a debit takes it below', async () => {
      const acc = await fundedAccount(store, '1000.00');
      await store.setLowBalanceThreshold(acc, '500.00');
      await buy(acc, '600.00'); // 1000 -> 400: event 1
      await store.fundWallet({ account_id: acc, amount: '50.00', at: AT }); // 450: still below
      await buy(acc, '100.00'); // 350: no event
      await store.fundWallet({ account_id: acc, amount: '150.00', at: AT }); // 500: at the threshold
      await buy(acc, '0.01'); // 499.99: event 2
      // One instant (AT) for both: listed in id order, so compared as a set.
      const events = (await lowBalanceEvents(acc))
        .map((e) => e.data!)
        .sort((a, b) => Number(a['balance']) - Number(b['balance']));
      expect(events).toEqual([
        { balance: '400.00', currency: 'NGN', low_balance_threshold: '500.00' },
        { balance: '499.99', currency: 'NGN', low_balance_threshold: '500.00' },
      ]);
    });

    it('off by default and at 0; setting a threshold above the balance makes no event; per account', async () => {
      const off = await fundedAccount(store, '100.00');
      await buy(off, '100.00'); // to 0.00 with no threshold
      const zero = await fundedAccount(store, '100.00');
      expect((await store.setLowBalanceThreshold(zero, '0'))!.low_balance_threshold).toBe('0.00');
      await buy(zero, '100.00');
      const already = await fundedAccount(store, '100.00');
      await store.setLowBalanceThreshold(already, '5000.00'); // the balance is below already
      await buy(already, '10.00'); // below -> below: no crossing
      const neighbour = await fundedAccount(store, '1000.00');
      await store.setLowBalanceThreshold(neighbour, '900.00');
      await buy(off, '0.01'); // another account's debit
      for (const acc of [off, zero, already, neighbour]) expect(await lowBalanceEvents(acc)).toEqual([]);
      expect(await store.setLowBalanceThreshold(randomUUID(), '1.00')).toBeNull();
      expect(await store.setLowBalanceThreshold('not-a-uuid', '1.00')).toBeNull();
    });

    it('over any sequence of debits and credits: one event per crossing, as the rule says', async () => {
      const op = fc.oneof(
        fc.record({ debit: fc.integer({ min: 1, max: 400_00 }) }),
        fc.record({ credit: fc.integer({ min: 1, max: 400_00 }) }),
      );
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 0, max: 1000_00 }),
          fc.integer({ min: 0, max: 1000_00 }),
          fc.array(op, { minLength: 1, maxLength: 12 }),
          async (start, threshold, ops) => {
            const acc = await fundedAccount(store, naira(start));
            await store.setLowBalanceThreshold(acc, naira(threshold));
            let balance = start;
            const expected: string[] = [];
            for (const o of ops) {
              if ('credit' in o) {
                await store.fundWallet({ account_id: acc, amount: naira(o.credit), at: AT });
                balance += o.credit;
              } else if ((await buy(acc, naira(o.debit))) === 'recorded') {
                expect(balance).toBeGreaterThanOrEqual(o.debit);
                if (balance >= threshold && balance - o.debit < threshold) expected.push(naira(balance - o.debit));
                balance -= o.debit;
              } else {
                expect(balance).toBeLessThan(o.debit);
              }
            }
            const events = await lowBalanceEvents(acc);
            // Newest first; one instant (AT) for all: compare as sets of balances with their count.
            expect(events.map((e) => e.data!['balance']).sort()).toEqual(expected.sort());
          },
        ),
        { numRuns: h.driver === 'pglite' ? 25 : 15 },
      );
    }, 120_000);

    it.runIf(instances === 2)(
      '100 concurrent purchases from two store instances across the threshold: exactly one event',
      async () => {
        const acc = await fundedAccount(store, '10000.00');
        await store.setLowBalanceThreshold(acc, '5000.00');
        const sub = (await endpoint(acc, ['*']))!;
        const kinds = await Promise.all(
          Array.from({ length: 100 }, (_, i) => buy(acc, '70.00', h.all[i % h.all.length])),
        );
        expect(kinds.filter((k) => k === 'recorded')).toHaveLength(100); // 10000 -> 3000, crossing 5000 once
        expect((await store.getWallet(acc))!.balance).toBe('3000.00');
        const events = await lowBalanceEvents(acc);
        expect(events).toHaveLength(1);
        expect(events[0]!.data).toEqual({ balance: '4960.00', currency: 'NGN', low_balance_threshold: '5000.00' });
        expect(await deliveriesOf(acc, sub.id)).toEqual(['account.low_balance']);
      },
      120_000,
    );
  });
}

// The concurrency case needs two store instances on one database: PostgreSQL only.
lowBalanceSuite('low-balance events (PGlite)', pgliteStores, 1);
describe.skipIf(!PG_URL)(`low-balance events (PostgreSQL)${PG_URL ? '' : ' (skipped: no TEST_DATABASE_URL)'}`, () => {
  lowBalanceSuite('two store instances', () => postgresStores('lowbal', 2), 2);
});
