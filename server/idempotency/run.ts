/**
 * The run of a write under its Idempotency-Key (README.md in this folder): the one place that decides what a key's
 * record means for a request, and what a write's recording means for the key.
 *   new key             → the write runs, the key claimed by the statement that records it; its outcome (the 201, or
 *                         a 404/422 of the domain) is kept for 24 hours;
 *   same key and body   → the stored response again, byte for byte, with `Idempotent-Replayed: true`;
 *   same key, new body  → 422 IDEMPOTENCY_KEY_REUSED;   first still running → 409 IDEMPOTENCY_KEY_IN_USE.
 * What fails before the key is claimed (auth, 400s, 503 BILLER_UNAVAILABLE) stores nothing; any other failure during
 * the run (a 5xx) releases the key, so the client's retry runs again. Keys are scoped to the account (one per
 * environment).
 */
import { LRUCache } from 'lru-cache';
import { envelopeOf } from '../contract/error-envelope.ts';
import { ApiError, errors } from '../errors.ts';
import type { IdempotencyClaim, ResponseSnapshot, Store } from '../store/types.ts';
import type { Answer, ClaimTerms, KeyedWrite, Recording } from './outcome.ts';

/** How long a key is kept (documented in the contract). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** How long a claimed key may stay in flight before another request may take it over (a crashed first request). */
export const IDEMPOTENCY_LEASE_MS = 30_000;

export type IdempotencyStore = Pick<
  Store,
  | 'claimIdempotencyKey'
  | 'inspectIdempotencyKey'
  | 'completeIdempotencyKey'
  | 'releaseIdempotencyKey'
  | 'getTransactionByExternalReference'
>;

export interface WriteRun {
  account_id: string;
  /** The request's Idempotency-Key; null: none (the write is deduplicated by its external_reference alone). */
  key: string | null;
  /** The partner's external_reference (a purchase's body member), the second deduplication key; absent: none. */
  reference?: string | undefined;
  operation: string;
  fingerprint: string;
  now: Date;
}

/** What a recorded write answers; `stored`: its key's record already holds exactly this (nothing left to complete). */
export type Finished = ResponseSnapshot & { stored: boolean };

type KeyedRun = WriteRun & { key: string };

/** Keys this process has met, per store (an LRU: bounded whatever the keys clients send). */
const KNOWN_KEYS_MAX = 10_000;
const knownKeys = new WeakMap<IdempotencyStore, LRUCache<string, true>>();

/**
 * Whether this process has met (account, key) before — and from now on it has. Only a route: a key met before is
 * answered from a read of its record when it has one (a retry storm's repeats); one that has none (released after a
 * 5xx, expired, purged, or still being claimed by the first request) takes the write's way as a new key would. What
 * the record holds, and every claim, is still decided by the database.
 */
function metBefore(store: IdempotencyStore, w: KeyedRun): boolean {
  let known = knownKeys.get(store);
  if (!known) knownKeys.set(store, (known = new LRUCache<string, true>({ max: KNOWN_KEYS_MAX })));
  const id = `${w.account_id}\n${w.key}`;
  if (known.get(id)) return true;
  known.set(id, true);
  return false;
}

/**
 * Runs a write under the request's key: `prepare` is the handler (its checks; it answers the write, not yet run),
 * `respond` turns what the recorded write answers into the response kept under the key.
 *
 * A new key is claimed by the write's own recording statement (KeyUse `claim`): the common case, a new key, costs
 * no round trip here. Whatever the write answers without having recorded — the key exists, or a failure before
 * recording — the key's record is consulted first, exactly as if it had been claimed before the write: a replay,
 * 422 IDEMPOTENCY_KEY_REUSED or 409 IDEMPOTENCY_KEY_IN_USE wins over the write's own answer.
 *
 * Repeats of a key (issue 26, retry storms) never wait behind writes: a key this process has met before is first
 * looked up with a plain read, answered from its record without running the handler at all; a key met first by the
 * recording statement (`key_exists`, e.g. one another instance recorded) is looked up the same way. Only a record
 * that is absent, expired or abandoned goes on to claimIdempotencyKey, which decides under the record's row lock.
 */
export async function runKeyed<T>(
  store: IdempotencyStore,
  w: WriteRun,
  prepare: () => Promise<KeyedWrite<T>>,
  respond: (answer: T) => Finished,
): Promise<Answer> {
  if (w.key === null) return runUnkeyed(store, w, prepare, respond);
  const run: KeyedRun = { ...w, key: w.key };
  const terms: ClaimTerms = {
    operation: w.operation,
    fingerprint: w.fingerprint,
    now: w.now,
    lease_ms: IDEMPOTENCY_LEASE_MS,
    ttl_ms: IDEMPOTENCY_TTL_MS,
  };
  if (metBefore(store, run)) {
    const existing = await store.inspectIdempotencyKey(run);
    if (existing) return answerExisting(existing);
  }
  let write: KeyedWrite<T>;
  let recording: Recording<T>;
  try {
    await referenceFree(store, w); // after the key's record (a replay wins), before the handler's checks
    write = await prepare();
    recording = await write({ kind: 'claim', key: run.key, terms });
  } catch (err) {
    return failedBeforeRecording(store, run, terms, err);
  }
  switch (recording.kind) {
    case 'recorded':
      return finishRecorded(store, run, terms, recording, respond);
    case 'refused':
      throw recording.error; // the recording statement kept it under the key
    case 'reference_used':
      // Nothing written, the key not claimed: kept under the key like a 404/422 (unless the key has a record now).
      return failedBeforeRecording(store, run, terms, errors.duplicateReference(recording.transaction_id));
    case 'key_lost': {
      // Another request holds the record now: its answer, if it has one, is this one's too.
      const existing = await store.inspectIdempotencyKey(run).catch(() => null);
      if (existing) return answerExisting(existing);
      throw errors.idempotencyKeyInUse();
    }
    case 'key_exists': {
      // Read first: a replay, a reuse or an in-flight key is answered without taking the record's row lock, which
      // every repeat of one key would otherwise queue for, one at a time, each holding a connection of the pool.
      const existing = await store.inspectIdempotencyKey(run);
      if (existing) return answerExisting(existing);
      const claim = await store.claimIdempotencyKey({ ...run, ...terms });
      if (claim.kind !== 'claimed') return answerExisting(claim);
      // Ours now: replaced (expired) or taken over (abandoned) — the write links the record instead of creating it.
      return runLinked(store, run, terms, write, respond);
    }
  }
}

/** No Idempotency-Key: the write's own deduplication (its external_reference) decides; nothing is kept. */
async function runUnkeyed<T>(
  store: IdempotencyStore,
  w: WriteRun,
  prepare: () => Promise<KeyedWrite<T>>,
  respond: (answer: T) => Finished,
) {
  await referenceFree(store, w);
  const recording = await (await prepare())({ kind: 'none' });
  switch (recording.kind) {
    case 'recorded': {
      const { status, body, location } = respond(await recording.finish());
      return { status, body, location, replayed: false };
    }
    case 'refused':
      throw recording.error;
    case 'reference_used':
      throw errors.duplicateReference(recording.transaction_id);
    case 'key_exists':
    case 'key_lost':
      throw errors.internal(new Error(`a write without an Idempotency-Key answered ${recording.kind}`));
  }
}

/** The write on a record claimed beforehand (claimIdempotencyKey): it links the record instead of creating it. */
async function runLinked<T>(
  store: IdempotencyStore,
  run: KeyedRun,
  terms: ClaimTerms,
  write: KeyedWrite<T>,
  respond: (answer: T) => Finished,
): Promise<Answer> {
  let recording: Recording<T>;
  try {
    recording = await write({ kind: 'link', key: run.key });
  } catch (err) {
    return settleFailure(store, run, err);
  }
  switch (recording.kind) {
    case 'recorded':
      return finishRecorded(store, run, terms, recording, respond);
    case 'refused':
      throw recording.error; // kept under the key by the recording statement
    case 'reference_used':
      return settleFailure(store, run, errors.duplicateReference(recording.transaction_id));
    case 'key_lost':
      throw errors.idempotencyKeyInUse(); // another request's now: never freed here
    case 'key_exists':
      throw errors.internal(new Error(`${run.operation}: key_exists on a record this request holds`));
  }
}

/**
 * A failure before anything was recorded (the handler's checks, or the recording statement's transaction). A domain
 * answer (404, 422) is kept under the key, as if the key had been claimed first; anything else answers the key's
 * record if it has one to answer (read-only: nothing to release, no write added to a database that may be
 * struggling), else the failure.
 */
async function failedBeforeRecording(
  store: IdempotencyStore,
  run: KeyedRun,
  terms: ClaimTerms,
  err: unknown,
): Promise<Answer> {
  if (!isKeptAnswer(err)) {
    const existing = await store.inspectIdempotencyKey(run).catch(() => null);
    if (existing) return answerExisting(existing);
    throw err;
  }
  let claim: IdempotencyClaim;
  try {
    claim = await store.claimIdempotencyKey({ ...run, ...terms });
  } catch {
    throw err; // an outage: the write's own answer says more
  }
  if (claim.kind !== 'claimed') return answerExisting(claim);
  return settleFailure(store, run, err);
}

/** A record that is not this request's: its replay, or why the request cannot run. */
function answerExisting(claim: Exclude<IdempotencyClaim, { kind: 'claimed' }>): Answer {
  if (claim.kind === 'replay')
    return { status: claim.status, body: claim.body, location: claim.location, replayed: true };
  if (claim.kind === 'reused') throw errors.idempotencyKeyReused();
  throw errors.idempotencyKeyInUse();
}

/** A write that failed on a record this request holds: keep its domain answer (404/422), free the key otherwise. */
async function settleFailure(store: IdempotencyStore, run: KeyedRun, err: unknown): Promise<never> {
  if (isKeptAnswer(err)) {
    await store.completeIdempotencyKey({
      account_id: run.account_id,
      key: run.key,
      status: err.status,
      body: JSON.stringify(envelopeOf(err)),
      location: null,
    });
  } else if (!(err instanceof ApiError && err.code === 'IDEMPOTENCY_KEY_IN_USE')) {
    // Not an outcome to keep (a 5xx, an outage): free the key for the client's retry. The store frees it only while
    // no purchase is linked to it; a key lost to another request (409) is that request's, never freed here.
    await store.releaseIdempotencyKey(run.account_id, run.key).catch(() => undefined); // the lease expires anyway
  }
  throw err;
}

/** A write recorded under this request's key: its answer, stored unless the write stored it already. */
async function finishRecorded<T>(
  store: IdempotencyStore,
  run: KeyedRun,
  terms: ClaimTerms,
  recording: Extract<Recording<T>, { kind: 'recorded' }>,
  respond: (answer: T) => Finished,
): Promise<Answer> {
  let finished: Finished;
  try {
    finished = respond(await recording.finish());
  } catch (err) {
    return settleFailure(store, run, err);
  }
  const answer = { status: finished.status, body: finished.body, location: finished.location };
  if (finished.stored) return { ...answer, replayed: false };
  if (await store.completeIdempotencyKey({ account_id: run.account_id, key: run.key, ...answer }))
    return { ...answer, replayed: false };
  // The record was completed meanwhile — by the settlement worker, with its snapshot of this purchase: answer what is
  // stored, so that this first answer and every replay are the same bytes.
  const stored = await store.claimIdempotencyKey({ ...run, ...terms });
  if (stored.kind === 'replay')
    return { status: stored.status, body: stored.body, location: stored.location, replayed: false };
  // Purged under us (only if this request outlived the 24-hour keep): store this outcome rather than leave a claim.
  if (stored.kind === 'claimed')
    await store.completeIdempotencyKey({ account_id: run.account_id, key: run.key, ...answer });
  return { ...answer, replayed: false };
}

/**
 * 409 DUPLICATE_REFERENCE when a transaction of the account already has the write's external_reference: the check of
 * the decisions' order (… → idempotency record → reference already used → product → … → balance), so that a used
 * reference is answered before the handler reads its product or asks the biller to verify a customer. It only
 * answers early: what keeps a reference unique is the constraint the recording statement meets (`reference_used`),
 * for a reference taken after this read. Thrown inside the run, a 409 with a key goes where a 404/422 goes: kept
 * under the key, unless the key's record answers first (a replay of the purchase that took the reference).
 */
async function referenceFree(store: IdempotencyStore, w: WriteRun): Promise<void> {
  if (w.reference === undefined) return;
  const holder = await store.getTransactionByExternalReference(w.account_id, w.reference);
  if (holder) throw errors.duplicateReference(holder.id);
}

/**
 * The domain's answers to a request that was executed, kept under its key: 404 (meter, smartcard), 422 (product,
 * amount, balance) and 409 DUPLICATE_REFERENCE — final for that reference, so a retry with the key gets it again
 * (Idempotent-Replayed). Not 409 IDEMPOTENCY_KEY_IN_USE, which is about the key, not the request.
 */
const isKeptAnswer = (e: unknown): e is ApiError =>
  e instanceof ApiError && (e.status === 404 || e.status === 422 || e.code === 'DUPLICATE_REFERENCE');
