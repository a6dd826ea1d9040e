/**
 * Webhooks (sandbox runs with writes). `webhooks.setup` runs before the walks: it starts a receiver on 127.0.0.1,
 * registers an endpoint for the four transaction types pointing at it (201, Location, the secret shown once; the same
 * key and body again → the same answer byte for byte) and another subscribed to `*` (every type), buys one airtime purchase with the contract's example body — in the
 * sandbox with the magic values of a pending-then-successful scenario, for two events — (not one of the run's
 * purchases: money.before reads the balance after it), and waits until the endpoint's deliveries are
 * no longer pending — so the walks of the second phase read endpoints, deliveries and events that hold still, and
 * the generated filter cases (status, event_id, type, transaction_id) have values. Every request the receiver gets
 * is judged: its signature verifies under a secret the run was shown (webhook_signature_conformance) and its body is
 * a WebhookEvent (webhook_payload_conformance); each event the run's endpoint got reaches the `*` endpoint too
 * (webhook_every_type_delivered). Then the setup arms the receiver: the next delivery to the run's
 * endpoint is answered 500, and `webhooks.retry`, after the writes, checks that it came again (the retry).
 *
 * The write cases (after money.before) exercise the rest: reuse of a key, a missing key, a URL the policy refuses,
 * PATCH, a rotation (and its replay), a redelivery (and an unknown event), DELETE → 204 then 404, and the 404s of
 * unknown ids. Webhook POSTs are sent with send(), never post(): they are not purchases.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { idempotentReplayConformance } from '../checks/idempotent_replay_conformance.ts';
import { locationConformance } from '../checks/location_conformance.ts';
import { webhookPayloadConformance } from '../checks/webhook_payload_conformance.ts';
import { webhookSignatureConformance } from '../checks/webhook_signature_conformance.ts';
import type { CaseContext, CaseDef, RunContext } from '../context.ts';
import type { Exchange, Role } from '../model.ts';
import type { ReceivedWebhook, RunWebhook } from '../shared.ts';
import { pathParamsFor, randomExternalReference, randomUUID } from './common.ts';

const EVENT_TYPES = ['transaction.pending', 'transaction.successful', 'transaction.failed', 'transaction.reversed'];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** In the query of the URLs of every endpoint but the run's own. */
export const OTHER_ENDPOINT = 'conformance_other_endpoint=1';
/** In the query of the URL of the run's `*` endpoint (subscribed to every event type). */
const EVERY_ENDPOINT = 'conformance_every_event=1';
/** A received delivery's event body, or undefined when it is not JSON (the checks say so; a case only looks). */
export const eventOf = (r: ReceivedWebhook): Record<string, any> | undefined => {
  try {
    return JSON.parse(r.body) as Record<string, any>;
  } catch {
    return undefined;
  }
};

export const withQuery = (url: string, query: string) => `${url}${url.includes('?') ? '&' : '?'}${query}`;

type Json = Record<string, any>;

/**
 * A JSON write of a webhook operation, with a new Idempotency-Key on a POST unless `key` says otherwise (null: none),
 * as the `full` key unless `role` names another.
 */
export async function webhookWrite(
  t: CaseContext,
  operationId: string,
  body: unknown,
  opts: {
    key?: string | null;
    pathParams?: Record<string, string>;
    query?: Record<string, string | number>;
    role?: Role;
  } = {},
  expect?: Parameters<CaseContext['send']>[2],
): Promise<Exchange> {
  const op = t.op(operationId);
  const headers: Record<string, string | null> = { 'Content-Type': body === undefined ? null : 'application/json' };
  if (op.method === 'POST') headers['Idempotency-Key'] = opts.key === undefined ? t.newIdempotencyKey() : opts.key;
  return t.send(
    {
      operationId,
      method: op.method as 'POST' | 'PATCH' | 'DELETE',
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      ...(opts.pathParams ? { pathParams: opts.pathParams } : {}),
      ...(opts.query ? { query: opts.query } : {}),
    },
    opts.role ?? 'full',
    expect,
  );
}

/** Starts the run's receiver; it is closed when the run ends. */
async function startReceiver(
  run: RunContext,
): Promise<{ url: string; received: ReceivedWebhook[]; failNext: { armed: boolean } }> {
  const received: ReceivedWebhook[] = [];
  const failNext = { armed: false };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => {
      body += c;
    });
    req.on('end', () => {
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers[k] = v;
      // Once armed (after the setup), the run's own endpoint's next request fails, once: every run sees a retry
      // (webhooks.retry). The other endpoints the cases create point at OTHER_ENDPOINT (they may be deleted first),
      // the setup's `*` endpoint at EVERY_ENDPOINT.
      const path = req.url ?? '';
      const endpoint = path.includes(EVERY_ENDPOINT) ? 'every' : path.includes(OTHER_ENDPOINT) ? 'other' : 'own';
      const answered = failNext.armed && endpoint === 'own' ? 500 : 204;
      if (answered === 500) failNext.armed = false;
      received.push({ headers, body, at: Date.now(), answered, endpoint });
      res.statusCode = answered;
      res.end();
    });
  });
  // With --webhook-url the target is remote: listen where its public URL forwards to (every interface, that port).
  const remote = run.target.webhook;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(remote?.port ?? 0, remote ? undefined : '127.0.0.1', resolve);
  });
  server.unref();
  run.onFinish.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return {
    url: remote?.url ?? `http://127.0.0.1:${(server.address() as AddressInfo).port}/conformance-webhooks`,
    received,
    failNext,
  };
}

/** The receiver's requests judged: signature and payload. */
function judgeReceived(t: CaseContext, hook: RunWebhook, from = 0): void {
  for (const r of hook.received.slice(from)) {
    t.report('webhook_signature_conformance', webhookSignatureConformance(r, hook.secrets));
    t.report('webhook_payload_conformance', webhookPayloadConformance(r, t.run.contract.schemas));
  }
}

/**
 * After the writes (webhooks.setup armed the receiver): the first delivery to the run's endpoint since then was
 * answered 500 — an event of the write phase's purchases, or, when none came, a redelivery made here. That event
 * must come again with the same webhook-id and be answered 2xx, and the endpoint's delivery log must show the
 * attempts: 500 first, 2xx last, status delivered. The first retry comes after about 5 s (the schedule), which
 * the write phase usually covers.
 */
export function webhookRetryCase(): CaseDef {
  return {
    id: 'webhooks.retry',
    group: 'webhooks',
    operationId: 'listWebhookDeliveries',
    needs: ['full'],
    writes: true,
    title: 'a delivery answered 500 is retried: the same webhook-id again, answered 2xx; the log shows 500 then 2xx',
    async run(t) {
      const hook = t.shared.webhook;
      if (!hook) return t.skip('webhooks.setup made no endpoint (see its result)');
      const op = t.op();
      if (hook.failNext.armed) {
        // nothing came for the run's endpoint since the setup: make one delivery
        const eventId = t.shared.walks.get('listEvents')?.items[0]?.id;
        if (!eventId)
          return t.skip('nothing was delivered since the setup and the walk of listEvents read no event to redeliver');
        await webhookWrite(
          t,
          'createWebhookDelivery',
          { event_id: eventId },
          { pathParams: { webhook_id: hook.id } },
          { status: 201 },
        );
      }
      const failed = await until(15_000, async () => hook.received.find((r) => r.answered >= 500));
      if (!failed)
        return t.fail(
          'webhook_retry_conformance',
          op,
          'no delivery reached the receiver within 15 s of a redelivery',
          undefined,
          'a redelivery is sent at once',
        );
      const id = failed.headers['webhook-id']!;
      const again = await until(30_000, async () =>
        hook.received.find(
          (r) =>
            r.at >= failed.at &&
            r !== failed &&
            r.endpoint === 'own' &&
            r.headers['webhook-id'] === id &&
            r.answered < 300,
        ),
      );
      if (!again) {
        return t.fail(
          'webhook_retry_conformance',
          op,
          `the receiver answered event ${id} 500; it did not come again within 30 s (${hook.received.length} requests received in all)`,
          undefined,
          'a delivery answered 5xx is retried on the schedule (first retry after about 5 s) with the same webhook-id',
        );
      }
      let seen = 'no delivery of it';
      const logged = await until(10_000, async () => {
        const ex = await t.send(
          { pathParams: { webhook_id: hook.id }, query: { event_id: id, per_page: 100 } },
          'full',
          { status: 200 },
        );
        const data = ((ex.response?.body as Json | undefined)?.data ?? []) as Json[];
        const mine = data.find((d) => (d.attributes.attempts as Json[] | undefined)?.[0]?.response_status_code === 500);
        if (!mine) return undefined;
        const codes = (mine.attributes.attempts as Json[]).map((a) => a.response_status_code as number);
        seen = `status ${mine.attributes.status}, attempts answered [${codes.join(', ')}]`;
        const last = codes.at(-1)!;
        return mine.attributes.status === 'delivered' && last >= 200 && last < 300 ? mine : undefined;
      });
      if (!logged)
        t.fail(
          'webhook_retry_conformance',
          op,
          `the delivery log of event ${id} shows ${seen}`,
          undefined,
          'status delivered, the first attempt answered 500, the last 2xx',
        );
    },
  };
}

/** The endpoint's deliveries (the first 100). */
async function listDeliveries(t: CaseContext, webhookId: string): Promise<Json[] | undefined> {
  const ex = await t.send(
    { operationId: 'listWebhookDeliveries', pathParams: { webhook_id: webhookId }, query: { per_page: 100 } },
    'full',
    { status: 200 },
  );
  return (ex.response?.body as Json | undefined)?.data as Json[] | undefined;
}

/** The endpoint's deliveries when there are some and none is pending. */
async function settledDeliveries(t: CaseContext, webhookId: string): Promise<Json[] | undefined> {
  const data = await listDeliveries(t, webhookId);
  return data && data.length > 0 && data.every((d) => d.attributes.status !== 'pending') ? data : undefined;
}

async function noPendingPurchase(t: CaseContext): Promise<boolean> {
  const ex = await t.send(
    { operationId: 'listTransactions', query: { status: 'pending', category: 'purchase', per_page: 1 } },
    'full',
    { status: 200 },
  );
  return (ex.response?.body as Json | undefined)?.pagination?.total_count === 0;
}

export async function until<T>(ms: number, fn: () => Promise<T | undefined>): Promise<T | undefined> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v !== undefined || Date.now() > end) return v;
    await sleep(250);
  }
}

const isLoopback = (host: string) => host === '127.0.0.1' || host === 'localhost' || host === '[::1]';

export function webhookSetupCase(): CaseDef {
  return {
    id: 'webhooks.setup',
    group: 'webhooks-setup',
    operationId: 'createWebhookEndpoint',
    needs: ['full'],
    writes: true,
    title:
      'POST /webhooks (a receiver on 127.0.0.1) → 201 + Location + the secret once, a replay byte for byte; a purchase → its events delivered signed and on contract',
    async run(t) {
      if (!t.target.webhook && !isLoopback(new URL(t.target.baseUrl).hostname)) {
        t.skip(
          'the target is not on this machine: it cannot reach a receiver on 127.0.0.1 (give --webhook-url, a public URL that reaches this machine)',
        );
      }
      const { url, received, failNext } = await startReceiver(t.run);
      const body = { url, events: EVENT_TYPES, description: 'conformance run receiver' };
      // First an endpoint subscribed to `*`: every event type, present and future. Made before the run's own endpoint,
      // every event fanned out to that one (the account's pending purchases may settle meanwhile) is fanned out to it.
      const everyEx = await webhookWrite(
        t,
        'createWebhookEndpoint',
        { url: withQuery(url, EVERY_ENDPOINT), events: ['*'], description: 'conformance run receiver, every type' },
        {},
        { status: 201 },
      );
      const every = t.ok<{ data: { id: string; attributes: { secret: string } } }>(everyEx, 'createWebhookEndpoint');
      const key = t.newIdempotencyKey();
      const first = await webhookWrite(t, 'createWebhookEndpoint', body, { key }, { status: 201 });
      const created = t.ok<{ data: { id: string; attributes: { secret: string } } }>(first, 'createWebhookEndpoint');
      if (!created) return;
      t.report('location_conformance', locationConformance(first.response!, t.target.basePath, '/webhooks'), first);
      const again = await webhookWrite(t, 'createWebhookEndpoint', body, { key }, { status: 201 });
      if (again.response)
        t.report('idempotent_replay_conformance', idempotentReplayConformance(first.response!, again.response), again);
      const hook: RunWebhook = {
        id: created.data.id,
        secrets: [created.data.attributes.secret],
        url,
        received,
        transactionId: '',
        failNext,
      };
      if (every) {
        hook.every = { id: every.data.id };
        hook.secrets.push(every.data.attributes.secret);
      }
      // One purchase (the contract's example body), so that events and deliveries exist. In the sandbox, with the
      // magic values of a scenario that answers pending and then successful: two events (a purchase successful at
      // once sends one), so that the filters of the event and delivery lists (event_id, type) have a value to tell
      // apart from another.
      const example = t.op('createAirtimePurchase').requestBody?.examples[0];
      const story =
        t.target.env === 'sandbox'
          ? t.run.contract.scenarios.find(
              (s) => s.operation === 'createAirtimePurchase' && s.outcome === 'pending' && s.then === 'successful',
            )
          : undefined;
      // A new external_reference: the example's own buys once per account.
      const order =
        example && typeof example === 'object'
          ? { ...example, ...(story ? story.when : {}), external_reference: randomExternalReference() }
          : example;
      const bought = await t.send(
        {
          operationId: 'createAirtimePurchase',
          method: 'POST',
          body: JSON.stringify(order),
          headers: { 'Content-Type': 'application/json', 'Idempotency-Key': t.newIdempotencyKey() },
        },
        'full',
        { status: 201 },
      );
      hook.transactionId = (bought.response?.body as Json | undefined)?.data?.id ?? '';
      if (!hook.transactionId) return;
      // Its deliveries no longer pending, nor any purchase of the account (a settlement adds events and deliveries):
      // the walks must read data that holds still. The account's pending purchases get the same 30 s, no more.
      let delivered: Json[] | undefined;
      const settled =
        (await until(30_000, async () => {
          delivered = await settledDeliveries(t, hook.id);
          return delivered && (await noPendingPurchase(t)) ? delivered : undefined;
        })) ?? delivered;
      if (!settled)
        return t.fail(
          'webhook_delivered',
          t.op('listWebhookDeliveries'),
          `no delivery of endpoint ${hook.id} settled within 30 s of purchase ${hook.transactionId}`,
        );
      if (received.length === 0)
        t.fail('webhook_delivered', t.op(), `the deliveries of ${hook.id} say delivered, yet the receiver got nothing`);
      // Every delivery the endpoint's log says delivered reached the receiver (a 2xx came from it, so it got it first).
      const got = new Set(received.filter((r) => r.endpoint === 'own').map((r) => r.headers['webhook-id']));
      const lost = settled.filter((d) => d.attributes.status === 'delivered' && !got.has(d.attributes.event_id));
      if (lost.length)
        t.fail(
          'webhook_delivered',
          t.op('listWebhookDeliveries'),
          `${lost.length} delivery(ies) of ${hook.id} say delivered, yet the receiver never got event(s) ${lost.map((d) => `${d.attributes.event_type} ${d.attributes.event_id}`).join(', ')}`,
          undefined,
          'each event delivered reaches the endpoint',
        );
      if (hook.every) await everyTypeDelivered(t, hook, hook.every.id, settled);
      judgeReceived(t, hook);
      t.shared.webhook = hook;
      failNext.armed = true;
    },
  };
}

/**
 * webhook_every_type_delivered: each event delivered to the run's own endpoint (subscribed to the four
 * transaction types) is delivered to the `*` endpoint too: it reaches the receiver within 30 s and the endpoint's
 * deliveries settle (the walks read data that holds still). An event the `*` endpoint's log says delivered that
 * never reached the receiver is webhook_delivered, as for the run's own endpoint; one it has no delivery of is
 * webhook_every_type_delivered. Its bodies and signatures are judged with the rest (judgeReceived).
 */
async function everyTypeDelivered(t: CaseContext, hook: RunWebhook, everyId: string, own: Json[]): Promise<void> {
  const wanted = own
    .filter((d) => d.attributes.status === 'delivered')
    .map((d) => ({ id: d.attributes.event_id as string, type: d.attributes.event_type as string }));
  const missing = () => {
    const got = new Set(hook.received.filter((r) => r.endpoint === 'every').map((r) => r.headers['webhook-id']));
    return wanted.filter((e) => !got.has(e.id));
  };
  const done = await until(30_000, async () =>
    missing().length === 0 && (await settledDeliveries(t, everyId)) ? true : undefined,
  );
  const lost = missing();
  const logged = new Map(
    ((await listDeliveries(t, everyId)) ?? []).map((d) => [d.attributes.event_id as string, d.attributes.status]),
  );
  const listed = (events: typeof lost) => events.map((e) => `${e.type} ${e.id}`).join(', ');
  const notReached = lost.filter((e) => logged.get(e.id) === 'delivered');
  const notSent = lost.filter((e) => logged.get(e.id) !== 'delivered');
  if (notReached.length)
    t.fail(
      'webhook_delivered',
      t.op('listWebhookDeliveries'),
      `${notReached.length} delivery(ies) of the endpoint ${everyId} subscribed to ["*"] say delivered, yet the receiver never got event(s) ${listed(notReached)}`,
      undefined,
      'each event delivered reaches the endpoint',
    );
  if (notSent.length)
    t.fail(
      'webhook_every_type_delivered',
      t.op('listWebhookDeliveries'),
      `the endpoint ${everyId} subscribed to ["*"] was not delivered, within 30 s, ${notSent.length} event(s) the run's own endpoint was: ${listed(notSent)}`,
      undefined,
      'an endpoint subscribed to * is sent every event of its account, of every type',
    );
  if (!lost.length && !done)
    t.fail(
      'webhook_every_type_delivered',
      t.op('listWebhookDeliveries'),
      `the deliveries of the endpoint ${everyId} subscribed to ["*"] were still pending 30 s after its receiver got them`,
      undefined,
      'a delivery answered 2xx is logged delivered',
    );
}

function needHook(t: CaseContext): RunWebhook {
  const hook = t.shared.webhook;
  if (!hook) t.skip('webhooks.setup created no endpoint');
  return hook;
}

export function webhookCases(): CaseDef[] {
  const w = (
    id: string,
    operationId: string,
    title: string,
    run: (t: CaseContext) => Promise<void>,
    writes = true,
  ): CaseDef => ({
    id: `webhooks.${id}`,
    group: 'webhooks',
    operationId,
    title,
    needs: ['full'],
    ...(writes ? { writes: true } : {}),
    run,
  });
  /** The receiver, for endpoints other than the run's own (the retry check fails only the run's own deliveries). */
  const receiverUrl = (t: CaseContext) => {
    const url = t.shared.webhook?.url ?? 'https://hooks.example.com/conformance';
    return withQuery(url, OTHER_ENDPOINT);
  };
  return [
    // Reads: unknown ids (reachable without writes too).
    w(
      'unknown_endpoint',
      'getWebhookEndpoint',
      'GET /webhooks/{random} → 404 WEBHOOK_NOT_FOUND',
      async (t) => {
        await t.send({ pathParams: { webhook_id: randomUUID() } }, 'full', { status: 404, code: 'WEBHOOK_NOT_FOUND' });
      },
      false,
    ),
    w(
      'unknown_endpoint_deliveries',
      'listWebhookDeliveries',
      'GET /webhooks/{random}/deliveries → 404 WEBHOOK_NOT_FOUND',
      async (t) => {
        await t.send({ pathParams: { webhook_id: randomUUID() } }, 'full', { status: 404, code: 'WEBHOOK_NOT_FOUND' });
      },
      false,
    ),
    w(
      'unknown_endpoint_delivery',
      'getWebhookDelivery',
      'GET /webhooks/{random}/deliveries/{random} → 404 WEBHOOK_NOT_FOUND',
      async (t) => {
        await t.send({ pathParams: { webhook_id: randomUUID(), delivery_id: randomUUID() } }, 'full', {
          status: 404,
          code: 'WEBHOOK_NOT_FOUND',
        });
      },
      false,
    ),
    w(
      'unknown_delivery',
      'getWebhookDelivery',
      'GET /webhooks/{id}/deliveries/{random} → 404 DELIVERY_NOT_FOUND',
      async (t) => {
        const { webhook_id } = pathParamsFor(t, t.op(), true)!;
        await t.send({ pathParams: { webhook_id: webhook_id!, delivery_id: randomUUID() } }, 'full', {
          status: 404,
          code: 'DELIVERY_NOT_FOUND',
        });
      },
      false,
    ),
    w(
      'unknown_event',
      'getEvent',
      'GET /events/{random} → 404 EVENT_NOT_FOUND',
      async (t) => {
        await t.send({ pathParams: { event_id: randomUUID() } }, 'full', { status: 404, code: 'EVENT_NOT_FOUND' });
      },
      false,
    ),
    // Writes.
    w(
      'create_reuse',
      'createWebhookEndpoint',
      'the same Idempotency-Key with another body → 422 IDEMPOTENCY_KEY_REUSED; the endpoint deleted after',
      async (t) => {
        const key = t.newIdempotencyKey();
        const first = await webhookWrite(
          t,
          'createWebhookEndpoint',
          { url: receiverUrl(t), events: ['transaction.reversed'] },
          { key },
          { status: 201 },
        );
        const id = (first.response?.body as Json | undefined)?.data?.id as string | undefined;
        await webhookWrite(
          t,
          'createWebhookEndpoint',
          { url: receiverUrl(t), events: ['transaction.failed'] },
          { key },
          { status: 422, code: 'IDEMPOTENCY_KEY_REUSED' },
        );
        if (id)
          await webhookWrite(
            t,
            'deleteWebhookEndpoint',
            undefined,
            { pathParams: { webhook_id: id } },
            { status: 204 },
          );
      },
    ),
    w(
      'create_key_required',
      'createWebhookEndpoint',
      'POST /webhooks without an Idempotency-Key, or an empty one → 400 IDEMPOTENCY_KEY_REQUIRED',
      async (t) => {
        for (const key of [null, '']) {
          await webhookWrite(
            t,
            'createWebhookEndpoint',
            { url: receiverUrl(t), events: EVENT_TYPES },
            { key },
            { status: 400, code: 'IDEMPOTENCY_KEY_REQUIRED' },
          );
        }
      },
    ),
    w(
      'create_url_not_allowed',
      'createWebhookEndpoint',
      'POST /webhooks with a URL carrying user:password → 422 WEBHOOK_URL_NOT_ALLOWED',
      async (t) => {
        const url = new URL(receiverUrl(t));
        url.username = 'user';
        url.password = 'password';
        await webhookWrite(
          t,
          'createWebhookEndpoint',
          { url: url.href, events: EVENT_TYPES },
          {},
          { status: 422, code: 'WEBHOOK_URL_NOT_ALLOWED' },
        );
      },
    ),
    w(
      'update',
      'updateWebhookEndpoint',
      'PATCH /webhooks/{id} {description} → 200 with it changed, the rest kept; a URL with user:password → 422 WEBHOOK_URL_NOT_ALLOWED; an unknown id → 404',
      async (t) => {
        const hook = needHook(t);
        const description = `conformance ${t.run.api.unique('patch')}`;
        const ex = await webhookWrite(
          t,
          'updateWebhookEndpoint',
          { description },
          { pathParams: { webhook_id: hook.id } },
          { status: 200 },
        );
        const attrs = (t.ok<Json>(ex)?.data as Json | undefined)?.attributes as Json | undefined;
        if (attrs && (attrs.description !== description || attrs.url !== hook.url)) {
          t.fail(
            'patch_applied',
            t.op(),
            `after PATCH {description}, description is ${JSON.stringify(attrs.description)} and url ${JSON.stringify(attrs.url)}`,
            ex,
            'the members given changed, the others kept',
          );
        }
        const bad = new URL(hook.url);
        bad.username = 'user';
        bad.password = 'password';
        await webhookWrite(
          t,
          'updateWebhookEndpoint',
          { url: bad.href },
          { pathParams: { webhook_id: hook.id } },
          { status: 422, code: 'WEBHOOK_URL_NOT_ALLOWED' },
        );
        await webhookWrite(
          t,
          'updateWebhookEndpoint',
          { description },
          { pathParams: { webhook_id: randomUUID() } },
          { status: 404, code: 'WEBHOOK_NOT_FOUND' },
        );
      },
    ),
    w(
      'rotation',
      'createWebhookSecretRotation',
      'POST /webhooks/{id}/secret_rotations {} → 201 with a new secret, a replay byte for byte, another body under the key → 422 IDEMPOTENCY_KEY_REUSED, an unknown id → 404',
      async (t) => {
        const hook = needHook(t);
        const key = t.newIdempotencyKey();
        const first = await webhookWrite(
          t,
          'createWebhookSecretRotation',
          {},
          { key, pathParams: { webhook_id: hook.id } },
          { status: 201 },
        );
        const secret = (t.ok<Json>(first)?.data as Json | undefined)?.attributes?.secret as string | undefined;
        if (secret) hook.secrets.push(secret);
        const again = await webhookWrite(
          t,
          'createWebhookSecretRotation',
          {},
          { key, pathParams: { webhook_id: hook.id } },
          { status: 201 },
        );
        if (first.response && again.response)
          t.report('idempotent_replay_conformance', idempotentReplayConformance(first.response, again.response), again);
        await webhookWrite(
          t,
          'createWebhookSecretRotation',
          {},
          { pathParams: { webhook_id: randomUUID() } },
          { status: 404, code: 'WEBHOOK_NOT_FOUND' },
        );
        await webhookWrite(
          t,
          'createWebhookSecretRotation',
          { x: 1 },
          { pathParams: { webhook_id: hook.id } },
          { status: 400, code: 'INVALID_PARAMETER' },
        );
        const other = t.newIdempotencyKey();
        await webhookWrite(
          t,
          'createWebhookSecretRotation',
          {},
          { key: other, pathParams: { webhook_id: hook.id } },
          { status: 201 },
        ).then((ex) => {
          const s = (ex.response?.body as Json | undefined)?.data?.attributes?.secret;
          if (typeof s === 'string') hook.secrets.push(s);
        });
        await webhookWrite(
          t,
          'createWebhookSecretRotation',
          {},
          { key: other, pathParams: { webhook_id: randomUUID() } },
          { status: 422, code: 'IDEMPOTENCY_KEY_REUSED' },
        );
      },
    ),
    w(
      'redelivery',
      'createWebhookDelivery',
      'POST /webhooks/{id}/deliveries {event_id} → 201, received again with the same webhook-id, signed and on contract; an unknown event → 422 EVENT_NOT_FOUND; an unknown endpoint → 404; the key reused → 422',
      async (t) => {
        const hook = needHook(t);
        const from = hook.received.length;
        const eventId = t.shared.walks.get('listEvents')?.items[0]?.id;
        if (!eventId) return t.skip('the walk of listEvents read no event');
        const key = t.newIdempotencyKey();
        await webhookWrite(
          t,
          'createWebhookDelivery',
          { event_id: eventId },
          { key, pathParams: { webhook_id: hook.id } },
          { status: 201 },
        );
        await webhookWrite(
          t,
          'createWebhookDelivery',
          { event_id: randomUUID() },
          { key, pathParams: { webhook_id: hook.id } },
          { status: 422, code: 'IDEMPOTENCY_KEY_REUSED' },
        );
        await webhookWrite(
          t,
          'createWebhookDelivery',
          { event_id: randomUUID() },
          { pathParams: { webhook_id: hook.id } },
          { status: 422, code: 'EVENT_NOT_FOUND' },
        );
        await webhookWrite(
          t,
          'createWebhookDelivery',
          { event_id: eventId },
          { pathParams: { webhook_id: randomUUID() } },
          { status: 404, code: 'WEBHOOK_NOT_FOUND' },
        );
        const got = await until(15_000, async () =>
          hook.received.slice(from).find((r) => r.endpoint === 'own' && r.headers['webhook-id'] === eventId),
        );
        if (!got)
          return t.fail(
            'webhook_redelivered',
            t.op(),
            `the receiver did not get event ${eventId} again within 15 s of its redelivery`,
          );
        judgeReceived(t, hook, from);
      },
    ),
    w(
      'delete',
      'deleteWebhookEndpoint',
      'DELETE /webhooks/{id} → 204 without a body; then GET and DELETE → 404 WEBHOOK_NOT_FOUND',
      async (t) => {
        const created = await webhookWrite(
          t,
          'createWebhookEndpoint',
          { url: receiverUrl(t), events: ['transaction.reversed'] },
          {},
          { status: 201 },
        );
        const id = (created.response?.body as Json | undefined)?.data?.id as string | undefined;
        if (!id) return;
        const del = await webhookWrite(
          t,
          'deleteWebhookEndpoint',
          undefined,
          { pathParams: { webhook_id: id } },
          { status: 204 },
        );
        if (del.response && del.response.text !== '')
          t.fail(
            'delete_conformance',
            t.op(),
            `the 204 has a body: ${del.response.text.slice(0, 80)}`,
            del,
            '204, no body',
          );
        const after = await t.send({ operationId: 'getWebhookEndpoint', pathParams: { webhook_id: id } }, 'full', {
          status: 404,
          code: 'WEBHOOK_NOT_FOUND',
        });
        if (after.response?.status === 200)
          t.fail(
            'delete_conformance',
            t.op(),
            `the endpoint ${id} is still there after its DELETE answered 204`,
            after,
            'a deleted endpoint is 404 WEBHOOK_NOT_FOUND',
          );
        await webhookWrite(
          t,
          'deleteWebhookEndpoint',
          undefined,
          { pathParams: { webhook_id: id } },
          { status: 404, code: 'WEBHOOK_NOT_FOUND' },
        );
      },
    ),
  ];
}
