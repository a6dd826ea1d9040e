/**
 * Catalogue changes over HTTP against the reference server (embedded store, its admin socket, the delivery worker
 * every 50 ms, a real receiver on 127.0.0.1): the console's `products set-availability` / `set-price`, run while the
 * server holds the store (through its admin socket), take effect at once — the product is listed with its new state,
 * a purchase of an offline product is 422 PRODUCT_UNAVAILABLE with nothing recorded or debited, a purchase after a
 * price change is charged the new price — and each change is a product.* event delivered signed, on contract, to an
 * endpoint subscribed to it, and listed by GET /events.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContractSchemas, loadBundle } from '../../conformance/contract-schemas.ts';
import { runConsole } from '../../server/console/main.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

type Body = Record<string, any>;
interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

let srv: TestServer;
let receiver: Server;
const got: Received[] = [];
const schemas = new ContractSchemas(loadBundle());
let secret: string;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      got.push({ headers: req.headers, body });
      res.statusCode = 204;
      res.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  // No settlement worker: the test compares the balance before and after a refused purchase, and the worker would
  // refund a pending demo purchase in between (seen in a full run).
  srv = await startTestServer(['--no-settlement'], { WEBHOOK_INTERVAL_MS: '50', WEBHOOKS_ALLOW_PRIVATE: 'true' });
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/catalogue`;
  const created = await call('POST', '/webhooks', {
    url,
    events: ['product.price_changed', 'product.unavailable', 'product.available'],
  });
  expect(created.status, created.text).toBe(201);
  secret = created.body.data.attributes.secret as string;
}, 90_000);
afterAll(async () => {
  await srv?.stop();
  receiver?.close();
});

const base = () => srv.demoKeys!.sandbox.base_url;
const key = () => (srv.demoKeys!.sandbox.keys as Record<string, string>)['full']!;

async function call(method: string, path: string, body?: unknown) {
  const headers: Record<string, string> = { Authorization: `Bearer ${key()}` };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (method === 'POST') headers['Idempotency-Key'] = randomUUID();
  const r = await fetch(`${base()}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await r.text();
  return { status: r.status, text, body: (text ? JSON.parse(text) : null) as Body };
}

async function consoleRun(...args: string[]) {
  const lines: string[] = [];
  const code = await runConsole([...args, '--data-dir', srv.dataDir, '--json'], {}, (l) => lines.push(l));
  expect(code, lines.join('\n')).toBe(0);
  return JSON.parse(lines.join('\n')) as Body;
}

async function until<T>(what: string, fn: () => T | undefined | Promise<T | undefined>, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The delivered event of `type` about `productId`, verified and checked against the contract. */
async function delivered(type: string, productId: string): Promise<Body> {
  const r = await until(`${type} of ${productId}`, () =>
    got.find((g) => {
      const b = JSON.parse(g.body) as Body;
      return b.type === type && b.data?.id === productId;
    }),
  );
  const body = new Webhook(secret).verify(r.body, r.headers as Record<string, string>) as Body;
  expect(schemas.validate('#/components/schemas/WebhookEvent', body)).toEqual([]);
  return body;
}

const listed = async (path: string, id: string) =>
  ((await call('GET', `${path}?per_page=100`)).body.data as Body[]).find((p) => p.id === id)!;
const balance = async () => (await call('GET', '/account/balance')).body.data.balance as string;
const transactionCount = async () =>
  (await call('GET', '/account/transactions?per_page=1')).body.pagination.total_count;

describe('catalogue changes made with the console while the server runs', () => {
  it('an offline bouquet is listed with available: false, refused with 422 PRODUCT_UNAVAILABLE (nothing recorded or debited), and sold again once available; each change is an event', async () => {
    const bouquet = (await call('GET', '/products/cabletv?per_page=100')).body.data.at(-1) as Body;
    expect(bouquet.attributes.available).toBe(true);
    const off = await consoleRun(
      'products',
      'set-availability',
      '--env',
      'sandbox',
      '--product',
      bouquet.id,
      '--available',
      'false',
    );
    expect(off).toMatchObject({ id: bouquet.id, available: false });
    expect((await listed('/products/cabletv', bouquet.id)).attributes).toEqual({
      ...bouquet.attributes,
      available: false,
    });

    const [before, count] = [await balance(), await transactionCount()];
    const refused = await call('POST', '/purchases/cabletv', {
      product_id: bouquet.id,
      smartcard_number: '1212121212',
    });
    expect(refused.status, refused.text).toBe(422);
    expect(refused.body.error.code).toBe('PRODUCT_UNAVAILABLE');
    expect(schemas.validate('#/components/schemas/ErrorResponse', refused.body)).toEqual([]);
    expect([await balance(), await transactionCount()]).toEqual([before, count]);

    const unavailable = await delivered('product.unavailable', bouquet.id);
    expect(unavailable.data).toEqual({ ...bouquet, attributes: { ...bouquet.attributes, available: false } });
    expect(unavailable).not.toHaveProperty('previous_price');

    await consoleRun(
      'products',
      'set-availability',
      '--env',
      'sandbox',
      '--product',
      bouquet.id,
      '--available',
      'true',
    );
    const available = await delivered('product.available', bouquet.id);
    expect(available.data).toEqual(bouquet);
    const sold = await call('POST', '/purchases/cabletv', { product_id: bouquet.id, smartcard_number: '1212121212' });
    expect(sold.status, sold.text).toBe(201);

    const events = (await call('GET', '/events?per_page=100')).body.data as Body[];
    const mine = events.filter((e) => e.data?.id === bouquet.id).map((e) => e.type);
    expect(mine).toEqual(['product.available', 'product.unavailable']);
  });

  it('a new price is listed at once, charged to the next purchase, and sent with the price it replaced', async () => {
    const plan = (await call('GET', '/products/dataplans?per_page=100')).body.data.at(-1) as Body;
    const old = plan.attributes.price as Body;
    const newAmount = (Number(old.amount) + 10).toFixed(2);
    const changed = await consoleRun(
      'products',
      'set-price',
      '--env',
      'sandbox',
      '--product',
      plan.id,
      '--price',
      newAmount,
    );
    expect(changed).toMatchObject({ id: plan.id, price: newAmount, previous_price: old.amount });
    expect((await listed('/products/dataplans', plan.id)).attributes.price).toEqual({ ...old, amount: newAmount });

    const bought = await call('POST', '/purchases/data', { product_id: plan.id, phone_number: '08011111111' });
    expect(bought.status, bought.text).toBe(201);
    expect(bought.body.data.attributes.price).toMatchObject({ product_amount: newAmount, total_debit: newAmount });

    const event = await delivered('product.price_changed', plan.id);
    expect(event.data).toEqual({ ...plan, attributes: { ...plan.attributes, price: { ...old, amount: newAmount } } });
    expect(event.previous_price).toEqual(old);
    const read = await call('GET', `/events/${event.id}`);
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual(event);
  });

  it('an airtime range changes in the attributes and the price alike', async () => {
    const mtn = ((await call('GET', '/products/airtimes?network=MTN')).body.data as Body[])[0]!;
    const r = await consoleRun(
      'products',
      'set-price',
      '--env',
      'sandbox',
      '--product',
      mtn.id,
      '--min-amount',
      '100',
      '--max-amount',
      '20000',
    );
    expect(r).toMatchObject({ price: '100.00-20000.00' });
    const now = await listed('/products/airtimes', mtn.id);
    expect(now.attributes).toMatchObject({
      min_amount: '100.00',
      max_amount: '20000.00',
      price: { basis: 'face_value', min_amount: '100.00', max_amount: '20000.00' },
    });
    const event = await delivered('product.price_changed', mtn.id);
    expect(event.previous_price).toEqual(mtn.attributes.price);
    const low = await call('POST', '/purchases/airtime', {
      network: 'MTN',
      phone_number: '08011111111',
      amount: '50.00',
    });
    expect([low.status, low.body.error?.code]).toEqual([422, 'AMOUNT_OUT_OF_RANGE']);
  });
});
