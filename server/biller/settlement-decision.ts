/**
 * What the settlement worker does with one requery answer: a pure function of the purchase's current status, its
 * attempts so far, the biller's answer and the time, so every rule is tested as a table (settlement-decision.test.ts).
 * Also the narrow store interface the worker needs (the store implements it: server/store/purchases.ts).
 *
 * Both ways a biller's answer reaches the store go through decide() — the vend at a purchase (handlers/purchase-flow
 * .ts) and every requery (settlement.ts) —, so this is where what a biller says is made storable and bounded
 * (usableAnswer): a token and units of the contract's forms (Transaction.token, .units) or none, a reason without
 * U+0000 or lone surrogates and at most REASON_MAX_CHARS characters, a recheck instant the store can hold. An answer
 * that cannot be used (an unknown status, a malformed token) counts as no answer: the purchase stays as it is and
 * the biller is asked again after the backoff — never a write that fails, so never a purchase requeried at every lease.
 */
import type { Environment, MeterType, TransactionStatus } from '../domain.ts';
import type { TransactionRow } from '../store/types.ts';
import { storableText } from '../storable-text.ts';
import { MAX_INSTANT, MIN_INSTANT } from '../store/instants.ts';
import type { ProductEventType } from '../store/webhook-types.ts';
import type { VendResult } from './types.ts';

/**
 * A purchase claimed for a requery: its transaction columns, plus its account's environment and, for electricity,
 * its product's meter type (neither is a transaction column: claimDueChecks joins them in its RETURNING).
 */
export interface DuePurchase {
  id: string;
  environment: Environment;
  status: TransactionStatus;
  product_type: string | null;
  product_id: string | null;
  phone_number: string | null;
  meter_number: string | null;
  smartcard_number: string | null;
  meter_type: MeterType | null;
  product_amount: string;
  created_at: Date;
  /** Requeries so far, this one included: claimDueChecks counts each claim. */
  check_attempts: number;
}

/** The 201 of a purchase, built from its row: the record of an idempotency key still in flight is completed with it. */
export interface PurchaseSnapshot {
  status: number;
  body: string;
  location: string;
}

/**
 * The design's settlePurchase. `to === from` changes no state: only next_check_at (no history row, no refund).
 * Returns null when the status was no longer `from` (another instance settled it first: nothing written).
 */
export interface SettleRequest {
  id: string;
  from: TransactionStatus;
  to: TransactionStatus;
  token?: string;
  units?: string;
  next_check_at: Date | null;
  at: Date;
  reason?: string;
  snapshot: (row: TransactionRow) => PurchaseSnapshot;
  /** A sandbox drill's product events (store's SettlePurchase.product_events). */
  product_events?: readonly ProductEventType[];
}

export interface SettlementStore {
  /** Up to `limit` purchases with next_check_at <= now, their next_check_at moved to now + lease_ms (SKIP LOCKED). */
  claimDueChecks(now: Date, limit: number, lease_ms: number): Promise<DuePurchase[]>;
  /** The settled purchase, or null when it was no longer in state `from` (nothing written). */
  settlePurchase(s: SettleRequest): Promise<{ row: TransactionRow } | null>;
}

/** The biller's answer to a requery, or why there is none. */
export type RequeryOutcome =
  { kind: 'answer'; result: VendResult } | { kind: 'error'; error: unknown } | { kind: 'no_biller' };

export type Settlement = Omit<SettleRequest, 'id' | 'at' | 'snapshot' | 'product_events'>;

export const MAX_BACKOFF_MS = 60_000;

/** Wait before the next requery after `attempts` requeries: 1 s, 2 s, 4 s, … capped at 60 s. */
export function backoffMs(attempts: number): number {
  return Math.min(MAX_BACKOFF_MS, 1_000 * 2 ** Math.max(0, attempts - 1));
}

const FINAL: readonly TransactionStatus[] = ['failed', 'reversed'];

/** The most of a biller's reason (failed, reversed) that is kept, in characters. */
export const REASON_MAX_CHARS = 500;
/** The contract's forms of a prepaid electricity token and its units (TransactionAttributes). */
const TOKEN = /^[0-9]{20}$/;
const UNITS = /^[0-9]{1,12}(\.[0-9]{1,3})? kWh$/;
const NO_REASON = 'the biller gave no reason';

/**
 * The biller's answer as the store can keep it and the contract show it, or null when it cannot be used: a status
 * it does not know, a token or units not of the contract's form, or one without the other. A reason is made
 * storable and cut; recheck_at is checked by decide() (recheckHint).
 */
export function usableAnswer(r: VendResult): VendResult | null {
  switch ((r as { status?: unknown } | null)?.status) {
    case 'successful': {
      const { token, units } = r as { token?: unknown; units?: unknown };
      if ((token === undefined) !== (units === undefined)) return null;
      if (token !== undefined && !(typeof token === 'string' && TOKEN.test(token))) return null;
      if (units !== undefined && !(typeof units === 'string' && UNITS.test(units))) return null;
      return r;
    }
    case 'pending':
      return r;
    case 'failed':
    case 'reversed': {
      const reason = (r as { reason?: unknown }).reason;
      const text = typeof reason === 'string' ? storableText(reason.trim(), REASON_MAX_CHARS, { ellipsis: true }) : '';
      return { ...r, reason: text === '' ? NO_REASON : text } as VendResult;
    }
    default:
      return null;
  }
}

/** A biller's recheck instant as the store can hold it: an invalid one means "after the backoff", one past the
 *  store's window is its edge. */
function recheckHint(hint: unknown, retry: Date): Date | undefined {
  if (hint === undefined) return undefined;
  if (!(hint instanceof Date) || !Number.isFinite(hint.getTime())) return retry;
  return new Date(Math.min(MAX_INSTANT, Math.max(MIN_INSTANT, hint.getTime())));
}

export function decide(
  row: Pick<DuePurchase, 'status' | 'check_attempts'>,
  requery: RequeryOutcome,
  now: Date,
): Settlement {
  const from = row.status;
  const retry = new Date(now.getTime() + backoffMs(row.check_attempts));
  const stay = (next_check_at: Date | null): Settlement => ({ from, to: from, next_check_at });
  // Never sooner than the backoff (a biller that keeps answering "ask me now" cannot spin the worker), never
  // sooner than the biller asked.
  const notBefore = (hint: Date | undefined) => (hint && hint > retry ? hint : retry);

  if (FINAL.includes(from)) return stay(null);
  const answered = requery.kind === 'answer' ? usableAnswer(requery.result) : null;
  if (answered === null) return stay(retry);
  const hint = recheckHint((answered as { recheck_at?: unknown }).recheck_at, retry);
  const r = (hint === undefined ? answered : { ...answered, recheck_at: hint }) as VendResult;

  if (from === 'pending') {
    switch (r.status) {
      case 'successful':
        return { from, to: 'successful', ...delivered(r), next_check_at: r.recheck_at ?? null };
      case 'pending':
        return stay(notBefore(r.recheck_at));
      // A pending purchase was never delivered, so a biller's "reversed" ends it as failed (pending -> reversed is
      // not a transition); both refund.
      case 'failed':
      case 'reversed':
        return { from, to: 'failed', next_check_at: null, reason: r.reason };
    }
  }
  switch (r.status) {
    case 'successful':
      return stay(r.recheck_at ? notBefore(r.recheck_at) : null);
    // The biller contradicts its own success: keep asking, never go back to pending.
    case 'pending':
      return stay(retry);
    // Failed after a success means the delivery did not stand: the money goes back (successful -> reversed).
    case 'failed':
    case 'reversed':
      return { from, to: 'reversed', next_check_at: null, reason: r.reason };
  }
}

function delivered(r: { token?: string; units?: string }): { token?: string; units?: string } {
  return { ...(r.token !== undefined ? { token: r.token } : {}), ...(r.units !== undefined ? { units: r.units } : {}) };
}
