/**
 * The flow every purchase shares once its product, amount and customer are known (check order of the contract:
 * … → balance → biller): record it — debit, pending transaction, history, idempotency record, in one database
 * transaction — then ask the biller to deliver, then settle what the biller answered (settlement-decision.ts: the
 * same rules the settlement worker applies to a requery). The 201 is the transaction as it stands then.
 *
 * `purchase` answers the write, not yet run (idempotency/outcome.ts): the run (idempotency/run.ts) hands it how to
 * hold the Idempotency-Key, and gets back what the recording statement did — recorded (then `finish` asks the biller
 * and settles), refused for the balance (the 422 kept with the key), or nothing written because of the key.
 */
import { randomUUID } from 'node:crypto';
import { decide, type RequeryOutcome } from '../biller/settlement-decision.ts';
import type { Biller, VendOrder } from '../biller/types.ts';
import { created } from '../contract/envelope.ts';
import { envelopeOf } from '../contract/error-envelope.ts';
import type { Principal } from '../contract/principal.ts';
import type { Environment, MeterType, ProductKind } from '../domain.ts';
import { errors } from '../errors.ts';
import type { KeyedWrite, KeyUse } from '../idempotency/outcome.ts';
import { formatKobo, parseKobo } from '../money.ts';
import { StoreUnavailableError } from '../store/errors.ts';
import { serviceReference } from '../store/references.ts';
import type { ProductRow, PurchaseKey, ResponseSnapshot, Store, TransactionRow } from '../store/types.ts';
import { toTransaction } from './transactions.ts';

/** The biller's own timeout budget: a purchase nobody settled by then is requeried by the worker (crash safety). */
export const VEND_TIMEOUT_MS = 15_000;

/** The part of the Store a purchase uses: record it, settle it, and read it when the worker settled it first. */
export type PurchaseStore = Pick<Store, 'recordPurchase' | 'settlePurchase' | 'getTransactionById'>;

export interface PurchaseContext {
  environment: Environment;
  basePath: string;
  store: PurchaseStore;
  principal: Principal;
}

export interface PurchaseOrder {
  product: ProductRow;
  product_type: ProductKind;
  /** What the customer receives, as a decimal string with two decimals. */
  product_amount: string;
  fee_amount: string;
  price_basis: 'fixed' | 'face_value';
  description: string;
  reference: string | undefined;
  /** The partner's own order reference (unique per account), or undefined: the store generates one. */
  external_reference?: string | undefined;
  phone_number?: string | undefined;
  meter_number?: string | undefined;
  meter_type?: MeterType | null | undefined;
  smartcard_number?: string | undefined;
}

/** The 201 of a purchase: the envelope of its transaction and where to read it again — also what a replay answers. */
export function purchaseResponse(row: TransactionRow, basePath: string) {
  return { body: created(toTransaction(row)), location: `${basePath}/account/transactions/${row.id}` };
}

/** What a recorded purchase answers: its 201, and the response its key's record holds already, if the settlement stored it. */
export type PurchaseCreated = ReturnType<typeof purchaseResponse> & { stored?: ResponseSnapshot | undefined };

/** The biller of the request's environment, or 503 BILLER_UNAVAILABLE (nothing is recorded). */
export function billerOf(biller: Biller | null): Biller {
  if (!biller) throw errors.billerUnavailable();
  return biller;
}

/** "500" → "500.00"; amounts are validated by the contract's pattern before they get here. */
export const money = (amount: string): string => formatKobo(parseKobo(amount));

/** The purchase as a write under its keys: each run of it records (or not) and says what happened, as a value. */
export function purchase(ctx: PurchaseContext, biller: Biller, o: PurchaseOrder): KeyedWrite<PurchaseCreated> {
  return async (use) => {
    const now = new Date();
    const id = randomUUID();
    const total = formatKobo(parseKobo(o.product_amount) + parseKobo(o.fee_amount));
    const insufficient = errors.insufficientBalance(total);
    const recorded = await ctx.store.recordPurchase(
      {
        id,
        account_id: ctx.principal.account_id,
        currency: 'NGN',
        description: o.description,
        reference: o.reference ?? serviceReference('PUR', now),
        external_reference: o.external_reference,
        product_type: o.product_type,
        product_id: o.product.id,
        phone_number: o.phone_number ?? null,
        meter_number: o.meter_number ?? null,
        smartcard_number: o.smartcard_number ?? null,
        product_amount: o.product_amount,
        fee_amount: o.fee_amount,
        total_debit: total,
        price_basis: o.price_basis,
        created_at: now,
        next_check_at: new Date(now.getTime() + VEND_TIMEOUT_MS + 1_000),
      },
      purchaseKey(use, { status: 422, body: JSON.stringify(envelopeOf(insufficient)) }),
    );
    switch (recorded.kind) {
      case 'recorded':
        return { kind: 'recorded', finish: () => deliver(ctx, biller, o, recorded.row, now) };
      case 'insufficient_balance':
        return { kind: 'refused', error: insufficient };
      case 'product_unavailable':
        // Taken offline since productOf read it: nothing was written, so the answer is the handler's own check's.
        throw errors.productUnavailable();
      case 'idempotency_key_exists':
        return { kind: 'key_exists' };
      case 'idempotency_key_lost':
        return { kind: 'key_lost' };
      case 'reference_used':
        // The partner's external_reference is another transaction's (the constraint decided): nothing was written.
        return { kind: 'reference_used', transaction_id: recorded.transaction_id };
    }
  };
}

/** The key as recordPurchase takes it: claimed by its statement, linked (claimed beforehand), or none. */
function purchaseKey(use: KeyUse, insufficient: PurchaseKey['insufficient']): PurchaseKey | null {
  switch (use.kind) {
    case 'claim':
      return { key: use.key, claim: use.terms, insufficient };
    case 'link':
      return { key: use.key, insufficient };
    case 'none':
      return null;
  }
}

/** A recorded purchase: the biller delivers, the answer is settled, and the 201 is the purchase as it then stands. */
async function deliver(ctx: PurchaseContext, biller: Biller, o: PurchaseOrder, row: TransactionRow, createdAt: Date) {
  const order: VendOrder = {
    id: row.id,
    environment: ctx.environment,
    product_type: o.product_type,
    product_id: o.product.id,
    phone_number: o.phone_number ?? null,
    meter_number: o.meter_number ?? null,
    meter_type: o.meter_type ?? null,
    smartcard_number: o.smartcard_number ?? null,
    // What the recording transaction charged (for a fixed price, the price it read: sql/record_purchase.sql).
    product_amount: row.product_amount,
    created_at: createdAt,
  };
  let answer: RequeryOutcome;
  try {
    answer = { kind: 'answer', result: await biller.vend(order) };
  } catch (error) {
    answer = { kind: 'error', error }; // a timeout or an outage: the outcome is unknown, the worker requeries
  }
  const at = new Date();
  const s = decide({ status: 'pending', check_attempts: 0 }, answer, at);
  const settled = await settleRecorded(ctx.store, {
    id: row.id,
    ...s,
    product_events: biller.productEvents?.(order, s.from, s.to) ?? [],
    at,
    row,
    snapshot: (r) => ({ status: 201, ...stringified(purchaseResponse(r, ctx.basePath)) }),
  });
  // Settled here, the key's record holds this very answer: nothing left to complete or read back.
  if (settled) return { ...purchaseResponse(settled.row, ctx.basePath), stored: settled.stored ?? undefined };
  // Null: the settlement worker got there first (a slow biller); answer the purchase as it stands now.
  const current = await ctx.store.getTransactionById(ctx.principal.account_id, row.id);
  if (!current) throw errors.internal(new Error(`purchase ${row.id} vanished after it was recorded`));
  return purchaseResponse(current, ctx.basePath);
}

const stringified = (r: { body: unknown; location: string }) => ({
  body: JSON.stringify(r.body),
  location: r.location,
});

/** Attempts at settling a purchase this request recorded while the database is unavailable to it. */
const SETTLE_ATTEMPTS = 3;

/**
 * Settles a purchase this request recorded, again when the database was unavailable (StoreUnavailableError: most
 * often the pool's connect timeout under a burst): once recorded, a purchase is answered 201, never 503 because of a
 * passing queue — a 503 would leave the biller's answer unsettled until the worker's re-check, which may tell
 * another story (a sandbox success-then-reversal ends `failed`). Running the settlement again is safe: it is a
 * compare-and-set from `pending`, so one that did land answers null and the purchase is read as it stands.
 */
async function settleRecorded(store: PurchaseStore, s: Parameters<Store['settlePurchase']>[0]) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await store.settlePurchase(s);
    } catch (error) {
      if (attempt >= SETTLE_ATTEMPTS || !(error instanceof StoreUnavailableError)) throw error;
    }
  }
}

/** The product of `kind` with this id in this environment, or PRODUCT_NOT_FOUND (422 in a body, 404 in a path). */
export async function productOf(
  store: Pick<Store, 'getProduct'>,
  environment: Environment,
  kind: ProductKind,
  id: string,
  status: 404 | 422,
): Promise<ProductRow> {
  const product = await store.getProduct(environment, id);
  if (!product || product.kind !== kind) throw errors.productNotFound(status);
  if (status === 422) onSale(product);
  return product;
}

/**
 * PRODUCT_UNAVAILABLE for a product an operator took offline (migration 012): the check of a purchase right after
 * the product's, before its amount, customer and balance. The recording statement checks it again, in its own
 * transaction (sql/record_purchase.sql), for a change made in between.
 */
export function onSale(product: ProductRow): void {
  if (product.available === false) throw errors.productUnavailable();
}

/** AMOUNT_OUT_OF_RANGE unless min_amount <= amount <= max_amount of the product (kobo, never floats). */
export function checkAmountRange(product: ProductRow, amount: string): void {
  const { min_amount: min, max_amount: max } = product.attributes as { min_amount: string; max_amount: string };
  const a = parseKobo(amount);
  if (a < parseKobo(min) || a > parseKobo(max)) throw errors.amountOutOfRange(min, max);
}
