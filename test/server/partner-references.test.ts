/**
 * The partner's external_reference over HTTP against the reference server (embedded store, the sandbox simulator):
 * a purchase needs an Idempotency-Key, an external_reference or both; a reference buys once per account — a second
 * use is 409 DUPLICATE_REFERENCE naming the first transaction, nothing debited — checked after the key's record and
 * before the product, the amount, the customer and the balance; a 409 met with a key is kept under it. Any string
 * sent as the reference is a 201 (the form), a 409 (the form, used) or a 400 naming /external_reference — never a 5xx.
 */
import { randomInt, randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseKobo } from '../../server/money.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

type Body = Record<string, any>;

let srv: TestServer;
let dataPlan: string;
let electricity: string;

beforeAll(async () => {
  srv = await startTestServer([], { SETTLEMENT_INTERVAL_MS: '100' });
  const list = async (path: string) =>
    ((await (await fetch(`${base()}${path}`, { headers: { Authorization: `Bearer ${key()}` } })).json()) as Body).data;
  dataPlan = (await list('/products/dataplans'))[0].id;
  electricity = (await list('/products/electricity?distributor=IKEDC')).find(
    (p: Body) => p.attributes.meter_type === 'prepaid',
  ).id;
}, 90_000);
afterAll(async () => {
  await srv?.stop();
});

const base = () => srv.demoKeys!.sandbox.base_url;
const key = () => srv.demoKeys!.sandbox.keys.full;

const ALNUM = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** A partner's reference: its Unix time in seconds, then 6 letters or digits (unique per call). */
const newReference = () =>
  String(Math.floor(Date.now() / 1000)) + Array.from({ length: 6 }, () => ALNUM[randomInt(ALNUM.length)]).join('');

async function post(kind: string, body: unknown, idempotencyKey: string | null = null) {
  const headers: Record<string, string> = { Authorization: `Bearer ${key()}`, 'Content-Type': 'application/json' };
  if (idempotencyKey !== null) headers['Idempotency-Key'] = idempotencyKey;
  const r = await sent(`${base()}/purchases/${kind}`, {
    method: 'POST',
    headers,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await r.text();
  return { status: r.status, text, body: JSON.parse(text) as Body, replayed: r.headers.get('idempotent-replayed') };
}

/**
 * fetch, sent again when the connection was reset before any answer: a kept-alive socket the server closed as idle
 * just as it was reused (seen under load). Such a request never reached the handler; every answer, 5xx included, is
 * the test's to judge.
 */
async function sent(url: string, init: RequestInit): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fetch(url, init);
    } catch (err) {
      const code = (err as { cause?: { code?: string } }).cause?.code;
      if (attempt >= 3 || code !== 'ECONNRESET') throw err;
    }
  }
}
const balanceKobo = async () =>
  parseKobo(
    (
      (await (
        await fetch(`${base()}/account/balance`, { headers: { Authorization: `Bearer ${key()}` } })
      ).json()) as Body
    ).data.balance,
  );

const airtime = (external_reference: string, phone = '08031234567', amount = '100.00') => ({
  network: 'mtn',
  phone_number: phone,
  amount,
  external_reference,
});

/** The 409 names the transaction that holds the reference, in its message and its one detail. */
function expectDuplicateOf(r: Awaited<ReturnType<typeof post>>, id: string) {
  expect([r.status, r.body.error.code]).toEqual([409, 'DUPLICATE_REFERENCE']);
  expect(r.body.error.message).toContain(id);
  expect(r.body.error.details).toEqual([
    { parameter: '/external_reference', message: `already used by transaction ${id}` },
  ]);
}

describe('a purchase with an external_reference and no Idempotency-Key', () => {
  it('is recorded with that reference, and found by it', async () => {
    const ref = newReference();
    const r = await post('airtime', airtime(ref));
    expect(r.status).toBe(201);
    expect(r.body.data.attributes.external_reference).toBe(ref);
    const found = await fetch(`${base()}/account/transactions/${ref}`, {
      headers: { Authorization: `Bearer ${key()}` },
    });
    expect(((await found.json()) as Body).data.id).toBe(r.body.data.id);
  });

  it('sent again: 409 DUPLICATE_REFERENCE naming the first, nothing debited — and so with a new key', async () => {
    const ref = newReference();
    const first = await post('airtime', airtime(ref));
    const before = await balanceKobo();
    expectDuplicateOf(await post('airtime', airtime(ref)), first.body.data.id);
    expectDuplicateOf(await post('airtime', airtime(ref), randomUUID()), first.body.data.id);
    // Another operation, another body: the reference is the account's, not the operation's.
    expectDuplicateOf(
      await post('data', { product_id: dataPlan, phone_number: '08031234567', external_reference: ref }),
      first.body.data.id,
    );
    expect(await balanceKobo()).toBe(before);
  });

  it("a failed purchase's reference is used too", async () => {
    const ref = newReference();
    const first = await post('airtime', airtime(ref, '08033333333')); // pending, then failed (refunded)
    expect(first.status).toBe(201);
    for (let i = 0; i < 100; i++) {
      const t = await fetch(`${base()}/account/transactions/${first.body.data.id}`, {
        headers: { Authorization: `Bearer ${key()}` },
      });
      if (((await t.json()) as Body).data.attributes.status === 'failed') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expectDuplicateOf(await post('airtime', airtime(ref)), first.body.data.id);
  });
});

describe('the check order: … idempotency record → reference already used → product → amount → customer → balance', () => {
  it('a used reference is 409 before an unknown product, an amount out of range and an unknown meter', async () => {
    const ref = newReference();
    const first = await post('airtime', airtime(ref));
    const id = first.body.data.id;
    expectDuplicateOf(
      await post('data', { product_id: randomUUID(), phone_number: '08031234567', external_reference: ref }),
      id,
    );
    expectDuplicateOf(await post('airtime', airtime(ref, '08031234567', '0.01')), id);
    expectDuplicateOf(
      await post('electricity', {
        product_id: electricity,
        meter_number: '0000000000000', // the sandbox's unknown meter: 404 METER_NOT_FOUND were it verified
        amount: '1000.00',
        external_reference: ref,
      }),
      id,
    );
  });

  it('the key decides first: the same key and body replay the 201, although the reference is used now', async () => {
    const ref = newReference();
    const k = randomUUID();
    const first = await post('airtime', airtime(ref), k);
    const again = await post('airtime', airtime(ref), k);
    expect([first.status, again.status, again.replayed]).toEqual([201, 201, 'true']);
    expect(again.text).toBe(first.text);
  });

  it('a new key with a used reference: the 409 is kept under that key and replayed', async () => {
    const ref = newReference();
    const first = await post('airtime', airtime(ref));
    const k = randomUUID();
    const conflict = await post('airtime', airtime(ref), k);
    expectDuplicateOf(conflict, first.body.data.id);
    expect(conflict.replayed).toBeNull();
    const again = await post('airtime', airtime(ref), k);
    expect([again.status, again.replayed, again.text]).toEqual([409, 'true', conflict.text]);
    // The key is taken by that 409: another body under it is a reuse.
    const other = await post('airtime', airtime(newReference()), k);
    expect([other.status, other.body.error.code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
  });
});

describe('neither a key nor a reference', () => {
  it.each([
    [
      'a body without external_reference',
      JSON.stringify({ network: 'mtn', phone_number: '08031234567', amount: '1.00' }),
    ],
    ['malformed JSON', '{"network": '],
    ['a JSON array', '[]'],
  ])('%s: 400 IDEMPOTENCY_KEY_REQUIRED naming both ways', async (_n, raw) => {
    const r = await post('airtime', raw);
    expect([r.status, r.body.error.code]).toEqual([400, 'IDEMPOTENCY_KEY_REQUIRED']);
    expect(r.body.error.message).toMatch(/Idempotency-Key header/);
    expect(r.body.error.message).toMatch(/external_reference in its body/);
  });

  it('a malformed key is 400 even beside a reference, its message naming both ways', async () => {
    const r = await post('airtime', airtime(newReference()), '');
    expect([r.status, r.body.error.code]).toEqual([400, 'IDEMPOTENCY_KEY_REQUIRED']);
    expect(r.body.error.message).toMatch(/external_reference/);
  });
});

describe('an external_reference of any other form', () => {
  const FORM = /^[0-9]{10}[A-Za-z0-9]{6}$/;
  it('any string: 201 or 409 when of the form, else 400 naming /external_reference and its form in words — never 5xx', async () => {
    const seen = new Set<string>();
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ maxLength: 40 }),
          fc.string({ unit: 'binary', maxLength: 20 }),
          fc.stringMatching(/^[0-9]{10}[A-Za-z0-9]{6}$/),
          fc.stringMatching(/^[0-9]{9,11}[A-Za-z0-9]{5,7}.?$/),
        ),
        async (ref) => {
          const r = await post('airtime', airtime(ref, '08031234567', '50.00'));
          if (FORM.test(ref)) {
            expect([201, 409]).toContain(r.status);
            expect(r.status === 409).toBe(seen.has(ref));
            seen.add(ref);
          } else {
            expect([r.status, r.body.error.code]).toEqual([400, 'INVALID_PARAMETER']);
            expect(r.body.error.details[0].parameter).toBe('/external_reference');
            expect(r.body.error.details[0].message).toMatch(
              /16 characters: 10 digits, your Unix time in seconds, then 6 letters or digits/,
            );
          }
        },
      ),
      { numRuns: 120 },
    );
  });

  it.each([[12345], [null], [true], [['1795166142AB12CD']], [{}]])(
    'a JSON %j: 400 naming /external_reference',
    async (v) => {
      const r = await post('airtime', {
        network: 'mtn',
        phone_number: '08031234567',
        amount: '1.00',
        external_reference: v,
      });
      expect([r.status, r.body.error.code, r.body.error.details[0].parameter]).toEqual([
        400,
        'INVALID_PARAMETER',
        '/external_reference',
      ]);
    },
  );
});
