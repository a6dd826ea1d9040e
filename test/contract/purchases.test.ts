/**
 * The purchases part of the contract is what the purchases design (§1) and the decisions say: bodies and their
 * member forms, the Idempotency-Key header, the headers of 201/405/409/503, and which error codes each status of
 * each operation documents (read the way the conformance suite reads them: one named example per `error.code`).
 * Member forms are checked over whole classes of values built from their words, not against a copy of the regex.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Contract } from '../../conformance/contract/operations.ts';
import { ContractSchemas } from '../../conformance/contract-schemas.ts';
import { bundle, deref, operations, type JsonObject } from '../helpers/bundle.ts';

const schemas = new ContractSchemas(bundle);
const contract = new Contract();
const byId = new Map(operations().map((o) => [o.operationId, o.operation]));
const components = bundle.components as JsonObject;

const BODIES = {
  createAirtimePurchase: {
    schema: 'AirtimePurchaseRequest',
    required: ['network', 'phone_number', 'amount'],
    optional: ['reference', 'external_reference'],
  },
  createDataPurchase: {
    schema: 'DataPurchaseRequest',
    required: ['product_id', 'phone_number'],
    optional: ['reference', 'external_reference'],
  },
  createElectricityPurchase: {
    schema: 'ElectricityPurchaseRequest',
    required: ['product_id', 'meter_number', 'amount'],
    optional: ['phone_number', 'reference', 'external_reference'],
  },
  createCableTvPurchase: {
    schema: 'CableTvPurchaseRequest',
    required: ['product_id', 'smartcard_number'],
    optional: ['reference', 'external_reference'],
  },
} as const;
type PurchaseId = keyof typeof BODIES;
const PURCHASES = Object.keys(BODIES) as PurchaseId[];

const requestBody = (id: PurchaseId) => deref(byId.get(id)!.requestBody!);
const bodyExample = (id: PurchaseId) =>
  structuredClone(
    deref(
      Object.values(
        ((requestBody(id).content as JsonObject)['application/json'] as JsonObject).examples as JsonObject,
      )[0]!,
    ).value,
  ) as JsonObject;
const bodyProblems = (id: PurchaseId, body: unknown) =>
  schemas.validate(`#/components/schemas/${BODIES[id].schema}`, body);

describe('purchase request bodies', () => {
  it.each(PURCHASES)('%s takes a required JSON body with the design members, closed to unknown ones', (id) => {
    const rb = requestBody(id);
    expect(rb.required).toBe(true);
    expect(Object.keys(rb.content as JsonObject)).toEqual(['application/json']);
    const schema = (components.schemas as JsonObject)[BODIES[id].schema] as JsonObject;
    expect(schema.additionalProperties).toBe(false);
    expect([...(schema.required as string[])].sort()).toEqual([...BODIES[id].required].sort());
    expect(Object.keys(schema.properties as JsonObject).sort()).toEqual(
      [...BODIES[id].required, ...BODIES[id].optional].sort(),
    );
    expect(bodyProblems(id, bodyExample(id))).toEqual([]);
  });

  it.each(PURCHASES)('%s rejects any unknown member and any missing required member', (id) => {
    const known = new Set<string>([...BODIES[id].required, ...BODIES[id].optional]);
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 20 }).filter((k) => !known.has(k) && k !== '__proto__'),
        fc.jsonValue(),
        (key, value) => {
          const body = { ...bodyExample(id), [key]: value };
          expect(bodyProblems(id, body).map((p) => p.message)).toContain(
            `must NOT have additional properties (${key})`,
          );
        },
      ),
    );
    for (const member of BODIES[id].required) {
      const body = bodyExample(id);
      delete body[member];
      expect(
        bodyProblems(id, body).map((p) => p.message),
        member,
      ).toContain(`must have required property '${member}'`);
    }
  });
});

const digits = (min: number, max: number) => fc.stringMatching(new RegExp(`^[0-9]{${min},${max}}$`));
const nonDigit = fc.string({ minLength: 1, maxLength: 1 }).filter((c) => !/[0-9]/.test(c));
/** A digit string with one character replaced by a non-digit. */
const spoiled = (d: fc.Arbitrary<string>) =>
  fc.tuple(d, nonDigit, fc.nat()).map(([s, c, i]) => s.slice(0, i % s.length) + c + s.slice((i % s.length) + 1));
const int = (min: number, max: number) => fc.integer({ min, max });

/** [member, body of, values that the words accept, values they refuse] */
const FORMS: [string, PurchaseId, fc.Arbitrary<string>, fc.Arbitrary<string>][] = [
  [
    'phone_number',
    'createAirtimePurchase',
    fc.oneof(
      digits(10, 10).map((d) => `0${d}`),
      digits(10, 10).map((d) => `234${d}`),
    ),
    fc.oneof(
      digits(10, 10).map((d) => `+234${d}`),
      digits(10, 10).map((d) => `1${d}`),
      digits(1, 9).map((d) => `0${d}`),
      digits(11, 14).map((d) => `0${d}`),
      digits(11, 11).map((d) => `234${d}`),
      spoiled(digits(10, 10).map((d) => `0${d}`)),
    ),
  ],
  [
    'amount',
    'createElectricityPurchase',
    fc
      .tuple(fc.oneof(fc.constant(0), int(1, 999_999_999)), fc.constantFrom('', '.d', '.dd'), digits(2, 2))
      .map(([n, frac, dd]) => `${n}${frac === '' ? '' : `.${frac === '.d' ? dd[0] : dd}`}`),
    fc.oneof(
      int(1_000_000_000, Number.MAX_SAFE_INTEGER).map(String),
      int(0, 99).map((n) => `0${n}`),
      fc.tuple(int(1, 999), digits(3, 6)).map(([n, d]) => `${n}.${d}`),
      int(1, 999).map((n) => `-${n}`),
      int(1, 9).map((n) => `${n}e3`),
      int(1, 999).map((n) => `${n}.`),
      digits(1, 2).map((d) => `.${d}`),
      int(1, 999).map((n) => ` ${n}`),
      int(1000, 999_999).map((n) => n.toLocaleString('en-US')),
    ),
  ],
  [
    'meter_number',
    'createElectricityPurchase',
    digits(11, 13),
    fc.oneof(digits(1, 10), digits(14, 20), spoiled(digits(11, 13))),
  ],
  [
    'smartcard_number',
    'createCableTvPurchase',
    digits(10, 11),
    fc.oneof(digits(1, 9), digits(12, 20), spoiled(digits(10, 11))),
  ],
  [
    'reference',
    'createDataPurchase',
    fc.stringMatching(/^[A-Za-z0-9._-]{1,64}$/),
    fc.oneof(
      fc.constant(''),
      fc.stringMatching(/^[A-Za-z0-9._-]{65,80}$/),
      fc
        .tuple(
          fc.stringMatching(/^[A-Za-z0-9._-]{0,30}$/),
          fc.string({ minLength: 1, maxLength: 1 }).filter((c) => !/[A-Za-z0-9._-]/.test(c)),
        )
        .map(([s, c]) => s + c),
    ),
  ],
  [
    'network',
    'createAirtimePurchase',
    fc
      .tuple(fc.constantFrom('MTN', 'AIRTEL', 'GLO', '9MOBILE'), fc.array(fc.boolean(), { minLength: 7, maxLength: 7 }))
      .map(([n, lower]) => [...n].map((c, i) => (lower[i] ? c.toLowerCase() : c)).join('')),
    fc.oneof(
      fc.constantFrom('ETISALAT', 'NTEL', 'MTN ', 'M-T-N', ''),
      fc.stringMatching(/^[A-Za-z0-9]{1,8}$/).filter((s) => !/^(mtn|airtel|glo|9mobile)$/i.test(s)),
    ),
  ],
];

describe('member forms of the purchase bodies', () => {
  it.each(FORMS.map(([member, id, good, bad]) => [member, id, good, bad] as const))(
    '%s accepts its words and nothing else',
    (member, id, good, bad) => {
      fc.assert(
        fc.property(good, (v) => {
          expect(bodyProblems(id, { ...bodyExample(id), [member]: v })).toEqual([]);
        }),
      );
      fc.assert(
        fc.property(bad, (v) => {
          expect(bodyProblems(id, { ...bodyExample(id), [member]: v }).map((p) => p.path)).toContain(`/${member}`);
        }),
      );
    },
  );

  it('product_id is a lower-case UUID in every body that has one', () => {
    for (const id of ['createDataPurchase', 'createElectricityPurchase', 'createCableTvPurchase'] as const) {
      fc.assert(
        fc.property(fc.uuid(), (u) => {
          expect(bodyProblems(id, { ...bodyExample(id), product_id: u })).toEqual([]);
          if (u !== u.toUpperCase())
            expect(bodyProblems(id, { ...bodyExample(id), product_id: u.toUpperCase() }).map((p) => p.path)).toContain(
              '/product_id',
            );
        }),
      );
    }
  });
});

describe('the Idempotency-Key header', () => {
  const keyProblems = (v: string) => schemas.validate('#/components/parameters/IdempotencyKey/schema', v);
  const printable = fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c));

  it.each(PURCHASES)('%s declares it as a header parameter, optional beside an external_reference', (id) => {
    const params = ((byId.get(id)!.parameters ?? []) as JsonObject[]).map((p) => deref(p));
    expect(params.map((p) => [p.name, p.in, p.required])).toEqual([['Idempotency-Key', 'header', false]]);
    // Optional only because the body may carry an external_reference instead: the words say so.
    expect(String(params[0]!.description)).toMatch(/Required unless the body carries your own `external_reference`/);
  });

  it('accepts 1 to 255 printable ASCII characters and refuses anything else', () => {
    fc.assert(
      fc.property(fc.array(printable, { minLength: 1, maxLength: 255 }), (cs) => {
        expect(keyProblems(cs.join(''))).toEqual([]);
      }),
    );
    const outside = fc
      .oneof(fc.integer({ min: 0, max: 0x1f }), fc.constant(0x7f), fc.integer({ min: 0x80, max: 0xffff }))
      .filter((c) => c < 0xd800 || c > 0xdfff)
      .map((c) => String.fromCharCode(c));
    fc.assert(
      fc.property(
        fc.array(printable, { maxLength: 100 }),
        outside,
        fc.array(printable, { maxLength: 100 }),
        (a, c, b) => {
          expect(keyProblems(a.join('') + c + b.join(''))).not.toEqual([]);
        },
      ),
    );
    expect(keyProblems('')).not.toEqual([]);
    expect(keyProblems('k'.repeat(256))).not.toEqual([]);
  });
});

describe('headers of the purchase responses', () => {
  const header = (id: string, status: number, name: string) =>
    contract
      .op(id)
      .responses.get(status)!
      .headers.find((h) => h.name === name);
  it.each(PURCHASES)(
    '%s: 201 has a required Location, an optional Idempotent-Replayed, and the usual headers',
    (id) => {
      expect(header(id, 201, 'Location')?.required).toBe(true);
      expect(header(id, 201, 'Idempotent-Replayed')?.required).toBe(false);
      for (const h of ['X-Request-Id', 'RateLimit', 'RateLimit-Policy']) expect(header(id, 201, h), h).toBeDefined();
      // 409 is IDEMPOTENCY_KEY_IN_USE (with Retry-After) or DUPLICATE_REFERENCE (without: retrying never helps).
      expect(header(id, 409, 'Retry-After')?.required).toBe(false);
      expect(header(id, 503, 'Retry-After')?.required).toBe(true);
      expect(header(id, 405, 'Allow')?.required).toBe(true);
      // A stored 404/409/422 is replayed like the 201, so they may carry the replay marker too.
      for (const s of [404, 409, 422])
        if (contract.op(id).responses.has(s)) expect(header(id, s, 'Idempotent-Replayed'), `${s}`).toBeDefined();
    },
  );

  it('Idempotent-Replayed can only be true, and Location is an absolute path to the transaction', () => {
    expect(schemas.validate('#/components/headers/IdempotentReplayed/schema', 'true')).toEqual([]);
    expect(schemas.validate('#/components/headers/IdempotentReplayed/schema', 'false')).not.toEqual([]);
    const loc = (v: string) => schemas.validate('#/components/headers/Location/schema', v);
    fc.assert(
      fc.property(fc.uuid(), fc.constantFrom('/api/partners/v1', '/api/partners/sandbox/v1'), (u, base) => {
        expect(loc(`${base}/account/transactions/${u.toLowerCase()}`)).toEqual([]);
        expect(loc(`https://api.billpay.ng${base}/account/transactions/${u.toLowerCase()}`)).not.toEqual([]);
      }),
    );
  });
});
