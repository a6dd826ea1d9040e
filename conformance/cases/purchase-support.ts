/**
 * What the write cases share: the products a purchase can name (read by the walks of the first phase), a valid body
 * for each purchase operation (the contract's own example body, its product and amount replaced by a real product
 * of the target and an amount inside that product's range), money in integer kobo, and polling a purchase until it
 * reaches a state.
 */
import { cents } from '../checks/product_invariants.ts';
import type { CaseContext } from '../context.ts';
import type { Exchange } from '../model.ts';
import type { Item } from '../shared.ts';
import { randomExternalReference } from './common.ts';

/** The purchase operations and the product_type their transactions carry (the kind of product they sell). */
export const PURCHASE_KINDS: Record<string, { kind: string; list: string }> = {
  createAirtimePurchase: { kind: 'airtime', list: 'listAirtimeProducts' },
  createDataPurchase: { kind: 'dataplan', list: 'listDataPlanProducts' },
  createElectricityPurchase: { kind: 'electricity', list: 'listElectricityProducts' },
  createCableTvPurchase: { kind: 'cabletv', list: 'listCableTvProducts' },
};
export const PURCHASES = Object.keys(PURCHASE_KINDS);

export type Body = Record<string, string>;

/** A decimal money string ("500", "500.5", "500.00") as integer kobo; null when it is none. */
export function kobo(v: unknown): bigint | null {
  if (typeof v !== 'string' || !/^(0|[1-9][0-9]*)(\.[0-9]{1,2})?$/.test(v)) return null;
  const [whole, frac = ''] = v.split('.');
  return BigInt(whole!) * 100n + BigInt(frac.padEnd(2, '0'));
}
export const naira = (k: bigint): string =>
  `${k < 0n ? '-' : ''}${(k < 0n ? -k : k) / 100n}.${String((k < 0n ? -k : k) % 100n).padStart(2, '0')}`;

const attr = (p: Item, k: string) => p.attributes[k];
const priceOf = (p: Item): bigint | null => {
  const price = attr(p, 'price') as Record<string, unknown> | undefined;
  return cents(price?.amount) ?? cents(attr(p, 'min_amount'));
};

/** The products of the kind a purchase operation sells, as the first phase read them; skips the case when none. */
export function productsFor(t: CaseContext, operationId: string): Item[] {
  const list = PURCHASE_KINDS[operationId]?.list;
  const walk = list ? t.shared.walks.get(list) : undefined;
  if (!walk) t.skip(`the products of ${operationId} could not be read (the walk of ${list ?? '?'} failed)`);
  if (walk.items.length === 0) t.skip(`the target lists no products for ${operationId}`);
  return walk.items;
}

/** The cheapest product (fixed price, or the lowest minimum): a run spends as little of the wallet as it can. */
export function cheapest(products: Item[]): Item {
  return [...products].sort((a, b) => Number((priceOf(a) ?? 0n) - (priceOf(b) ?? 0n)))[0]!;
}

/** The range a purchase's amount must lie in, for a product with min_amount / max_amount. */
export function rangeOf(p: Item): { min: bigint; max: bigint } | null {
  const min = cents(attr(p, 'min_amount'));
  const max = cents(attr(p, 'max_amount'));
  return min !== null && max !== null ? { min, max } : null;
}

/**
 * A valid body for a purchase operation: the contract's example body, with `product_id` a real product (the
 * cheapest, or `product`), the airtime `network` that product's, `amount` the product's minimum, a unique
 * `reference`, then `over` on top (a scenario's `when`, a member made wrong by a negative case).
 */
export function validBody(t: CaseContext, operationId: string, over: Body = {}, product?: Item): Body {
  const example = t.op(operationId).requestBody?.examples[0];
  if (typeof example !== 'object' || example === null) t.skip(`the contract has no example body for ${operationId}`);
  const body: Body = { ...(example as Body) };
  const p = product ?? cheapest(productsFor(t, operationId));
  if ('product_id' in body) body.product_id = p.id;
  if ('network' in body && typeof attr(p, 'network') === 'string') body.network = String(attr(p, 'network'));
  const range = rangeOf(p);
  if ('amount' in body && range) body.amount = naira(range.min);
  if ('reference' in body) body.reference = t.run.api.unique('conformance-ref');
  // The example's own external_reference buys once per account: each case's purchase gets a new one.
  if ('external_reference' in body) body.external_reference = randomExternalReference();
  return { ...body, ...over };
}

/** What the transaction's product_amount must be: the amount asked for, or the fixed price of the product. */
export function productAmountOf(body: Body, product: Item | undefined): bigint | null {
  if (body.amount !== undefined) return kobo(body.amount);
  return product ? priceOf(product) : null;
}

export interface Observed {
  /** Every status read, in order (the 201's first). */
  statuses: string[];
  /** The last transaction read (its `data`), or undefined when no read succeeded. */
  last?: Record<string, unknown>;
  lastExchange?: Exchange;
  reached: boolean;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Reads GET /account/transactions/{id} every `everyMs` until its status is `want` or `boundMs` passed. */
export async function pollUntil(
  t: CaseContext,
  id: string,
  want: string,
  boundMs: number,
  first: string,
  everyMs = 500,
): Promise<Observed> {
  const seen: Observed = { statuses: [first], reached: first === want };
  const deadline = Date.now() + boundMs;
  while (!seen.reached && Date.now() < deadline) {
    await sleep(everyMs);
    const ex = await t.send({ operationId: 'getTransaction', pathParams: { id } }, 'full', { status: 200 });
    const body = t.ok<{ data: Record<string, unknown> & { attributes: { status: string } } }>(ex, 'getTransaction');
    if (!body) return seen;
    seen.last = body.data;
    seen.lastExchange = ex;
    seen.statuses.push(body.data.attributes.status);
    seen.reached = body.data.attributes.status === want;
  }
  const entry = t.shared.purchases.get(id);
  if (entry) entry.status = seen.statuses.at(-1) ?? entry.status;
  return seen;
}
