/** The client against the REAL reference server (embedded store, demo data, sandbox demo keys). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/helpers/server.ts';
import { BillPaymentApiError, createBillPaymentClient, type BillPaymentClient } from '../src/index.ts';

let srv: TestServer;
let client: BillPaymentClient;
let baseUrl: string;

beforeAll(async () => {
  // No settlement worker: demo transactions keep their status while the pages are compared.
  srv = await startTestServer(['--no-settlement']);
  baseUrl = srv.demoKeys!.sandbox.base_url;
  client = createBillPaymentClient({ apiKey: srv.demoKeys!.sandbox.keys.full, baseUrl });
});
afterAll(async () => srv?.stop());

describe('reads', () => {
  it('gets the health, the account and the balance', async () => {
    expect((await client.health.get()).status).toBe('ok');
    const account = await client.account.get();
    expect(account.type).toBe('account');
    expect(account.attributes.email).toMatch(/@/);
    const balance = await client.account.balance();
    expect(balance.currency).toBe('NGN');
    expect(balance.balance).toMatch(/^\d+\.\d{2}$/);
  });

  it('lists a page of transactions with its pagination', async () => {
    const page = await client.transactions.list({ per_page: 5, page: 2 });
    expect(page.data).toHaveLength(5);
    expect(page.pagination).toMatchObject({ page: 2, per_page: 5 });
    expect(page.pagination.total_count).toBeGreaterThan(10);
    expect(page.pagination.total_pages).toBe(Math.ceil(page.pagination.total_count / 5));
  });

  it('iterates every page: as many transactions as total_count, each once, in the order of the pages', async () => {
    const all: string[] = [];
    for await (const tx of client.transactions.iterate({ per_page: 37 })) all.push(tx.id);
    const first = await client.transactions.list({ per_page: 100 });
    expect(all).toHaveLength(first.pagination.total_count);
    expect(new Set(all).size).toBe(all.length);
    const second = await client.transactions.list({ per_page: 100, page: 2 });
    expect(all.slice(0, 200)).toEqual([...first.data, ...second.data].map((t) => t.id).slice(0, 200));
  });

  it('iterates with filters: only matching transactions, total_count of them', async () => {
    const filters = { status: 'successful', category: 'purchase' } as const;
    const seen = [];
    for await (const tx of client.transactions.iterate({ filters, per_page: 20 })) seen.push(tx);
    const { pagination } = await client.transactions.list({ ...filters, per_page: 1 });
    expect(pagination.total_count).toBeGreaterThan(20);
    expect(seen).toHaveLength(pagination.total_count);
    expect(seen.every((t) => t.attributes.status === 'successful' && t.attributes.category === 'purchase')).toBe(true);
  });

  it('gets a transaction by id, by txn_<id> and by external reference', async () => {
    const tx = (await client.transactions.list({ per_page: 100 })).data.find(
      (t) => t.attributes.external_reference !== null,
    );
    expect(tx).toBeDefined();
    expect(await client.transactions.get(tx!.id)).toEqual(tx);
    expect((await client.transactions.get(`txn_${tx!.id}`)).id).toBe(tx!.id);
    expect((await client.transactions.get(tx!.attributes.external_reference!)).id).toBe(tx!.id);
  });

  it('lists the catalogues and verifies a meter', async () => {
    expect((await client.products.listCategories()).data.length).toBe(4);
    const airtimes = await client.products.listAirtimes({ network: 'mtn' });
    expect(airtimes.data.length).toBeGreaterThan(0);
    expect(airtimes.data.every((p) => p.attributes.network === 'MTN')).toBe(true);
    const [ikedc] = (await client.products.listElectricity({ distributor: 'IKEDC' })).data;
    const meter = await client.verifications.meter(ikedc!.id, '45678901234');
    expect(meter.attributes.meter_number).toBe('45678901234');
  });
});

describe('errors', () => {
  it('turns a 404 into BillPaymentApiError with the envelope code, status and request id', async () => {
    const err = await client.transactions.get('00000000-0000-4000-8000-000000000000').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BillPaymentApiError);
    const e = err as BillPaymentApiError;
    expect(e.status).toBe(404);
    expect(e.code).toBe('TRANSACTION_NOT_FOUND');
    expect(e.message).toBe('No transaction matches this identifier.');
    expect(e.requestId).toMatch(/^[A-Za-z0-9._-]{1,128}$/);
    expect(e.retryAfter).toBeNull();
  });

  it('an unauthenticated call is a 401 AUTHENTICATION_REQUIRED; a wrong key INVALID_CREDENTIALS', async () => {
    const anonymous = createBillPaymentClient({ baseUrl });
    expect((await anonymous.health.get()).status).toBe('ok');
    await expect(anonymous.account.get()).rejects.toMatchObject({ status: 401, code: 'AUTHENTICATION_REQUIRED' });
    const wrong = createBillPaymentClient({ apiKey: srv.demoKeys!.sandbox.keys.regenerated_old, baseUrl });
    await expect(wrong.account.balance()).rejects.toMatchObject({ status: 401, code: 'INVALID_CREDENTIALS' });
  });

  it('a 400 carries the details of the envelope', async () => {
    const err = (await client.transactions.list({ per_page: 500 }).catch((e: unknown) => e)) as BillPaymentApiError;
    expect(err).toBeInstanceOf(BillPaymentApiError);
    expect(err.code).toBe('INVALID_PARAMETER');
    expect(err.details.map((d) => d.parameter)).toContain('per_page');
  });

  it('a key without the scope is a 403 INSUFFICIENT_SCOPE', async () => {
    const balanceOnly = createBillPaymentClient({ apiKey: srv.demoKeys!.sandbox.keys.balance_only, baseUrl });
    await expect(balanceOnly.transactions.list()).rejects.toMatchObject({ status: 403, code: 'INSUFFICIENT_SCOPE' });
  });
});

describe('purchases', () => {
  const body = { network: 'MTN', phone_number: '08031234567', amount: '500.00' } as const;

  it('buys airtime on a sandbox key with a generated Idempotency-Key, debiting the wallet', async () => {
    const before = Number((await client.account.balance()).balance);
    const result = await client.purchases.airtime(body);
    expect(result.idempotencyKey).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(result.replayed).toBe(false);
    expect(result.transaction.attributes).toMatchObject({
      status: 'successful',
      category: 'purchase',
      amount: '500.00',
      phone_number: '08031234567',
    });
    expect(result.location).toContain(result.transaction.id);
    expect(Number((await client.account.balance()).balance)).toBeCloseTo(before - 500, 2);
    expect((await client.transactions.get(result.transaction.id)).attributes.status).toBe('successful');
    const again = await client.purchases.airtime(body);
    expect(again.idempotencyKey).not.toBe(result.idempotencyKey);
    expect(again.transaction.id).not.toBe(result.transaction.id);
  });

  it('a replay with the same key answers the same transaction and buys nothing', async () => {
    const idempotencyKey = `client-test-${crypto.randomUUID()}`;
    const first = await client.purchases.airtime(body, { idempotencyKey });
    const balance = (await client.account.balance()).balance;
    const replay = await client.purchases.airtime(body, { idempotencyKey });
    expect(replay.idempotencyKey).toBe(idempotencyKey);
    expect(first.replayed).toBe(false);
    expect(replay.replayed).toBe(true);
    expect(replay.transaction).toEqual(first.transaction);
    expect((await client.account.balance()).balance).toBe(balance);
    await expect(client.purchases.airtime({ ...body, amount: '600.00' }, { idempotencyKey })).rejects.toMatchObject({
      status: 422,
      code: 'IDEMPOTENCY_KEY_REUSED',
    });
  });

  it('takes your external_reference: the purchase carries it, and the order sent again is 409 naming it', async () => {
    const external_reference = `${Math.floor(Date.now() / 1000)}${crypto.randomUUID().replace(/-/g, '').slice(0, 6)}`;
    const first = await client.purchases.airtime({ ...body, external_reference });
    expect(first.transaction.attributes.external_reference).toBe(external_reference);
    expect((await client.transactions.get(external_reference)).id).toBe(first.transaction.id);
    const balance = (await client.account.balance()).balance;
    // A new Idempotency-Key (the client draws one per call): the reference alone refuses the second order.
    const err = (await client.purchases.airtime({ ...body, external_reference }).catch((e: unknown) => e)) as {
      status: number;
      code: string;
      message: string;
    };
    expect(err).toBeInstanceOf(BillPaymentApiError);
    expect([err.status, err.code]).toEqual([409, 'DUPLICATE_REFERENCE']);
    expect(err.message).toContain(first.transaction.id);
    expect((await client.account.balance()).balance).toBe(balance);
  });
});
