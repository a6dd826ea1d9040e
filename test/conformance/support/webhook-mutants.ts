/**
 * Mutants of webhooks: each breaks ONE promise of the webhook side and names the check that must catch it. The
 * reference server delivers to the run's receiver directly, not through the proxy, so the proxy rewrites the URL of
 * every endpoint created through it to a relay of its own (and back, in every answer the suite reads): the relay
 * forwards each delivery to the real receiver, broken as the mutant says. The proxy sees the secrets the server
 * shows (create, rotation), so a relay that changes a body can sign it again, correctly, and break only the body.
 * They need a run with writes (webhooks.setup), on an account of its own (mutants.test.ts gives each one).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import type { Mutant, MutantContext, ProxiedRequest, ProxiedResponse } from './proxy.ts';

type Body = Record<string, any>;
const LOW_BALANCE_EVENT = 'account.low_balance';
/**
 * An event type the `full` key's account never causes (it has no low-balance threshold): only the low_balance key's
 * account does (webhooks.low_balance_event).
 */
const NEVER_SENT = LOW_BALANCE_EVENT;
const isProductEvent = (type: unknown) => typeof type === 'string' && type.startsWith('product.');

/** A delivery as the relay got it from the server: what reaches the receiver, or null to drop it (answered 204). */
interface Delivery {
  headers: Record<string, string>;
  body: string;
}
type Breaks = (d: Delivery, secrets: string[], state: Map<string, unknown>) => Delivery | null;

const pathOf = (req: ProxiedRequest) => new URL(req.path, 'http://proxy').pathname;
const isCreateEndpoint = (req: ProxiedRequest) => req.method === 'POST' && /\/webhooks$/.test(pathOf(req));

interface Relays {
  byTarget: Map<string, string>;
  secrets: string[];
}
const relaysOf = (ctx: MutantContext): Relays => {
  let r = ctx.state.get('relays') as Relays | undefined;
  if (!r) ctx.state.set('relays', (r = { byTarget: new Map(), secrets: [] }));
  return r;
};

/** The relay in front of `target` (one per target URL and proxy), started on first use, closed with the proxy. */
async function relayFor(target: string, ctx: MutantContext, breaks: Breaks): Promise<string> {
  const relays = relaysOf(ctx);
  const known = relays.byTarget.get(target);
  if (known) return known;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const headers: Record<string, string> = {};
        for (const [k, v] of Object.entries(req.headers))
          if (typeof v === 'string' && !['host', 'content-length', 'connection'].includes(k)) headers[k] = v;
        const out = breaks({ headers, body: Buffer.concat(chunks).toString('utf8') }, relays.secrets, ctx.state);
        if (!out) return res.writeHead(204).end();
        const r = await fetch(target, { method: 'POST', headers: out.headers, body: out.body });
        if (r.status >= 500) ctx.state.set(`failed:${out.headers['webhook-id']}`, true);
        res.writeHead(r.status).end(await r.text());
      })().catch(() => res.writeHead(502).end());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  ctx.onClose.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/relay`;
  relays.byTarget.set(target, url);
  return url;
}

/** A mutant whose relay breaks each delivery by `breaks`; every other request and answer is honest. */
function relayed(name: string, breaks: string, check: string, fn: Breaks): Mutant {
  return {
    name,
    breaks,
    check,
    writes: true,
    async request(req, ctx) {
      if (!isCreateEndpoint(req) || req.body === undefined) return undefined;
      let body: Body;
      try {
        body = JSON.parse(req.body) as Body;
      } catch {
        return undefined;
      }
      if (typeof body.url !== 'string' || !/^http:\/\/127\.0\.0\.1:/.test(body.url)) return undefined;
      body.url = await relayFor(body.url, ctx, fn);
      return { ...req, body: JSON.stringify(body) };
    },
    async response(res: ProxiedResponse, req, ctx) {
      const relays = relaysOf(ctx);
      const back = (body: string) => {
        let text = body;
        for (const [target, relay] of relays.byTarget)
          text = text.split(JSON.stringify(relay).slice(1, -1)).join(JSON.stringify(target).slice(1, -1));
        return text;
      };
      // A HEAD answer keeps the GET's Content-Length: that of the GET's body as the suite reads it, URL put back.
      if (req.method === 'HEAD' && relays.byTarget.size && res.headers['content-length'] !== undefined) {
        const get = await ctx.upstream({ ...req, method: 'GET' });
        const text = back(get.body);
        return text === get.body
          ? undefined
          : { ...res, headers: { ...res.headers, 'content-length': String(Buffer.byteLength(text)) } };
      }
      // Back to the receiver's URL wherever the suite reads one; the secrets shown, kept for signing again.
      const text = back(res.body);
      for (const m of text.matchAll(/"secret":"(whsec_[^"]+)"/g))
        if (!relays.secrets.includes(m[1]!)) relays.secrets.push(m[1]!);
      return text === res.body ? undefined : { ...res, body: text };
    },
  };
}

/** The secret the server signed `d` with, among those shown. */
const signedWith = (d: Delivery, secrets: string[]) =>
  secrets.find((s) => {
    try {
      new Webhook(s).verify(d.body, d.headers);
      return true;
    } catch {
      return false;
    }
  });

/**
 * A relay that edits the event bodies it relays — those of `type`, or every one when null — and signs each edited body
 * again with the endpoint's own secret: the signature stays right, only the body is off.
 */
const edited =
  (type: string | null, edit: (event: Body) => void): Breaks =>
  (d, secrets) => {
    const event = JSON.parse(d.body) as Body;
    if (type !== null && event.type !== type) return d;
    edit(event);
    return resigned(d, secrets, JSON.stringify(event));
  };

/** `d` with `body` in place of its own, signed again with the endpoint's own secret: only the body is off. */
function resigned(d: Delivery, secrets: string[], body: string): Delivery {
  const secret = signedWith(d, secrets);
  const headers = secret
    ? {
        ...d.headers,
        'webhook-signature': new Webhook(secret).sign(
          d.headers['webhook-id']!,
          new Date(Number(d.headers['webhook-timestamp']) * 1000),
          body,
        ),
      }
    : d.headers;
  return { headers, body };
}

export const WEBHOOK_MUTANTS: Mutant[] = [
  relayed(
    'webhook_signature_wrong',
    "a delivery is signed with the endpoint's secret",
    'webhook_signature_conformance',
    (d) => {
      // Signed, in the right form, with a secret the partner was never shown.
      const wrong = new Webhook(`whsec_${Buffer.from('not the endpoint secret, 32 bytes!').toString('base64')}`);
      return {
        ...d,
        headers: {
          ...d.headers,
          'webhook-signature': wrong.sign(
            d.headers['webhook-id']!,
            new Date(Number(d.headers['webhook-timestamp']) * 1000),
            d.body,
          ),
        },
      };
    },
  ),
  relayed(
    'webhook_payload_member_missing',
    "a delivery's body is a WebhookEvent (created_at is required)",
    'webhook_payload_conformance',
    // Signed again with the endpoint's own secret: only the body is off contract.
    edited(null, (event) => {
      delete event.created_at;
    }),
  ),
  relayed(
    'webhook_api_version_wrong',
    "every event body carries the contract's version as api_version",
    'webhook_payload_conformance',
    // A well-formed version, but not the contract's: the schema accepts it, only the version check does not.
    edited(null, (event) => {
      event.api_version = '0.9.0';
    }),
  ),
  relayed(
    'webhook_event_never_delivered',
    'every event an endpoint subscribes to reaches it (the first one is dropped, yet logged delivered)',
    'webhook_delivered',
    (d, _secrets, state) => {
      // The first event that comes is swallowed: the server hears 204 and logs it delivered; the receiver never gets it.
      if (state.has('dropped')) return d;
      state.set('dropped', d.headers['webhook-id']);
      return null;
    },
  ),
  relayed(
    'webhook_retry_missing',
    'an event the receiver answered 5xx is retried (the retry is swallowed, yet answered 204)',
    'webhook_retry_conformance',
    (d, _secrets, state) =>
      // A server that never retries: once the receiver failed an event, what comes again for it never reaches it.
      state.has(`failed:${d.headers['webhook-id']}`) ? null : d,
  ),
  {
    name: 'webhook_every_type_not_fanned_out',
    breaks: 'an endpoint subscribed to * receives every event type',
    check: 'webhook_every_type_delivered',
    writes: true,
    // A server whose fan-out leaves `*` out: the endpoint is stored subscribed to a type the run never causes (the
    // account has no low-balance threshold), and every answer the suite reads shows it subscribed to `*`.
    request: (req) => {
      if (!isCreateEndpoint(req) || req.body === undefined) return undefined;
      let body: Body;
      try {
        body = JSON.parse(req.body) as Body;
      } catch {
        return undefined;
      }
      if (!Array.isArray(body.events) || !body.events.includes('*')) return undefined;
      return { ...req, body: JSON.stringify({ ...body, events: [NEVER_SENT] }) };
    },
    async response(res, req, ctx) {
      const back = (text: string) => text.split(`"events":["${NEVER_SENT}"]`).join('"events":["*"]');
      // A HEAD answer keeps the GET's Content-Length: that of the GET's body as the suite reads it.
      if (req.method === 'HEAD' && res.headers['content-length'] !== undefined) {
        const get = await ctx.upstream({ ...req, method: 'GET' });
        const text = back(get.body);
        return text === get.body
          ? undefined
          : { ...res, headers: { ...res.headers, 'content-length': String(Buffer.byteLength(text)) } };
      }
      const text = back(res.body);
      return text === res.body ? undefined : { ...res, body: text };
    },
  },
  relayed(
    'low_balance_event_never_delivered',
    'a debit taking the wallet below its threshold sends account.low_balance (the relay swallows them, answered 204)',
    'webhook_low_balance_event',
    // A server that never sends the event: what comes for account.low_balance never reaches the receiver.
    (d) => ((JSON.parse(d.body) as Body).type === LOW_BALANCE_EVENT ? null : d),
  ),
  relayed(
    'low_balance_event_balance_stale',
    "an account.low_balance event's balance is the wallet right after the debit",
    'webhook_low_balance_event',
    // The balance as it was before the debit (the threshold or more): read too early. Signed again: only data is off.
    edited(LOW_BALANCE_EVENT, (event) => {
      event.data.attributes.balance = event.data.attributes.low_balance_threshold;
    }),
  ),
  relayed(
    'product_events_never_delivered',
    'a sandbox drill sends its product.* events (the relay swallows them, answered 204)',
    'webhook_product_events',
    // A server that never announces a product: what comes for product.* never reaches the receiver.
    (d) => (isProductEvent((JSON.parse(d.body) as Body).type) ? null : d),
  ),
  relayed(
    'product_event_availability_stale',
    "a product.unavailable event's data says available: false",
    'webhook_product_events',
    // The product as it was before it went offline: read too early. Signed again: only data is off.
    edited('product.unavailable', (event) => {
      event.data.attributes.available = true;
    }),
  ),
  relayed(
    'product_price_changed_stale',
    "a product.price_changed event's data carries the new price",
    'webhook_product_events',
    // The product with the price it had before the change, beside that same previous_price. Signed again.
    edited('product.price_changed', (event) => {
      event.data.attributes.price = event.previous_price;
    }),
  ),
  {
    name: 'webhook_delete_ignored',
    breaks: 'DELETE /webhooks/{id} deletes the endpoint',
    check: 'delete_conformance',
    writes: true,
    // The endpoint is only looked at (GET), and answered as deleted all the same: 204, no body.
    request: (req) =>
      req.method === 'DELETE' && /\/webhooks\/[^/]+$/.test(pathOf(req))
        ? { ...req, method: 'GET', headers: { ...req.headers, 'x-mutant-was-delete': '1' } }
        : undefined,
    response: (res, req) =>
      req.headers['x-mutant-was-delete'] && res.status === 200
        ? {
            status: 204,
            headers: Object.fromEntries(
              Object.entries(res.headers).filter(([k]) => !/^(content-type|content-length|etag)$/.test(k)),
            ),
            body: '',
          }
        : undefined,
  },
];
