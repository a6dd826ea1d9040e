/**
 * The webhook side of the contract: the top-level `webhooks` (one POST per event type, the Standard Webhooks headers,
 * the receiver's answers), every payload example a valid `WebhookEvent` of its entry's type, the request bodies
 * closed, and the value forms (secret, hint, URL, description, events, signature and timestamp headers) checked over
 * whole classes of values built from their words — values signed by `standardwebhooks` itself where there is a
 * signature. Every `pattern` of the webhook components is described in words with an example that it matches.
 */
import fc from 'fast-check';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { ContractSchemas } from '../../conformance/contract-schemas.ts';
import { bundle, deref, type JsonObject } from '../helpers/bundle.ts';

const schemas = new ContractSchemas(bundle);
const components = bundle.components as JsonObject;
const webhooks = bundle.webhooks as JsonObject;
const EVENT_TYPES = [
  'transaction.pending',
  'transaction.successful',
  'transaction.failed',
  'transaction.reversed',
  'account.low_balance',
  'product.price_changed',
  'product.unavailable',
  'product.available',
];
const PRODUCT_KINDS = ['airtime', 'dataplan', 'electricity', 'cabletv'];
/** What an endpoint subscribes to: the event types, and `*` (every type, present and future). */
const SUBSCRIPTIONS = ['*', ...EVENT_TYPES];
const ok = (pointer: string, v: unknown): void => {
  expect(schemas.validate(pointer, v), JSON.stringify(v)).toEqual([]);
};
const bad = (pointer: string, v: unknown): void => {
  expect(schemas.validate(pointer, v), JSON.stringify(v)).not.toEqual([]);
};
const EVENT = '#/components/schemas/WebhookEvent';

describe('the top-level webhooks', () => {
  it("has one POST per event type, named after it, with the three signature headers and the receiver's answers", () => {
    expect(Object.keys(webhooks)).toEqual(EVENT_TYPES);
    expect((components.schemas as JsonObject).WebhookEventType).toMatchObject({ enum: EVENT_TYPES });
    expect((components.schemas as JsonObject).WebhookEventSubscription).toMatchObject({ enum: SUBSCRIPTIONS });
    for (const [name, item] of Object.entries(webhooks)) {
      expect(Object.keys(deref(item)), name).toEqual(['post']);
      const post = deref(item).post as JsonObject;
      expect(post.operationId, name).toBeUndefined(); // no handler of ours serves it
      expect(post.security, name).toEqual([]);
      const params = (post.parameters as JsonObject[]).map((p) => deref(p));
      expect(
        params.map((p) => [p.name, p.in, p.required]),
        name,
      ).toEqual([
        ['webhook-id', 'header', true],
        ['webhook-timestamp', 'header', true],
        ['webhook-signature', 'header', true],
      ]);
      const media = (deref(post.requestBody!).content as JsonObject)['application/json'] as JsonObject;
      expect(media.schema, name).toEqual({ $ref: EVENT });
      expect(Object.keys(post.responses as JsonObject).sort(), name).toEqual(['2XX', '410', 'default']);
    }
  });

  const payloads = Object.entries(webhooks).flatMap(([name, item]) => {
    const media = (deref((deref(item).post as JsonObject).requestBody!).content as JsonObject)[
      'application/json'
    ] as JsonObject;
    return Object.entries(media.examples as JsonObject).map(
      ([ex, e]) => [`${name} ${ex}`, name, deref(e).value as JsonObject] as const,
    );
  });

  it.each(payloads)(
    'payload example %s is a valid WebhookEvent of its type and the version of the contract, its data of that type',
    (_w, type, value) => {
      ok(EVENT, value);
      expect(value.type).toBe(type);
      expect(value.api_version).toBe((bundle.info as JsonObject).version);
      const data = value.data as JsonObject;
      const attributes = data.attributes as JsonObject;
      if (type.startsWith('product.')) {
        // The product after the change (no updated_at of its own: created_at is when it changed).
        expect(PRODUCT_KINDS).toContain(data.type);
        if (type === 'product.price_changed') {
          const price = attributes.price as JsonObject;
          const previous = value.previous_price as JsonObject;
          expect(previous.basis).toBe(price.basis);
          expect(previous).not.toEqual(price);
        } else {
          expect(attributes.available).toBe(type === 'product.available');
          expect(value.previous_price).toBeUndefined();
        }
        return;
      }
      expect(value.previous_price).toBeUndefined();
      if (type.startsWith('transaction.')) {
        expect(data.type).toBe('transaction');
        expect(attributes.status).toBe(type.replace('transaction.', ''));
      } else {
        expect([type, data.type]).toEqual(['account.low_balance', 'account_balance']);
        expect(Number(attributes.balance)).toBeLessThan(Number(attributes.low_balance_threshold));
      }
      expect(value.created_at).toBe(attributes.updated_at);
    },
  );

  it('rejects a payload with an unknown type, without data, or with data that is no Transaction', () => {
    const value = payloads[0]![2];
    bad(EVENT, { ...value, type: 'transaction.refunded' });
    const { data: _d, ...noData } = value;
    bad(EVENT, noData);
    bad(EVENT, { ...value, data: { ...(value.data as JsonObject), type: 'account' } });
    const { api_version: _v, ...noVersion } = value;
    bad(EVENT, noVersion);
    bad(EVENT, { ...value, api_version: 'v1' });
  });
});

const body = (name: string) => `#/components/schemas/${name}`;
const uuid = fc.uuid().map((u) => u.toLowerCase());
const eventTypes = fc.subarray(SUBSCRIPTIONS, { minLength: 1, maxLength: 4 });
const urls = fc
  .tuple(fc.constantFrom('https', 'http', 'HTTPS', 'Https'), fc.domain(), fc.webPath())
  .map(([s, d, p]) => `${s}://${d}${p}`);

describe('request bodies', () => {
  const KNOWN: Record<string, string[]> = {
    WebhookEndpointCreateRequest: ['url', 'events', 'description'],
    WebhookEndpointUpdateRequest: ['url', 'events', 'description', 'enabled'],
    WebhookSecretRotationRequest: [],
    WebhookRedeliveryRequest: ['event_id'],
  };
  const valid = {
    WebhookEndpointCreateRequest: fc.record(
      { url: urls, events: eventTypes, description: fc.option(fc.constant('Shop')) },
      { requiredKeys: ['url', 'events'] },
    ),
    WebhookEndpointUpdateRequest: fc
      .record(
        { url: urls, events: eventTypes, description: fc.constant(null), enabled: fc.boolean() },
        { requiredKeys: [] },
      )
      .filter((b) => Object.keys(b).length > 0),
    WebhookSecretRotationRequest: fc.constant({}),
    WebhookRedeliveryRequest: fc.record({ event_id: uuid }),
  };

  it.each(Object.keys(KNOWN))('%s accepts its members and refuses any unknown one', (name) => {
    const schema = (components.schemas as JsonObject)[name] as JsonObject;
    expect(schema.additionalProperties).toBe(false);
    expect(Object.keys((schema.properties ?? {}) as JsonObject)).toEqual(KNOWN[name]);
    const arb = valid[name as keyof typeof valid] as fc.Arbitrary<JsonObject>;
    const unknown = fc
      .string({ minLength: 1, maxLength: 20 })
      .filter((k) => !KNOWN[name]!.includes(k) && k !== '__proto__');
    fc.assert(
      fc.property(arb, unknown, fc.jsonValue(), (b, k, v) => {
        ok(body(name), b);
        expect(schemas.validate(body(name), { ...b, [k]: v }).map((p) => p.message)).toContain(
          `must NOT have additional properties (${k})`,
        );
      }),
    );
  });

  it('an update must change something, a create needs url and events, a redelivery its event', () => {
    bad(body('WebhookEndpointUpdateRequest'), {});
    bad(body('WebhookEndpointCreateRequest'), { url: 'https://hooks.shop.ng/x' });
    bad(body('WebhookEndpointCreateRequest'), { events: ['transaction.failed'] });
    bad(body('WebhookRedeliveryRequest'), {});
    fc.assert(
      fc.property(uuid, (u) =>
        bad(body('WebhookRedeliveryRequest'), { event_id: u.toUpperCase().replace(/^[0-9]/, 'A') }),
      ),
    );
  });
});

describe('value forms, from their words', () => {
  const S = '#/components/schemas';
  const bytes = (min: number, max: number) =>
    fc.uint8Array({ minLength: min, maxLength: max }).map((b) => Buffer.from(b).toString('base64'));

  it('secret: whsec_ + standard base64 of exactly 32 bytes; its hint: whsec_… + its last 4 characters', () => {
    fc.assert(
      fc.property(bytes(32, 32), (b) => {
        ok(`${S}/WebhookSecret`, `whsec_${b}`);
        ok(`${S}/WebhookEndpointAttributes/properties/secret_hint`, `whsec_…${`whsec_${b}`.slice(-4)}`);
        bad(`${S}/WebhookSecret`, b);
        bad(`${S}/WebhookEndpointAttributes/properties/secret_hint`, `whsec_...${b.slice(-4)}`);
      }),
    );
    fc.assert(
      fc.property(
        bytes(1, 64).filter((b) => b.length !== 44),
        (b) => bad(`${S}/WebhookSecret`, `whsec_${b}`),
      ),
    );
    fc.assert(
      fc.property(
        bytes(32, 32).filter((b) => /[+/]/.test(b)),
        (b) => bad(`${S}/WebhookSecret`, `whsec_${b.replace(/\+/g, '-').replace(/\//g, '_')}`),
      ),
    );
  });

  it('url: an absolute http(s) URL of at most 2048 characters', () => {
    fc.assert(fc.property(urls, (u) => ok(`${S}/WebhookUrl`, u)));
    fc.assert(
      fc.property(fc.constantFrom('ftp', 'javascript', 'file', 'ws', 'httpx'), fc.domain(), (s, d) =>
        bad(`${S}/WebhookUrl`, `${s}://${d}/`),
      ),
    );
    fc.assert(fc.property(fc.webPath(), (p) => bad(`${S}/WebhookUrl`, p || '/')));
    bad(`${S}/WebhookUrl`, `https://hooks.shop.ng/${'a'.repeat(2030)}`);
  });

  it('description: one line of at most 256 characters, or null', () => {
    const line = fc.string({ unit: 'grapheme', maxLength: 64 }).filter((s) => !/[\x00-\x1F\x7F]/.test(s));
    fc.assert(fc.property(line, (s) => ok(`${S}/WebhookDescription`, s)));
    fc.assert(
      fc.property(line, fc.integer({ min: 0, max: 0x1f }), line, (a, c, b) =>
        bad(`${S}/WebhookDescription`, a + String.fromCharCode(c) + b),
      ),
    );
    ok(`${S}/WebhookDescription`, null);
    bad(`${S}/WebhookDescription`, 'x'.repeat(257));
  });

  it('events: 1 to 4 distinct event types or *', () => {
    fc.assert(fc.property(eventTypes, (e) => ok(`${S}/WebhookEventTypes`, e)));
    fc.assert(fc.property(eventTypes, (e) => bad(`${S}/WebhookEventTypes`, [...e, e[0]])));
    ok(`${S}/WebhookEventTypes`, ['*']);
    bad(`${S}/WebhookEventTypes`, []);
    bad(`${S}/WebhookEventTypes`, ['transaction.refunded']);
    bad(`${S}/WebhookEventTypes`, ['transaction.*']);
    bad(`${S}/WebhookEventTypes`, SUBSCRIPTIONS.slice(0, 5));
  });

  it('webhook-signature: one or two v1 signatures as standardwebhooks makes them; webhook-timestamp: Unix seconds', () => {
    const SIG = '#/components/parameters/WebhookSignature/schema';
    const secret = bytes(32, 32).map((b) => `whsec_${b}`);
    fc.assert(
      fc.property(
        secret,
        secret,
        fc.uuid(),
        fc.string(),
        fc.integer({ min: 0, max: 999_999_999_999 }),
        (a, b, id, payload, ts) => {
          const sa = new Webhook(a).sign(id, new Date(ts * 1000), payload);
          const sb = new Webhook(b).sign(id, new Date(ts * 1000), payload);
          ok(SIG, sa);
          ok(SIG, `${sa} ${sb}`);
          bad(SIG, `${sa} ${sb} ${sa}`);
          bad(SIG, sa.replace('v1,', 'v2,'));
          ok('#/components/parameters/WebhookTimestamp/schema', String(ts));
        },
      ),
    );
    for (const t of ['', '-1', '1.5', '1e9', ' 1', '1234567890123'])
      bad('#/components/parameters/WebhookTimestamp/schema', t);
  });
});

describe('patterns are described in words with an example', () => {
  /** Every node with a `pattern` under a webhook component, with the description that explains it. */
  function patterned(
    node: unknown,
    path: string,
    described: string | undefined,
    out: [string, string, string | undefined][],
  ) {
    if (typeof node !== 'object' || node === null) return;
    const n = node as JsonObject;
    const words = typeof n.description === 'string' ? n.description : described;
    if (typeof n.pattern === 'string') out.push([path, n.pattern, words]);
    for (const [k, v] of Object.entries(n))
      if (k !== 'examples' && k !== 'example') patterned(v, `${path}/${k}`, words, out);
  }
  const found: [string, string, string | undefined][] = [];
  for (const kind of ['schemas', 'parameters', 'headers']) {
    for (const [name, c] of Object.entries(components[kind] as JsonObject))
      if (name.includes('Webhook')) patterned(c, `${kind}/${name}`, undefined, found);
  }

  it('finds the webhook patterns', () => expect(found.length).toBeGreaterThanOrEqual(8));
  it.each(found)('%s: an example in its description matches it', (_path, pattern, words) => {
    const examples = [...(words ?? '').matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
    expect(
      examples.some((e) => new RegExp(pattern, 'u').test(e)),
      `${pattern} in: ${words}`,
    ).toBe(true);
  });
});
