/**
 * purchase_state_conformance: the transaction a purchase answers (201) is the purchase that was asked for — in the
 * expected state (the sandbox scenario's `outcome`), category `purchase` and the operation's product_type, the
 * numbers of the request, its product, `amount` = price.total_debit = product_amount + fee_amount to the kobo, the
 * documented fee, the partner's reference (or a generated `PUR-…`), the partner's external_reference (or a generated
 * one: the Unix time in seconds of its creation, then 6 upper-case letters or digits), and a 20-digit token with
 * units exactly when prepaid electricity is successful.
 */
import { isRecord, type Problem } from './types.ts';

export interface PurchaseExpectation {
  status: string;
  productType: string;
  /** The request body (strings). */
  body: Record<string, string>;
  /** Kobo the customer receives (the amount asked for, or the product's price); null: not judged. */
  productAmount: bigint | null;
  feeKobo: bigint;
  /** Electricity: the meter is prepaid (token and units once successful); null for other kinds. */
  prepaid: boolean | null;
}

const kobo = (v: unknown): bigint | null =>
  typeof v === 'string' && /^(0|[1-9][0-9]*)\.[0-9]{2}$/.test(v) ? BigInt(v.replace('.', '')) : null;
const GENERATED_REFERENCE = /^PUR-[0-9A-HJKMNP-TV-Z]{26}$/;
const GENERATED_EXTERNAL_REFERENCE = /^[0-9]{10}[0-9A-Z]{6}$/;

/** The Unix time in seconds of an instant, as the 10 digits that start a generated external reference. */
export function unixSeconds(iso: string): string {
  return String(Math.floor(Date.parse(iso) / 1000)).padStart(10, '0');
}

export function purchaseStateConformance(tx: unknown, e: PurchaseExpectation): Problem[] {
  const a = isRecord(tx) && isRecord(tx.attributes) ? tx.attributes : null;
  if (!a) return [{ message: 'the 201 carries no transaction', documented: 'data: the Transaction' }];
  const out: Problem[] = [];
  const want = (
    field: string,
    got: unknown,
    expected: unknown,
    documented = `${field} ${JSON.stringify(expected)}`,
  ) => {
    if (JSON.stringify(got) !== JSON.stringify(expected))
      out.push({ message: `${field} is ${JSON.stringify(got)}`, documented });
  };
  want('status', a.status, e.status, `status ${e.status} (the scenario's outcome)`);
  want('category', a.category, 'purchase');
  want('product_type', a.product_type, e.productType);
  for (const member of ['phone_number', 'meter_number', 'smartcard_number'])
    want(member, a[member], e.body[member] ?? null, `${member} of the request`);
  if (e.body.product_id !== undefined) want('product_id', a.product_id, e.body.product_id, 'product_id of the request');
  const price = isRecord(a.price) ? a.price : {};
  const amount = kobo(a.amount);
  const total = kobo(price.total_debit);
  const product = kobo(price.product_amount);
  const fee = kobo(price.fee_amount);
  if (amount === null || total === null || amount !== total)
    out.push({
      message: `amount ${JSON.stringify(a.amount)}, price.total_debit ${JSON.stringify(price.total_debit)}`,
      documented: 'amount = price.total_debit',
    });
  if (total === null || product === null || fee === null || product + fee !== total) {
    out.push({
      message: `product_amount ${JSON.stringify(price.product_amount)} + fee_amount ${JSON.stringify(price.fee_amount)} ≠ total_debit ${JSON.stringify(price.total_debit)}`,
      documented: 'total_debit = product_amount + fee_amount',
    });
  }
  if (e.productAmount !== null && product !== e.productAmount)
    out.push({
      message: `price.product_amount is ${JSON.stringify(price.product_amount)}`,
      documented: `${e.productAmount} kobo: the amount asked for, or the product's price`,
    });
  if (fee !== e.feeKobo)
    out.push({
      message: `price.fee_amount is ${JSON.stringify(price.fee_amount)}`,
      documented: `a fee of ${e.feeKobo} kobo for ${e.productType}`,
    });
  if (e.body.reference !== undefined) want('reference', a.reference, e.body.reference, 'the partner reference sent');
  else if (typeof a.reference !== 'string' || !GENERATED_REFERENCE.test(a.reference))
    out.push({
      message: `reference is ${JSON.stringify(a.reference)}`,
      documented: 'a generated PUR- + 26 Crockford base32 characters',
    });
  if (e.body.external_reference !== undefined)
    want('external_reference', a.external_reference, e.body.external_reference, 'the external_reference sent');
  else if (
    typeof a.external_reference !== 'string' ||
    typeof a.created_at !== 'string' ||
    !GENERATED_EXTERNAL_REFERENCE.test(a.external_reference) ||
    !a.external_reference.startsWith(unixSeconds(a.created_at))
  ) {
    out.push({
      message: `external_reference ${JSON.stringify(a.external_reference)} for created_at ${JSON.stringify(a.created_at)}`,
      documented: 'a generated one: the Unix time in seconds of its creation, then 6 upper-case letters or digits',
    });
  }
  if (
    typeof a.created_at === 'string' &&
    typeof a.updated_at === 'string' &&
    Date.parse(a.updated_at) < Date.parse(a.created_at)
  ) {
    out.push({
      message: `updated_at ${a.updated_at} is before created_at ${a.created_at}`,
      documented: 'updated_at ≥ created_at',
    });
  }
  out.push(...deliveryProblems(a, e.prepaid));
  return out;
}

/** token (20 digits) and units ("79.9 kWh") exactly on successful prepaid electricity; null before and elsewhere. */
export function deliveryProblems(a: Record<string, unknown>, prepaid: boolean | null): Problem[] {
  if (a.status === 'reversed') return []; // a reversed delivery may keep the token it had
  const delivered = prepaid === true && a.status === 'successful';
  const ok = delivered
    ? typeof a.token === 'string' &&
      /^[0-9]{20}$/.test(a.token) &&
      typeof a.units === 'string' &&
      /^[0-9]+(\.[0-9]+)? kWh$/.test(a.units)
    : a.token === null && a.units === null;
  return ok
    ? []
    : [
        {
          message: `token ${JSON.stringify(a.token)}, units ${JSON.stringify(a.units)} on a ${String(a.status)} ${prepaid === null ? '' : prepaid ? 'prepaid ' : 'postpaid '}purchase`,
          documented: delivered
            ? 'a 20-digit token and units such as "79.9 kWh"'
            : 'token and units null (only successful prepaid electricity has them)',
        },
      ];
}
