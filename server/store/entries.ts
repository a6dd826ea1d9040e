/**
 * The statements every money movement shares (purchases.ts, wallets.ts), run inside the caller's database
 * transaction: lock or move a wallet, write one transaction row with its first history row, read a balance.
 *
 * Lock order (PostgreSQL): a movement first locks its wallet row (the debit's UPDATE, or SELECT … FOR UPDATE), then
 * writes transactions (whose counter triggers, sql/transaction_counts_after_*.sql, lock the account row), then
 * idempotency records. The same order everywhere means two movements of one wallet queue instead of deadlocking.
 */
import { randomUUID } from 'node:crypto';
import { InvalidStoreValueError, StoreDataError } from './errors.ts';
import { externalReference } from './references.ts';
import { one, rows, sql } from './sql.ts';
import { asTx, TX_COLS } from './transactions.ts';
import type { Sql, TransactionRow } from './types.ts';

/** A transaction row to write; the store fills id (when absent), the external reference and the counters. */
export type NewEntry = Omit<TransactionRow, 'id' | 'external_reference' | 'next_check_at' | 'check_attempts'> & {
  id?: string | undefined;
  external_reference?: string | undefined;
  next_check_at?: Date | null | undefined;
};

/** A wallet that does not exist where a movement needs one; nothing was written. */
export class WalletNotFoundError extends StoreDataError {
  constructor(accountId: string) {
    super(`account ${accountId} has no wallet`);
    this.name = 'WalletNotFoundError';
  }
}

/** A non-negative decimal string with at most 2 decimals as kobo (BigInt: exact at any size NUMERIC(20,2) holds). */
export function kobo(value: string, field: string): bigint {
  const m = typeof value === 'string' ? /^(\d{1,18})(?:\.(\d{1,2}))?$/.exec(value) : null;
  if (!m)
    throw new InvalidStoreValueError(
      `${field} must be a non-negative decimal string with at most 2 decimals, got ${JSON.stringify(value)}`,
    );
  return BigInt(m[1]!) * 100n + BigInt((m[2] ?? '').padEnd(2, '0'));
}

/** kobo(), and > 0. */
export function positiveKobo(value: string, field: string): bigint {
  const k = kobo(value, field);
  if (k <= 0n) throw new InvalidStoreValueError(`${field} must be greater than 0, got ${JSON.stringify(value)}`);
  return k;
}

/** Kobo as a decimal string with two places. */
export const koboText = (k: bigint): string => {
  const sign = k < 0n ? '-' : '';
  const a = k < 0n ? -k : k;
  return `${sign}${a / 100n}.${String(a % 100n).padStart(2, '0')}`;
};

/** Locks the wallet row (first in the lock order); its balance, or WalletNotFoundError. */
export async function lockWallet(tx: Sql, accountId: string): Promise<{ balance: string; currency: string }> {
  const w = await one<{ balance: string; currency: string }>(
    tx,
    sql`
    SELECT balance::text AS balance, currency FROM wallets WHERE account_id = ${accountId} FOR UPDATE`,
  );
  if (w === null) throw new WalletNotFoundError(accountId);
  return w;
}

/** Adds `delta` (a signed decimal string) to the wallet; the CHECK of 003 refuses a negative result. */
export async function moveWallet(tx: Sql, accountId: string, delta: string, at: Date): Promise<void> {
  const moved = await rows(
    tx,
    sql`
    UPDATE wallets SET balance = balance + ${delta}::numeric, updated_at = ${at} WHERE account_id = ${accountId}
    RETURNING 1 AS one`,
  );
  if (moved.length !== 1) throw new WalletNotFoundError(accountId);
}

/**
 * Runs `insert` with the given external reference, or with generated ones until one is free within the account:
 * `insert` answers null when the reference is taken (two generated in the same second collide 1 in 2 billion, and
 * one is drawn again); a given one that is taken is an error here (recordPurchase answers a partner's with
 * `reference_used` instead, and never calls `insert` again for it).
 */
export async function withFreeReference<T>(
  given: string | undefined,
  at: Date,
  insert: (ext: string) => Promise<T | null>,
): Promise<T> {
  for (let attempt = 0; attempt < 8; attempt++) {
    const done = await insert(given ?? externalReference(at));
    if (done !== null) return done;
    if (given !== undefined)
      throw new InvalidStoreValueError(`external_reference ${given} is already used by this account`);
  }
  throw new Error('could not draw an unused external_reference in 8 attempts');
}

/** Inserts one transaction and its first history row (created in its status), under withFreeReference's rule. */
export async function insertEntry(tx: Sql, e: NewEntry): Promise<TransactionRow> {
  const id = e.id ?? randomUUID();
  return withFreeReference(e.external_reference, e.created_at, async (ext) => {
    const row = await one(
      tx,
      sql`
      INSERT INTO transactions (id, account_id, amount, currency, status, category, description, reference,
        external_reference, product_type, phone_number, meter_number, smartcard_number, token, units, product_id,
        product_amount, fee_amount, total_debit, price_basis, created_at, updated_at, next_check_at)
      VALUES (${id}, ${e.account_id}, ${e.amount}::numeric, ${e.currency}, ${e.status}, ${e.category}, ${e.description},
        ${e.reference}, ${ext}, ${e.product_type}, ${e.phone_number}, ${e.meter_number}, ${e.smartcard_number},
        ${e.token}, ${e.units}, ${e.product_id}, ${e.product_amount}::numeric, ${e.fee_amount}::numeric,
        ${e.total_debit}::numeric, ${e.price_basis}, ${e.created_at}, ${e.updated_at}, ${e.next_check_at ?? null})
      ON CONFLICT (account_id, external_reference) DO NOTHING
      RETURNING ${TX_COLS}`,
    );
    if (row === null) return null;
    await rows(
      tx,
      sql`
      INSERT INTO transaction_history (transaction_id, from_status, to_status, at)
      VALUES (${id}, NULL, ${e.status}, ${e.created_at})`,
    );
    return asTx(row);
  });
}
