/**
 * A write other than a purchase under its Idempotency-Key, in ONE database transaction (webhook endpoints, secret
 * rotations, redeliveries): the key's record claimed (or already this request's), the write, and the record
 * completed with the write's response. So a write is never done without its record, nor recorded without being done:
 * a crash anywhere leaves both or neither, and a retry either replays or runs on a clean slate.
 *
 * Purchases do the same in one PL/pgSQL statement (sql/record_purchase.sql) because they are the hot path; these
 * writes are rare, so an interactive transaction on the driver's `transaction` (one connection, BEGIN…COMMIT) is
 * simpler and just as atomic. The write gets a Store bound to that transaction.
 */
import { claimInstants } from './records.ts';
import { one, rows, sql } from '../store/sql.ts';
import type { IdempotencyClaimRequest, ResponseSnapshot, Sql, Store } from '../store/types.ts';

export interface KeyedWrite {
  account_id: string;
  key: string;
  /** Claim the key in the transaction; null: the record is already this request's (claimed beforehand). */
  claim: Omit<IdempotencyClaimRequest, 'account_id' | 'key'> | null;
}

export type KeyedWriteResult<T> =
  | { kind: 'written'; value: T; response: ResponseSnapshot }
  /** The account already has a record with this key: nothing written. */
  | { kind: 'idempotency_key_exists' }
  /** The record this request held is no longer in flight for it (taken over after its lease): nothing written. */
  | { kind: 'idempotency_key_lost' };

/** Rolls the transaction back with a result for the caller. */
class Abort {
  constructor(readonly result: KeyedWriteResult<never>) {}
}

export function keyedWrite(db: Sql, storeOn: (tx: Sql) => Store) {
  return async function writeUnderIdempotencyKey<T>(
    k: KeyedWrite,
    write: (tx: Store) => Promise<{ value: T; response: ResponseSnapshot }>,
  ): Promise<KeyedWriteResult<T>> {
    try {
      return await db.transaction(async (tx) => {
        if (k.claim) {
          const c = { ...k.claim, ...claimInstants(k.claim) };
          const inserted = await one(
            tx,
            sql`
            INSERT INTO idempotency_keys (account_id, key, operation, fingerprint, state, locked_until, created_at, expires_at)
            VALUES (${k.account_id}, ${k.key}, ${c.operation}, ${c.fingerprint}, 'in_flight', ${c.locked_until}, ${c.created_at}, ${c.expires_at})
            ON CONFLICT (account_id, key) DO NOTHING RETURNING 1 AS one`,
          );
          if (inserted === null) throw new Abort({ kind: 'idempotency_key_exists' });
        }
        const { value, response } = await write(storeOn(tx));
        const done = await rows(
          tx,
          sql`
          UPDATE idempotency_keys SET state = 'completed', locked_until = NULL, response_status = ${response.status},
            response_body = ${response.body}, response_location = ${response.location}
          WHERE account_id = ${k.account_id} AND key = ${k.key} AND state = 'in_flight' AND transaction_id IS NULL
          RETURNING 1 AS one`,
        );
        if (done.length !== 1) throw new Abort({ kind: 'idempotency_key_lost' });
        return { kind: 'written' as const, value, response };
      });
    } catch (e) {
      if (e instanceof Abort) return e.result;
      throw e;
    }
  };
}
