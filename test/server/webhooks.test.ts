/**
 * Webhooks over HTTP against the reference server (embedded store, the delivery worker every 50 ms, a real receiver
 * on 127.0.0.1): an endpoint's secret shown once and replayed byte for byte but never stored, a purchase's events
 * delivered signed (verified with the standardwebhooks package) and on contract, the delivery log, redelivery with
 * the same webhook-id, rotation with both secrets signing, disable / enable / delete, the URL policy, and endpoints
 * scoped to their account.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContractSchemas, loadBundle } from '../../conformance/contract-schemas.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

type Body = Record<string, any>;
interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  path: string;
}

let srv: TestServer;
let receiver: Server;
const got: Received[] = [];
const schemas = new ContractSchemas(loadBundle());

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => {
      body += c;
    });
    req.on('end', () => {
      got.push({ headers: req.headers, body, path: req.url ?? '' });
      res.statusCode = 204;
      res.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  srv = await startTestServer([], { WEBHOOK_INTERVAL_MS: '50', SETTLEMENT_INTERVAL_MS: '100' });
}, 90_000);
afterAll(async () => {
  await srv?.stop();
  receiver?.close();
});

type Env = 'sandbox' | 'production';
const base = (env: Env = 'sandbox') => srv.demoKeys![env].base_url;
const keyOf = (env: Env = 'sandbox', role = 'full') => (srv.demoKeys![env].keys as Record<string, string>)[role]!;
const hookUrl = (tag: string) => `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/${tag}`;

async function call(
  method: string,
  path: string,
  body?: unknown,
  opts: { env?: Env; role?: string; key?: string | null } = {},
) {
  const headers: Record<string, string> = { Authorization: `Bearer ${keyOf(opts.env, opts.role)}` };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (method === 'POST' && opts.key !== null) headers['Idempotency-Key'] = opts.key ?? randomUUID();
  const r = await fetch(`${base(opts.env)}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await r.text();
  return {
    status: r.status,
    text,
    body: (text ? JSON.parse(text) : null) as Body,
    location: r.headers.get('location'),
    replayed: r.headers.get('idempotent-replayed'),
  };
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until<T>(what: string, fn: () => T | undefined | Promise<T | undefined>, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}
const verify = (secret: string, r: Received) =>
  new Webhook(secret).verify(r.body, r.headers as Record<string, string>) as Body;
const verifies = (secret: string, r: Received) => {
  try {
    verify(secret, r);
    return true;
  } catch {
    return false;
  }
};
// 08022222222: created pending (its `transaction.pending` event at once), successful about 3 s later.
const buyAirtime = async () =>
  (await call('POST', '/purchases/airtime', { network: 'MTN', phone_number: '08022222222', amount: '100.00' })).body
    .data;

describe('webhook endpoints over HTTP', () => {
  it('create answers the secret once; a replay is byte for byte; reads never show it; the database never holds it', async () => {
    const key = randomUUID();
    const first = await call('POST', '/webhooks', { url: hookUrl('a'), events: ['transaction.pending'] }, { key });
    expect(first.status).toBe(201);
    expect(schemas.validate('#/components/schemas/WebhookEndpointWithSecret', first.body.data)).toEqual([]);
    const secret = first.body.data.attributes.secret as string;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(first.body.data.attributes.secret_hint).toBe(`whsec_…${secret.slice(-4)}`);
    expect(first.location).toBe(`${new URL(base()).pathname}/webhooks/${first.body.data.id}`);
    const again = await call('POST', '/webhooks', { url: hookUrl('a'), events: ['transaction.pending'] }, { key });
    expect([again.status, again.replayed, again.text]).toEqual([201, 'true', first.text]);
    const read = await call('GET', `/webhooks/${first.body.data.id}`);
    expect(read.status).toBe(200);
    expect(read.text).not.toContain(secret);
    expect(read.body.data.attributes).not.toHaveProperty('secret');
    const dump = JSON.stringify([
      await srv.store.sql.query('SELECT * FROM webhook_endpoints'),
      await srv.store.sql.query('SELECT * FROM idempotency_keys'),
    ]);
    expect(dump).not.toContain(secret.slice(6));
    await call('DELETE', `/webhooks/${first.body.data.id}`);
  });

  it("delivers a purchase's events signed and on contract; logs them; redelivers with the same webhook-id", async () => {
    const created = await call('POST', '/webhooks', {
      url: hookUrl('b'),
      events: ['transaction.pending', 'transaction.successful'],
    });
    const {
      id,
      attributes: { secret },
    } = created.body.data;
    const purchase = await buyAirtime();
    const mine = () => got.filter((g) => g.path === '/b' && JSON.parse(g.body).data.id === purchase.id);
    const both = await until('both events', () => (mine().length >= 2 ? mine() : undefined));
    for (const r of both) {
      const payload = verify(secret, r);
      expect(r.headers['webhook-id']).toBe(payload.id);
      expect(schemas.validate('#/components/schemas/WebhookEvent', payload)).toEqual([]);
    }
    expect(both.map((r) => JSON.parse(r.body).type).sort()).toEqual(['transaction.pending', 'transaction.successful']);
    const log = await until('delivered log', async () => {
      const l = await call('GET', `/webhooks/${id}/deliveries`);
      return l.body.data.filter((d: Body) => d.attributes.status === 'delivered').length >= 2 ? l : undefined;
    });
    expect(log.body.data[0].attributes.attempts[0]).toMatchObject({
      attempt: 1,
      response_status_code: 204,
      error: null,
    });
    const event = JSON.parse(both[0]!.body) as Body;
    const re = await call('POST', `/webhooks/${id}/deliveries`, { event_id: event.id });
    expect(re.status).toBe(201);
    expect(re.body.data.attributes).toMatchObject({ trigger: 'redelivery', event_id: event.id });
    await until('the redelivery', () =>
      got.filter((g) => g.path === '/b' && g.headers['webhook-id'] === event.id).length >= 2 ? true : undefined,
    );
    expect((await call('POST', `/webhooks/${id}/deliveries`, { event_id: randomUUID() })).body.error.code).toBe(
      'EVENT_NOT_FOUND',
    );
    expect((await call('GET', `/events/${event.id}`)).body.data).toEqual(event);
    await call('DELETE', `/webhooks/${id}`);
  });

  it('rotation: a new secret; during the overlap both sign; the same key on another endpoint is a reuse', async () => {
    const created = (await call('POST', '/webhooks', { url: hookUrl('c'), events: ['transaction.pending'] })).body.data;
    const other = (await call('POST', '/webhooks', { url: hookUrl('c2'), events: ['transaction.pending'] })).body.data;
    const key = randomUUID();
    const rotated = await call('POST', `/webhooks/${created.id}/secret_rotations`, {}, { key });
    expect(rotated.status).toBe(201);
    const next = rotated.body.data.attributes.secret as string;
    expect(next).not.toBe(created.attributes.secret);
    expect(Date.parse(rotated.body.data.attributes.previous_secret_expires_at) - Date.now()).toBeGreaterThan(
      23 * 3600_000,
    );
    expect((await call('POST', `/webhooks/${created.id}/secret_rotations`, {}, { key })).text).toBe(rotated.text);
    expect((await call('POST', `/webhooks/${other.id}/secret_rotations`, {}, { key })).body.error.code).toBe(
      'IDEMPOTENCY_KEY_REUSED',
    );
    const purchase = await buyAirtime();
    const r = await until('the event', () =>
      got.find((g) => g.path === '/c' && JSON.parse(g.body).data.id === purchase.id),
    );
    expect([verifies(next, r), verifies(created.attributes.secret, r)]).toEqual([true, true]);
    await call('DELETE', `/webhooks/${created.id}`);
    await call('DELETE', `/webhooks/${other.id}`);
  });

  it('disable stops deliveries, enable resumes them; delete is 204 and then 404', async () => {
    const e = (await call('POST', '/webhooks', { url: hookUrl('d'), events: ['transaction.pending'] })).body.data;
    const off = await call('PATCH', `/webhooks/${e.id}`, { enabled: false });
    expect(off.body.data.attributes).toMatchObject({ enabled: false, disabled_reason: 'disabled_by_partner' });
    const quiet = await buyAirtime();
    await sleep(400);
    expect(got.some((g) => g.path === '/d' && JSON.parse(g.body).data.id === quiet.id)).toBe(false);
    expect((await call('PATCH', `/webhooks/${e.id}`, { enabled: true })).body.data.attributes).toMatchObject({
      enabled: true,
      disabled_reason: null,
    });
    const heard = await buyAirtime();
    await until('the event after enabling', () =>
      got.find((g) => g.path === '/d' && JSON.parse(g.body).data.id === heard.id),
    );
    const del = await call('DELETE', `/webhooks/${e.id}`);
    expect([del.status, del.text]).toEqual([204, '']);
    expect((await call('GET', `/webhooks/${e.id}`)).body.error.code).toBe('WEBHOOK_NOT_FOUND');
    expect((await call('DELETE', `/webhooks/${e.id}`)).status).toBe(404);
  });

  it.each([
    ['production', 'http://127.0.0.1/hook', 'https'],
    ['production', 'https://10.0.0.7/hook', 'private'],
    ['production', 'https://localhost/hook', 'local'],
    ['production', 'https://user:pw@hooks.example.ng/x', 'credentials'],
    ['sandbox', 'http://169.254.169.254/latest/meta-data', 'link-local'],
  ] as const)('%s refuses %s (422 WEBHOOK_URL_NOT_ALLOWED, in words: %s)', async (env, url, _why) => {
    const r = await call('POST', '/webhooks', { url, events: ['transaction.pending'] }, { env });
    expect(r.status).toBe(422);
    expect(r.body.error.code).toBe('WEBHOOK_URL_NOT_ALLOWED');
    expect(r.body.error.message).not.toMatch(/[\^$\\]/);
  });

  it("an endpoint is its account's alone", async () => {
    const e = (await call('POST', '/webhooks', { url: hookUrl('e'), events: ['transaction.pending'] })).body.data;
    expect((await call('GET', `/webhooks/${e.id}`, undefined, { role: 'low_balance' })).status).toBe(404);
    expect((await call('PATCH', `/webhooks/${e.id}`, { enabled: false }, { role: 'low_balance' })).status).toBe(404);
    expect((await call('GET', `/webhooks/${e.id}/deliveries`, undefined, { role: 'low_balance' })).status).toBe(404);
    expect(
      (await call('GET', '/webhooks', undefined, { role: 'low_balance' })).body.data.map((x: Body) => x.id),
    ).not.toContain(e.id);
    await call('DELETE', `/webhooks/${e.id}`);
  });
});
