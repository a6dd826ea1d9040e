/**
 * Webhooks in the store (migration 006, webhooks.ts, webhook-deliveries.ts): the outbox written with the state change
 * that causes it, endpoints scoped to their account, the delivery claim and the compare-and-set record of an attempt,
 * the endpoint's health (410, 3 days of failures), redeliveries and retention. On PGlite always, PostgreSQL with
 * TEST_DATABASE_URL (where two store instances claim concurrently).
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { decide } from '../biller/settlement-decision.ts';
import type { VendResult } from '../biller/types.ts';
import type { TransactionStatus } from '../domain.ts';
import {
  AT,
  claim,
  fundedAccount,
  INSUFFICIENT,
  PG_URL,
  pgliteStores,
  postgresStores,
  purchase,
  snapshot,
  type Stores,
} from '../../test/helpers/store-fixtures.ts';
import type { Store, TransactionRow } from './types.ts';
import type { WebhookEventType } from './webhook-types.ts';

const PAGE = { page: 1, per_page: 100 };
const LONG_AGO = new Date('2000-01-01T00:00:00Z');
const T1 = new Date(AT.getTime() + 1_000);
const T2 = new Date(AT.getTime() + 2_000);

function webhookSuite(title: string, open: () => Promise<Stores>) {
  describe(title, () => {
    let h: Stores;
    let store: Store;
    beforeAll(async () => {
      h = await open();
      store = h.store;
      return () => h.close();
    });

    const endpoint = async (
      acc: string,
      events: WebhookEventType[] = [
        'transaction.pending',
        'transaction.successful',
        'transaction.failed',
        'transaction.reversed',
      ],
      max = 16,
    ) =>
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
        max,
      );
    /** Recorded only: the purchase awaits the biller's first answer (sql/webhook_outbox_of_history.sql: no event yet). */
    const recorded = async (acc: string): Promise<TransactionRow> => {
      const r = await store.recordPurchase(purchase(acc, '100.00'), null);
      if (r.kind !== 'recorded') throw new Error(r.kind);
      return r.row;
    };
    /** Created pending: recorded, then left pending by the biller's first answer, at `at` — its pending event. */
    const bought = async (acc: string, at = AT): Promise<TransactionRow> => {
      const row = await recorded(acc);
      await store.settlePurchase({ id: row.id, from: 'pending', to: 'pending', next_check_at: T2, at, snapshot });
      return row;
    };
    const settle = (row: TransactionRow, to: 'successful' | 'failed', at = T1) =>
      store.settlePurchase({
        id: row.id,
        from: 'pending',
        to,
        next_check_at: null,
        at,
        snapshot,
        token: to === 'successful' ? '1'.repeat(20) : undefined,
      });
    const events = (acc: string) => store.listWebhookEvents(acc, { since: LONG_AGO }, PAGE);
    const deliveries = async (acc: string, ep: string) => (await store.listWebhookDeliveries(acc, ep, {}, PAGE))!;

    it('every state a purchase enters is an event, with a delivery to each enabled endpoint subscribed to its type', async () => {
      const acc = await fundedAccount(store, '1000.00');
      const all = (await endpoint(acc))!;
      const failedOnly = (await endpoint(acc, ['transaction.failed']))!;
      const off = (await endpoint(acc))!;
      await store.updateWebhookEndpoint(acc, off.id, { enabled: false }, AT);
      const other = await fundedAccount(store, '1000.00');
      const foreign = (await endpoint(other))!;

      const row = await bought(acc);
      await settle(row, 'successful');
      const ev = await events(acc);
      expect(ev.items.map((e) => [e.type, e.transaction_id, e.created_at])).toEqual([
        ['transaction.successful', row.id, T1],
        ['transaction.pending', row.id, AT],
      ]);
      expect(ev.items[0]!.transaction).toMatchObject({ id: row.id, status: 'successful' });
      expect(
        (await deliveries(acc, all.id)).items.map((d) => [d.event_type, d.status, d.trigger, d.next_attempt_at]),
      ).toEqual([
        ['transaction.successful', 'pending', 'automatic', T1],
        ['transaction.pending', 'pending', 'automatic', AT],
      ]);
      expect((await deliveries(acc, failedOnly.id)).total_count).toBe(0);
      expect((await deliveries(acc, off.id)).total_count).toBe(0);
      expect((await deliveries(other, foreign.id)).total_count).toBe(0);
      expect((await events(other)).total_count).toBe(0);
    });

    // sql/settle_purchase.sql: a purchase is recorded pending before the biller is asked; that reservation is no event. The
    // events are the states the biller's answers left it in, each once: `transaction.pending` only when the first
    // answer (or its absence) left it pending — never for a purchase answered successful or failed at once.
    it("events are the states the biller's answers left the purchase in, each once; pending only when created pending", async () => {
      const acc = await fundedAccount(store, '100000.00');
      const answer = fc.constantFrom<VendResult | 'error'>(
        { status: 'successful', token: '2'.repeat(20), units: '1.0 kWh' },
        { status: 'pending', recheck_at: T2 },
        { status: 'failed', reason: 'biller refused' },
        { status: 'reversed', reason: 'biller reversed' },
        'error',
      );
      await fc.assert(
        fc.asyncProperty(fc.array(answer, { maxLength: 5 }), async (answers) => {
          const row = await recorded(acc);
          let status: TransactionStatus = 'pending';
          const entered: TransactionStatus[] = [];
          for (const [i, a] of answers.entries()) {
            if (status === 'failed' || status === 'reversed') break; // final: never claimed again
            const at = new Date(AT.getTime() + 1_000 * (i + 1));
            const outcome =
              a === 'error'
                ? { kind: 'error' as const, error: new Error('biller timeout') }
                : { kind: 'answer' as const, result: a };
            const settled = await store.settlePurchase({
              id: row.id,
              ...decide({ status, check_attempts: i }, outcome, at),
              at,
              snapshot,
            });
            status = settled!.row.status;
            if (entered.at(-1) !== status) entered.push(status);
          }
          const ev = [
            ...(await store.listWebhookEvents(acc, { since: LONG_AGO, transaction_id: row.id }, PAGE)).items,
          ].reverse();
          expect(ev.map((e) => e.type)).toEqual(entered.map((x) => `transaction.${x}`));
          // The pending event is the Transaction as it was created: dated at its creation.
          for (const e of ev.filter((x) => x.type === 'transaction.pending'))
            expect(e.created_at).toEqual(row.created_at);
        }),
        { numRuns: 40 },
      );
    });

    it('two settlements leaving a new purchase pending at once write one pending event', async () => {
      const acc = await fundedAccount(store, '1000.00');
      const e = (await endpoint(acc, ['transaction.pending']))!;
      const rows = await Promise.all(Array.from({ length: 6 }, () => recorded(acc)));
      await Promise.all(
        rows.flatMap((row) =>
          [...h.all, ...h.all].map((s) =>
            s.settlePurchase({ id: row.id, from: 'pending', to: 'pending', next_check_at: T2, at: T1, snapshot }),
          ),
        ),
      );
      for (const row of rows) {
        expect(
          (await store.listWebhookEvents(acc, { since: LONG_AGO, transaction_id: row.id }, PAGE)).items.map(
            (x) => x.type,
          ),
        ).toEqual(['transaction.pending']);
      }
      expect((await deliveries(acc, e.id)).items.map((d) => [d.event_type, d.next_attempt_at])).toEqual(
        rows.map(() => ['transaction.pending', T1]),
      );
    });

    it('nothing is written when the state change is not: an insufficient balance, or a rolled-back history row', async () => {
      const acc = await fundedAccount(store, '50.00');
      await endpoint(acc);
      await claim(store, acc, 'k');
      expect((await store.recordPurchase(purchase(acc, '100.00'), { key: 'k', insufficient: INSUFFICIENT })).kind).toBe(
        'insufficient_balance',
      );
      const rich = await fundedAccount(store, '1000.00');
      const row = await bought(rich);
      await expect(
        store.sql.transaction(async (tx) => {
          await tx.query(
            `INSERT INTO transaction_history (transaction_id, from_status, to_status, at) VALUES ($1, 'pending', 'failed', $2)`,
            [row.id, T2],
          );
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      expect((await events(acc)).total_count).toBe(0);
      expect((await events(rich)).items.map((e) => e.type)).toEqual(['transaction.pending']);
    });

    it('endpoints: at most `max` per account, newest first, scoped to their account', async () => {
      const acc = await fundedAccount(store, '0');
      const made = [];
      for (let i = 0; i < 3; i++) made.push(await endpoint(acc, ['transaction.failed'], 3));
      expect(made.every((e) => e !== null)).toBe(true);
      expect(await endpoint(acc, ['transaction.failed'], 3)).toBeNull();
      const other = await fundedAccount(store, '0');
      expect(await store.getWebhookEndpoint(other, made[0]!.id)).toBeNull();
      expect(await store.updateWebhookEndpoint(other, made[0]!.id, { url: 'https://x.example/' }, AT)).toBeNull();
      expect(await store.deleteWebhookEndpoint(other, made[0]!.id)).toBe(false);
      expect(await store.getWebhookEndpoint(acc, 'not-a-uuid')).toBeNull();
      const page = await store.listWebhookEndpoints(acc, { page: 1, per_page: 2 });
      expect(page.total_count).toBe(3);
      expect(page.items).toHaveLength(2);
    });

    it('concurrent creations never pass the limit', async () => {
      const acc = await fundedAccount(store, '0');
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          h.all[i % h.all.length]!.createWebhookEndpoint(
            {
              id: randomUUID(),
              account_id: acc,
              url: `https://r${i}.example/`,
              events: ['transaction.failed'],
              description: null,
              secret_hash: 'h',
              secret_hint: 'whsec_…',
              at: AT,
            },
            5,
          ),
        ),
      );
      expect(results.filter((r) => r !== null)).toHaveLength(5);
      expect((await store.listWebhookEndpoints(acc, PAGE)).total_count).toBe(5);
    });

    it('update: disabling keeps an earlier reason, enabling clears the reason and the failing streak', async () => {
      const acc = await fundedAccount(store, '0');
      const e = (await endpoint(acc))!;
      expect(await store.updateWebhookEndpoint(acc, e.id, { enabled: false, description: 'paused' }, T1)).toMatchObject(
        { enabled: false, disabled_reason: 'disabled_by_partner', description: 'paused', updated_at: T1 },
      );
      await store.sql.query(
        `UPDATE webhook_endpoints SET disabled_reason = 'endpoint_gone', failing_since = $2 WHERE id = $1`,
        [e.id, AT],
      );
      expect(await store.updateWebhookEndpoint(acc, e.id, { enabled: false }, T1)).toMatchObject({
        disabled_reason: 'endpoint_gone',
      });
      expect(
        await store.updateWebhookEndpoint(acc, e.id, { enabled: true, events: ['transaction.failed'] }, T2),
      ).toMatchObject({ enabled: true, disabled_reason: null, failing_since: null, events: ['transaction.failed'] });
    });

    it('rotation is a compare-and-set on the generation', async () => {
      const acc = await fundedAccount(store, '0');
      const e = (await endpoint(acc))!;
      const rotation = {
        generation: 2,
        secret_hash: 'n',
        secret_hint: 'whsec_…wxyz',
        previous_secret_expires_at: T2,
        at: T1,
      };
      expect(await store.rotateWebhookSecret(acc, e.id, rotation)).toMatchObject({
        secret_generation: 2,
        secret_hash: 'n',
        previous_secret_expires_at: T2,
      });
      expect(await store.rotateWebhookSecret(acc, e.id, rotation)).toBeNull();
    });

    it('a claimed delivery is invisible to other claims until its lease passes; an attempt is recorded once', async () => {
      const acc = await fundedAccount(store, '1000.00');
      const e = (await endpoint(acc, ['transaction.pending']))!;
      const row = await bought(acc);
      const now = new Date(AT.getTime() + 10);
      const claims = await Promise.all(h.all.map((s) => s.claimDueWebhookDeliveries(now, 10, 60_000)));
      const mine = claims.flat().filter((d) => d.endpoint.id === e.id);
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({
        attempt: 1,
        endpoint: { url: 'https://receiver.example/hooks', environment: 'sandbox', secret_generation: 1 },
        event: { type: 'transaction.pending', transaction_id: row.id },
      });
      expect(
        (await store.claimDueWebhookDeliveries(new Date(now.getTime() + 59_999), 100, 60_000)).filter(
          (d) => d.endpoint.id === e.id,
        ),
      ).toHaveLength(0);
      const outcome = {
        delivery_id: mine[0]!.delivery_id,
        attempt: 1,
        at: now,
        response_status_code: 500,
        duration_ms: 12,
        error: null,
        response_body: 'oops',
        outcome: 'retry' as const,
        next_attempt_at: T2,
        failing_after_ms: 1e9,
      };
      expect(await store.recordWebhookAttempt(outcome)).toEqual({ recorded: true, endpoint_disabled: null });
      expect(await store.recordWebhookAttempt(outcome)).toEqual({ recorded: false, endpoint_disabled: null });
      const d = (await deliveries(acc, e.id)).items[0]!;
      expect(d).toMatchObject({ status: 'pending', attempts: 1, next_attempt_at: T2 });
      expect(d.attempt_log).toEqual([
        {
          attempt: 1,
          attempted_at: now,
          response_status_code: 500,
          duration_ms: 12,
          error: null,
          response_body: 'oops',
        },
      ]);
      expect((await store.getWebhookEndpoint(acc, e.id))!.failing_since).toEqual(now);
      expect(
        await store.recordWebhookAttempt({
          ...outcome,
          attempt: 2,
          at: T2,
          response_status_code: 204,
          response_body: null,
          outcome: 'delivered',
          next_attempt_at: null,
        }),
      ).toEqual({ recorded: true, endpoint_disabled: null });
      expect(await store.getWebhookDelivery(acc, e.id, d.id)).toMatchObject({
        status: 'delivered',
        attempts: 2,
        next_attempt_at: null,
      });
      expect((await store.getWebhookEndpoint(acc, e.id))!.failing_since).toBeNull();
    });

    it('410 disables the endpoint at once; a failing streak disables it once it lasts the window; disabled endpoints are not claimed', async () => {
      const acc = await fundedAccount(store, '1000.00');
      const gone = (await endpoint(acc, ['transaction.pending']))!;
      const failing = (await endpoint(acc, ['transaction.pending']))!;
      await bought(acc);
      const due = (await store.claimDueWebhookDeliveries(T1, 100, 1000)).filter((d) => d.endpoint.account_id === acc);
      const of = (id: string) => due.find((d) => d.endpoint.id === id)!;
      const base = { attempt: 1, duration_ms: 1, error: null, response_body: null, failing_after_ms: 60_000 };
      expect(
        await store.recordWebhookAttempt({
          ...base,
          delivery_id: of(gone.id).delivery_id,
          at: T1,
          response_status_code: 410,
          outcome: 'gone',
          next_attempt_at: null,
        }),
      ).toEqual({ recorded: true, endpoint_disabled: 'endpoint_gone' });
      expect(
        await store.recordWebhookAttempt({
          ...base,
          delivery_id: of(failing.id).delivery_id,
          at: T1,
          response_status_code: 500,
          outcome: 'retry',
          next_attempt_at: T2,
        }),
      ).toEqual({ recorded: true, endpoint_disabled: null });
      const later = new Date(T1.getTime() + 60_000);
      expect(
        await store.recordWebhookAttempt({
          ...base,
          attempt: 2,
          delivery_id: of(failing.id).delivery_id,
          at: later,
          response_status_code: 500,
          outcome: 'retry',
          next_attempt_at: later,
        }),
      ).toEqual({ recorded: true, endpoint_disabled: 'failing' });
      expect(await store.getWebhookEndpoint(acc, gone.id)).toMatchObject({
        enabled: false,
        disabled_reason: 'endpoint_gone',
      });
      expect(
        (await store.claimDueWebhookDeliveries(new Date(later.getTime() + 1), 100, 1000)).filter(
          (d) => d.endpoint.account_id === acc,
        ),
      ).toEqual([]);
    });

    it("redelivery: of the account's own events to its own endpoints only", async () => {
      const acc = await fundedAccount(store, '1000.00');
      const e = (await endpoint(acc, ['transaction.failed']))!;
      const row = await bought(acc);
      const [event] = (await events(acc)).items;
      const other = await fundedAccount(store, '0');
      const r = { account_id: acc, endpoint_id: e.id, event_id: event!.id, id: randomUUID(), at: T2, since: LONG_AGO };
      expect(await store.createWebhookRedelivery(r)).toMatchObject({
        id: r.id,
        trigger: 'redelivery',
        status: 'pending',
        event_id: event!.id,
        event_type: 'transaction.pending',
        attempt_log: [],
      });
      expect(await store.createWebhookRedelivery({ ...r, id: randomUUID(), account_id: other })).toBe(
        'webhook_not_found',
      );
      expect(await store.createWebhookRedelivery({ ...r, id: randomUUID(), event_id: randomUUID() })).toBe(
        'event_not_found',
      );
      expect(await store.createWebhookRedelivery({ ...r, id: randomUUID(), event_id: 'nope' })).toBe('event_not_found');
      expect(await store.createWebhookRedelivery({ ...r, id: randomUUID(), since: T2 })).toBe('event_not_found');
      expect(
        (
          await store.listWebhookEvents(
            acc,
            { since: LONG_AGO, transaction_id: row.id, type: 'transaction.pending' },
            PAGE,
          )
        ).total_count,
      ).toBe(1);
      expect(
        (await store.listWebhookEvents(acc, { since: LONG_AGO, type: 'transaction.failed' }, PAGE)).total_count,
      ).toBe(0);
      expect(await store.getWebhookEvent(other, event!.id, LONG_AGO)).toBeNull();
    });

    it('deleting an endpoint takes its deliveries; events stay until purged past retention', async () => {
      const acc = await fundedAccount(store, '1000.00');
      const e = (await endpoint(acc))!;
      await bought(acc);
      expect(await store.deleteWebhookEndpoint(acc, e.id)).toBe(true);
      expect(await store.listWebhookDeliveries(acc, e.id, {}, PAGE)).toBeNull();
      expect((await events(acc)).total_count).toBe(1);
      expect(await store.purgeWebhookEvents(new Date(AT.getTime() + 1), 1_000_000)).toBeGreaterThanOrEqual(1);
      expect((await events(acc)).total_count).toBe(0);
    });
  });
}

webhookSuite('webhooks in the store, PGlite', pgliteStores);
if (PG_URL) webhookSuite('webhooks in the store, PostgreSQL (two instances)', () => postgresStores('webhooks_test', 2));
else
  describe.skip('webhooks in the store, PostgreSQL: TEST_DATABASE_URL is not set', () => {
    it('skipped', () => {});
  });
