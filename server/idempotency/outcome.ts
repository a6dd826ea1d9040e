/**
 * The states of a write under its deduplication keys, as values (README.md in this folder has the whole protocol).
 * A write operation's handler checks its request and answers a `KeyedWrite`: the write itself, not yet run. The run
 * (run.ts) hands it how to hold the Idempotency-Key (`KeyUse`) and switches on what its recording statement answers
 * (`Recording`), exhaustively: nothing signals by throwing, and nothing is set on a shared object.
 *
 *   checked ──write(use)──► recorded ──finish()──► finished (the 201, kept under the key)
 *                       ├─► refused          a refusal the recording statement kept under the key (422 balance)
 *                       ├─► key_exists       nothing written: the run reads the key's record, or claims it and
 *                       │                    runs the write again with `link`
 *                       ├─► key_lost         nothing written: another request holds the record now (409 IN_USE)
 *                       └─► reference_used   nothing written: the partner's external_reference is another
 *                                            purchase's (409 DUPLICATE_REFERENCE naming it)
 * `recorded` is the recovery point: from there on the key's record is this request's, whatever `finish` does.
 */
import type { ApiError } from '../errors.ts';
import type { IdempotencyClaimRequest } from '../store/types.ts';

/** What a claim stores besides the account and the key: operation, fingerprint, instant, lease and keep. */
export type ClaimTerms = Omit<IdempotencyClaimRequest, 'account_id' | 'key'>;

/** How the write's recording statement holds the request's Idempotency-Key. */
export type KeyUse =
  /** New as far as this request knows: the recording statement claims it, in its own transaction. */
  | { readonly kind: 'claim'; readonly key: string; readonly terms: ClaimTerms }
  /** Claimed beforehand by the run (replaced after expiry, or taken over): the recording statement links it. */
  | { readonly kind: 'link'; readonly key: string }
  /** No Idempotency-Key: the request is deduplicated by its external_reference alone. */
  | { readonly kind: 'none' };

/** What a write's recording statement did; `T` is what the write answers once recorded (a `Created`). */
export type Recording<T> =
  /** Written, with the key's record (claimed or linked): the request's own from here on. */
  | { readonly kind: 'recorded'; readonly finish: () => Promise<T> }
  /** Refused by the recording statement, which kept this refusal under the key in the same transaction. */
  | { readonly kind: 'refused'; readonly error: ApiError }
  /** Only with `claim`: the account has a record with this key (or another transaction is claiming it). */
  | { readonly kind: 'key_exists' }
  /** The record is no longer this request's (taken over after its lease, completed, released). */
  | { readonly kind: 'key_lost' }
  /** The partner's external_reference is already the reference of this purchase of the account. */
  | { readonly kind: 'reference_used'; readonly transaction_id: string };

/** A write whose request passed its checks: run under a KeyUse, it records or says why it did not. */
export type KeyedWrite<T> = (use: KeyUse) => Promise<Recording<T>>;

/** What the run answers: the response to send, and whether it is a replay of one kept under the key. */
export interface Answer {
  status: number;
  /** The body as kept under the key (the bytes a replay sends). */
  body: string;
  location: string | null;
  replayed: boolean;
}
