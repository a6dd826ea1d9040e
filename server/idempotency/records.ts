/**
 * Idempotency records of POST requests (IETF draft-ietf-httpapi-idempotency-key-header; purchases-design §1), one
 * per (account, key), kept ttl_ms (24 h). Each function is one database transaction.
 *
 * claimIdempotencyKey is insert-or-inspect: `INSERT … ON CONFLICT DO NOTHING RETURNING` decides among concurrent
 * first requests (on PostgreSQL the losers' INSERT waits for the winner's commit, then does nothing), and the
 * losers read the winner's record under `FOR UPDATE`, so takeovers and replacements are decided one at a time.
 *
 * Who may still write a claimed record: only while it is `in_flight` and has no transaction_id. Linking a purchase
 * (purchases.ts), completing with an error and releasing all check that in their WHERE, so when two requests hold
 * the same key (the first outlived its lease and the second took it over), the first of them to write wins and the
 * other finds the record gone (recordPurchase: `idempotency_key_lost`; completeIdempotencyKey: false).
 */
import { InvalidStoreValueError } from '../store/errors.ts';
import { storedInstant } from '../store/instants.ts';
import { one, rows, sql } from '../store/sql.ts';
import type { IdempotencyClaim, IdempotencyClaimRequest, Sql, Store } from '../store/types.ts';
import { isUuid } from '../store/values.ts';

type Row = Record<string, unknown>;

export type IdempotencyQueries = Pick<
  Store,
  | 'claimIdempotencyKey'
  | 'inspectIdempotencyKey'
  | 'completeIdempotencyKey'
  | 'releaseIdempotencyKey'
  | 'purgeExpiredIdempotencyKeys'
>;

/** A stored record as claimIdempotencyKey inspects it. */
interface Held {
  operation: string;
  fingerprint: string;
  state: 'in_flight' | 'completed';
  locked_until: Date | null;
  transaction_id: string | null;
  response_status: number | null;
  response_body: string | null;
  response_location: string | null;
  expires_at: Date;
}

function positiveMs(v: number, field: string): number {
  if (!Number.isSafeInteger(v) || v <= 0)
    throw new InvalidStoreValueError(`${field} must be a positive integer of milliseconds, got ${v}`);
  return v;
}

function accountId(id: string): string {
  if (!isUuid(id)) throw new InvalidStoreValueError(`account_id must be a UUID, got ${JSON.stringify(id)}`);
  return id;
}

/** The instants a claim made at `now` stores: created, held until (the lease), kept until (the ttl). */
export function claimInstants(k: Pick<IdempotencyClaimRequest, 'now' | 'lease_ms' | 'ttl_ms'>) {
  const now = storedInstant(k.now, 'now');
  return {
    created_at: now,
    locked_until: storedInstant(new Date(now.getTime() + positiveMs(k.lease_ms, 'lease_ms')), 'locked_until'),
    expires_at: storedInstant(new Date(now.getTime() + positiveMs(k.ttl_ms, 'ttl_ms')), 'expires_at'),
  };
}

/** What an existing record means for a new request with the same key at `now`. */
function decide(
  h: Held,
  operation: string,
  fingerprint: string,
  now: Date,
): IdempotencyClaim | 'replace' | 'take_over' {
  if (h.expires_at.getTime() <= now.getTime()) return 'replace';
  if (h.operation !== operation || h.fingerprint !== fingerprint) return { kind: 'reused' };
  if (h.state === 'completed') {
    return { kind: 'replay', status: h.response_status!, body: h.response_body!, location: h.response_location };
  }
  // A lease that passed with nothing recorded: the request that held it died (or is hopelessly late). Once a
  // purchase is linked, the record waits for the purchase's settlement instead, however long that takes.
  if (h.transaction_id === null && h.locked_until !== null && h.locked_until.getTime() <= now.getTime())
    return 'take_over';
  return { kind: 'in_flight' };
}

/** The record of (account, key) as `decide` reads it. */
const selectHeld = (account: string, key: string) => sql`
  SELECT operation, fingerprint, state, locked_until, transaction_id, response_status, response_body,
    response_location, expires_at
  FROM idempotency_keys WHERE account_id = ${account} AND key = ${key}`;

/** A new in-flight record, unless the key has one: RETURNING says whether this request now holds it. */
const insertClaim = (account: string, k: IdempotencyClaimRequest, lockedUntil: Date, now: Date, expiresAt: Date) => sql`
  INSERT INTO idempotency_keys (account_id, key, operation, fingerprint, state, locked_until, created_at, expires_at)
  VALUES (${account}, ${k.key}, ${k.operation}, ${k.fingerprint}, 'in_flight', ${lockedUntil}, ${now}, ${expiresAt})
  ON CONFLICT (account_id, key) DO NOTHING
  RETURNING 1 AS one`;

export function idempotencyQueries(db: Sql): IdempotencyQueries {
  return {
    async claimIdempotencyKey(k) {
      const account = accountId(k.account_id);
      const { created_at: now, locked_until: lockedUntil, expires_at: expiresAt } = claimInstants(k);
      // The common case, a new key, in one autocommit statement; a key that exists is inspected in a transaction.
      const fresh = await rows(db, insertClaim(account, k, lockedUntil, now, expiresAt));
      if (fresh.length === 1) return { kind: 'claimed' };
      return db.transaction(async (tx) => {
        // Twice at most: a record purged between our INSERT and SELECT is inserted again.
        for (let attempt = 0; attempt < 2; attempt++) {
          const inserted = await rows(tx, insertClaim(account, k, lockedUntil, now, expiresAt));
          if (inserted.length === 1) return { kind: 'claimed' };
          const held = await one<Row>(tx, sql`${selectHeld(account, k.key)} FOR UPDATE`);
          if (held === null) continue;
          const verdict = decide(held as unknown as Held, k.operation, k.fingerprint, now);
          if (verdict === 'replace') {
            await rows(
              tx,
              sql`
              UPDATE idempotency_keys SET operation = ${k.operation}, fingerprint = ${k.fingerprint}, state = 'in_flight',
                locked_until = ${lockedUntil}, transaction_id = NULL, response_status = NULL, response_body = NULL,
                response_location = NULL, created_at = ${now}, expires_at = ${expiresAt}
              WHERE account_id = ${account} AND key = ${k.key}`,
            );
            return { kind: 'claimed' };
          }
          if (verdict === 'take_over') {
            await rows(
              tx,
              sql`
              UPDATE idempotency_keys SET locked_until = ${lockedUntil} WHERE account_id = ${account} AND key = ${k.key}`,
            );
            return { kind: 'claimed' };
          }
          return verdict;
        }
        throw new Error('idempotency record vanished twice while being claimed');
      });
    },

    async inspectIdempotencyKey(k) {
      const held = await one<Row>(db, selectHeld(accountId(k.account_id), k.key));
      if (held === null) return null;
      const verdict = decide(held as unknown as Held, k.operation, k.fingerprint, storedInstant(k.now, 'now'));
      return verdict === 'replace' || verdict === 'take_over' || verdict.kind === 'claimed' ? null : verdict;
    },

    async completeIdempotencyKey(k) {
      const done = await rows(
        db,
        sql`
        UPDATE idempotency_keys SET state = 'completed', locked_until = NULL, response_status = ${k.status},
          response_body = ${k.body}, response_location = ${k.location}
        WHERE account_id = ${accountId(k.account_id)} AND key = ${k.key} AND state = 'in_flight' AND transaction_id IS NULL
        RETURNING 1 AS one`,
      );
      return done.length === 1;
    },

    async releaseIdempotencyKey(account, key) {
      await rows(
        db,
        sql`
        DELETE FROM idempotency_keys
        WHERE account_id = ${accountId(account)} AND key = ${key} AND state = 'in_flight' AND transaction_id IS NULL`,
      );
    },

    async purgeExpiredIdempotencyKeys(now, limit) {
      const gone = await rows(
        db,
        sql`
        DELETE FROM idempotency_keys WHERE (account_id, key) IN (
          SELECT account_id, key FROM idempotency_keys WHERE expires_at <= ${storedInstant(now, 'now')}
          ORDER BY expires_at LIMIT ${Math.max(0, Math.trunc(limit))} FOR UPDATE SKIP LOCKED)
        RETURNING 1 AS one`,
      );
      return gone.length;
    },
  };
}
