/**
 * Retries against a tiny local node:http server that answers what a busy API answers: 503 / 429 with Retry-After,
 * then 201 or 200. The waits go through an injected sleep, so the delays are observed, not slept.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { BillPaymentApiError, backoffDelay, createBillPaymentClient, parseRetryAfter } from '../src/index.ts';

type Client = ReturnType<typeof createBillPaymentClient>;

interface Seen {
  method: string;
  url: string;
  key: string | undefined;
  body: string;
}
type Answer = { status: number; headers?: Record<string, string>; body: unknown };

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

const TX = {
  id: '3f2b1c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  type: 'transaction',
  attributes: { amount: '500.00', currency: 'NGN', status: 'successful', category: 'purchase' },
};
const envelope = (status: number, code: string, message: string) => ({
  status: { code: status, message: 'X' },
  error: { code, message },
});

async function serve(answers: Answer[]): Promise<{ baseUrl: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  server = createServer(async (req: IncomingMessage, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    seen.push({ method: req.method!, url: req.url!, key: req.headers['idempotency-key'] as string | undefined, body });
    const a = answers[Math.min(seen.length - 1, answers.length - 1)]!;
    res.writeHead(a.status, { 'Content-Type': 'application/json', 'X-Request-Id': `req-${seen.length}`, ...a.headers });
    res.end(JSON.stringify(a.body));
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { baseUrl: `http://127.0.0.1:${(server!.address() as AddressInfo).port}/v1`, seen };
}

function recordingSleep() {
  const delays: number[] = [];
  return {
    delays,
    sleep: async (ms: number) => {
      delays.push(ms);
    },
  };
}

describe('retries', () => {
  it('a purchase answered 503 + Retry-After twice is retried after those delays, with the same Idempotency-Key and body', async () => {
    const unavailable = { status: 503, body: envelope(503, 'SERVICE_UNAVAILABLE', 'down') };
    const { baseUrl, seen } = await serve([
      { ...unavailable, headers: { 'Retry-After': '3' } },
      { ...unavailable, headers: { 'Retry-After': '1' } },
      {
        status: 201,
        headers: { Location: '/v1/account/transactions/x' },
        body: { status: { code: 201, message: 'Created' }, data: TX },
      },
    ]);
    const { delays, sleep } = recordingSleep();
    const client = createBillPaymentClient({ apiKey: 'sk_test_x', baseUrl, sleep });
    const result = await client.purchases.airtime({ network: 'MTN', phone_number: '08031234567', amount: '500.00' });
    expect(seen).toHaveLength(3);
    expect(delays).toEqual([3000, 1000]);
    expect(seen.every((s) => s.method === 'POST' && s.url === '/v1/purchases/airtime')).toBe(true);
    expect(seen.map((s) => s.key)).toEqual([result.idempotencyKey, result.idempotencyKey, result.idempotencyKey]);
    expect(new Set(seen.map((s) => s.body)).size).toBe(1);
    expect(JSON.parse(seen[0]!.body)).toEqual({ network: 'MTN', phone_number: '08031234567', amount: '500.00' });
    expect(result.transaction.id).toBe(TX.id);
    expect(result.requestId).toBe('req-3');
  });

  it('a given Idempotency-Key is the one sent on every attempt', async () => {
    const { baseUrl, seen } = await serve([
      { status: 409, headers: { 'Retry-After': '1' }, body: envelope(409, 'IDEMPOTENCY_KEY_IN_USE', 'in use') },
      { status: 201, body: { status: { code: 201, message: 'Created' }, data: TX } },
    ]);
    const { delays, sleep } = recordingSleep();
    const client = createBillPaymentClient({ apiKey: 'sk_test_x', baseUrl, sleep });
    const result = await client.purchases.airtime(
      { network: 'MTN', phone_number: '08031234567', amount: '500.00' },
      { idempotencyKey: 'order-42' },
    );
    expect(seen.map((s) => s.key)).toEqual(['order-42', 'order-42']);
    expect(delays).toEqual([1000]);
    expect(result.idempotencyKey).toBe('order-42');
  });

  it('idempotencyKey: null sends no Idempotency-Key, on every attempt (the external_reference guards the order)', async () => {
    const { baseUrl, seen } = await serve([
      { status: 503, body: envelope(503, 'SERVICE_UNAVAILABLE', 'down') },
      { status: 201, body: { status: { code: 201, message: 'Created' }, data: TX } },
    ]);
    const { sleep } = recordingSleep();
    const client = createBillPaymentClient({ apiKey: 'sk_test_x', baseUrl, sleep });
    const order = {
      product_id: TX.id,
      phone_number: '08031234567',
      amount: '500.00',
      external_reference: '1795000000AB12CD',
    };
    const result = await client.purchases.create(order, { idempotencyKey: null });
    expect(seen.map((s) => [s.url, s.key])).toEqual([
      ['/v1/purchases', undefined],
      ['/v1/purchases', undefined],
    ]);
    expect(JSON.parse(seen[1]!.body)).toEqual(order);
    expect(result.idempotencyKey).toBeNull();
  });

  it('gives up after maxRetries and throws the last answer as BillPaymentApiError with retryAfter', async () => {
    const { baseUrl, seen } = await serve([
      { status: 429, headers: { 'Retry-After': '2' }, body: envelope(429, 'RATE_LIMITED', 'slow down') },
    ]);
    const { delays, sleep } = recordingSleep();
    const client = createBillPaymentClient({ apiKey: 'sk_test_x', baseUrl, sleep, maxRetries: 3 });
    const err = (await client.account.balance().catch((e: unknown) => e)) as BillPaymentApiError;
    expect(err).toBeInstanceOf(BillPaymentApiError);
    expect(err).toMatchObject({
      status: 429,
      code: 'RATE_LIMITED',
      message: 'slow down',
      retryAfter: 2,
      requestId: 'req-4',
    });
    expect(seen).toHaveLength(4);
    expect(delays).toEqual([2000, 2000, 2000]);
  });

  it('maxRetries 0 sends once; without Retry-After the backoff grows exponentially with jitter', async () => {
    const busy = { status: 503, body: envelope(503, 'SERVICE_UNAVAILABLE', 'down') };
    const once = await serve([busy]);
    await expect(
      createBillPaymentClient({
        apiKey: 'sk_test_x',
        baseUrl: once.baseUrl,
        maxRetries: 0,
        sleep: async () => {},
      }).account.get(),
    ).rejects.toMatchObject({ status: 503, retryAfter: null });
    expect(once.seen).toHaveLength(1);
    await new Promise<void>((resolve) => server!.close(() => resolve()));

    const { baseUrl, seen } = await serve([
      busy,
      busy,
      { status: 200, body: { status: { code: 200, message: 'OK' }, data: { balance: '1.00', currency: 'NGN' } } },
    ]);
    const { delays, sleep } = recordingSleep();
    const client = createBillPaymentClient({
      apiKey: 'sk_test_x',
      baseUrl,
      sleep,
      baseDelayMs: 100,
      random: () => 0.5,
    });
    expect((await client.account.balance()).balance).toBe('1.00');
    expect(seen).toHaveLength(3);
    expect(delays).toEqual([75, 150]); // 100·2^n scaled by 0.5 + 0.5/2
  });

  // Answers that another attempt cannot change: a 4xx other than 429, and a 501 (a server without the feature).
  it.each([
    [404, 'TRANSACTION_NOT_FOUND', (c: Client) => c.transactions.get('x')],
    [
      501,
      'WEBHOOKS_NOT_CONFIGURED',
      (c: Client) => c.webhooks.create({ url: 'https://hooks.shop.ng/billpay', events: ['transaction.successful'] }),
    ],
  ] as const)('does not retry a %i %s', async (status, code, call) => {
    const { baseUrl, seen } = await serve([{ status, body: envelope(status, code, 'permanent') }]);
    const { delays, sleep } = recordingSleep();
    const client = createBillPaymentClient({ apiKey: 'sk_test_x', baseUrl, sleep });
    await expect(call(client)).rejects.toMatchObject({ status, code, retryAfter: null });
    expect(seen).toHaveLength(1);
    expect(delays).toEqual([]);
  });

  it('retries a GET after a network error, with backoff', async () => {
    let calls = 0;
    const { delays, sleep } = recordingSleep();
    const client = createBillPaymentClient({
      apiKey: 'sk_test_x',
      baseUrl: 'http://127.0.0.1:9/v1',
      sleep,
      random: () => 0,
      fetch: async () => {
        if (++calls < 3) throw new TypeError('fetch failed');
        return Response.json({ status: { code: 200, message: 'OK' }, data: { balance: '2.00', currency: 'NGN' } });
      },
    });
    expect((await client.account.balance()).balance).toBe('2.00');
    expect(calls).toBe(3);
    expect(delays).toEqual([250, 500]);
  });

  it('parses Retry-After as seconds or an HTTP date; backoff is capped', () => {
    const now = () => Date.parse('2026-11-25T10:00:00Z');
    expect(parseRetryAfter('7', now)).toBe(7000);
    expect(parseRetryAfter('Wed, 25 Nov 2026 10:00:05 GMT', now)).toBe(5000);
    expect(parseRetryAfter('Wed, 25 Nov 2026 09:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
    expect(backoffDelay(10, 500, 10_000, () => 0.999999)).toBeLessThanOrEqual(10_000);
    expect(backoffDelay(10, 500, 10_000, () => 0)).toBe(5000);
  });

  it('honours a Retry-After HTTP date', async () => {
    const at = new Date(Date.parse('2026-11-25T10:00:04Z')).toUTCString();
    const { baseUrl, seen } = await serve([
      { status: 503, headers: { 'Retry-After': at }, body: envelope(503, 'SERVICE_UNAVAILABLE', 'down') },
      { status: 200, body: { status: { code: 200, message: 'OK' }, data: { balance: '3.00', currency: 'NGN' } } },
    ]);
    const { delays, sleep } = recordingSleep();
    const client = createBillPaymentClient({
      apiKey: 'sk_test_x',
      baseUrl,
      sleep,
      now: () => Date.parse('2026-11-25T10:00:00Z'),
    });
    expect((await client.account.balance()).balance).toBe('3.00');
    expect(seen).toHaveLength(2);
    expect(delays).toEqual([4000]);
  });
});
