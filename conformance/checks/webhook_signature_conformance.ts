/**
 * webhook_signature_conformance: every request the run's webhook receiver got carries Standard Webhooks headers
 * (`webhook-id`, `webhook-timestamp`, `webhook-signature`) whose signature verifies, with the `standardwebhooks`
 * package, under one of the endpoint's secrets the run was shown (the create response's, a rotation's).
 */
import { Webhook } from 'standardwebhooks';
import type { ReceivedWebhook } from '../shared.ts';
import type { Problem } from './types.ts';

export function webhookSignatureConformance(received: ReceivedWebhook, secrets: string[]): Problem[] {
  const missing = ['webhook-id', 'webhook-timestamp', 'webhook-signature'].filter((h) => !received.headers[h]);
  if (missing.length)
    return [
      {
        message: `the delivery lacks ${missing.join(', ')}`,
        documented: 'Standard Webhooks headers webhook-id, webhook-timestamp, webhook-signature',
      },
    ];
  const errors: string[] = [];
  for (const secret of secrets) {
    try {
      new Webhook(secret).verify(received.body, received.headers);
      return [];
    } catch (e) {
      errors.push((e as Error).message);
    }
  }
  return [
    {
      message: `the signature of delivery ${received.headers['webhook-id']} verifies under none of the ${secrets.length} secret(s) shown (${errors.join('; ')})`,
      documented: "signed per Standard Webhooks with the endpoint's secret",
    },
  ];
}
