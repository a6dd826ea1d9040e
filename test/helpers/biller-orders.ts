/**
 * Test helpers for the biller: orders and catalogue products of each kind, and the order that triggers a scenario.
 * Used by the colocated *.test.ts files of server/biller.
 */
import { randomUUID } from 'node:crypto';
import type { Environment, MeterType, ProductKind } from '../../server/domain.ts';
import { buildCatalogue } from '../../server/demo/catalogue.ts';
import type { ProductRow } from '../../server/store/types.ts';
import { PURCHASE_OPERATION, type SimulatorScenario } from '../../server/biller/scenarios.ts';
import type { VendOrder } from '../../server/biller/types.ts';

export const T0 = new Date('2026-11-20T09:15:42.123Z');

/** An ordinary (non-magic) value of each member, and a plausible amount per kind. */
export const ORDINARY = {
  phone_number: '08031234567',
  meter_number: '45678901234',
  smartcard_number: '7012345678',
} as const;
const AMOUNT: Record<ProductKind, string> = {
  airtime: '500.00',
  dataplan: '1200.00',
  electricity: '5000.00',
  cabletv: '19000.00',
};

export function order(overrides: Partial<VendOrder> = {}): VendOrder {
  const product_type = overrides.product_type ?? 'airtime';
  return {
    id: randomUUID(),
    environment: 'sandbox',
    product_type,
    product_id: null,
    phone_number:
      product_type === 'airtime' || product_type === 'dataplan' || product_type === 'electricity'
        ? ORDINARY.phone_number
        : null,
    meter_number: product_type === 'electricity' ? ORDINARY.meter_number : null,
    meter_type: product_type === 'electricity' ? 'prepaid' : null,
    smartcard_number: product_type === 'cabletv' ? ORDINARY.smartcard_number : null,
    product_amount: AMOUNT[product_type],
    created_at: T0,
    ...overrides,
  };
}

const KIND_OF = Object.fromEntries(Object.entries(PURCHASE_OPERATION).map(([k, op]) => [op, k])) as Record<
  string,
  ProductKind
>;

/** The sandbox order a purchase scenario's `when` describes (the scenario's meter type when it fixes one). */
export function scenarioOrder(
  s: Pick<SimulatorScenario, 'operation' | 'when' | 'meter_type'>,
  overrides: Partial<VendOrder> = {},
): VendOrder {
  const product_type = KIND_OF[s.operation];
  if (!product_type) throw new Error(`${s.operation} is not a purchase`);
  const { amount, ...members } = s.when;
  return order({
    product_type,
    ...members,
    ...(amount !== undefined ? { product_amount: amount } : {}),
    ...(s.meter_type ? { meter_type: s.meter_type } : {}),
    ...overrides,
  });
}

const catalogues = new Map<Environment, ProductRow[]>();

/** A catalogue product of the kind (and meter type, for electricity). */
export function product(environment: Environment, kind: ProductKind, meter_type?: MeterType): ProductRow {
  if (!catalogues.has(environment)) catalogues.set(environment, buildCatalogue(environment));
  const found = catalogues
    .get(environment)!
    .find((p) => p.kind === kind && (meter_type === undefined || p.meter_type === meter_type));
  if (!found) throw new Error(`no ${kind} product`);
  return found;
}

export function productsOf(environment: Environment, kind: ProductKind): ProductRow[] {
  product(environment, kind);
  return catalogues.get(environment)!.filter((p) => p.kind === kind);
}
