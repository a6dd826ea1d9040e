/**
 * Purchase requests as the contract describes them: the sandbox scenarios (`info.x-sandbox-scenarios`), the
 * catalogue products a body needs, bodies of every operation with a scenario's members on top, what the contract
 * says each ends in, and a seeded random source (a failing run is replayed with its PURCHASE_SEED).
 */
import type { ProductRow, Store } from '../../../server/store/types.ts';
import { bundle, operations } from '../../helpers/bundle.ts';
import { rng } from './contract-fuzz.ts';

export type PurchaseOperation =
  'createAirtimePurchase' | 'createDataPurchase' | 'createElectricityPurchase' | 'createCableTvPurchase';
export const PURCHASE_OPERATIONS: readonly PurchaseOperation[] = [
  'createAirtimePurchase',
  'createDataPurchase',
  'createElectricityPurchase',
  'createCableTvPurchase',
];

/** A row of the contract's `info.x-sandbox-scenarios`. */
export interface Scenario {
  name: string;
  operation: string;
  when: Record<string, string>;
  outcome: 'successful' | 'pending' | 'found' | 'not_found';
  then: 'successful' | 'failed' | 'reversed' | null;
  after_seconds: number | null;
}

export const SCENARIOS = (bundle.info as unknown as { 'x-sandbox-scenarios': Scenario[] })['x-sandbox-scenarios'];
export const PURCHASE_SCENARIOS = SCENARIOS.filter((s) =>
  (PURCHASE_OPERATIONS as readonly string[]).includes(s.operation),
);

/** Path of an operation under the base path, from the contract. */
export const pathOf = (operationId: string): string => {
  const op = operations().find((o) => o.operationId === operationId);
  if (!op) throw new Error(`no operation ${operationId} in the contract`);
  return op.path;
};

/** The scenario a body triggers: the first row of the table whose members all match (the contract's precedence). */
export function scenarioOf(operation: PurchaseOperation, body: Record<string, string>): Scenario | undefined {
  const cents = (v: string | undefined) =>
    v === undefined || !/^\d+(\.\d{1,2})?$/.test(v) ? NaN : Math.round(Number(v) * 100);
  return PURCHASE_SCENARIOS.find(
    (s) =>
      s.operation === operation &&
      Object.entries(s.when).every(([k, v]) => (k === 'amount' ? cents(body[k]) === cents(v) : body[k] === v)),
  );
}

/**
 * What the contract says a purchase ends in: a 201 and the state its story ends in (`then`, or successful when
 * final at once; an ordinary purchase is successful at once), or the 404 of a customer the biller does not know.
 */
export type Expected = { status: 201; state: 'successful' | 'failed' | 'reversed' } | { status: 404; code: string };

export function expectedOf(s: Scenario | undefined): Expected {
  if (s?.outcome === 'not_found')
    return { status: 404, code: 'meter_number' in s.when ? 'METER_NOT_FOUND' : 'SMARTCARD_NOT_FOUND' };
  return { status: 201, state: s?.then ?? 'successful' };
}

/** The catalogue products purchase bodies need (sandbox), loaded by the first server start. */
export interface Catalogue {
  airtime: ProductRow;
  dataPlan: ProductRow;
  prepaid: ProductRow;
  postpaid: ProductRow;
  bouquet: ProductRow;
}

export async function catalogue(store: Store): Promise<Catalogue> {
  const first = async (
    kind: ProductRow['kind'],
    filter: Record<string, string>,
    pick: (p: ProductRow) => boolean = () => true,
  ) => {
    const items = (await store.listProducts('sandbox', kind, filter, { page: 1, per_page: 100 })).items.filter(pick);
    if (!items[0]) throw new Error(`no sandbox ${kind} product (${JSON.stringify(filter)}) in the catalogue`);
    return items[0];
  };
  return {
    airtime: await first('airtime', { network: 'MTN' }),
    dataPlan: await first('dataplan', { network: 'MTN' }),
    prepaid: await first('electricity', {}, (p) => p.meter_type === 'prepaid'),
    postpaid: await first('electricity', {}, (p) => p.meter_type === 'postpaid'),
    bouquet: await first('cabletv', {}),
  };
}

const range = (p: ProductRow) => p.attributes as { min_amount: string; max_amount: string };
const toCents = (s: string) => Math.round(Number(s) * 100);
const fromCents = (c: number) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`;

/** A random amount inside the product's range with random cents, never the timeout scenario's amount by accident. */
export function amountIn(p: ProductRow, rnd: () => number, at_most_cents = 500_000): string {
  const min = toCents(range(p).min_amount);
  const max = Math.min(toCents(range(p).max_amount), min + at_most_cents);
  for (;;) {
    const a = fromCents(min + Math.floor(rnd() * (max - min + 1)));
    if (!PURCHASE_SCENARIOS.some((s) => s.when.amount !== undefined && toCents(s.when.amount) === toCents(a))) return a;
  }
}

/** Customer numbers that trigger no scenario (checked below against the contract's table, whatever it grows into). */
export const ORDINARY = {
  phone_number: '08012345678',
  meter_number: '1234567890123',
  smartcard_number: '1234567890',
} as const;

/**
 * An ordinary purchase body of `operation` (successful at once), with the members of `scenario` on top. The meter
 * of a postpaid-only scenario is bought with the postpaid product (a fixed-type meter is not found with the other).
 * Without a scenario the body must trigger none: a number the table later claims would turn every "ordinary"
 * purchase into that scenario's story (it once did: the cable-TV timeout took the default smartcard).
 */
export function purchaseBody(
  c: Catalogue,
  operation: PurchaseOperation,
  rnd: () => number,
  scenario?: Scenario,
): Record<string, string> {
  const body = bodyOf(c, operation, rnd, scenario);
  const triggered = scenarioOf(operation, body);
  if (scenario === undefined && triggered !== undefined) {
    throw new Error(
      `the ordinary ${operation} body ${JSON.stringify(body)} triggers the sandbox scenario ${triggered.name}`,
    );
  }
  return body;
}

function bodyOf(
  c: Catalogue,
  operation: PurchaseOperation,
  rnd: () => number,
  scenario?: Scenario,
): Record<string, string> {
  const when = scenario?.when ?? {};
  switch (operation) {
    case 'createAirtimePurchase':
      return { network: 'mtn', phone_number: ORDINARY.phone_number, amount: amountIn(c.airtime, rnd, 50_000), ...when };
    case 'createDataPurchase':
      return { product_id: c.dataPlan.id, phone_number: ORDINARY.phone_number, ...when };
    case 'createElectricityPurchase': {
      const meter = when.meter_number ?? ORDINARY.meter_number;
      const product = scenario?.name.includes('postpaid') ? c.postpaid : c.prepaid;
      return { product_id: product.id, meter_number: meter, amount: amountIn(product, rnd, 200_000), ...when };
    }
    case 'createCableTvPurchase':
      return { product_id: c.bouquet.id, smartcard_number: ORDINARY.smartcard_number, ...when };
  }
}

/** The contract fuzz's seeded PRNG (mulberry32), so a failing run is replayed with its seed (PURCHASE_SEED). */
export const seeded = rng;

export const seed = (): number =>
  process.env.PURCHASE_SEED ? Number(process.env.PURCHASE_SEED) : Date.now() % 1_000_000;
