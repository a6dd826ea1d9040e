/**
 * Every Store method as parameterised SQL on top of an `Sql` executor; the same text runs on PGlite and PostgreSQL.
 *
 * Values never enter SQL text: optional filters add fixed fragments (`AND status = $3`) and push their value to the
 * parameter list. Types coming back are normalised so both drivers agree:
 * - money: selected as `col::text` → decimal strings with exactly 2 places ("1500.00"), never floats;
 * - timestamps: timestamptz → JS Date on both drivers;
 * - counts: bigint is a string on pg and a number on PGlite → Number().
 * Money going in must be a decimal string with at most 2 places: anything NUMERIC(20,2) would round is rejected.
 * Ids that are not UUIDs find nothing (null / empty), instead of a database type error.
 */
import { randomUUID } from 'node:crypto';
import type {
  AccountRow, ApiKeyRow, NewApiKey, Page, PageRequest, ProductFilter, ProductRow, Sql, Store, TransactionFilter,
  TransactionRow, WalletRow,
} from './types.ts';
import type { Environment, KeyStatus, ProductKind } from '../domain.ts';
import { InvalidStoreValueError, KeyNotFoundError } from './errors.ts';
import type { DriverKind } from './driver.ts';
import { countSql } from './transaction-count.ts';

export { KeyNotFoundError } from './errors.ts';

type Row = Record<string, unknown>;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** NUMERIC(20,2): up to 18 integer digits, up to 2 decimals. */
const MONEY_RE = /^-?\d{1,18}(\.\d{1,2})?$/;

/**
 * Rows per INSERT of insertTransactions: `INSERT ... SELECT * FROM unnest($1::uuid[], ..., $18::timestamptz[])`,
 * one array parameter per column, all chunks in one transaction (all or nothing, one commit).
 * Measured on this 2-core machine (shared, so +-30%), 100k rows into the full schema:
 *   PostgreSQL 15: ~19-26k rows/s. The server-side floor (INSERT ... SELECT from a temp table) is ~36k rows/s and
 *     COPY FROM STDIN is no faster (3.0 s vs 2.7 s per 100k): index maintenance dominates (the 4 list indexes
 *     + FK + unique external reference are ~70% of it). The rest is pg's array serialisation (~1 s CPU / 100k).
 *   PGlite: ~12-14k rows/s; COPY FROM '/dev/blob' costs the same CPU; without the 4 list indexes ~25k rows/s.
 *   (Measured before migration 002, whose statement-level counter triggers add ~3 µs a row on either driver.)
 *   json_to_recordset / ROWS FROM(json_array_elements_text...) were no faster than unnest on either driver.
 * Throughput is flat between ~2k and ~20k rows per statement; 5000 keeps each PGlite statement short (the WASM
 * engine blocks the event loop while a statement runs) and each pg message ~1.5 MB.
 */
export const INSERT_CHUNK = 5_000;
/** insertTransactions of at least this many rows refreshes planner statistics afterwards. */
const MAINTAIN_AFTER_ROWS = 10_000;

const isUuid = (s: string) => UUID_RE.test(s);

function money(value: string, field: string): string {
  if (typeof value !== 'string' || !MONEY_RE.test(value)) {
    throw new InvalidStoreValueError(`${field} must be a decimal string with at most 2 decimals, got ${JSON.stringify(value)}`);
  }
  return value;
}

function pageBounds(page: PageRequest): { limit: number; offset: number } {
  const perPage = Math.trunc(page.per_page);
  const pageNo = Math.trunc(page.page);
  if (!(perPage >= 1) || !(pageNo >= 1)) throw new InvalidStoreValueError('page and per_page must be >= 1');
  return { limit: perPage, offset: (pageNo - 1) * perPage };
}

const toCount = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));

// --- column lists ------------------------------------------------------------------------------------------------

const ACCOUNT_COLS = 'id, environment, name, email, business_name, role, created_at';
const WALLET_COLS = 'account_id, balance::text AS balance, currency, updated_at';
const TX_COLS = `id, account_id, amount::text AS amount, currency, status, category, description, reference,
  external_reference, product_type, phone_number, meter_number, product_amount::text AS product_amount,
  fee_amount::text AS fee_amount, total_debit::text AS total_debit, price_basis, created_at, updated_at`;
const KEY_COLS = `id, account_id, environment, name, display_prefix, secret_hash, scopes, ip_allowlist, status,
  expires_at, created_at, updated_at`;
const PRODUCT_COLS = 'id, environment, kind, network, bundle_type, distributor, meter_type, provider, attributes, sort_order';

/** Fast bulk path: one INSERT ... SELECT FROM unnest(array per column) per chunk (see INSERT_CHUNK). */
const INSERT_TX = `INSERT INTO transactions (id, account_id, amount, currency, status, category, description, reference,
  external_reference, product_type, phone_number, meter_number, product_amount, fee_amount, total_debit, price_basis,
  created_at, updated_at)
SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::numeric[], $4::text[], $5::text[], $6::text[], $7::text[],
  $8::text[], $9::text[], $10::text[], $11::text[], $12::text[], $13::numeric[], $14::numeric[], $15::numeric[],
  $16::text[], $17::timestamptz[], $18::timestamptz[])`;

const INSERT_PRODUCTS = `INSERT INTO products (id, environment, kind, network, bundle_type, distributor, meter_type,
  provider, attributes, sort_order)
SELECT id, $1, kind, network, bundle_type, distributor, meter_type, provider, attributes::jsonb, sort_order
FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[],
  $10::int[]) AS u(id, kind, network, bundle_type, distributor, meter_type, provider, attributes, sort_order)`;

// --- row mappers -------------------------------------------------------------------------------------------------

const asAccount = (r: Row) => r as unknown as AccountRow;
const asWallet = (r: Row) => r as unknown as WalletRow;
const asTx = (r: Row) => r as unknown as TransactionRow;
const asKey = (r: Row) => r as unknown as ApiKeyRow;
const asProduct = (r: Row): ProductRow => ({ ...(r as unknown as ProductRow), sort_order: Number(r['sort_order']) });

/**
 * One statement for page + exact total: a single snapshot, and the total is still there when the page is past the
 * end (the LEFT JOIN keeps the count row; its page columns are then NULL). `total` is a scalar SQL expression;
 * default: count(*) of the same WHERE.
 */
function pagedQuery(
  table: string, cols: string, where: string, orderBy: string, limitParam: number,
  total = `(SELECT count(*) FROM ${table} WHERE ${where})`,
): string {
  return `SELECT c.total AS _total, p.* FROM (SELECT ${total} AS total) c
LEFT JOIN LATERAL (SELECT ${cols} FROM ${table} WHERE ${where} ORDER BY ${orderBy}
  LIMIT $${limitParam} OFFSET $${limitParam + 1}) p ON true`;
}

/** Pages already split, by result array: the read cache (read-cache.ts) hands out the same frozen array again. */
const splitPages = new WeakMap<Row[], Page<unknown>>();

function splitPage<T>(rows: Row[], map: (r: Row) => T): Page<T> {
  const known = splitPages.get(rows);
  if (known) return known as Page<T>;
  const total = toCount(rows[0]?.['_total']);
  const items: T[] = [];
  for (const r of rows) {
    if (r['id'] === null || r['id'] === undefined) continue;
    const { _total: _ignored, ...rest } = r;
    items.push(map(rest));
  }
  const page = { items, total_count: total };
  if (Object.isFrozen(rows)) {
    for (const item of items) Object.freeze(item);
    Object.freeze(items);
    splitPages.set(rows, Object.freeze(page) as Page<unknown>);
  }
  return page;
}

export interface QueryOptions {
  /** Rows per INSERT statement in insertTransactions (default INSERT_CHUNK). */
  insertChunk?: number;
  /** insertTransactions of at least this many rows refreshes statistics afterwards (default 10 000). */
  maintainAfterRows?: number;
}

/** Builds the Store on an executor. `close` is what Store.close() runs (the driver's close). */
export function createQueries(
  sql: Sql,
  driver: DriverKind,
  close: () => Promise<void> = async () => {},
  options: QueryOptions = {},
): Store {
  const chunkSize = Math.max(1, options.insertChunk ?? INSERT_CHUNK);
  const maintainAfter = options.maintainAfterRows ?? MAINTAIN_AFTER_ROWS;
  const one = async (text: string, params: unknown[]): Promise<Row | null> => (await sql.query(text, params))[0] ?? null;

  const keyOrThrow = (id: string, row: Row | null): ApiKeyRow => {
    if (row === null) throw new KeyNotFoundError(id);
    return asKey(row);
  };

  return {
    driver,
    sql,

    async ping() {
      await sql.query('SELECT 1');
    },

    close,

    // --- accounts & wallets --------------------------------------------------------------------------------------

    async createAccount(a) {
      const row = await one(
        `INSERT INTO accounts (id, environment, name, email, business_name, role, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, COALESCE($7::timestamptz, now())) RETURNING ${ACCOUNT_COLS}`,
        [a.id ?? randomUUID(), a.environment, a.name, a.email, a.business_name, a.role, a.created_at ?? null],
      );
      return asAccount(row!);
    },

    async getAccount(id) {
      if (!isUuid(id)) return null;
      const row = await one(`SELECT ${ACCOUNT_COLS} FROM accounts WHERE id = $1`, [id]);
      return row && asAccount(row);
    },

    async listAccounts(environment?: Environment) {
      const rows = environment === undefined
        ? await sql.query(`SELECT ${ACCOUNT_COLS} FROM accounts ORDER BY created_at, id`)
        : await sql.query(`SELECT ${ACCOUNT_COLS} FROM accounts WHERE environment = $1 ORDER BY created_at, id`, [environment]);
      return rows.map(asAccount);
    },

    async getWallet(accountId) {
      if (!isUuid(accountId)) return null;
      const row = await one(`SELECT ${WALLET_COLS} FROM wallets WHERE account_id = $1`, [accountId]);
      return row && asWallet(row);
    },

    async upsertWallet(w: WalletRow) {
      await sql.query(
        `INSERT INTO wallets (account_id, balance, currency, updated_at) VALUES ($1, $2::numeric, $3, $4)
         ON CONFLICT (account_id) DO UPDATE
           SET balance = EXCLUDED.balance, currency = EXCLUDED.currency, updated_at = EXCLUDED.updated_at`,
        [w.account_id, money(w.balance, 'balance'), w.currency, w.updated_at],
      );
    },

    // --- transactions --------------------------------------------------------------------------------------------

    /**
     * The page is a forward scan of the list index matching the filter (001), in list order, stopping after
     * OFFSET + LIMIT entries. The total, in the same statement (one snapshot):
     * - with external_reference: count(*) on the rows (the unique key: at most one row);
     * - otherwise: countSql (transaction-count.ts, migration 002): counters for the whole days / months / all time
     *   inside the range, exact row counts for the partial day at each end. Its cost depends on the range's shape
     *   and one day's volume, not on the account's history (the old count(*) was linear in it). Figures: 002's header.
     */
    async listTransactions(accountId: string, filter: TransactionFilter, page: PageRequest) {
      const { limit, offset } = pageBounds(page);
      // An Invalid Date would split into NaN days and months (countSql) instead of failing in the database.
      for (const [name, d] of [['from', filter.from], ['to', filter.to]] as const) {
        if (d !== undefined && !(d instanceof Date && Number.isFinite(d.getTime()))) {
          throw new InvalidStoreValueError(`${name} must be a valid Date`);
        }
      }
      if (!isUuid(accountId)) return { items: [], total_count: 0 };
      const params: unknown[] = [accountId];
      const param = (value: unknown) => {
        params.push(value);
        return `$${params.length}`;
      };
      // Columns that transactions and transaction_counts share: the counters can take the same conditions.
      let keys = 'account_id = $1';
      if (filter.status !== undefined) keys += ` AND status = ${param(filter.status)}`;
      if (filter.category !== undefined) keys += ` AND category = ${param(filter.category)}`;
      let where = keys;
      if (filter.external_reference !== undefined) where += ` AND external_reference = ${param(filter.external_reference)}`;
      if (filter.from !== undefined) where += ` AND created_at >= ${param(filter.from)}`;
      if (filter.to !== undefined) where += ` AND created_at <= ${param(filter.to)}`;
      const total = filter.external_reference !== undefined ? undefined : countSql(keys, filter.from, filter.to, param);
      const text = pagedQuery('transactions', TX_COLS, where, 'created_at DESC, id DESC', params.length + 1, total);
      const rows = await sql.query(text, [...params, limit, offset]);
      return splitPage(rows, asTx);
    },

    async getTransactionById(accountId, id) {
      if (!isUuid(accountId) || !isUuid(id)) return null;
      const row = await one(`SELECT ${TX_COLS} FROM transactions WHERE id = $1 AND account_id = $2`, [id, accountId]);
      return row && asTx(row);
    },

    async getTransactionByExternalReference(accountId, ref) {
      if (!isUuid(accountId)) return null;
      const row = await one(
        `SELECT ${TX_COLS} FROM transactions WHERE account_id = $1 AND external_reference = $2`,
        [accountId, ref],
      );
      return row && asTx(row);
    },

    async insertTransactions(rows: TransactionRow[]) {
      if (rows.length === 0) return;
      const insertChunk = async (ex: Sql, start: number) => {
        const chunk = rows.slice(start, start + chunkSize);
        const n = chunk.length;
        const cols: unknown[][] = Array.from({ length: 18 }, () => new Array<unknown>(n));
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
          cols[12]![i] = money(t.product_amount, 'product_amount');
          cols[13]![i] = money(t.fee_amount, 'fee_amount');
          cols[14]![i] = money(t.total_debit, 'total_debit');
          cols[15]![i] = t.price_basis;
          cols[16]![i] = t.created_at;
          cols[17]![i] = t.updated_at;
        }
        await ex.query(INSERT_TX, cols);
      };
      if (rows.length <= chunkSize) {
        await insertChunk(sql, 0);
        return;
      }
      // All or nothing, and one commit (one WAL flush) for the whole load.
      await sql.transaction(async (tx) => {
        for (let start = 0; start < rows.length; start += chunkSize) await insertChunk(tx, start);
      });
      if (rows.length >= maintainAfter) {
        // PGlite runs Postgres single-user: no autovacuum ever collects statistics or sets the visibility map, so
        // do it after a big load (VACUUM lets filtered counts be index-only scans; ~0.4 s per 100k rows).
        // PostgreSQL's autovacuum does both eventually; ANALYZE now gives the planner the new distribution at once.
        // The rows are committed: a failure here must not report the insert as failed.
        await sql.query(driver === 'pglite' ? 'VACUUM (ANALYZE) transactions' : 'ANALYZE transactions').catch(() => {});
      }
    },

    async countTransactions(accountId) {
      if (!isUuid(accountId)) return 0;
      // The all-time counters (migration 002): <= 24 rows (status x category), whatever the history.
      const row = await one(
        'SELECT COALESCE(sum(n), 0) AS n FROM transaction_counts WHERE account_id = $1 AND grain = 0',
        [accountId],
      );
      return toCount(row?.['n']);
    },

    // --- products ------------------------------------------------------------------------------------------------

    async listProducts(environment: Environment, kind: ProductKind, filter: ProductFilter, page: PageRequest) {
      const { limit, offset } = pageBounds(page);
      const params: unknown[] = [environment, kind];
      let where = 'environment = $1 AND kind = $2';
      const add = (fragment: string, value: unknown) => {
        params.push(value);
        where += ` AND ${fragment.replace('?', `$${params.length}`)}`;
      };
      // Networks, distributors and providers are stored upper case, bundle types lower case: match any case.
      if (filter.network !== undefined) add('network = upper(?)', filter.network);
      if (filter.bundle_type !== undefined) add('bundle_type = lower(?)', filter.bundle_type);
      if (filter.distributor !== undefined) add('distributor = upper(?)', filter.distributor);
      if (filter.provider !== undefined) add('provider = upper(?)', filter.provider);
      const text = pagedQuery('products', PRODUCT_COLS, where, 'sort_order, id', params.length + 1);
      return splitPage(await sql.query(text, [...params, limit, offset]), asProduct);
    },

    async replaceProducts(environment: Environment, rows: ProductRow[]) {
      for (const p of rows) {
        if (p.environment !== environment) {
          throw new InvalidStoreValueError(`product ${p.id} belongs to ${p.environment}, not ${environment}`);
        }
      }
      await sql.transaction(async (tx) => {
        await tx.query('DELETE FROM products WHERE environment = $1', [environment]);
        if (rows.length === 0) return;
        await tx.query(INSERT_PRODUCTS, [
          environment,
          rows.map((p) => p.id),
          rows.map((p) => p.kind),
          rows.map((p) => p.network),
          rows.map((p) => p.bundle_type),
          rows.map((p) => p.distributor),
          rows.map((p) => p.meter_type),
          rows.map((p) => p.provider),
          rows.map((p) => JSON.stringify(p.attributes ?? {})),
          rows.map((p) => p.sort_order),
        ]);
      });
    },

    async countProducts(environment) {
      const row = await one('SELECT count(*) AS n FROM products WHERE environment = $1', [environment]);
      return toCount(row?.['n']);
    },

    // --- API keys ------------------------------------------------------------------------------------------------

    async findKeyByHash(secretHash) {
      const row = await one(`SELECT ${KEY_COLS} FROM api_keys WHERE secret_hash = $1`, [secretHash]);
      return row && asKey(row);
    },

    async getKey(id) {
      if (!isUuid(id)) return null;
      const row = await one(`SELECT ${KEY_COLS} FROM api_keys WHERE id = $1`, [id]);
      return row && asKey(row);
    },

    async listKeys(accountId?: string) {
      if (accountId === undefined) {
        return (await sql.query(`SELECT ${KEY_COLS} FROM api_keys ORDER BY created_at, id`)).map(asKey);
      }
      if (!isUuid(accountId)) return [];
      const rows = await sql.query(
        `SELECT ${KEY_COLS} FROM api_keys WHERE account_id = $1 ORDER BY created_at, id`,
        [accountId],
      );
      return rows.map(asKey);
    },

    async createKey(k: NewApiKey) {
      // The key's environment is its account's environment.
      const row = isUuid(k.account_id)
        ? await one(
          `INSERT INTO api_keys (id, account_id, environment, name, display_prefix, secret_hash, scopes, ip_allowlist,
             expires_at)
           SELECT $1, a.id, a.environment, $3, $4, $5, $6::text[], $7::text[], $8 FROM accounts a WHERE a.id = $2
           RETURNING ${KEY_COLS}`,
          [randomUUID(), k.account_id, k.name, k.display_prefix, k.secret_hash, k.scopes, k.ip_allowlist, k.expires_at],
        )
        : null;
      if (row === null) throw new Error(`cannot create API key: account ${k.account_id} not found`);
      return asKey(row);
    },

    async setKeyStatus(id: string, status: KeyStatus) {
      if (!isUuid(id)) throw new KeyNotFoundError(id);
      return keyOrThrow(id, await one(
        `UPDATE api_keys SET status = $2, updated_at = now() WHERE id = $1 RETURNING ${KEY_COLS}`,
        [id, status],
      ));
    },

    async replaceKeySecret(id, secretHash, displayPrefix) {
      if (!isUuid(id)) throw new KeyNotFoundError(id);
      return keyOrThrow(id, await one(
        `UPDATE api_keys SET secret_hash = $2, display_prefix = $3, updated_at = now() WHERE id = $1
         RETURNING ${KEY_COLS}`,
        [id, secretHash, displayPrefix],
      ));
    },

    async updateKey(id, patch) {
      if (!isUuid(id)) throw new KeyNotFoundError(id);
      const params: unknown[] = [id];
      const sets: string[] = [];
      const set = (col: string, value: unknown, cast = '') => {
        params.push(value);
        sets.push(`${col} = $${params.length}${cast}`);
      };
      if (patch.name !== undefined) set('name', patch.name);
      if (patch.scopes !== undefined) set('scopes', patch.scopes, '::text[]');
      if (patch.ip_allowlist !== undefined) set('ip_allowlist', patch.ip_allowlist, '::text[]');
      if (patch.expires_at !== undefined) set('expires_at', patch.expires_at, '::timestamptz');
      if (sets.length === 0) {
        return keyOrThrow(id, await one(`SELECT ${KEY_COLS} FROM api_keys WHERE id = $1`, [id]));
      }
      return keyOrThrow(id, await one(
        `UPDATE api_keys SET ${sets.join(', ')}, updated_at = now() WHERE id = $1 RETURNING ${KEY_COLS}`,
        params,
      ));
    },
  };
}
