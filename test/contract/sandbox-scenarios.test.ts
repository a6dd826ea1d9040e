/**
 * `info.x-sandbox-scenarios`, which the conformance suite reads, holds every scenario of the purchases design's
 * table, in the design's shape, with triggers that a request can actually carry to the biller: each value passes
 * its member's form (no 400) and each amount lies in the range of every product it can be sent with (no 422
 * AMOUNT_OUT_OF_RANGE, which is checked before the biller). The guide renders the same values for people.
 */
import { describe, expect, it } from 'vitest';
import { ContractSchemas } from '../../conformance/contract-schemas.ts';
import { buildCatalogue } from '../../server/demo/catalogue.ts';
import { ENVIRONMENTS } from '../../server/domain.ts';
import { bundle, deref, operations, type JsonObject } from '../helpers/bundle.ts';

interface Scenario {
  name: string;
  operation: string;
  when: Record<string, string>;
  outcome: string;
  then: string | null;
  after_seconds: number | null;
  events?: { outcome?: string[]; then?: string[] };
}

const info = bundle.info as JsonObject;
const scenarios = info['x-sandbox-scenarios'] as unknown as Scenario[];
const schemas = new ContractSchemas(bundle);
const byId = new Map(operations().map((o) => [o.operationId, o]));

const A = 'createAirtimePurchase',
  D = 'createDataPurchase',
  E = 'createElectricityPurchase',
  C = 'createCableTvPurchase';
const M = 'getElectricityMeter',
  S = 'getCableTvSmartcard';
/** The design's table, row by row: [operation, member, value, outcome, then]. The 13.13 amount of the design is
 * out of every airtime and electricity range (422 before the biller), so the contract uses 1313.13; data and cable
 * TV, which take no amount, time out on a number. */
const DESIGN: [string, string, string, string, string | null][] = [
  ...[A, D].flatMap((op): [string, string, string, string, string | null][] => [
    [op, 'phone_number', '08011111111', 'successful', null],
    [op, 'phone_number', '08022222222', 'pending', 'successful'],
    [op, 'phone_number', '08033333333', 'pending', 'failed'],
    [op, 'phone_number', '08044444444', 'successful', 'reversed'],
  ]),
  [E, 'meter_number', '1111111111111', 'successful', null],
  [E, 'meter_number', '1010101010101', 'successful', null],
  [E, 'meter_number', '2222222222222', 'pending', 'successful'],
  [E, 'meter_number', '3333333333333', 'pending', 'failed'],
  [E, 'meter_number', '4444444444444', 'successful', 'reversed'],
  [E, 'meter_number', '0000000000000', 'not_found', null],
  [C, 'smartcard_number', '1212121212', 'successful', null],
  [C, 'smartcard_number', '2222222222', 'pending', 'successful'],
  [C, 'smartcard_number', '3333333333', 'pending', 'failed'],
  [C, 'smartcard_number', '4444444444', 'successful', 'reversed'],
  // The drills (issue 25): product events about the product bought.
  [A, 'phone_number', '08066666666', 'pending', 'failed'],
  [D, 'phone_number', '08077777777', 'successful', null],
  [C, 'smartcard_number', '0000000000', 'not_found', null],
  [A, 'amount', '1313.13', 'pending', 'successful'],
  [E, 'amount', '1313.13', 'pending', 'successful'],
  // The purchases without an amount time out on a number (the first request stays in flight: a 409 is reachable).
  [D, 'phone_number', '08055555555', 'pending', 'successful'],
  [C, 'smartcard_number', '5555555555', 'pending', 'successful'],
  [M, 'meter_number', '1111111111111', 'found', null],
  [M, 'meter_number', '1010101010101', 'found', null],
  [M, 'meter_number', '0000000000000', 'not_found', null],
  [S, 'smartcard_number', '1212121212', 'found', null],
  [S, 'smartcard_number', '0000000000', 'not_found', null],
];
const LEGAL_LATER: Record<string, (string | null)[]> = {
  successful: [null, 'reversed'],
  pending: ['successful', 'failed'],
  found: [null],
  not_found: [null],
};

/** Pointer of the schema a trigger member is validated against: the body member's, or the path parameter's form. */
function memberSchema(operation: string, member: string): string {
  const o = byId.get(operation)!;
  if (o.method === 'post') {
    const ref = String(
      (((deref(o.operation.requestBody!).content as JsonObject)['application/json'] as JsonObject).schema as JsonObject)
        .$ref,
    );
    return `${ref}/properties/${member}`;
  }
  // A verification's path parameters take any shape (a wrong one is a 404): its trigger must have the body form.
  return { meter_number: '#/components/schemas/MeterNumber', smartcard_number: '#/components/schemas/SmartcardNumber' }[
    member
  ]!;
}

describe('x-sandbox-scenarios', () => {
  it('has the design shape: unique snake_case names, known operations, a legal outcome and later state', () => {
    expect(scenarios.length).toBe(DESIGN.length);
    expect(new Set(scenarios.map((s) => s.name)).size).toBe(scenarios.length);
    for (const s of scenarios) {
      const keys = ['after_seconds', 'name', 'operation', 'outcome', 'then', 'when'];
      expect(Object.keys(s).sort(), s.name).toEqual((s.events ? [...keys, 'events'] : keys).sort());
      expect(s.name).toMatch(/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/);
      const o = byId.get(s.operation);
      expect(o, s.name).toBeDefined();
      const outcomes = o!.method === 'post' ? ['pending', 'successful', 'not_found'] : ['found', 'not_found'];
      expect(outcomes, s.name).toContain(s.outcome);
      expect(LEGAL_LATER[s.outcome], s.name).toContain(s.then);
      expect(s.after_seconds === null, s.name).toBe(s.then === null);
      if (s.after_seconds !== null) expect(s.after_seconds).toBeGreaterThan(0);
    }
  });

  it('holds every row of the design table, once', () => {
    const got = scenarios.map((s) => [s.operation, ...Object.entries(s.when).flat(), s.outcome, s.then]);
    expect(got.map((r) => JSON.stringify(r)).sort()).toEqual(DESIGN.map((r) => JSON.stringify(r)).sort());
  });

  it('triggers only with values of the member form, so the request reaches the biller (no 400)', () => {
    for (const s of scenarios) {
      for (const [member, value] of Object.entries(s.when)) {
        expect(schemas.validate(memberSchema(s.operation, member), value), `${s.name} ${member}`).toEqual([]);
        if (byId.get(s.operation)!.method === 'get') expect(byId.get(s.operation)!.path).toContain(`{${member}}`);
      }
    }
  });

  it('triggers with amounts inside every product range of the kind (no 422 AMOUNT_OUT_OF_RANGE first)', () => {
    const kind: Record<string, string> = { [A]: 'airtime', [E]: 'electricity' };
    const withAmount = scenarios.filter((s) => s.when.amount !== undefined);
    expect(withAmount.map((s) => s.operation).sort()).toEqual([A, E].sort());
    const cents = (m: unknown) => Math.round(Number(m) * 100);
    for (const env of ENVIRONMENTS) {
      for (const s of withAmount) {
        const products = buildCatalogue(env).filter((p) => p.kind === kind[s.operation]);
        expect(products.length).toBeGreaterThan(0);
        for (const p of products) {
          expect(cents(s.when.amount), `${s.name} vs ${String(p.attributes.display_name)}`).toBeGreaterThanOrEqual(
            cents(p.attributes.min_amount),
          );
          expect(cents(s.when.amount)).toBeLessThanOrEqual(cents(p.attributes.max_amount));
        }
      }
    }
  });

  it('announces product events only on purchases, of product types, at a state the purchase reaches', () => {
    const drills = scenarios.filter((s) => s.events);
    expect(drills.map((s) => s.name).sort()).toEqual(['airtime_biller_outage', 'data_price_changed']);
    const types = ['product.price_changed', 'product.unavailable', 'product.available'];
    for (const s of drills) {
      expect(byId.get(s.operation)!.method, s.name).toBe('post');
      for (const [at, list] of Object.entries(s.events!)) {
        expect(['outcome', 'then'], s.name).toContain(at);
        if (at === 'then') expect(s.then, s.name).not.toBeNull();
        expect(list.length, s.name).toBeGreaterThan(0);
        for (const t of list) expect(types, s.name).toContain(t);
      }
    }
    // Every product event type can be made to happen in the sandbox.
    expect(drills.flatMap((s) => Object.values(s.events!).flat()).sort()).toEqual([...types].sort());
  });

  it('is rendered for people in the integration guide, value by value', () => {
    const guide = String(info.description);
    for (const s of scenarios) for (const v of Object.values(s.when)) expect(guide, s.name).toContain(`\`${v}\``);
    expect(guide).toContain('x-sandbox-scenarios');
  });
});
