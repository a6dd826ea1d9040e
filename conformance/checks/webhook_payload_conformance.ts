/**
 * webhook_payload_conformance: the body of every request the run's webhook receiver got is JSON and valid against
 * the contract's WebhookEvent schema, its `id` is the `webhook-id` header (Standard Webhooks: the event id, the same
 * on every attempt and redelivery), and its `api_version` is the version of the contract the run checks against
 * (`info.version`: the schema alone accepts any version).
 */
import type { ContractSchemas } from '../contract-schemas.ts';
import type { ReceivedWebhook } from '../shared.ts';
import type { Problem } from './types.ts';

export const WEBHOOK_EVENT_SCHEMA = '#/components/schemas/WebhookEvent';

export function webhookPayloadConformance(received: ReceivedWebhook, schemas: ContractSchemas): Problem[] {
  let body: unknown;
  try {
    body = JSON.parse(received.body);
  } catch {
    return [
      {
        message: `the delivery's body is not JSON: ${received.body.slice(0, 80)}`,
        documented: 'a WebhookEvent, as JSON',
      },
    ];
  }
  const out: Problem[] = schemas.validate(WEBHOOK_EVENT_SCHEMA, body).map((e) => ({
    message: `the delivery's body is off contract at ${e.path}: ${e.message}`,
    documented: 'a WebhookEvent',
  }));
  const id = (body as { id?: unknown }).id;
  if (id !== received.headers['webhook-id'])
    out.push({
      message: `the event id ${String(id)} is not the webhook-id header ${received.headers['webhook-id'] ?? '(none)'}`,
      documented: 'webhook-id = the event id',
    });
  const version = (schemas.bundle['info'] as { version?: unknown } | undefined)?.version;
  const apiVersion = (body as { api_version?: unknown }).api_version;
  if (typeof apiVersion === 'string' && apiVersion !== version)
    out.push({
      message: `the event's api_version ${apiVersion} is not the contract's version ${String(version)}`,
      documented: "api_version = the contract's info.version",
    });
  return out;
}
