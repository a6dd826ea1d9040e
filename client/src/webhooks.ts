/**
 * Verification of webhook deliveries signed per Standard Webhooks (https://www.standardwebhooks.com/): headers
 * `webhook-id`, `webhook-timestamp` (Unix seconds, accepted within 5 minutes of now) and `webhook-signature`
 * (`v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, several separated by spaces), secret `whsec_<base64>`.
 * Built on the `standardwebhooks` package. Pass the body exactly as received (the raw text, not re-serialised JSON).
 */
import { Webhook, WebhookVerificationError as StandardWebhookError } from 'standardwebhooks';

export type WebhookFailure =
  | 'missing_headers'
  | 'invalid_timestamp'
  | 'timestamp_out_of_range'
  | 'invalid_signature'
  | 'invalid_payload'
  | 'invalid_secret';

export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError';
  constructor(
    readonly reason: WebhookFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

/** Checks the signature of a delivery and returns its parsed JSON body; throws WebhookVerificationError otherwise. */
export function verifyWebhook<T = unknown>(payload: string | Uint8Array, headers: WebhookHeaders, secret: string): T {
  let webhook: Webhook;
  try {
    webhook = new Webhook(secret);
  } catch (cause) {
    throw new WebhookVerificationError('invalid_secret', 'the webhook secret is not a whsec_<base64> value', { cause });
  }
  const text = typeof payload === 'string' ? payload : new TextDecoder('utf-8', { fatal: false }).decode(payload);
  try {
    webhook.verify(text, normalise(headers), { jsonParse: false });
  } catch (cause) {
    if (!(cause instanceof StandardWebhookError)) throw cause;
    throw new WebhookVerificationError(reasonOf(cause.message), `webhook verification failed: ${cause.message}`, {
      cause,
    });
  }
  try {
    return JSON.parse(text) as T;
  } catch (cause) {
    throw new WebhookVerificationError('invalid_payload', 'the signed webhook body is not JSON', { cause });
  }
}

function normalise(headers: WebhookHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  const entries: [string, string | string[] | undefined][] = [];
  if (headers instanceof Headers) headers.forEach((value, name) => entries.push([name, value]));
  else entries.push(...Object.entries(headers));
  for (const [name, value] of entries) {
    if (value === undefined) continue;
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(' ') : value;
  }
  return out;
}

function reasonOf(message: string): WebhookFailure {
  if (message === 'Missing required headers') return 'missing_headers';
  if (message === 'Invalid Signature Headers') return 'invalid_timestamp';
  if (message.startsWith('Message timestamp too')) return 'timestamp_out_of_range';
  return 'invalid_signature';
}
