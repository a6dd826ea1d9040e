/**
 * The demo's webhook endpoint: one endpoint of each environment's demo account, with one delivered delivery of an
 * event (in the sandbox, the contract's examples: contract-examples.ts) and its attempt, so the docs' samples (and a
 * partner trying the sandbox) find an endpoint, an event and a delivery log from the first start. The endpoint is
 * disabled (disabled_by_partner): its URL is an example, and an enabled endpoint would collect a delivery for every
 * sandbox purchase of the demo account.
 */
import { createHash } from 'node:crypto';
import type { AccountRow, Store } from '../store/types.ts';
import { secretRecord, type EndpointSecrets } from '../webhooks/secrets.ts';
import { CONTRACT_EXAMPLE_IDS } from './contract-examples.ts';

export const DEMO_WEBHOOK_URL = 'https://hooks.shop.ng/billpay/events';

/** A stable id per account (and per event, for its delivery): the same demo data on every machine (and no second endpoint on a restart). */
export function demoEndpointId(accountId: string): string {
  const h = createHash('sha256').update(`demo-webhook:${accountId}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * In the sandbox, the endpoint and its delivery have the contract's example ids and the delivery is of the example
 * event (contract-examples.ts); production's have ids of their own (ids are unique across environments) and the
 * delivery is of the newest event. A sandbox seeded before the examples were (no example event) keeps its endpoint
 * as it was: a second demo endpoint there would take the same delivery id as the first one's.
 */
export async function ensureDemoWebhook(
  store: Store,
  account: AccountRow,
  secrets: EndpointSecrets,
  now: Date,
): Promise<void> {
  const example =
    account.environment === 'sandbox'
      ? await store.getWebhookEvent(account.id, CONTRACT_EXAMPLE_IDS.event, new Date(0))
      : null;
  const id = example ? CONTRACT_EXAMPLE_IDS.webhookEndpoint : demoEndpointId(account.id);
  if (await store.getWebhookEndpoint(account.id, id)) return;
  const endpoint = await store.createWebhookEndpoint(
    {
      id,
      account_id: account.id,
      url: DEMO_WEBHOOK_URL,
      description: 'Demo endpoint (an example URL; disabled)',
      events: ['transaction.successful', 'transaction.failed', 'transaction.reversed'],
      ...secretRecord(secrets.secretOf(id, 1)),
      at: now,
    },
    1_000_000,
  );
  if (!endpoint) return;
  const [event] = example
    ? [example]
    : (await store.listWebhookEvents(account.id, { since: new Date(0) }, { page: 1, per_page: 1 })).items;
  if (event) {
    const delivery = await store.createWebhookRedelivery({
      account_id: account.id,
      endpoint_id: id,
      event_id: event.id,
      id: example ? CONTRACT_EXAMPLE_IDS.delivery : demoEndpointId(event.id),
      at: now,
      since: new Date(0),
    });
    if (typeof delivery !== 'string') {
      await store.recordWebhookAttempt({
        delivery_id: delivery.id,
        attempt: 1,
        at: now,
        response_status_code: 204,
        duration_ms: 84,
        error: null,
        response_body: null,
        outcome: 'delivered',
        next_attempt_at: null,
        failing_after_ms: 1,
      });
    }
  }
  await store.updateWebhookEndpoint(account.id, id, { enabled: false }, now);
}
