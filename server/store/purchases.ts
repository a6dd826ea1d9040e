/**
 * Purchases: recording one (the debit with its record), settling it (compare-and-set on the state, with the refund
 * and the history), the settlement worker's claim of due requeries, and the history. Each write is ONE statement,
 * so one database transaction: recording and settling call PL/pgSQL functions (sql/record_purchase_outcome.sql,
 * sql/record_purchase.sql, sql/settle_purchase.sql: why, and their lock order, there), which hold locks only while the
 * database runs them. Nothing here awaits the biller.
 *
 * State machine (purchases-design §1): pending -> successful | failed, successful -> reversed. failed and reversed
 * are final and credit total_debit back in the same transaction as the state change. The database refuses any
 * other move in the history (003's CHECK), and this module never writes one.
 */
import type { Environment, MeterType, TransactionStatus } from '../domain.ts';
import { InvalidStoreValueError, sqlState, StoreMisuseError } from './errors.ts';
import { kobo, positiveKobo, WalletNotFoundError, withFreeReference } from './entries.ts';
import { leaseOf, nothingDue, storedInstant, storedInstantOrNull } from './instants.ts';
import { recordCall, settleCall } from './purchase-statements.ts';
import { one, raw, rows, sql } from './sql.ts';
import { asTx, TX_COLS } from './transactions.ts';
import { claimInstants } from '../idempotency/records.ts';
import type { HistoryEntry, NewPurchase, RecordPurchaseResult, Sql, Store, TransactionRow } from './types.ts';
import { isUuid } from './values.ts';

export type PurchaseQueries = Pick<
  Store,
  'recordPurchase' | 'settlePurchase' | 'claimDueChecks' | 'getTransactionHistory'
>;

/** The moves a purchase may make; a move to its own state (no change) is allowed from the non-final states. */
const MOVES: Record<TransactionStatus, readonly TransactionStatus[]> = {
  pending: ['pending', 'successful', 'failed'],
  successful: ['successful', 'reversed'],
  failed: [],
  reversed: [],
};
const REFUNDED: readonly TransactionStatus[] = ['failed', 'reversed'];

/** The SQLSTATEs record_purchase and settle_purchase raise (sql/record_purchase.sql lists them). */
const NO_WALLET = 'BPW01';
const KEY_LOST = 'BPK01';
const KEY_EXISTS = 'BPK02';
const REFERENCE_USED = 'BPR01';
const PRODUCT_UNAVAILABLE = 'BPP01';

/** The purchases a settlement round may claim: its pre-check (nothingDue) and its claim read this one set. */
const SETTLEABLE = raw(`category = 'purchase' AND status IN ('pending', 'successful')`);

async function currentPurchase(db: Sql, id: string): Promise<TransactionRow | null> {
  const r = await one(db, sql`SELECT ${TX_COLS} FROM transactions WHERE id = ${id} AND category = 'purchase'`);
  return r === null ? null : asTx(r);
}

/**
 * The outcome of a partner's reference that the constraint refused (BPR01): the statement wrote nothing, and the
 * transaction that holds the reference is committed (the INSERT waited for it), so this read finds it. Not a
 * read-then-write: the constraint decided; the read only names the winner.
 */
async function referenceUsed(db: Sql, p: NewPurchase): Promise<RecordPurchaseResult> {
  const r = await one(
    db,
    sql`SELECT id FROM transactions WHERE account_id = ${p.account_id} AND external_reference = ${p.external_reference}`,
  );
  if (r === null) throw new Error(`external_reference ${p.external_reference} refused but held by no transaction`);
  return { kind: 'reference_used', transaction_id: String(r.id) };
}

function checkPurchase(p: NewPurchase): void {
  if (!isUuid(p.id)) throw new InvalidStoreValueError(`id must be a UUID, got ${JSON.stringify(p.id)}`);
  if (!isUuid(p.account_id))
    throw new InvalidStoreValueError(`account_id must be a UUID, got ${JSON.stringify(p.account_id)}`);
  const total = positiveKobo(p.total_debit, 'total_debit');
  if (kobo(p.product_amount, 'product_amount') + kobo(p.fee_amount, 'fee_amount') !== total) {
    throw new InvalidStoreValueError(
      `total_debit ${p.total_debit} must equal product_amount ${p.product_amount} + fee_amount ${p.fee_amount}`,
    );
  }
  storedInstant(p.created_at, 'created_at');
  storedInstantOrNull(p.next_check_at, 'next_check_at');
}

/** `groupCommit` (PostgreSQL, the pool's store only): recording and settling run in group commits (purchase-statements.ts). */
export function purchaseQueries(db: Sql, options: { groupCommit?: boolean } = {}): PurchaseQueries {
  const record = recordCall(db, options.groupCommit === true);
  const settle = settleCall(db, options.groupCommit === true);
  return {
    async recordPurchase(p, idem): Promise<RecordPurchaseResult> {
      checkPurchase(p);
      const claim = idem?.claim ? { ...idem.claim, ...claimInstants(idem.claim) } : null;
      // One statement (sql/record_purchase_outcome.sql over sql/record_purchase.sql): the key's claim (with the instants
      // claimIdempotencyKey would store) or link, the debit, the purchase and its history; or the 422; or, for a key
      // that has a record or is being claimed by another transaction, nothing (`key_held`, answered from the record).
      return withFreeReference(
        p.external_reference,
        p.created_at,
        async (ext): Promise<RecordPurchaseResult | null> => {
          try {
            const recorded = await record(
              {
                p_id: [p.id, 'uuid'],
                p_account_id: [p.account_id, 'uuid'],
                p_currency: [p.currency, 'text'],
                p_description: [p.description, 'text'],
                p_reference: [p.reference, 'text'],
                p_external_reference: [ext, 'text'],
                p_product_type: [p.product_type, 'text'],
                p_product_id: [p.product_id, 'text'],
                p_phone_number: [p.phone_number, 'text'],
                p_meter_number: [p.meter_number, 'text'],
                p_smartcard_number: [p.smartcard_number, 'text'],
                p_product_amount: [p.product_amount, 'numeric'],
                p_fee_amount: [p.fee_amount, 'numeric'],
                p_total_debit: [p.total_debit, 'numeric'],
                p_price_basis: [p.price_basis, 'text'],
                p_created_at: [p.created_at, 'timestamptz'],
                p_next_check_at: [p.next_check_at, 'timestamptz'],
                p_key: [idem?.key ?? null, 'text'],
                p_insufficient_status: [idem?.insufficient.status ?? null, 'integer'],
                p_insufficient_body: [idem?.insufficient.body ?? null, 'text'],
                p_claim_key: [claim !== null, 'boolean'],
                p_key_operation: [claim?.operation ?? null, 'text'],
                p_key_fingerprint: [claim?.fingerprint ?? null, 'text'],
                p_key_created_at: [claim?.created_at ?? null, 'timestamptz'],
                p_key_locked_until: [claim?.locked_until ?? null, 'timestamptz'],
                p_key_expires_at: [claim?.expires_at ?? null, 'timestamptz'],
                p_reference_generated: [p.external_reference === undefined, 'boolean'],
              },
              p.account_id,
            );
            const { outcome, ...columns } = recorded ?? {};
            if (outcome === 'recorded') return { kind: 'recorded', row: asTx(columns) };
            // The reference is some transaction's already: the partner's is answered; a generated one is drawn again.
            if (outcome === 'reference_used')
              return p.external_reference === undefined
                ? null
                : { kind: 'reference_used', transaction_id: String(columns.id) };
            if (outcome === 'insufficient') return { kind: 'insufficient_balance' };
            if (outcome === 'key_held') return { kind: 'idempotency_key_exists' };
            throw new Error(`record_purchase_outcome answered ${JSON.stringify(outcome)}`);
          } catch (err) {
            const code = sqlState(err);
            if (code === KEY_EXISTS) return { kind: 'idempotency_key_exists' }; // claimed outside the function meanwhile
            if (code === KEY_LOST) return { kind: 'idempotency_key_lost' };
            if (code === NO_WALLET) throw new WalletNotFoundError(p.account_id);
            // Committed by another transaction after the function's read: nothing written (the statement rolled back).
            if (code === REFERENCE_USED) return p.external_reference === undefined ? null : referenceUsed(db, p);
            if (code === PRODUCT_UNAVAILABLE) return { kind: 'product_unavailable' };
            throw err;
          }
        },
      );
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
      const before = s.row ?? (await currentPurchase(db, s.id));
      if (before === null || before.id !== s.id) return null;
      // The response is stored in the same statement, so it is built beforehand from the row as the move leaves it;
      // the compare-and-set on `from` makes every column the response shows known here (id, amounts, references
      // never change; status, token, units, updated_at are this move's).
      const after: TransactionRow = moved
        ? {
            ...before,
            status: s.to,
            token: s.token ?? before.token,
            units: s.units ?? before.units,
            next_check_at: next,
            check_attempts: 0,
            updated_at: at,
          }
        : { ...before, next_check_at: next };
      const snap = s.snapshot(after);
      const settled = await settle(
        {
          p_id: [s.id, 'uuid'],
          p_from: [s.from, 'text'],
          p_to: [s.to, 'text'],
          p_token: [s.token ?? null, 'text'],
          p_units: [s.units ?? null, 'text'],
          p_next_check_at: [next, 'timestamptz'],
          p_at: [at, 'timestamptz'],
          p_reason: [s.reason ?? null, 'text'],
          p_refund: [moved && REFUNDED.includes(s.to), 'boolean'],
          p_response_status: [snap.status, 'integer'],
          p_response_body: [snap.body, 'text'],
          p_response_location: [snap.location, 'text'],
          // jsonb, not text[]: a group passes each argument as an array, and an array of text[] would be flattened.
          p_product_events: [s.product_events?.length ? JSON.stringify(s.product_events) : null, 'jsonb'],
        },
        before.account_id,
      ).catch((err: unknown) => {
        throw sqlState(err) === NO_WALLET ? new WalletNotFoundError(before.account_id) : err;
      });
      if (settled === null) return null; // someone else moved it first
      const { key_completed: keyCompleted, ...columns } = settled;
      const row = asTx(columns);
      if (keyCompleted !== true) return { row, stored: null };
      const actual = s.snapshot(row);
      if (actual.status !== snap.status || actual.body !== snap.body || actual.location !== snap.location) {
        // The row answered differently than predicted (a column the response shows changed under us): store what it
        // says now, so that replays match the purchase. Only this settlement's own completion is rewritten.
        await rows(
          db,
          sql`
          UPDATE idempotency_keys SET response_status = ${actual.status}, response_body = ${actual.body},
            response_location = ${actual.location}
          WHERE transaction_id = ${s.id} AND state = 'completed' AND response_body = ${snap.body}`,
        );
      }
      return { row, stored: actual };
    },

    async claimDueChecks(now, limit, leaseMs) {
      const lease = leaseOf(now, limit, leaseMs, 'next_check_at');
      if (!lease) return [];
      const { n, until } = lease;
      if (
        await nothingDue(
          db,
          sql`SELECT next_check_at FROM transactions
          WHERE next_check_at IS NOT NULL AND ${SETTLEABLE} ORDER BY next_check_at LIMIT 1`,
          now,
        )
      )
        return [];
      // ARRAY(subquery) is evaluated once (an InitPlan), so the rows locked with SKIP LOCKED are exactly the rows
      // updated; `ORDER BY next_check_at` serves the most overdue first through transactions_next_check_idx.
      const claimed = await rows(
        db,
        sql`
        UPDATE transactions SET next_check_at = ${until}, check_attempts = check_attempts + 1
        WHERE id = ANY(ARRAY(
          SELECT id FROM transactions
          WHERE next_check_at <= ${now} AND ${SETTLEABLE}
          ORDER BY next_check_at LIMIT ${n}
          FOR UPDATE SKIP LOCKED))
        RETURNING ${TX_COLS},
          (SELECT a.environment FROM accounts a WHERE a.id = transactions.account_id) AS environment,
          (SELECT p.meter_type FROM accounts a JOIN products p ON p.environment = a.environment AND p.id = transactions.product_id
           WHERE a.id = transactions.account_id) AS meter_type`,
      );
      return claimed.map((r) => ({
        ...asTx(r),
        environment: r.environment as Environment,
        meter_type: (r.meter_type ?? null) as MeterType | null,
      }));
    },

    async getTransactionHistory(transactionId): Promise<HistoryEntry[]> {
      if (!isUuid(transactionId)) return [];
      return rows<HistoryEntry & Record<string, unknown>>(
        db,
        sql`
        SELECT from_status, to_status, at, reason FROM transaction_history
        WHERE transaction_id = ${transactionId} ORDER BY id`,
      );
    },
  };
}
