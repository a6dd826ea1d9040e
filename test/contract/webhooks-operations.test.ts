/**
 * The webhook operations document what the webhooks design says: the error codes of each status (read the way the
 * conformance suite reads them: one named example per `error.code`), the headers of 201/204/405 and of the kept
 * answers, the Idempotency-Key on every POST (and only there), closed request bodies, and a signing secret that
 * appears in the two 201s that issue one and nowhere else. Expectations are written from the design, not read back
 * from the contract.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Contract } from '../../conformance/contract/operations.ts';
import { ContractSchemas } from '../../conformance/contract-schemas.ts';
import { bundle, deref, operations, type JsonObject } from '../helpers/bundle.ts';

const contract = new Contract();
const schemas = new ContractSchemas(bundle);
const byId = new Map(operations().map((o) => [o.operationId, o]));
const AUTH = {
  401: ['AUTHENTICATION_REQUIRED', 'INVALID_CREDENTIALS', 'TOKEN_REVOKED', 'TOKEN_EXPIRED', 'TOKEN_DISABLED'],
  403: ['ENVIRONMENT_MISMATCH', 'API_DISABLED', 'IP_NOT_ALLOWED', 'INSUFFICIENT_SCOPE'],
  405: ['METHOD_NOT_ALLOWED'],
  429: ['RATE_LIMITED'],
  500: ['INTERNAL_ERROR'],
  503: ['SERVICE_UNAVAILABLE'],
};
const READ = { ...AUTH, 400: ['INVALID_PARAMETER'] };
// Every webhook POST needs the server's signing key (a secret to answer, a delivery to sign): 501 without one.
const WRITE = {
  ...AUTH,
  400: ['IDEMPOTENCY_KEY_REQUIRED', 'INVALID_PARAMETER'],
  409: ['IDEMPOTENCY_KEY_IN_USE'],
  501: ['WEBHOOKS_NOT_CONFIGURED'],
};
const REUSED = 'IDEMPOTENCY_KEY_REUSED';
const NO_WEBHOOK = { 404: ['WEBHOOK_NOT_FOUND'] };

const CODES: Record<string, Record<number, string[]>> = {
  listWebhookEndpoints: READ,
  createWebhookEndpoint: { ...WRITE, 422: [REUSED, 'WEBHOOK_URL_NOT_ALLOWED', 'WEBHOOK_LIMIT_REACHED'] },
  getWebhookEndpoint: { ...READ, ...NO_WEBHOOK },
  updateWebhookEndpoint: { ...READ, ...NO_WEBHOOK, 422: ['WEBHOOK_URL_NOT_ALLOWED'] },
  deleteWebhookEndpoint: { ...READ, ...NO_WEBHOOK },
  createWebhookSecretRotation: { ...WRITE, ...NO_WEBHOOK, 422: [REUSED] },
  listWebhookDeliveries: { ...READ, ...NO_WEBHOOK },
  createWebhookDelivery: { ...WRITE, ...NO_WEBHOOK, 422: [REUSED, 'EVENT_NOT_FOUND'] },
  getWebhookDelivery: { ...READ, 404: ['WEBHOOK_NOT_FOUND', 'DELIVERY_NOT_FOUND'] },
  listEvents: READ,
  getEvent: { ...READ, 404: ['EVENT_NOT_FOUND'] },
};
const IDS = Object.keys(CODES);
const POSTS = ['createWebhookEndpoint', 'createWebhookSecretRotation', 'createWebhookDelivery'];
const header = (id: string, status: number, name: string) =>
  contract
    .op(id)
    .responses.get(status)
    ?.headers.find((h) => h.name === name);
const examplesOf = (id: string, status: number) => {
  const r = contract.op(id).responses.get(status)!;
  const media = contract.bundle.resolve(r.schemaPointer!.replace(/\/schema$/, '')).node;
  return Object.values(media.examples as JsonObject).map((e) => deref(e).value as JsonObject);
};

describe('error codes of the webhook operations', () => {
  it.each(Object.entries(CODES))('%s documents exactly the design codes on each error status', (id, want) => {
    const got = Object.fromEntries(
      [...contract.op(id).responses].filter(([s]) => s >= 400).map(([s, r]) => [s, [...r.codes].sort()]),
    );
    expect(got).toEqual(Object.fromEntries(Object.entries(want).map(([s, c]) => [s, [...c].sort()])));
  });

  it.each(IDS)('%s: every error example carries the status of its response', (id) => {
    for (const [status] of [...contract.op(id).responses].filter(([s]) => s >= 400)) {
      for (const ex of examplesOf(id, status)) expect((ex.status as JsonObject).code, `${id} ${status}`).toBe(status);
    }
  });

  it.each(IDS)('%s: the 405 example and its Allow header name exactly the methods of the path', (id) => {
    const path = contract.op(id).path;
    const methods = contract.operations.filter((o) => o.path === path).map((o) => o.method);
    const allow = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'].filter(
      (m) => methods.includes(m) || (m === 'HEAD' && methods.includes('GET')),
    );
    const [ex] = examplesOf(id, 405);
    expect(String((ex!.error as JsonObject).message)).toBe(`Method not allowed; allowed: ${allow.join(', ')}.`);
    expect(header(id, 405, 'Allow')?.required).toBe(true);
  });
});

describe('headers and idempotency of the webhook operations', () => {
  it.each(IDS)('%s takes an Idempotency-Key exactly when it is a POST', (id) => {
    const params = (byId.get(id)!.operation.parameters ?? []) as JsonObject[];
    // Each POST declares the component's parameter with an example of its own (portman-stock.test.ts checks it is the same otherwise).
    const keyed = params.filter((p) => p.name === 'Idempotency-Key' && p.in === 'header');
    expect(keyed.length).toBe(POSTS.includes(id) ? 1 : 0);
  });

  it.each(POSTS)(
    '%s: 201 with a required Location, an optional Idempotent-Replayed; kept 404/422 may be replays',
    (id) => {
      expect(header(id, 201, 'Location')?.required).toBe(true);
      expect(header(id, 201, 'Idempotent-Replayed')?.required).toBe(false);
      for (const h of ['X-Request-Id', 'RateLimit', 'RateLimit-Policy']) expect(header(id, 201, h), h).toBeDefined();
      expect(header(id, 409, 'Retry-After')?.required).toBe(true);
      for (const s of [404, 422]) {
        const kept = (contract.op(id).responses.get(s)?.codes ?? []).some((c) => c !== REUSED); // REUSED is never kept
        if (contract.op(id).responses.has(s))
          expect(header(id, s, 'Idempotent-Replayed') !== undefined, `${s}`).toBe(kept);
      }
    },
  );

  it.each(POSTS)('%s: the 501 of a server without a signing key is permanent: no Retry-After, never a replay', (id) => {
    expect(header(id, 501, 'Retry-After')).toBeUndefined();
    expect(header(id, 501, 'Idempotent-Replayed')).toBeUndefined();
    const [ex] = examplesOf(id, 501);
    expect(String((ex!.error as JsonObject).message)).toContain('WEBHOOK_SIGNING_KEY');
  });

  it('DELETE answers 204 with the usual headers and no body', () => {
    const r = contract.op('deleteWebhookEndpoint').responses.get(204)!;
    expect(r.mediaTypes).toEqual([]);
    expect(r.headers.map((h) => h.name)).toEqual([
      'X-Request-Id',
      'RateLimit',
      'RateLimit-Policy',
      'X-RateLimit-Limit',
      'X-RateLimit-Remaining',
      'X-RateLimit-Reset',
    ]);
  });

  it.each([
    ['createWebhookEndpoint', (base: string, w: string) => `${base}/webhooks/${w}`],
    ['createWebhookSecretRotation', (base: string, w: string) => `${base}/webhooks/${w}`],
    ['createWebhookDelivery', (base: string, w: string, d: string) => `${base}/webhooks/${w}/deliveries/${d}`],
  ] as const)('%s: Location is the absolute path of what was made, nothing else', (id, form) => {
    const loc = (v: string) => schemas.validate(header(id, 201, 'Location')!.schemaPointer, v);
    fc.assert(
      fc.property(
        fc.uuid(),
        fc.uuid(),
        fc.constantFrom('/api/partners/v1', '/api/partners/sandbox/v1'),
        (w, d, base) => {
          expect(loc(form(base, w.toLowerCase(), d.toLowerCase()))).toEqual([]);
          expect(loc(`https://api.billpay.ng${form(base, w.toLowerCase(), d.toLowerCase())}`)).not.toEqual([]);
          expect(loc(`${form(base, w.toLowerCase(), d.toLowerCase())}/x`)).not.toEqual([]);
        },
      ),
    );
  });
});

describe('the signing secret is shown once', () => {
  const secretIn = (v: unknown): boolean =>
    typeof v === 'object' && v !== null && Object.entries(v).some(([k, x]) => k === 'secret' || secretIn(x));

  it('only the 201s of create and rotation hold a secret, and their hint names its last 4 characters', () => {
    for (const o of contract.operations) {
      for (const [status] of o.responses) {
        if (o.responses.get(status)!.mediaTypes.length === 0) continue;
        const issues =
          ['createWebhookEndpoint', 'createWebhookSecretRotation'].includes(o.operationId) && status === 201;
        for (const ex of examplesOf(o.operationId, status)) {
          expect(secretIn(ex), `${o.operationId} ${status}`).toBe(issues);
          if (!issues) continue;
          const a = (ex.data as JsonObject).attributes as JsonObject;
          expect(a.secret_hint).toBe(`whsec_…${String(a.secret).slice(-4)}`);
        }
      }
    }
    const endpoint = (bundle.components as JsonObject).schemas as JsonObject;
    expect(Object.keys((endpoint.WebhookEndpointAttributes as JsonObject).properties as JsonObject)).not.toContain(
      'secret',
    );
  });

  it('the 201 body requires the secret: one without it is no answer of create or rotation', () => {
    const [created] = examplesOf('createWebhookEndpoint', 201);
    const pointer = '#/components/schemas/WebhookEndpointWithSecretResponse';
    expect(schemas.validate(pointer, created)).toEqual([]);
    const without = structuredClone(created!);
    delete ((without.data as JsonObject).attributes as JsonObject).secret;
    expect(schemas.validate(pointer, without)).toContainEqual({
      path: '/data/attributes',
      message: "must have required property 'secret'",
    });
  });
});
