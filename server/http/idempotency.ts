/**
 * Idempotency of write operations (IETF draft-ietf-httpapi-idempotency-key-header, as Stripe does it): the
 * `Idempotency-Key` header, the request's fingerprint, and the run of a write under its key —
 *   new key             → run it, the key claimed by the statement that records it; its outcome (the 201, or a
 *                         404/422 of the domain) is stored for 24 hours;
 *   same key and body   → the stored response again, byte for byte, with `Idempotent-Replayed: true`;
 *   same key, new body  → 422 IDEMPOTENCY_KEY_REUSED;   first still running → 409 IDEMPOTENCY_KEY_IN_USE.
 * What fails before the key is claimed (auth, 400s, 503 BILLER_UNAVAILABLE) stores nothing; any other failure during
 * the run (a 5xx) releases the key, so the client's retry runs again. Keys are scoped to the account (one per environment).
 */
import { createHash } from 'node:crypto';
import type { Request } from 'express';
import { LRUCache } from 'lru-cache';
import { ApiError, errors } from '../errors.ts';
import { IdempotencyKeyExists, type KeyHold } from '../contract/key-hold.ts';
import type { IdempotencyClaim, IdempotencyClaimRequest, ResponseSnapshot, Store } from '../store/types.ts';
import { envelopeOf } from '../contract/error-envelope.ts';
import { toApiError } from './error-middleware.ts';

/** How long a key is kept (documented in the contract). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** How long a claimed key may stay in flight before another request may take it over (a crashed first request). */
export const IDEMPOTENCY_LEASE_MS = 30_000;

const KEY = /^[\x20-\x7E]{1,255}$/;

/**
 * The request's Idempotency-Key, or 400 IDEMPOTENCY_KEY_REQUIRED saying what is wrong with it: absent, repeated,
 * empty, longer than 255 characters, or holding a character that is not printable ASCII (never echoing the key).
 */
export function idempotencyKeyOf(req: Request): string {
  const values = req.headersDistinct['idempotency-key'];
  if (!values || values.length === 0) throw errors.idempotencyKeyRequired('missing');
  if (values.length !== 1) throw errors.idempotencyKeyRequired('repeated');
  const key = values[0]!;
  if (KEY.test(key)) return key;
  if (key === '') throw errors.idempotencyKeyRequired('empty');
  if (!/^[\x20-\x7E]*$/.test(key)) throw errors.idempotencyKeyRequired('not_printable');
  throw errors.idempotencyKeyRequired('too_long', key.length);
}

/** Canonical JSON (members sorted at every depth): the same request in any member order has one fingerprint. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v !== null && typeof v === 'object') {
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v);
}

/**
 * What makes two requests the same: the operation, its path parameters (a rotation of endpoint A is not one of
 * endpoint B, whatever the body) and the body. Without path parameters the fingerprint is what it always was, so
 * records kept before path parameters counted still match.
 */
export function fingerprintOf(operationId: string, body: unknown, path: Readonly<Record<string, string>> = {}): string {
  const where = Object.keys(path).length > 0 ? `${canonical(path)}\n` : '';
  return createHash('sha256')
    .update(`${operationId}\n${where}${canonical(body)}`)
    .digest('hex');
}

/** A response as stored under a key: what the first request was answered, byte for byte (the store's snapshot). */
export type StoredResponse = ResponseSnapshot;

export type IdempotencyStore = Pick<
  Store,
  'claimIdempotencyKey' | 'inspectIdempotencyKey' | 'completeIdempotencyKey' | 'releaseIdempotencyKey'
>;

export interface WriteRun {
  account_id: string;
  key: string;
  operation: string;
  fingerprint: string;
  now: Date;
}

/** What a write answers; `stored`: its key's record already holds exactly this (nothing left to complete). */
export type WriteOutcome = StoredResponse & { stored?: boolean };

/** Keys this process has met, per store (an LRU: bounded whatever the keys clients send). */
const KNOWN_KEYS_MAX = 10_000;
const knownKeys = new WeakMap<IdempotencyStore, LRUCache<string, true>>();

/**
 * Whether this process has met (account, key) before — and from now on it has. Only a route: a key met before is
 * answered from a read of its record when it has one (a retry storm's repeats); one that has none (released after a
 * 5xx, expired, purged, or still being claimed by the first request) takes the write's way as a new key would. What
 * the record holds, and every claim, is still decided by the database.
 */
function metBefore(store: IdempotencyStore, w: WriteRun): boolean {
  let known = knownKeys.get(store);
  if (!known) knownKeys.set(store, (known = new LRUCache<string, true>({ max: KNOWN_KEYS_MAX })));
  const id = `${w.account_id}\n${w.key}`;
  if (known.get(id)) return true;
  known.set(id, true);
  return false;
}

/**
 * Runs `write` under the key; resolves to the response to send and whether it is a replay.
 *
 * A new key is claimed by the write's own recording statement (contract/key-hold.ts): the common case, a new key,
 * costs no round trip here. Whatever the write answers without having claimed the key — the key exists, or the
 * write failed before recording — the key's record is consulted first, exactly as if it had been claimed before the
 * write: a replay, 422 IDEMPOTENCY_KEY_REUSED or 409 IDEMPOTENCY_KEY_IN_USE wins over the write's own answer.
 *
 * Repeats of a key (issue 26, retry storms) never wait behind writes: a key this process has met before is first
 * looked up with a plain read, answered from its record without running the write at all; a key met first by the
 * recording statement (`key_held`, e.g. one another instance recorded) is looked up the same way. Only a record that
 * is absent, expired or abandoned goes on to claimIdempotencyKey, which decides under the record's row lock.
 */
export async function idempotently(
  store: IdempotencyStore,
  w: WriteRun,
  write: (hold: KeyHold) => Promise<WriteOutcome>,
): Promise<StoredResponse & { replayed: boolean }> {
  const claimRequest = { ...w, lease_ms: IDEMPOTENCY_LEASE_MS, ttl_ms: IDEMPOTENCY_TTL_MS };
  if (metBefore(store, w)) {
    const existing = await store.inspectIdempotencyKey(w);
    if (existing) return answerExisting(existing);
  }
  const hold: KeyHold = { key: w.key, claim: claimRequest, claimed: false };
  let outcome: WriteOutcome;
  try {
    outcome = await write(hold);
  } catch (err) {
    if (hold.claimed) return settleFailure(store, w, err);
    const keyExists = err instanceof IdempotencyKeyExists;
    if (!keyExists && !isStoredOutcome(toApiError(err))) {
      // A failure that is never kept (5xx, 503, 409): answer the key's record if it has one to answer, else the
      // failure. Read-only: nothing to release afterwards, and no write added to a database that may be struggling.
      const existing = await store.inspectIdempotencyKey(w).catch(() => null);
      if (existing) return answerExisting(existing);
      throw err;
    }
    if (keyExists) {
      // Read first: a replay, a reuse or an in-flight key is answered without taking the record's row lock, which
      // every repeat of one key would otherwise queue for, one at a time, each holding a connection of the pool.
      const existing = await store.inspectIdempotencyKey(w);
      if (existing) return answerExisting(existing);
    }
    let claim: IdempotencyClaim;
    try {
      claim = await store.claimIdempotencyKey(claimRequest);
    } catch (claimErr) {
      throw keyExists ? claimErr : err; // an outage: the write's own answer says more
    }
    if (claim.kind !== 'claimed') return answerExisting(claim);
    // Ours now: replaced (expired) or taken over (abandoned) — run the write on it — or new, after a domain answer
    // met before recording (404/422): keep it, as if the key had been claimed first.
    if (keyExists) return runClaimed(store, w, claimRequest, write);
    return settleFailure(store, w, err);
  }
  if (!hold.claimed)
    throw errors.internal(new Error(`${w.operation} answered without recording under its Idempotency-Key`));
  return finish(store, w, claimRequest, outcome);
}

/** A record that is not this request's: its replay, or why the request cannot run. */
function answerExisting(claim: Exclude<IdempotencyClaim, { kind: 'claimed' }>): StoredResponse & { replayed: boolean } {
  if (claim.kind === 'replay')
    return { status: claim.status, body: claim.body, location: claim.location, replayed: true };
  if (claim.kind === 'reused') throw errors.idempotencyKeyReused();
  throw errors.idempotencyKeyInUse();
}

/** The write on a record claimed beforehand (claimIdempotencyKey): it links the record instead of creating it. */
async function runClaimed(
  store: IdempotencyStore,
  w: WriteRun,
  claimRequest: IdempotencyClaimRequest,
  write: (hold: KeyHold) => Promise<WriteOutcome>,
): Promise<StoredResponse & { replayed: boolean }> {
  let outcome: WriteOutcome;
  try {
    outcome = await write({ key: w.key, claim: null, claimed: true });
  } catch (err) {
    return settleFailure(store, w, err);
  }
  return finish(store, w, claimRequest, outcome);
}

/** A write that failed on a record this request holds: keep its domain answer (404/422), free the key otherwise. */
async function settleFailure(store: IdempotencyStore, w: WriteRun, err: unknown): Promise<never> {
  const e = toApiError(err);
  if (isStoredOutcome(e)) {
    await store.completeIdempotencyKey({
      account_id: w.account_id,
      key: w.key,
      status: e.status,
      body: JSON.stringify(envelopeOf(e)),
      location: null,
    });
  } else if (e.code !== 'IDEMPOTENCY_KEY_IN_USE') {
    // Not an outcome to keep (a 5xx, an outage): free the key for the client's retry. The store frees it only while
    // no purchase is linked to it; a key lost to another request (409) is that request's, never freed here.
    await store.releaseIdempotencyKey(w.account_id, w.key).catch(() => undefined); // the lease expires anyway
  }
  throw err;
}

/** A write that succeeded on a record this request holds: its answer, stored unless the write stored it already. */
async function finish(
  store: IdempotencyStore,
  w: WriteRun,
  claimRequest: IdempotencyClaimRequest,
  outcome: WriteOutcome,
): Promise<StoredResponse & { replayed: boolean }> {
  const answer = { status: outcome.status, body: outcome.body, location: outcome.location };
  if (outcome.stored) return { ...answer, replayed: false };
  if (await store.completeIdempotencyKey({ account_id: w.account_id, key: w.key, ...answer }))
    return { ...answer, replayed: false };
  // The record was completed meanwhile — by the settlement worker, with its snapshot of this purchase: answer what is
  // stored, so that this first answer and every replay are the same bytes.
  const stored = await store.claimIdempotencyKey(claimRequest);
  if (stored.kind === 'replay')
    return { status: stored.status, body: stored.body, location: stored.location, replayed: false };
  // Purged under us (only if this request outlived the 24-hour keep): store this outcome rather than leave a claim.
  if (stored.kind === 'claimed')
    await store.completeIdempotencyKey({ account_id: w.account_id, key: w.key, ...answer });
  return { ...answer, replayed: false };
}

/** The domain's answers to a request that was executed: 404 (meter, smartcard) and 422 (product, amount, balance). */
const isStoredOutcome = (e: ApiError) => e.status === 404 || e.status === 422;
