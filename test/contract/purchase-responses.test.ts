/**
 * What the purchase and verification responses document: the error codes of each status (as the conformance suite
 * reads them, one named example per `error.code`), the Transaction extended by additions only, and 201 examples
 * that obey the purchase rules (debit = product + fee, fees per kind, the external reference's Lagos time).
 */
import { describe, expect, it } from 'vitest';
import { Contract } from '../../conformance/contract/operations.ts';
import { bundle, deref, type JsonObject } from '../helpers/bundle.ts';

const contract = new Contract();
const AUTH = {
  401: ['AUTHENTICATION_REQUIRED', 'INVALID_CREDENTIALS', 'TOKEN_REVOKED', 'TOKEN_EXPIRED', 'TOKEN_DISABLED'],
  403: ['ENVIRONMENT_MISMATCH', 'API_DISABLED', 'IP_NOT_ALLOWED', 'INSUFFICIENT_SCOPE'],
  405: ['METHOD_NOT_ALLOWED'],
  429: ['RATE_LIMITED'],
  500: ['INTERNAL_ERROR'],
  503: ['SERVICE_UNAVAILABLE', 'BILLER_UNAVAILABLE'],
};
const PURCHASE = {
  ...AUTH,
  400: ['IDEMPOTENCY_KEY_REQUIRED', 'INVALID_PARAMETER'],
  409: ['IDEMPOTENCY_KEY_IN_USE', 'DUPLICATE_REFERENCE'],
};
const VERIFY = { ...AUTH, 400: ['INVALID_PARAMETER'] };
const REUSED = 'IDEMPOTENCY_KEY_REUSED';
/** Issue 25: a product an operator took offline (`available: false`) answers 422 on every purchase of its kind. */
const OFFLINE = 'PRODUCT_UNAVAILABLE';

/** Purchases design §1, "Responses of the four purchases" / "of the two verifications". */
const CODES: Record<string, Record<number, string[]>> = {
  createAirtimePurchase: { ...PURCHASE, 422: [REUSED, OFFLINE, 'AMOUNT_OUT_OF_RANGE', 'INSUFFICIENT_BALANCE'] },
  createDataPurchase: { ...PURCHASE, 422: [REUSED, 'PRODUCT_NOT_FOUND', OFFLINE, 'INSUFFICIENT_BALANCE'] },
  createElectricityPurchase: {
    ...PURCHASE,
    404: ['METER_NOT_FOUND'],
    422: [REUSED, 'PRODUCT_NOT_FOUND', OFFLINE, 'AMOUNT_OUT_OF_RANGE', 'INSUFFICIENT_BALANCE'],
  },
  createCableTvPurchase: {
    ...PURCHASE,
    404: ['SMARTCARD_NOT_FOUND'],
    422: [REUSED, 'PRODUCT_NOT_FOUND', OFFLINE, 'INSUFFICIENT_BALANCE'],
  },
  // Issue 24 (the published API's operations): POST /purchases answers what any of the four would, by the product's
  // kind; verify answers a verification's 404s, an unknown product being 422 as on a purchase; the reads and the
  // query answer an unknown or another account's purchase 404, and a query with no final answer the purchase unchanged
  // (no BILLER_UNAVAILABLE).
  createPurchase: {
    ...PURCHASE,
    404: ['METER_NOT_FOUND', 'SMARTCARD_NOT_FOUND'],
    422: [REUSED, 'PRODUCT_NOT_FOUND', OFFLINE, 'AMOUNT_OUT_OF_RANGE', 'INSUFFICIENT_BALANCE'],
  },
  verifyPurchase: { ...VERIFY, 404: ['METER_NOT_FOUND', 'SMARTCARD_NOT_FOUND'], 422: ['PRODUCT_NOT_FOUND'] },
  getPurchase: { ...AUTH, 400: ['INVALID_PARAMETER'], 404: ['TRANSACTION_NOT_FOUND'], 503: ['SERVICE_UNAVAILABLE'] },
  queryPurchase: { ...AUTH, 400: ['INVALID_PARAMETER'], 404: ['TRANSACTION_NOT_FOUND'], 503: ['SERVICE_UNAVAILABLE'] },
  getElectricityMeter: { ...VERIFY, 404: ['PRODUCT_NOT_FOUND', 'METER_NOT_FOUND'] },
  getCableTvSmartcard: { ...VERIFY, 404: ['PRODUCT_NOT_FOUND', 'SMARTCARD_NOT_FOUND'] },
};

describe('error codes of the purchase and verification responses', () => {
  it.each(Object.entries(CODES))('%s documents exactly the design codes on each error status', (id, want) => {
    const op = contract.op(id);
    const got = Object.fromEntries(
      [...op.responses].filter(([s]) => s >= 400).map(([s, r]) => [s, [...r.codes].sort()]),
    );
    expect(got).toEqual(Object.fromEntries(Object.entries(want).map(([s, c]) => [s, [...c].sort()])));
  });

  it('every error example carries the status of the response it illustrates', () => {
    for (const id of Object.keys(CODES)) {
      for (const [status, r] of contract.op(id).responses) {
        if (status < 400) continue;
        const media = deref(
          r.schemaPointer ? contract.bundle.resolve(r.schemaPointer.replace(/\/schema$/, '')).node : {},
        );
        for (const ex of Object.values(media.examples as JsonObject)) {
          expect((deref(ex).value as { status: { code: number } }).status.code, `${id} ${status}`).toBe(status);
        }
      }
    }
  });
});

const schemas = (bundle.components as JsonObject).schemas as JsonObject;
const attrs = schemas.TransactionAttributes as JsonObject;

describe('the Transaction, extended by additions only', () => {
  const BEFORE = [
    'amount',
    'currency',
    'status',
    'category',
    'description',
    'reference',
    'external_reference',
    'product_type',
    'phone_number',
    'meter_number',
    'price',
    'created_at',
    'updated_at',
  ];
  const ADDED = ['smartcard_number', 'token', 'units', 'product_id'];

  it('keeps every member clients had, and adds four that are always present and may be null', () => {
    expect(attrs.required).toEqual(expect.arrayContaining([...BEFORE, ...ADDED]));
    expect(Object.keys(attrs.properties as JsonObject).sort()).toEqual([...BEFORE, ...ADDED].sort());
    for (const m of ADDED) {
      const p = (attrs.properties as JsonObject)[m] as JsonObject;
      const nullable =
        (Array.isArray(p.type) && p.type.includes('null')) ||
        ((p.oneOf ?? []) as JsonObject[]).some((s) => s.type === 'null');
      expect(nullable, m).toBe(true);
      expect(String(p.description).length, m).toBeGreaterThan(40);
    }
  });

  it('states the transitions of a purchase', () => {
    const words = String((schemas.TransactionStatus as JsonObject).description);
    for (const t of ['`pending` → `successful`', '`pending` → `failed`', '`successful` → `reversed`'])
      expect(words).toContain(t);
  });
});

const FEES: Record<string, [kind: string, fee: string]> = {
  createAirtimePurchase: ['airtime', '0.00'],
  createDataPurchase: ['dataplan', '0.00'],
  createElectricityPurchase: ['electricity', '100.00'],
  createCableTvPurchase: ['cabletv', '0.00'],
};
const cents = (m: string) => Math.round(Number(m) * 100);
/** The Unix time in seconds of an instant, as the 10 digits of a generated external reference. */
const unixSeconds = (iso: string) => String(Math.floor(Date.parse(iso) / 1000)).padStart(10, '0');

describe('the 201 examples of the purchases', () => {
  it.each(Object.entries(FEES))(
    '%s: a purchase of its kind, debit = product + fee, generated external reference in Unix seconds',
    (id, [kind, fee]) => {
      const ok = contract.op(id).responses.get(201)!;
      const media = contract.bundle.resolve(ok.schemaPointer!.replace(/\/schema$/, '')).node;
      let tokens = 0;
      for (const ex of Object.values(media.examples as JsonObject)) {
        const a = (deref(ex).value as { data: { attributes: Record<string, any> } }).data.attributes;
        expect(a.category).toBe('purchase');
        expect(a.product_type).toBe(kind);
        expect(['pending', 'successful']).toContain(a.status);
        expect(a.price.fee_amount).toBe(fee);
        expect(a.amount).toBe(a.price.total_debit);
        expect(cents(a.price.total_debit)).toBe(cents(a.price.product_amount) + cents(a.price.fee_amount));
        expect(a.external_reference.slice(0, 10)).toBe(unixSeconds(a.created_at));
        expect(a.external_reference).toMatch(/^[0-9]{10}[A-Z0-9]{6}$/);
        expect(a.token === null).toBe(a.units === null);
        if (a.token !== null) expect([kind, a.status]).toEqual(['electricity', 'successful']);
        expect(a.product_id).not.toBeNull();
        tokens += a.token === null ? 0 : 1;
      }
      // The electricity example shows what a prepaid meter gets: the token and the units.
      expect(tokens > 0).toBe(kind === 'electricity');
    },
  );
});
