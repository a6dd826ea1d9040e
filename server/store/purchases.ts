/**
 * Purchases: recording one (the debit with its record), settling it (compare-and-set on the state, with the refund
 * and the history), the settlement worker's claim of due requeries, and the history. Each function is ONE database
 * transaction holding nothing but its own statements (PGlite is one connection shared with every request: never
 * await the biller inside). Lock order: entries.ts.
 *
 * State machine (purchases-design §1): pending -> successful | failed, successful -> reversed. failed and reversed
 * are final and credit total_debit back in the same transaction as the state change. The database refuses any
 * other move in the history (003's CHECK), and this module never writes one.
 */
import type { Environment, MeterType, TransactionStatus } from '../domain.ts';
import { InvalidStoreValueError, StoreMisuseError } from './errors.ts';
import { insertEntry, kobo, lockWallet, positiveKobo, WalletNotFoundError } from './entries.ts';
import { storedInstant, storedInstantOrNull } from './instants.ts';
import { one, rows, sql } from './sql.ts';
import { asTx, TX_COLS } from './transactions.ts';
import type { HistoryEntry, NewPurchase, RecordPurchaseResult, Sql, Store } from './types.ts';
import { isUuid } from './values.ts';

export type PurchaseQueries = Pick<Store, 'recordPurchase' | 'settlePurchase' | 'claimDueChecks' | 'getTransactionHistory'>;

/** The moves a purchase may make; a move to its own state (no change) is allowed from the non-final states. */
const MOVES: Record<TransactionStatus, readonly TransactionStatus[]> = {
  pending: ['pending', 'successful', 'failed'],
  successful: ['successful', 'reversed'],
  failed: [],
  reversed: [],
};
const REFUNDED: readonly TransactionStatus[] = ['failed', 'reversed'];

/** Thrown inside the transaction to roll it back when the idempotency record is no longer this request's. */
class KeyLost extends Error {}

function checkPurchase(p: NewPurchase): void {
  if (!isUuid(p.id)) throw new InvalidStoreValueError(`id must be a UUID, got ${JSON.stringify(p.id)}`);
  if (!isUuid(p.account_id)) throw new InvalidStoreValueError(`account_id must be a UUID, got ${JSON.stringify(p.account_id)}`);
  const total = positiveKobo(p.total_debit, 'total_debit');
  if (kobo(p.product_amount, 'product_amount') + kobo(p.fee_amount, 'fee_amount') !== total) {
    throw new InvalidStoreValueError(`total_debit ${p.total_debit} must equal product_amount ${p.product_amount} + fee_amount ${p.fee_amount}`);
  }
  storedInstant(p.created_at, 'created_at');
  storedInstantOrNull(p.next_check_at, 'next_check_at');
}

export function purchaseQueries(db: Sql): PurchaseQueries {
  return {
    async recordPurchase(p, idem): Promise<RecordPurchaseResult> {
      checkPurchase(p);
      const total = p.total_debit;
      try {
        return await db.transaction(async (tx): Promise<RecordPurchaseResult> => {
          // The debit, first: it locks the wallet row, and only moves money that is there.
          const debited = await rows(tx, sql`
            UPDATE wallets SET balance = balance - ${total}::numeric, updated_at = ${p.created_at}
            WHERE account_id = ${p.account_id} AND balance >= ${total}::numeric
            RETURNING 1 AS one`);
          if (debited.length === 0) {
            await lockWallet(tx, p.account_id); // WalletNotFoundError when there is no wallet at all
            if (idem !== null) {
              const done = await rows(tx, sql`
                UPDATE idempotency_keys SET state = 'completed', locked_until = NULL,
                  response_status = ${idem.insufficient.status}, response_body = ${idem.insufficient.body}, response_location = NULL
                WHERE account_id = ${p.account_id} AND key = ${idem.key} AND state = 'in_flight' AND transaction_id IS NULL
                RETURNING 1 AS one`);
              if (done.length === 0) throw new KeyLost();
            }
            return { kind: 'insufficient_balance' };
          }
          const row = await insertEntry(tx, {
            ...p, amount: total, status: 'pending', category: 'purchase', token: null, units: null, updated_at: p.created_at,
          });
          if (idem !== null) {
            const linked = await rows(tx, sql`
              UPDATE idempotency_keys SET transaction_id = ${p.id}
              WHERE account_id = ${p.account_id} AND key = ${idem.key} AND state = 'in_flight' AND transaction_id IS NULL
              RETURNING 1 AS one`);
            if (linked.length === 0) throw new KeyLost(); // rolls back the debit and the purchase
          }
          return { kind: 'recorded', row };
        });
      } catch (err) {
        if (err instanceof KeyLost) return { kind: 'idempotency_key_lost' };
        throw err;
      }
    },

    async settlePurchase(s) {
      if (!MOVES[s.from].includes(s.to)) throw new StoreMisuseError(`a purchase cannot move from ${s.from} to ${s.to}`);
      if (REFUNDED.includes(s.to) && s.next_check_at !== null) {
        throw new StoreMisuseError(`a ${s.to} purchase is final: next_check_at must be null`);
      }
      if (!isUuid(s.id)) return null;
      const at = storedInstant(s.at, 'at');
      const next = storedInstantOrNull(s.next_check_at, 'next_check_at');
      const moved = s.from !== s.to;
      return db.transaction(async (tx) => {
        const owner = await one<{ account_id: string }>(tx, sql`
          SELECT account_id FROM transactions WHERE id = ${s.id} AND category = 'purchase'`);
        if (owner === null) return null;
        await lockWallet(tx, owner.account_id); // first in the lock order, before the row and the account
        const updated = await one(tx, moved
          ? sql`
            UPDATE transactions SET status = ${s.to}, token = COALESCE(${s.token ?? null}::text, token),
              units = COALESCE(${s.units ?? null}::text, units), next_check_at = ${next}, check_attempts = 0, updated_at = ${at}
            WHERE id = ${s.id} AND status = ${s.from} AND category = 'purchase'
            RETURNING ${TX_COLS}`
          : sql`
            UPDATE transactions SET next_check_at = ${next}
            WHERE id = ${s.id} AND status = ${s.from} AND category = 'purchase'
            RETURNING ${TX_COLS}`);
        if (updated === null) return null; // someone else moved it first
        const row = asTx(updated);
        if (moved) {
          if (REFUNDED.includes(s.to)) {
            const refunded = await rows(tx, sql`
              UPDATE wallets SET balance = balance + ${row.total_debit}::numeric, updated_at = ${at}
              WHERE account_id = ${row.account_id} RETURNING 1 AS one`);
            if (refunded.length !== 1) throw new WalletNotFoundError(row.account_id);
          }
          await rows(tx, sql`
            INSERT INTO transaction_history (transaction_id, from_status, to_status, at, reason)
            VALUES (${s.id}, ${s.from}, ${s.to}, ${at}, ${s.reason ?? null})`);
        }
        const held = await one<{ account_id: string; key: string }>(tx, sql`
          SELECT account_id, key FROM idempotency_keys WHERE transaction_id = ${s.id} AND state = 'in_flight' FOR UPDATE`);
        if (held !== null) {
          const snap = s.snapshot(row);
          await rows(tx, sql`
            UPDATE idempotency_keys SET state = 'completed', locked_until = NULL, response_status = ${snap.status},
              response_body = ${snap.body}, response_location = ${snap.location}
            WHERE account_id = ${held.account_id} AND key = ${held.key}`);
        }
        return row;
      });
    },

    async claimDueChecks(now, limit, leaseMs) {
      const n = Math.trunc(limit);
      if (!(n >= 1)) return [];
      if (!Number.isSafeInteger(leaseMs) || leaseMs <= 0) throw new InvalidStoreValueError(`lease_ms must be a positive integer, got ${leaseMs}`);
      const until = storedInstant(new Date(storedInstant(now, 'now').getTime() + leaseMs), 'next_check_at');
      // ARRAY(subquery) is evaluated once (an InitPlan), so the rows locked with SKIP LOCKED are exactly the rows
      // updated; `ORDER BY next_check_at` serves the most overdue first through transactions_next_check_idx.
      const claimed = await rows(db, sql`
        UPDATE transactions SET next_check_at = ${until}, check_attempts = check_attempts + 1
        WHERE id = ANY(ARRAY(
          SELECT id FROM transactions
          WHERE next_check_at <= ${now} AND category = 'purchase' AND status IN ('pending', 'successful')
          ORDER BY next_check_at LIMIT ${n}
          FOR UPDATE SKIP LOCKED))
        RETURNING ${TX_COLS},
          (SELECT a.environment FROM accounts a WHERE a.id = transactions.account_id) AS environment,
          (SELECT p.meter_type FROM accounts a JOIN products p ON p.environment = a.environment AND p.id = transactions.product_id
           WHERE a.id = transactions.account_id) AS meter_type`);
      return claimed.map((r) => ({ ...asTx(r), environment: r.environment as Environment, meter_type: (r.meter_type ?? null) as MeterType | null }));
    },

    async getTransactionHistory(transactionId): Promise<HistoryEntry[]> {
      if (!isUuid(transactionId)) return [];
      return rows<HistoryEntry & Record<string, unknown>>(db, sql`
        SELECT from_status, to_status, at, reason FROM transaction_history
        WHERE transaction_id = ${transactionId} ORDER BY id`);
    },
  };
}
