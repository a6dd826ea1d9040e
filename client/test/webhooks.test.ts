/** verifyWebhook against deliveries signed by standardwebhooks' own Webhook#sign. */
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { verifyWebhook, WebhookVerificationError } from '../src/index.ts';

const secret = `whsec_${randomBytes(32).toString('base64')}`;
const event = {
  type: 'transaction.updated',
  data: { id: '3f2b1c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', status: 'successful' },
};
const payload = JSON.stringify(event);

function sign(body: string, at = new Date(), key = secret, id = 'msg_2Lh9KQ') {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(key).sign(id, at, body),
  };
}

function failure(fn: () => unknown): WebhookVerificationError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(WebhookVerificationError);
    return e as WebhookVerificationError;
  }
  throw new Error('verification did not fail');
}

describe('verifyWebhook', () => {
  it('returns the parsed event of a well-signed delivery (plain object, Headers, Buffer body)', () => {
    const headers = sign(payload);
    expect(verifyWebhook(payload, headers, secret)).toEqual(event);
    expect(verifyWebhook(Buffer.from(payload), new Headers(headers), secret)).toEqual(event);
    const upper = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toUpperCase(), v]));
    expect(verifyWebhook(payload, upper, secret)).toEqual(event);
  });

  it('accepts one matching signature among several (key rotation)', () => {
    const headers = sign(payload);
    const other = sign(payload, new Date(), `whsec_${randomBytes(32).toString('base64')}`)['webhook-signature'];
    expect(
      verifyWebhook(payload, { ...headers, 'webhook-signature': `${other} ${headers['webhook-signature']}` }, secret),
    ).toEqual(event);
  });

  it('rejects a tampered body', () => {
    const headers = sign(payload);
    const tampered = payload.replace('successful', 'failed');
    expect(failure(() => verifyWebhook(tampered, headers, secret)).reason).toBe('invalid_signature');
  });

  it('rejects a wrong secret', () => {
    const headers = sign(payload);
    expect(failure(() => verifyWebhook(payload, headers, `whsec_${randomBytes(32).toString('base64')}`)).reason).toBe(
      'invalid_signature',
    );
  });

  it('rejects an old (and a future) timestamp, even correctly signed', () => {
    const old = sign(payload, new Date(Date.now() - 10 * 60_000));
    expect(failure(() => verifyWebhook(payload, old, secret)).reason).toBe('timestamp_out_of_range');
    const future = sign(payload, new Date(Date.now() + 10 * 60_000));
    expect(failure(() => verifyWebhook(payload, future, secret)).reason).toBe('timestamp_out_of_range');
  });

  it('rejects missing headers, a changed webhook-id, a malformed secret and a signed body that is not JSON', () => {
    const { 'webhook-signature': _, ...unsigned } = sign(payload);
    expect(failure(() => verifyWebhook(payload, unsigned, secret)).reason).toBe('missing_headers');
    expect(failure(() => verifyWebhook(payload, { ...sign(payload), 'webhook-id': 'msg_other' }, secret)).reason).toBe(
      'invalid_signature',
    );
    expect(failure(() => verifyWebhook(payload, sign(payload), 'whsec_')).reason).toBe('invalid_secret');
    expect(failure(() => verifyWebhook('not json', sign('not json'), secret)).reason).toBe('invalid_payload');
  });
});
