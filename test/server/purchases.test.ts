/**
 * Purchases and verifications over HTTP against the reference server (embedded store, the sandbox simulator, the
 * settlement worker running): the 201 and its Location, idempotency (replay byte for byte, reuse, keys that store
 * nothing), the check order of a purchase, the money (debit, refund, insufficient balance) and the states reached.
 * The conformance suite replays the same promises against any target; these tests pin the server's side of them.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContractSchemas, loadBundle } from '../../conformance/contract-schemas.ts';
import { parseKobo } from '../../server/money.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

type Env = 'production' | 'sandbox';
type Body = Record<string, any>;

let srv: TestServer;
let noBiller: TestServer;
const schemas = new ContractSchemas(loadBundle());
const products: Record<string, string> = {};

beforeAll(async () => {
  [srv, noBiller] = await Promise.all([
    startTestServer([], { SETTLEMENT_INTERVAL_MS: '100' }),
    startTestServer([], { BILLER: 'none' }),
  ]);
  const key = srv.demoKeys!.sandbox.keys.full;
  for (const [kind, query] of [
    ['dataplans', ''],
    ['electricity', '?distributor=IKEDC'],
    ['cabletv', ''],
  ] as const) {
    const r = await fetch(`${srv.demoKeys!.sandbox.base_url}/products/${kind}${query}`, {
      headers: { Authorization: `Bearer ${key}` },
    });
    const list = (await r.json()) as Body;
    products[kind] = list.data.find((p: Body) => kind !== 'electricity' || p.attributes.meter_type === 'prepaid').id;
  }
}, 90_000);
afterAll(async () => {
  await Promise.all([srv?.stop(), noBiller?.stop()]);
});

const base = (env: Env, s = srv) => s.demoKeys![env].base_url;
const keyOf = (env: Env, role = 'full', s = srv) => (s.demoKeys![env].keys as Record<string, string>)[role]!;

async function post(
  kind: string,
  body: unknown,
  opts: { env?: Env; role?: string; key?: string | null; s?: TestServer; type?: string } = {},
) {
  const env = opts.env ?? 'sandbox';
  const headers: Record<string, string> = {
    Authorization: `Bearer ${keyOf(env, opts.role, opts.s)}`,
    'Content-Type': opts.type ?? 'application/json',
  };
  if (opts.key !== null) headers['Idempotency-Key'] = opts.key ?? randomUUID();
  const r = await fetch(`${base(env, opts.s)}/purchases/${kind}`, {
    method: 'POST',
    headers,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await r.text();
  return {
    status: r.status,
    text,
    body: JSON.parse(text) as Body,
    location: r.headers.get('location'),
    replayed: r.headers.get('idempotent-replayed'),
  };
}
const get = async (url: string, env: Env = 'sandbox', role = 'full') =>
  (await (await fetch(url, { headers: { Authorization: `Bearer ${keyOf(env, role)}` } })).json()) as Body;
const balanceKobo = async (env: Env = 'sandbox', role = 'full') =>
  parseKobo((await get(`${base(env)}/account/balance`, env, role)).data.balance);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function stateOf(id: string, want: string, env: Env = 'sandbox'): Promise<Body> {
  for (let i = 0; i < 100; i++) {
    const t = (await get(`${base(env)}/account/transactions/${id}`, env)).data;
    if (t.attributes.status === want) return t;
    await sleep(100);
  }
  throw new Error(`purchase ${id} did not reach ${want}`);
}

const airtime = (phone = '08031234567', amount = '500.00') => ({ network: 'mtn', phone_number: phone, amount });

describe('a purchase', () => {
  it('answers 201 with the transaction, its Location, and debits total_debit', async () => {
    const before = await balanceKobo();
    const r = await post('airtime', airtime());
    expect(r.status).toBe(201);
    expect(schemas.validate('#/components/schemas/TransactionResponse', r.body)).toEqual([]);
    expect(r.body.status).toEqual({ code: 201, message: 'Created' });
    expect(r.body.data.attributes).toMatchObject({
      category: 'purchase',
      product_type: 'airtime',
      status: 'successful',
      amount: '500.00',
    });
    expect(r.location).toBe(`${new URL(base('sandbox')).pathname}/account/transactions/${r.body.data.id}`);
    expect(r.replayed).toBeNull();
    expect(before - (await balanceKobo())).toBe(50000);
    const listed = await get(`${base('sandbox')}/account/transactions?category=purchase&per_page=1`);
    expect(listed.data[0].id).toBe(r.body.data.id);
  });

  it('answers the first response again, byte for byte, for the same key and body — and buys once', async () => {
    const key = randomUUID();
    const before = await balanceKobo();
    const first = await post('airtime', airtime('08031234568'), { key });
    // Same members in another order: the same request.
    const again = await post('airtime', { amount: '500.00', phone_number: '08031234568', network: 'mtn' }, { key });
    expect([first.status, again.status, again.replayed]).toEqual([201, 201, 'true']);
    expect(again.text).toBe(first.text);
    expect(again.location).toBe(first.location);
    expect(before - (await balanceKobo())).toBe(50000);
  });

  it('refuses the same key with another body (422 IDEMPOTENCY_KEY_REUSED) and buys nothing', async () => {
    const key = randomUUID();
    await post('airtime', airtime('08031234569'), { key });
    const before = await balanceKobo();
    const r = await post('airtime', airtime('08031234569', '600.00'), { key });
    expect([r.status, r.body.error.code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    expect(await balanceKobo()).toBe(before);
  });

  it.each([
    ['no Idempotency-Key', { key: null }, 400, 'IDEMPOTENCY_KEY_REQUIRED'],
    ['an empty Idempotency-Key', { key: '' }, 400, 'IDEMPOTENCY_KEY_REQUIRED'],
    ['a key of 256 characters', { key: 'k'.repeat(256) }, 400, 'IDEMPOTENCY_KEY_REQUIRED'],
    ['text/plain', { type: 'text/plain' }, 400, 'INVALID_PARAMETER'],
  ] as const)('answers %s with %i %s', async (_n, opts, status, code) => {
    const r = await post('airtime', airtime(), opts as never);
    expect([r.status, r.body.error.code]).toEqual([status, code]);
  });

  it.each([
    ['a missing member', { network: 'mtn', amount: '500.00' }, '/phone_number', /is required/],
    ['an unknown member', { ...airtime(), tip: '1' }, '/tip', /not a member/],
    ['an amount as a JSON number', { ...airtime(), amount: 500 }, '/amount', /decimal string/],
    ['three decimals', airtime('08031234567', '500.001'), '/amount', /at most 2 decimals/],
    ['a short phone number', airtime('0803123456'), '/phone_number', /0 then 10 digits/],
  ])(
    'names the member of %s by its JSON pointer, and stores nothing under the key',
    async (_n, body, pointer, words) => {
      const key = randomUUID();
      const r = await post('airtime', body, { key });
      expect([r.status, r.body.error.code, r.body.error.details[0].parameter]).toEqual([
        400,
        'INVALID_PARAMETER',
        pointer,
      ]);
      expect(r.body.error.details[0].message).toMatch(words);
      // Nothing was stored: the corrected request with the same key is a new purchase, not a reuse.
      expect((await post('airtime', airtime('08031234570'), { key })).status).toBe(201);
    },
  );

  it('refuses an amount outside the product range and an unknown product with 422, keeping the answer under the key', async () => {
    const key = randomUUID();
    const low = await post('airtime', airtime('08031234567', '10.00'), { key });
    expect([low.status, low.body.error.code]).toEqual([422, 'AMOUNT_OUT_OF_RANGE']);
    const replay = await post('airtime', airtime('08031234567', '10.00'), { key });
    expect([replay.status, replay.replayed, replay.text]).toEqual([422, 'true', low.text]);
    const unknown = await post('data', { product_id: randomUUID(), phone_number: '08031234567' });
    expect([unknown.status, unknown.body.error.code]).toEqual([422, 'PRODUCT_NOT_FOUND']);
    const otherKind = await post('data', { product_id: products.cabletv, phone_number: '08031234567' });
    expect([otherKind.status, otherKind.body.error.code]).toEqual([422, 'PRODUCT_NOT_FOUND']);
  });

  it('refuses what the wallet cannot pay (422 INSUFFICIENT_BALANCE): nothing recorded, nothing debited', async () => {
    const before = await balanceKobo('sandbox', 'low_balance');
    expect(before).toBe(5000);
    const r = await post('airtime', airtime('08031234567', '60.00'), { role: 'low_balance' });
    expect([r.status, r.body.error.code]).toEqual([422, 'INSUFFICIENT_BALANCE']);
    expect(await balanceKobo('sandbox', 'low_balance')).toBe(before);
    const ok = await post('airtime', airtime('08031234567', '50.00'), { role: 'low_balance' });
    expect(ok.status).toBe(201);
    expect(await balanceKobo('sandbox', 'low_balance')).toBe(0);
  });

  it('buys data, electricity (100.00 fee, a token and units) and cable TV', async () => {
    const data = await post('data', { product_id: products.dataplans, phone_number: '08031234567' });
    expect([data.status, data.body.data.attributes.product_type]).toEqual([201, 'dataplan']);
    const power = await post('electricity', {
      product_id: products.electricity,
      meter_number: '1111111111111',
      amount: '5000',
    });
    expect(power.status).toBe(201);
    expect(power.body.data.attributes).toMatchObject({
      product_type: 'electricity',
      meter_number: '1111111111111',
      status: 'successful',
    });
    expect(power.body.data.attributes.price).toMatchObject({
      product_amount: '5000.00',
      fee_amount: '100.00',
      total_debit: '5100.00',
    });
    expect(power.body.data.attributes.token).toMatch(/^[0-9]{20}$/);
    expect(power.body.data.attributes.units).toMatch(/^[0-9]+\.[0-9] kWh$/);
    const tv = await post('cabletv', { product_id: products.cabletv, smartcard_number: '1212121212' });
    expect([tv.status, tv.body.data.attributes.smartcard_number]).toEqual([201, '1212121212']);
  });

  it('refuses a meter or smartcard the biller does not know with its 404, before any debit', async () => {
    const before = await balanceKobo();
    const meter = await post('electricity', {
      product_id: products.electricity,
      meter_number: '0000000000000',
      amount: '5000',
    });
    const card = await post('cabletv', { product_id: products.cabletv, smartcard_number: '0000000000' });
    expect([meter.status, meter.body.error.code, card.status, card.body.error.code]).toEqual([
      404,
      'METER_NOT_FOUND',
      404,
      'SMARTCARD_NOT_FOUND',
    ]);
    expect(await balanceKobo()).toBe(before);
  });

  it.each([
    ['pending, then successful', '08022222222', 'pending', 'successful', 0],
    ['pending, then failed and refunded', '08033333333', 'pending', 'failed', 50000],
    ['successful, then reversed and refunded', '08044444444', 'successful', 'reversed', 50000],
  ])(
    'follows the sandbox story %s',
    async (_n, phone, first, final, refunded) => {
      const before = await balanceKobo();
      const r = await post('airtime', airtime(phone));
      expect([r.status, r.body.data.attributes.status]).toEqual([201, first]);
      const t = await stateOf(r.body.data.id, final);
      expect(Date.parse(t.attributes.updated_at)).toBeGreaterThan(Date.parse(r.body.data.attributes.created_at));
      expect(before - (await balanceKobo())).toBe(50000 - refunded);
    },
    20_000,
  );

  it('records one purchase for concurrent requests with one key: the others get it replayed or 409', async () => {
    const key = randomUUID();
    const before = await balanceKobo();
    const rs = await Promise.all(Array.from({ length: 8 }, () => post('airtime', airtime('08031234571'), { key })));
    const created = rs.filter((r) => r.status === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(new Set(created.map((r) => r.body.data.id)).size).toBe(1);
    for (const r of rs.filter((x) => x.status !== 201))
      expect([r.status, r.body.error.code]).toEqual([409, 'IDEMPOTENCY_KEY_IN_USE']);
    expect(before - (await balanceKobo())).toBe(50000);
  });

  describe('a key the account already holds a record of (the recording statement cannot claim it)', () => {
    const accountOf = async () => (await get(`${base('sandbox')}/account`)).data.id as string;
    const record = async (
      key: string,
      over: { created: Date; locked_until: Date | null; expires: Date; fingerprint?: string },
    ) => {
      await srv.store.sql.query(
        `INSERT INTO idempotency_keys (account_id, key, operation, fingerprint, state, locked_until, created_at, expires_at)
         VALUES ($1, $2, 'createAirtimePurchase', $3, 'in_flight', $4, $5, $6)`,
        [await accountOf(), key, over.fingerprint ?? 'another request', over.locked_until, over.created, over.expires],
      );
    };
    const keyRow = async (key: string) =>
      (
        await srv.store.sql.query<{ state: string; transaction_id: string | null }>(
          'SELECT state, transaction_id FROM idempotency_keys WHERE account_id = $1 AND key = $2',
          [await accountOf(), key],
        )
      )[0];

    it('buys once on a record that expired, which it replaces and links', async () => {
      const key = randomUUID();
      const long = new Date(Date.now() - 3 * 86_400_000);
      await record(key, { created: long, locked_until: null, expires: new Date(long.getTime() + 86_400_000) });
      const before = await balanceKobo();
      const r = await post('airtime', airtime('08031234572'), { key });
      expect([r.status, r.replayed]).toEqual([201, null]);
      expect(before - (await balanceKobo())).toBe(50000);
      expect(await keyRow(key)).toEqual({ state: 'completed', transaction_id: r.body.data.id });
      const again = await post('airtime', airtime('08031234572'), { key });
      expect([again.status, again.replayed, again.text]).toEqual([201, 'true', r.text]);
    });

    it('buys once on an abandoned in-flight record (lease passed, nothing recorded), which it takes over', async () => {
      const key = randomUUID();
      const now = Date.now();
      // The fingerprint of an abandoned record is the same request's (a retry of what crashed): take it over.
      const { fingerprintOf } = await import('../../server/idempotency/request.ts');
      await record(key, {
        created: new Date(now - 60_000),
        locked_until: new Date(now - 30_000),
        expires: new Date(now + 86_400_000),
        fingerprint: fingerprintOf('createAirtimePurchase', airtime('08031234573')),
      });
      const before = await balanceKobo();
      const r = await post('airtime', airtime('08031234573'), { key });
      expect([r.status, r.replayed]).toEqual([201, null]);
      expect(before - (await balanceKobo())).toBe(50000);
      expect(await keyRow(key)).toEqual({ state: 'completed', transaction_id: r.body.data.id });
    });

    it('answers 409 on a record still held by another request, and 422 REUSED for another body, debiting nothing', async () => {
      const key = randomUUID();
      const now = Date.now();
      const { fingerprintOf } = await import('../../server/idempotency/request.ts');
      await record(key, {
        created: new Date(now),
        locked_until: new Date(now + 30_000),
        expires: new Date(now + 86_400_000),
        fingerprint: fingerprintOf('createAirtimePurchase', airtime('08031234574')),
      });
      const before = await balanceKobo();
      const held = await post('airtime', airtime('08031234574'), { key });
      expect([held.status, held.body.error?.code]).toEqual([409, 'IDEMPOTENCY_KEY_IN_USE']);
      const other = await post('airtime', airtime('08031234575'), { key });
      expect([other.status, other.body.error?.code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
      expect(await balanceKobo()).toBe(before);
      expect(await keyRow(key)).toEqual({ state: 'in_flight', transaction_id: null });
    });

    it('stores a domain error met before recording (422 out of range) and replays it; a 503 stores nothing', async () => {
      const key = randomUUID();
      const first = await post('airtime', airtime('08031234576', '0.01'), { key });
      expect([first.status, first.body.error?.code]).toEqual([422, 'AMOUNT_OUT_OF_RANGE']);
      const again = await post('airtime', airtime('08031234576', '0.01'), { key });
      expect([again.status, again.replayed, again.text]).toEqual([422, 'true', first.text]);
      const k503 = randomUUID();
      const down = await post(
        'airtime',
        { network: 'mtn', phone_number: '08031234567', amount: '500.00' },
        { env: 'production', s: noBiller, key: k503 },
      );
      expect(down.status).toBe(503);
      const rows = await noBiller.store.sql.query('SELECT 1 FROM idempotency_keys WHERE key = $1', [k503]);
      expect(rows).toEqual([]);
    });
  });

  it('checks in production that the phone number belongs to the network (400), and stores nothing', async () => {
    const key = randomUUID();
    const wrong = await post(
      'airtime',
      { network: 'glo', phone_number: '08031234567', amount: '500.00' },
      { env: 'production', key },
    );
    expect([wrong.status, wrong.body.error.code, wrong.body.error.details[0].parameter]).toEqual([
      400,
      'INVALID_PARAMETER',
      '/phone_number',
    ]);
    expect(
      (
        await post(
          'airtime',
          { network: 'mtn', phone_number: '2348031234567', amount: '500.00' },
          { env: 'production', key },
        )
      ).status,
    ).toBe(201);
    expect((await post('airtime', { network: 'glo', phone_number: '08031234567', amount: '500.00' })).status).toBe(201); // sandbox: any pairing
  });

  it('answers 503 BILLER_UNAVAILABLE in production without a biller, and records nothing', async () => {
    const env = 'production';
    const r = await post(
      'airtime',
      { network: 'mtn', phone_number: '08031234567', amount: '500.00' },
      { env, s: noBiller },
    );
    expect([r.status, r.body.error.code]).toEqual([503, 'BILLER_UNAVAILABLE']);
    const list = (await (
      await fetch(
        `${base(env, noBiller)}/account/transactions?category=purchase&from=${encodeURIComponent(new Date(Date.now() - 60_000).toISOString())}`,
        { headers: { Authorization: `Bearer ${keyOf(env, 'full', noBiller)}` } },
      )
    ).json()) as Body;
    expect(list.pagination.total_count).toBe(0);
  });
});

describe('verifications', () => {
  const verify = (path: string) =>
    fetch(`${base('sandbox')}${path}`, { headers: { Authorization: `Bearer ${keyOf('sandbox')}` } }).then(
      async (r) => ({ status: r.status, body: (await r.json()) as Body }),
    );

  it('tell who a meter or a smartcard belongs to', async () => {
    const m = await verify(`/products/electricity/${products.electricity}/meters/45678901234`);
    expect(m.status).toBe(200);
    expect(schemas.validate('#/components/schemas/MeterVerificationResponse', m.body)).toEqual([]);
    const c = await verify(`/products/cabletv/${products.cabletv}/smartcards/7023456789`);
    expect(c.status).toBe(200);
    expect(schemas.validate('#/components/schemas/SmartcardVerificationResponse', c.body)).toEqual([]);
  });

  it.each([
    ['an unknown meter', () => `/products/electricity/${products.electricity}/meters/0000000000000`, 'METER_NOT_FOUND'],
    [
      'a meter number of another form',
      () => `/products/electricity/${products.electricity}/meters/12`,
      'METER_NOT_FOUND',
    ],
    ['an unknown product', () => `/products/electricity/${randomUUID()}/meters/45678901234`, 'PRODUCT_NOT_FOUND'],
    [
      'a product of another kind',
      () => `/products/cabletv/${products.electricity}/smartcards/7023456789`,
      'PRODUCT_NOT_FOUND',
    ],
    [
      'an unknown smartcard',
      () => `/products/cabletv/${products.cabletv}/smartcards/0000000000`,
      'SMARTCARD_NOT_FOUND',
    ],
    [
      'a smartcard number that cannot be decoded',
      () => `/products/cabletv/${products.cabletv}/smartcards/%E0%A4%A`,
      'SMARTCARD_NOT_FOUND',
    ],
  ])('answer 404 for %s', async (_n, path, code) => {
    const r = await verify(path());
    expect([r.status, r.body.error.code]).toEqual([404, code]);
  });
});
