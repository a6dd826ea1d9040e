/**
 * The client's webhook methods against the reference server: create shows the secret once and returns the key it
 * sent (a retry with it is a replay), update / delete / rotation / redelivery / the logs, and errors as
 * BillPaymentApiError with the contract's codes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/helpers/server.ts';
import { BillPaymentApiError, createBillPaymentClient } from '../src/index.ts';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer(['--no-settlement'], { WEBHOOK_WORKER: 'false' });
});
afterAll(async () => srv?.stop());

const client = () =>
  createBillPaymentClient({
    apiKey: srv.demoKeys!.sandbox.keys.full,
    baseUrl: srv.demoKeys!.sandbox.base_url,
    maxRetries: 0,
  });

describe('client.webhooks and client.events', () => {
  it('create → replay with the returned key → update → rotate → delete, each typed', async () => {
    const c = client();
    const made = await c.webhooks.create({ url: 'https://hooks.shop.ng/client-test', events: ['transaction.failed'] });
    expect(made.endpoint.attributes.secret).toMatch(/^whsec_/);
    expect(made.replayed).toBe(false);
    const again = await c.webhooks.create(
      { url: 'https://hooks.shop.ng/client-test', events: ['transaction.failed'] },
      { idempotencyKey: made.idempotencyKey },
    );
    expect([again.replayed, again.endpoint]).toEqual([true, made.endpoint]);
    expect((await c.webhooks.get(made.endpoint.id)).attributes).not.toHaveProperty('secret');
    expect((await c.webhooks.update(made.endpoint.id, { enabled: false })).attributes.disabled_reason).toBe(
      'disabled_by_partner',
    );
    const rotated = await c.webhooks.rotateSecret(made.endpoint.id);
    expect(rotated.endpoint.attributes.secret).not.toBe(made.endpoint.attributes.secret);
    expect((await c.webhooks.listDeliveries(made.endpoint.id)).pagination.total_count).toBe(0);
    await c.webhooks.delete(made.endpoint.id);
    const gone = await c.webhooks.get(made.endpoint.id).catch((e: unknown) => e);
    expect(gone).toBeInstanceOf(BillPaymentApiError);
    expect((gone as BillPaymentApiError).code).toBe('WEBHOOK_NOT_FOUND');
  });

  it('events and redeliveries: an unknown event is EVENT_NOT_FOUND', async () => {
    const c = client();
    const { endpoint } = await c.webhooks.create({
      url: 'https://hooks.shop.ng/client-test-2',
      events: ['transaction.failed'],
    });
    const events = await c.events.list({ per_page: 1 });
    if (events.data[0]) {
      expect((await c.events.get(events.data[0].id)).id).toBe(events.data[0].id);
      const { delivery } = await c.webhooks.redeliver(endpoint.id, events.data[0].id);
      expect((await c.webhooks.getDelivery(endpoint.id, delivery.id)).attributes.trigger).toBe('redelivery');
    }
    const e = await c.webhooks.redeliver(endpoint.id, '00000000-0000-4000-8000-000000000000').catch((x: unknown) => x);
    expect((e as BillPaymentApiError).code).toBe('EVENT_NOT_FOUND');
    await c.webhooks.delete(endpoint.id);
  });
});
