/**
 * Transactions: the list (page + exact total), the two lookups, the bulk insert and the all-time count.
 *
 * Types coming back are normalised so both drivers agree: money selected as `col::text` (decimal strings with
 * exactly 2 places, never floats), timestamptz as JS Date, counts through Number().
 */
import type { DriverKind } from './driver.ts';
import { InvalidStoreValueError } from './errors.ts';
import { clampRange, storedInstant, storedInstantOrNull } from './instants.ts';
import { SEEK_AFTER_OFFSET, seekPagedQuery } from './page-seek.ts';
import { pagedQuery, splitPage } from './paging.ts';
import { storeLookup } from './lookup-batch.ts';
import { join, one, raw, rows, sql, type SqlFragment } from './sql.ts';
import { countSql } from './transaction-count.ts';
import type { NewHistoryEntry, Sql, Store, TransactionRow } from './types.ts';
import { isUuid, money, pageBounds, toCount } from './values.ts';

type Row = Record<string, unknown>;

/**
 * Rows per INSERT of insertTransactions: `INSERT ... SELECT * FROM unnest($1::uuid[], ..., $24::int[])`,
 * one array parameter per column, all chunks in one transaction (all or nothing, one commit).
 * Index maintenance dominates a bulk insert (the 4 list indexes, the FK and the unique external reference), so
 * COPY is no faster than unnest, nor are json_to_recordset / ROWS FROM(json_array_elements_text...), on either
 * driver; throughput is flat over a wide range of rows per statement, and 5000 keeps each PGlite statement short
 * (the WASM engine blocks the event loop while a statement runs) and each pg message small. The measurements:
 * bench/README.md, "Figures behind constants in the code".
 */
export const INSERT_CHUNK = 5_000;
/** insertTransactions of at least this many rows refreshes planner statistics afterwards. */
export const MAINTAIN_AFTER_ROWS = 10_000;

export interface TransactionOptions {
  /** Rows per INSERT statement in insertTransactions (default INSERT_CHUNK). */
  insertChunk?: number;
  /** insertTransactions of at least this many rows refreshes statistics afterwards (default 10 000). */
  maintainAfterRows?: number;
  /** listTransactions seeks from the counters at OFFSETs at or above this (default SEEK_AFTER_OFFSET, page-seek.ts). */
  seekAfterOffset?: number;
  /**
   * Batch the lookups by external_reference (lookup-batch.ts): PostgreSQL, the pool's store only. Every purchase that
   * carries a partner's reference looks it up before anything else (the check order of a used reference).
   */
  batchReferenceLookups?: boolean;
}

/** Every column of a TransactionRow, money as exact decimal text (shared with purchases.ts and wallets.ts). */
export const TX_COLS = raw(`id, account_id, amount::text AS amount, currency, status, category, description, reference,
  external_reference, product_type, phone_number, meter_number, smartcard_number, token, units, product_id,
  product_amount::text AS product_amount, fee_amount::text AS fee_amount, total_debit::text AS total_debit, price_basis,
  created_at, updated_at, next_check_at, check_attempts`);

/** Fast bulk path: one INSERT ... SELECT FROM unnest(array per column) per chunk (see INSERT_CHUNK). */
const insertTx = (c: unknown[][]) => sql`
INSERT INTO transactions (id, account_id, amount, currency, status, category, description, reference,
  external_reference, product_type, phone_number, meter_number, smartcard_number, token, units, product_id,
  product_amount, fee_amount, total_debit, price_basis, created_at, updated_at, next_check_at, check_attempts)
SELECT * FROM unnest(${c[0]}::uuid[], ${c[1]}::uuid[], ${c[2]}::numeric[], ${c[3]}::text[], ${c[4]}::text[],
  ${c[5]}::text[], ${c[6]}::text[], ${c[7]}::text[], ${c[8]}::text[], ${c[9]}::text[], ${c[10]}::text[],
  ${c[11]}::text[], ${c[12]}::text[], ${c[13]}::text[], ${c[14]}::text[], ${c[15]}::text[], ${c[16]}::numeric[],
  ${c[17]}::numeric[], ${c[18]}::numeric[], ${c[19]}::text[], ${c[20]}::timestamptz[], ${c[21]}::timestamptz[],
  ${c[22]}::timestamptz[], ${c[23]}::int[])`;

/** The 24 columns of a chunk, one array each, with every value checked on the way in. */
function columns(chunk: TransactionRow[]): unknown[][] {
  const n = chunk.length;
  const cols: unknown[][] = Array.from({ length: 24 }, () => new Array<unknown>(n));
  for (let i = 0; i < n; i++) {
    const t = chunk[i]!;
    cols[0]![i] = t.id;
    cols[1]![i] = t.account_id;
    cols[2]![i] = money(t.amount, 'amount');
    cols[3]![i] = t.currency;
    cols[4]![i] = t.status;
    cols[5]![i] = t.category;
    cols[6]![i] = t.description;
    cols[7]![i] = t.reference;
    cols[8]![i] = t.external_reference;
    cols[9]![i] = t.product_type;
    cols[10]![i] = t.phone_number;
    cols[11]![i] = t.meter_number;
    cols[12]![i] = t.smartcard_number ?? null;
    cols[13]![i] = t.token ?? null;
    cols[14]![i] = t.units ?? null;
    cols[15]![i] = t.product_id ?? null;
    cols[16]![i] = money(t.product_amount, 'product_amount');
    cols[17]![i] = money(t.fee_amount, 'fee_amount');
    cols[18]![i] = money(t.total_debit, 'total_debit');
    cols[19]![i] = t.price_basis;
    cols[20]![i] = storedInstant(t.created_at, 'created_at');
    cols[21]![i] = storedInstant(t.updated_at, 'updated_at');
    cols[22]![i] = storedInstantOrNull(t.next_check_at ?? null, 'next_check_at');
    cols[23]![i] = attempts(t.check_attempts);
  }
  return cols;
}

/** check_attempts going in: a non-negative integer (0 when a caller built the row without it). */
function attempts(n: number | undefined): number {
  if (n === undefined) return 0;
  if (!Number.isSafeInteger(n) || n < 0 || n > 2_147_483_647)
    throw new InvalidStoreValueError(`check_attempts must be a non-negative integer, got ${n}`);
  return n;
}

/** History rows of insertTransactions: one INSERT ... SELECT FROM unnest per chunk. */
const insertHistory = (h: NewHistoryEntry[]) => sql`
INSERT INTO transaction_history (transaction_id, from_status, to_status, at, reason)
SELECT * FROM unnest(${h.map((e) => e.transaction_id)}::uuid[], ${h.map((e) => e.from_status)}::text[],
  ${h.map((e) => e.to_status)}::text[], ${h.map((e) => storedInstant(e.at, 'at'))}::timestamptz[],
  ${h.map((e) => e.reason)}::text[])`;

export const asTx = (r: Row) => r as unknown as TransactionRow;

const splitReferenceKey = (key: string): [string, string] => {
  const at = key.indexOf('\n');
  return [key.slice(0, at), key.slice(at + 1)];
};

export type TransactionQueries = Pick<
  Store,
  | 'listTransactions'
  | 'getTransactionById'
  | 'getTransactionByExternalReference'
  | 'insertTransactions'
  | 'countTransactions'
>;

export function transactionQueries(db: Sql, driver: DriverKind, options: TransactionOptions = {}): TransactionQueries {
  const chunkSize = Math.max(1, options.insertChunk ?? INSERT_CHUNK);
  const maintainAfter = options.maintainAfterRows ?? MAINTAIN_AFTER_ROWS;
  const seekAfter = options.seekAfterOffset ?? SEEK_AFTER_OFFSET;
  // Keyed `account_id\nreference`: an account id is a UUID, which never holds a newline.
  const oneByReference = async (key: string) => {
    const [accountId, ref] = splitReferenceKey(key);
    const row = await one(
      db,
      sql`
      SELECT ${TX_COLS} FROM transactions WHERE account_id = ${accountId} AND external_reference = ${ref}`,
    );
    return row && asTx(row);
  };
  const manyByReference = async (keys: string[]) => {
    const pairs = keys.map(splitReferenceKey);
    return (
      await rows(
        db,
        sql`
      SELECT ${TX_COLS} FROM transactions
      WHERE (account_id, external_reference) IN (
        SELECT * FROM unnest(${pairs.map((k) => k[0])}::uuid[], ${pairs.map((k) => k[1])}::text[]))`,
      )
    ).map(asTx);
  };
  const byReference = storeLookup(options.batchReferenceLookups === true, {
    one: oneByReference,
    many: manyByReference,
    keyOf: (t) => `${t.account_id}\n${t.external_reference}`,
  });

  return {
    /**
     * The page is a forward scan of the list index matching the filter (001), in list order, stopping after
     * OFFSET + LIMIT entries. The total, in the same statement (one snapshot):
     * - with external_reference: count(*) on the rows (the unique key: at most one row);
     * - otherwise: countSql (transaction-count.ts, migration 002): counters for the whole days / months / all time
     *   inside the range, exact row counts for the partial day at each end. Its cost depends on the range's shape
     *   and one day's volume, not on the account's history (the old count(*) was linear in it). Figures: 002's header.
     * from / to go through clampRange (instants.ts): any valid Date is answered, outside the stored window too.
     */
    async listTransactions(accountId, filter, page) {
      const bounds = pageBounds(page);
      const range = clampRange(filter.from, filter.to);
      if (range === null || !isUuid(accountId)) return { items: [], total_count: 0 };
      // Columns that transactions and transaction_counts share: the counters can take the same conditions.
      const keys: SqlFragment[] = [sql`account_id = ${accountId}`];
      if (filter.status !== undefined) keys.push(sql`status = ${filter.status}`);
      if (filter.category !== undefined) keys.push(sql`category = ${filter.category}`);
      const keyFilter = join(keys, ' AND ');
      const conds = [keyFilter];
      if (filter.external_reference !== undefined) conds.push(sql`external_reference = ${filter.external_reference}`);
      if (range.from !== undefined) conds.push(sql`created_at >= ${range.from}`);
      if (range.to !== undefined) conds.push(sql`created_at <= ${range.to}`);
      const where = join(conds, ' AND ');
      const total = filter.external_reference !== undefined ? undefined : countSql(keyFilter, range.from, range.to);
      // A deep page (no external_reference: that is <= 1 row) seeks from the counters (page-seek.ts).
      const seek =
        total !== undefined && bounds.offset >= seekAfter
          ? seekPagedQuery(TX_COLS, keyFilter, where, range.from, range.to, bounds, total)
          : null;
      const query =
        seek ?? pagedQuery(raw('transactions'), TX_COLS, where, raw('created_at DESC, id DESC'), bounds, total);
      return splitPage(await rows(db, query), asTx);
    },

    async getTransactionById(accountId, id) {
      if (!isUuid(accountId) || !isUuid(id)) return null;
      const row = await one(
        db,
        sql`SELECT ${TX_COLS} FROM transactions WHERE id = ${id} AND account_id = ${accountId}`,
      );
      return row && asTx(row);
    },

    async getTransactionByExternalReference(accountId, ref) {
      if (!isUuid(accountId)) return null;
      return byReference(`${accountId.toLowerCase()}\n${ref}`);
    },

    async insertTransactions(all, history = []) {
      if (all.length === 0 && history.length === 0) return;
      const insertChunk = (ex: Sql, start: number) => rows(ex, insertTx(columns(all.slice(start, start + chunkSize))));
      const insertHistoryChunks = async (ex: Sql) => {
        for (let start = 0; start < history.length; start += chunkSize)
          await rows(ex, insertHistory(history.slice(start, start + chunkSize)));
      };
      if (all.length <= chunkSize && history.length === 0) {
        await insertChunk(db, 0);
        return;
      }
      // All or nothing, and one commit (one WAL flush) for the whole load, its history included.
      await db.transaction(async (tx) => {
        for (let start = 0; start < all.length; start += chunkSize) await insertChunk(tx, start);
        await insertHistoryChunks(tx);
      });
      if (all.length >= maintainAfter) {
        // PGlite runs Postgres single-user: no autovacuum ever collects statistics or sets the visibility map, so
        // do it after a big load (VACUUM lets filtered counts be index-only scans; ~0.4 s per 100k rows).
        // PostgreSQL's autovacuum does both eventually; ANALYZE now gives the planner the new distribution at once.
        // The rows are committed: a failure here must not report the insert as failed.
        await rows(db, driver === 'pglite' ? sql`VACUUM (ANALYZE) transactions` : sql`ANALYZE transactions`).catch(
          () => {},
        );
      }
    },

    async countTransactions(accountId) {
      if (!isUuid(accountId)) return 0;
      // The all-time counters (migration 002): <= 24 rows (status x category), whatever the history.
      const row = await one(
        db,
        sql`
        SELECT COALESCE(sum(n), 0) AS n FROM transaction_counts WHERE account_id = ${accountId} AND grain = 0`,
      );
      return toCount(row?.['n']);
    },
  };
}
