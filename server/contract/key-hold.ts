/**
 * How a write operation holds its Idempotency-Key (http/idempotency.ts decides, handlers/purchase-flow.ts records).
 *
 * A new key costs no statement of its own: with `claim` set, the write's recording statement claims the key in the same
 * database transaction as the debit (store: recordPurchase with `claim`, store/sql/record_purchase.sql), and the write
 * sets `claimed` once that statement has written the key's record (the purchase linked, or the 422 stored). When the
 * key turned out to exist (or another transaction was claiming it at that moment), the write throws
 * IdempotencyKeyExists having written nothing, and the pipeline reads the record (replay, reused, in flight) or, for an
 * absent, expired or abandoned one, claims it and runs the write again with `claim` null: the record is then linked,
 * not created.
 */
import type { IdempotencyClaimRequest } from '../store/types.ts';

export interface KeyHold {
  readonly key: string;
  /** What the write's recording statement stores when it claims the key; null: the record is already this request's. */
  readonly claim: Omit<IdempotencyClaimRequest, 'account_id' | 'key'> | null;
  /** Set by the write once its recording statement wrote the key's record. */
  claimed: boolean;
}

/** The write's own claim found a record with this key: nothing was written. Not an API error: the pipeline's signal. */
export class IdempotencyKeyExists extends Error {
  constructor(readonly key: string) {
    super('the Idempotency-Key has a record already');
    this.name = 'IdempotencyKeyExists';
  }
}
