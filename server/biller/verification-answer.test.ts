/**
 * Whatever a biller answers to a verification — text with U+0000, lone surrogates or 10,000 characters, a meter type,
 * distributor or provider the contract does not list, a due_date that is no date, another meter or smartcard number
 * than the one asked, members of the wrong type, no object at all, or a throw — the two verification operations
 * answer over real HTTP only what the contract documents: a 200 that validates against the contract's response
 * schema (the server validates its responses too: a 200 that does not would be a 500), 404 only when the biller
 * does not know the number, and 503 BILLER_UNAVAILABLE for an answer that cannot be used; never a 500. The biller
 * is the reference server's own sandbox biller with its two verification methods answering the generated values
 * (the adapter's side of the boundary); the boundary, the handlers and the response validation are the real ones.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContractSchemas, loadBundle } from '../../conformance/contract-schemas.ts';
import { startTestServer, type TestServer } from '../../test/helpers/server.ts';
import { CABLE_PROVIDERS, DISTRIBUTORS, METER_TYPES } from '../domain.ts';
import { storableText } from '../storable-text.ts';
import type { Biller } from './types.ts';
import { METER_TEXT_MAX, SMARTCARD_TEXT_MAX } from './verification-answer.ts';

type Json = Record<string, any>;
const bundle = loadBundle() as Json;
const schemas = new ContractSchemas(bundle);
const METER = '45678901234';
const SMARTCARD = '7023456789';

/** A schema of the bundle with its $ref followed. */
const deref = (s: Json): Json =>
  s.$ref
    ? deref(
        s.$ref
          .split('/')
          .slice(1)
          .reduce((o: Json, k: string) => o[k], bundle),
      )
    : s;
const attributesOf = (name: string): Json => deref(bundle.components.schemas[name]).properties.attributes.properties;

describe("the boundary's limits are the contract's", () => {
  it('maxLength of each free-text member, and the enums', () => {
    const meter = attributesOf('MeterVerification');
    const card = attributesOf('SmartcardVerification');
    expect(Object.fromEntries(Object.keys(METER_TEXT_MAX).map((k) => [k, meter[k].maxLength]))).toEqual(METER_TEXT_MAX);
    expect(Object.fromEntries(Object.keys(SMARTCARD_TEXT_MAX).map((k) => [k, card[k].maxLength]))).toEqual(
      SMARTCARD_TEXT_MAX,
    );
    expect(deref(meter.meter_type).enum).toEqual([...METER_TYPES]);
    expect(deref(meter.distributor).enum).toEqual([...DISTRIBUTORS]);
    expect(deref(card.provider).enum).toEqual([...CABLE_PROVIDERS]);
    // Every other member is checked by its form, not cut: a new free-text member needs a limit here.
    const checked = [
      'meter_number',
      'smartcard_number',
      'meter_type',
      'distributor',
      'provider',
      'due_date',
      'product_id',
    ];
    expect(Object.keys(meter).filter((k) => !checked.includes(k))).toEqual(Object.keys(METER_TEXT_MAX));
    expect(Object.keys(card).filter((k) => !checked.includes(k))).toEqual(Object.keys(SMARTCARD_TEXT_MAX));
  });
});

// --- what a biller adapter might hand over -------------------------------------------------------------------

const anyUnit = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)); // U+0000, lone surrogates
const text = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.string({ unit: anyUnit, maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.constantFrom('', 'x\u0000y', '\uD800', 'a\uDC00b', '😀'.repeat(201), 'A'.repeat(10_000), '€'.repeat(100_000)),
);
const odd = fc.oneof(fc.anything(), fc.constantFrom(undefined, null, 42, true, [], {}, ['prepaid']));
const oneOf = <T extends string>(allowed: readonly T[]) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...allowed) },
    { weight: 1, arbitrary: fc.oneof(text, odd, fc.constantFrom(...allowed.map((a) => a.toLowerCase()))) },
  );
const validDate = fc
  .date({ min: new Date('0000-01-01T00:00:00Z'), max: new Date('9999-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const dueDate = fc.oneof(
  { weight: 4, arbitrary: validDate },
  {
    weight: 1,
    arbitrary: fc.oneof(
      text,
      odd,
      fc.constantFrom(
        '2026-02-30',
        '2026-13-01',
        '2026-00-10',
        '2025-02-29',
        '2026-1-5',
        '2026-12-15T00:00:00Z',
        ' 2026-12-15',
        '٢٠٢٦-١٢-١٥',
      ),
    ),
  },
);
const numberAsked = (asked: string) =>
  fc.oneof(
    { weight: 6, arbitrary: fc.constant(asked) },
    {
      weight: 1,
      arbitrary: fc.oneof(fc.constantFrom(`${asked}0`, asked.slice(1), ` ${asked}`, Number(asked)), text, odd),
    },
  );
const orOdd = <T>(a: fc.Arbitrary<T>) => fc.oneof({ weight: 8, arbitrary: a }, { weight: 1, arbitrary: odd });
const extra = fc.dictionary(fc.string({ maxLength: 20 }), fc.anything(), { maxKeys: 3 });

const meterAnswer = fc.oneof(
  {
    weight: 12,
    arbitrary: fc
      .tuple(
        fc.record({
          meter_number: numberAsked(METER),
          meter_type: oneOf(METER_TYPES),
          customer_name: orOdd(text),
          address: orOdd(text),
          distributor: oneOf(DISTRIBUTORS),
        }),
        extra,
      )
      .map(([a, more]) => ({ ...more, ...a })),
  },
  { weight: 1, arbitrary: fc.oneof(odd, fc.constant(null)) },
);
const smartcardAnswer = fc.oneof(
  {
    weight: 12,
    arbitrary: fc
      .tuple(
        fc.record({
          smartcard_number: numberAsked(SMARTCARD),
          provider: oneOf(CABLE_PROVIDERS),
          customer_name: orOdd(text),
          current_bouquet: orOdd(text),
          due_date: dueDate,
        }),
        extra,
      )
      .map(([a, more]) => ({ ...more, ...a })),
  },
  { weight: 1, arbitrary: fc.oneof(odd, fc.constant(null)) },
);
/** Sometimes the biller throws instead of answering. */
type Scripted = { throws: true } | { throws: false; answer: unknown };
const scripted = (answer: fc.Arbitrary<unknown>): fc.Arbitrary<Scripted> =>
  fc.oneof(
    { weight: 15, arbitrary: answer.map((a) => ({ throws: false as const, answer: a })) },
    { weight: 1, arbitrary: fc.constant({ throws: true as const }) },
  );

// --- the expectations, written from the contract's words, not from the boundary's code ------------------------

const wellFormed = (s: string) => !s.includes('\u0000') && Buffer.from(s, 'utf8').toString('utf8') === s;
const fits = (v: unknown, max: number) => typeof v === 'string' && wellFormed(v) && [...v].length <= max;
const isDay = (v: unknown) => typeof v === 'string' && /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(v) && v === validDayOf(v);
function validDayOf(v: string): string {
  const d = new Date(0);
  d.setUTCFullYear(Number(v.slice(0, 4)), Number(v.slice(5, 7)) - 1, Number(v.slice(8, 10)));
  return `${String(d.getUTCFullYear()).padStart(4, '0')}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-${String(d.getUTCDate()).padStart(2, '0')}`;
}

let srv: TestServer;
let biller: Biller;
const products: Record<string, string> = {};
let script: Scripted = { throws: false, answer: null };

beforeAll(async () => {
  srv = await startTestServer(['--no-settlement']);
  biller = srv.billers.sandbox!;
  const answerOf = async () => {
    if (script.throws) throw new Error('the biller is down');
    return script.answer as never;
  };
  // The adapter's side of the boundary: a biller that answers whatever the property generated.
  Object.assign(biller, { verifyMeter: answerOf, verifySmartcard: answerOf });
  for (const kind of ['electricity', 'cabletv']) {
    const list = await get(`/products/${kind}`);
    products[kind] = list.body.data[0].id;
  }
}, 90_000);
afterAll(async () => {
  await srv?.stop();
});

const base = () => srv.demoKeys!.sandbox.base_url;
const auth = () => ({ Authorization: `Bearer ${srv.demoKeys!.sandbox.keys.full}` });
async function get(path: string): Promise<{ status: number; body: Json }> {
  const r = await fetch(`${base()}${path}`, { headers: auth() });
  return { status: r.status, body: (await r.json()) as Json };
}
const buy = (kind: string, key: string, body: unknown) =>
  fetch(`${base()}/purchases/${kind}`, {
    method: 'POST',
    headers: { ...auth(), 'Content-Type': 'application/json', 'Idempotency-Key': key },
    body: JSON.stringify(body),
  });
const balance = async () => (await get('/account/balance')).body.data.balance as string;

/** The documented answers, and what each must hold. */
function expectOnContract(
  r: { status: number; body: Json },
  s: Scripted,
  responseSchema: string,
  notFoundCode: string,
): void {
  const said = JSON.stringify(r.body).slice(0, 300);
  expect([200, 404, 503], said).toContain(r.status);
  if (r.status === 200) expect(schemas.validate(`#/components/schemas/${responseSchema}`, r.body), said).toEqual([]);
  if (r.status === 404) expect(r.body.error.code).toBe(notFoundCode);
  if (r.status === 503) expect(r.body.error.code).toBe('BILLER_UNAVAILABLE');
  // 404 means "the biller does not know this number" — only what the biller said with null.
  expect(r.status === 404, said).toBe(!s.throws && (s.answer === null || s.answer === undefined));
  if (s.throws) expect(r.status).toBe(503);
}

describe("a biller's verification answers over HTTP", () => {
  it('meter: any answer → a 200 on contract, the 404 for null, or 503 BILLER_UNAVAILABLE; never a 500', async () => {
    await fc.assert(
      fc.asyncProperty(scripted(meterAnswer), async (s) => {
        script = s;
        const r = await get(`/products/electricity/${products.electricity}/meters/${METER}`);
        expectOnContract(r, s, 'MeterVerificationResponse', 'METER_NOT_FOUND');
        if (s.throws || typeof s.answer !== 'object' || s.answer === null) return;
        const a = s.answer as Json;
        const usable =
          a.meter_number === METER &&
          METER_TYPES.includes(a.meter_type) &&
          DISTRIBUTORS.includes(a.distributor) &&
          typeof a.customer_name === 'string' &&
          typeof a.address === 'string';
        expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(usable ? 200 : 503);
        if (r.status !== 200) return;
        const got = r.body.data.attributes;
        expect(Object.keys(got).sort()).toEqual([
          'address',
          'customer_name',
          'distributor',
          'meter_number',
          'meter_type',
          'product_id',
        ]);
        expect(r.body.data.id).toBe(METER);
        expect(got.customer_name).toBe(storableText(a.customer_name, METER_TEXT_MAX.customer_name, { ellipsis: true }));
        expect(got.address).toBe(storableText(a.address, METER_TEXT_MAX.address, { ellipsis: true }));
        // Text that already fits the contract is passed on as the biller wrote it.
        if (fits(a.customer_name, METER_TEXT_MAX.customer_name)) expect(got.customer_name).toBe(a.customer_name);
        if (fits(a.address, METER_TEXT_MAX.address)) expect(got.address).toBe(a.address);
      }),
      { numRuns: 300 },
    );
  }, 120_000);

  it('smartcard: any answer → a 200 on contract, the 404 for null, or 503 BILLER_UNAVAILABLE; never a 500', async () => {
    await fc.assert(
      fc.asyncProperty(scripted(smartcardAnswer), async (s) => {
        script = s;
        const r = await get(`/products/cabletv/${products.cabletv}/smartcards/${SMARTCARD}`);
        expectOnContract(r, s, 'SmartcardVerificationResponse', 'SMARTCARD_NOT_FOUND');
        if (s.throws || typeof s.answer !== 'object' || s.answer === null) return;
        const a = s.answer as Json;
        const usable =
          a.smartcard_number === SMARTCARD &&
          CABLE_PROVIDERS.includes(a.provider) &&
          isDay(a.due_date) &&
          typeof a.customer_name === 'string' &&
          typeof a.current_bouquet === 'string';
        expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(usable ? 200 : 503);
        if (r.status !== 200) return;
        const got = r.body.data.attributes;
        expect(Object.keys(got).sort()).toEqual([
          'current_bouquet',
          'customer_name',
          'due_date',
          'product_id',
          'provider',
          'smartcard_number',
        ]);
        expect(got.due_date).toBe(a.due_date);
        if (fits(a.customer_name, SMARTCARD_TEXT_MAX.customer_name)) expect(got.customer_name).toBe(a.customer_name);
        if (fits(a.current_bouquet, SMARTCARD_TEXT_MAX.current_bouquet))
          expect(got.current_bouquet).toBe(a.current_bouquet);
      }),
      { numRuns: 300 },
    );
  }, 120_000);

  it('a purchase whose verification answer cannot be used: 503 BILLER_UNAVAILABLE, nothing debited or recorded, the key free for the retry', async () => {
    const before = await balance();
    const keys: Record<string, string> = {};
    for (const [kind, body, answer] of [
      [
        'electricity',
        { product_id: products.electricity, meter_number: METER, amount: '1000.00', phone_number: '08031234567' },
        {
          meter_number: '45678901235',
          meter_type: 'prepaid',
          customer_name: 'SOMEONE ELSE',
          address: '1 Road',
          distributor: 'IKEDC',
        },
      ],
      [
        'cabletv',
        { product_id: products.cabletv, smartcard_number: SMARTCARD },
        {
          smartcard_number: SMARTCARD,
          provider: 'DSTV',
          customer_name: 'A',
          current_bouquet: 'DStv Compact',
          due_date: 'next month',
        },
      ],
    ] as const) {
      script = { throws: false, answer };
      keys[kind] = randomUUID();
      const r = await buy(kind, keys[kind], body);
      expect({ kind, status: r.status, code: ((await r.json()) as Json).error?.code }).toEqual({
        kind,
        status: 503,
        code: 'BILLER_UNAVAILABLE',
      });
      expect(r.headers.get('retry-after')).toBe('30');
    }
    expect(await balance()).toBe(before);
    // The biller answers usably again: the same key buys (it was not kept with the 503).
    script = {
      throws: false,
      answer: {
        meter_number: METER,
        meter_type: 'prepaid',
        customer_name: 'ADEBAYO OLUWASEUN',
        address: '12 Allen Avenue',
        distributor: 'IKEDC',
      },
    };
    const again = await buy('electricity', keys.electricity!, {
      product_id: products.electricity,
      meter_number: METER,
      amount: '1000.00',
      phone_number: '08031234567',
    });
    expect(again.status).toBe(201);
  });
});
