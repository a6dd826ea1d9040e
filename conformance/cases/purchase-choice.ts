/**
 * Choosing what to buy for a purchase case: the product (the cheapest; for an amount the scenario fixes, one whose
 * range holds it; for electricity, one the meter verifies against — the verification says the meter's type, which
 * decides whether a token is due) and the valid body around the scenario's values.
 */
import type { CaseContext } from '../context.ts';
import type { Item } from '../shared.ts';
import { cheapest, kobo, productsFor, rangeOf, validBody, type Body } from './purchase-support.ts';

/**
 * The fee each kind of purchase adds to its debit, in kobo, as the contract documents it on the request bodies:
 * electricity "a convenience fee of 100.00 NGN is added to the debit"; airtime, data and cable TV none.
 */
export const FEE_KOBO: Record<string, bigint> = { electricity: 10_000n, airtime: 0n, dataplan: 0n, cabletv: 0n };

export interface PurchaseChoice {
  body: Body;
  product: Item;
  /** Electricity: the verified meter is prepaid (null for other kinds). */
  prepaid: boolean | null;
}

export async function choosePurchase(t: CaseContext, operationId: string, when: Body = {}): Promise<PurchaseChoice> {
  let products = productsFor(t, operationId);
  const amount = when.amount !== undefined ? kobo(when.amount) : null;
  if (amount !== null) {
    const holding = products.filter((p) => {
      const r = rangeOf(p);
      return r !== null && r.min <= amount && amount <= r.max;
    });
    if (holding.length === 0) t.skip(`no product of ${operationId} takes the amount ${when.amount}`);
    products = holding;
  }
  if (operationId !== 'createElectricityPurchase')
    return { body: validBody(t, operationId, when, cheapest(products)), product: cheapest(products), prepaid: null };
  const meter = when.meter_number ?? validBody(t, operationId).meter_number!;
  const { product, prepaid } = await verifiedMeterProduct(t, products, meter);
  return { body: validBody(t, operationId, { ...when, meter_number: meter }, product), product, prepaid };
}

/**
 * The first product (prepaid ones first, cheapest first) the meter verifies against. A meter none verifies with
 * (a not-found scenario) gets the first candidate: the purchase is then expected to be refused.
 */
async function verifiedMeterProduct(
  t: CaseContext,
  products: Item[],
  meter: string,
): Promise<{ product: Item; prepaid: boolean }> {
  const byType = (type: string) => products.filter((p) => p.attributes.meter_type === type);
  const candidates = [
    ...new Set([
      cheapest(byType('prepaid').length ? byType('prepaid') : products),
      ...(byType('postpaid').length ? [cheapest(byType('postpaid'))] : []),
    ]),
  ];
  for (const product of candidates) {
    const ex = await t.send(
      { operationId: 'getElectricityMeter', pathParams: { product_id: product.id, meter_number: meter } },
      'full',
    );
    const found =
      ex.response?.status === 200
        ? (ex.response.body as { data?: { attributes?: { meter_type?: unknown } } }).data
        : undefined;
    if (found) return { product, prepaid: found.attributes?.meter_type === 'prepaid' };
  }
  return { product: candidates[0]!, prepaid: candidates[0]!.attributes.meter_type === 'prepaid' };
}
