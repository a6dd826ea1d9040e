/**
 * Webhook resources as the contract shows them (WebhookEndpoint, WebhookDelivery; events: payload.ts), and the one
 * place a signing secret enters a response: the 201 of a creation or a rotation. What is kept under the request's
 * Idempotency-Key holds `derived:<generation>` instead of the secret; the pipeline derives it again for the first
 * answer and for every replay (the `reviveStored` of those writes, handlers/webhook-endpoints.ts, which the pipeline
 * applies), so replays are byte for byte the first answer and the database never holds a secret.
 */
import type { components } from '../../generated/schema.d.ts';
import type { WebhookDeliveryRow, WebhookEndpointRow } from '../store/webhook-types.ts';
import type { EndpointSecrets } from './secrets.ts';

type Endpoint = components['schemas']['WebhookEndpoint'];
type EndpointWithSecret = components['schemas']['WebhookEndpointWithSecret'];
type Delivery = components['schemas']['WebhookDelivery'];

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

export function toWebhookEndpoint(r: WebhookEndpointRow): Endpoint {
  return {
    id: r.id,
    type: 'webhook_endpoint',
    attributes: {
      url: r.url,
      events: r.events,
      description: r.description,
      enabled: r.enabled,
      disabled_reason: r.disabled_reason,
      secret_hint: r.secret_hint,
      previous_secret_expires_at: iso(r.previous_secret_expires_at),
      created_at: r.created_at.toISOString(),
      updated_at: r.updated_at.toISOString(),
    },
  };
}

const PLACEHOLDER = /^derived:(\d+)$/;

/** The endpoint as kept under the Idempotency-Key: the secret's generation in place of the secret. */
export function toStoredEndpointWithSecret(r: WebhookEndpointRow): EndpointWithSecret {
  const e = toWebhookEndpoint(r);
  return { ...e, attributes: { ...e.attributes, secret: `derived:${r.secret_generation}` } };
}

/** The response to send from the one kept: the secret derived again from the endpoint id and generation. */
export function secretReviver(secrets: EndpointSecrets): (storedBody: string) => string {
  return (storedBody) => {
    const body = JSON.parse(storedBody) as { data?: { id?: string; attributes?: { secret?: unknown } } };
    const m = typeof body.data?.attributes?.secret === 'string' ? PLACEHOLDER.exec(body.data.attributes.secret) : null;
    if (!m || !body.data?.id) return storedBody;
    body.data.attributes!.secret = secrets.secretOf(body.data.id, Number(m[1]));
    return JSON.stringify(body);
  };
}

export function toWebhookDelivery(r: WebhookDeliveryRow): Delivery {
  return {
    id: r.id,
    type: 'webhook_delivery',
    attributes: {
      event_id: r.event_id,
      event_type: r.event_type,
      webhook_id: r.endpoint_id,
      trigger: r.trigger,
      status: r.status,
      attempts: r.attempt_log.map((a) => ({
        attempt: a.attempt,
        attempted_at: a.attempted_at.toISOString(),
        response_status_code: a.response_status_code,
        duration_ms: a.duration_ms,
        error: a.error,
        response_body: a.response_body,
      })),
      next_attempt_at: iso(r.next_attempt_at),
      created_at: r.created_at.toISOString(),
    },
  };
}
