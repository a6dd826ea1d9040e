/**
 * The webhook and event methods of the client (`client.webhooks`, `client.events`): endpoints, secret rotation,
 * the delivery log and redeliveries, the event log. Creations (endpoint, rotation, redelivery) send an
 * Idempotency-Key — the caller's or a new one — which the client's own retries reuse, as purchases do.
 */
import type { Client } from 'openapi-fetch';
import { BillPaymentApiError } from './errors.ts';
import type {
  CreateWebhookEndpointBody,
  ListEventsQuery,
  ListWebhookDeliveriesQuery,
  ListWebhookEndpointsQuery,
  paths,
  UpdateWebhookEndpointBody,
  WebhookDelivery,
  WebhookEndpointWithSecret,
} from './generated-types.ts';
import { ok } from './transport.ts';

export interface CreateOptions {
  /** Default: a new crypto.randomUUID(). Reuse it to retry the same creation later without creating twice. */
  idempotencyKey?: string;
}

interface Created {
  idempotencyKey: string;
  /** True when the server answered a replay (`Idempotent-Replayed: true`): nothing was created this time. */
  replayed: boolean;
  location: string | null;
  requestId: string | null;
}
export type EndpointCreated = Created & {
  /** With `attributes.secret`, shown only in this answer (and its replays): keep it in a secret store, never log it. */
  endpoint: WebhookEndpointWithSecret;
};
export type DeliveryCreated = Created & { delivery: WebhookDelivery };

export function webhookMethods(api: Client<paths>, now?: () => number) {
  const get = <D>(call: Promise<{ data?: D; error?: unknown; response: Response }>) =>
    ok(call, now).then((r) => r.data);
  const facts = (response: Response, idempotencyKey: string): Created => ({
    idempotencyKey,
    replayed: response.headers.get('Idempotent-Replayed') === 'true',
    location: response.headers.get('Location'),
    requestId: response.headers.get('X-Request-Id'),
  });
  const key = (o: CreateOptions) => o.idempotencyKey ?? crypto.randomUUID();
  const path = (webhookId: string) => ({ path: { webhook_id: webhookId } });

  const webhooks = {
    /** One page of the account's endpoints, newest first. */
    list: (query: ListWebhookEndpointsQuery = {}) => get(api.GET('/webhooks', { params: { query } })),
    create: async (body: CreateWebhookEndpointBody, opts: CreateOptions = {}): Promise<EndpointCreated> => {
      const idempotencyKey = key(opts);
      const { data, response } = await ok(
        api.POST('/webhooks', { params: { header: { 'Idempotency-Key': idempotencyKey } }, body }),
        now,
      );
      return { endpoint: data.data, ...facts(response, idempotencyKey) };
    },
    get: (webhookId: string) => get(api.GET('/webhooks/{webhook_id}', { params: path(webhookId) })).then((b) => b.data),
    update: (webhookId: string, body: UpdateWebhookEndpointBody) =>
      get(api.PATCH('/webhooks/{webhook_id}', { params: path(webhookId), body })).then((b) => b.data),
    /** Resolves once deleted (204); rejects with BillPaymentApiError (404 WEBHOOK_NOT_FOUND…) otherwise. */
    delete: async (webhookId: string): Promise<void> => {
      const { error, response } = await api.DELETE('/webhooks/{webhook_id}', { params: path(webhookId) });
      if (!response.ok) throw BillPaymentApiError.fromResponse(response, error, now);
    },
    /** A new secret (shown in this answer only); the previous one keeps signing for 24 hours. */
    rotateSecret: async (webhookId: string, opts: CreateOptions = {}): Promise<EndpointCreated> => {
      const idempotencyKey = key(opts);
      const { data, response } = await ok(
        api.POST('/webhooks/{webhook_id}/secret_rotations', {
          params: { ...path(webhookId), header: { 'Idempotency-Key': idempotencyKey } },
          body: {},
        }),
        now,
      );
      return { endpoint: data.data, ...facts(response, idempotencyKey) };
    },
    listDeliveries: (webhookId: string, query: ListWebhookDeliveriesQuery = {}) =>
      get(api.GET('/webhooks/{webhook_id}/deliveries', { params: { ...path(webhookId), query } })),
    /** Sends one event to the endpoint again (same `webhook-id`). */
    redeliver: async (webhookId: string, eventId: string, opts: CreateOptions = {}): Promise<DeliveryCreated> => {
      const idempotencyKey = key(opts);
      const { data, response } = await ok(
        api.POST('/webhooks/{webhook_id}/deliveries', {
          params: { ...path(webhookId), header: { 'Idempotency-Key': idempotencyKey } },
          body: { event_id: eventId },
        }),
        now,
      );
      return { delivery: data.data, ...facts(response, idempotencyKey) };
    },
    getDelivery: (webhookId: string, deliveryId: string) =>
      get(
        api.GET('/webhooks/{webhook_id}/deliveries/{delivery_id}', {
          params: { path: { webhook_id: webhookId, delivery_id: deliveryId } },
        }),
      ).then((b) => b.data),
  };
  const events = {
    /** One page of the account's events of the last 30 days, newest first. */
    list: (query: ListEventsQuery = {}) => get(api.GET('/events', { params: { query } })),
    get: (eventId: string) =>
      get(api.GET('/events/{event_id}', { params: { path: { event_id: eventId } } })).then((b) => b.data),
  };
  return { webhooks, events };
}
