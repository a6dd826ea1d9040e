/**
 * PostgreSQL driver (pg.Pool).
 *
 * Losing the database never crashes the process:
 * - idle clients that die (server restart, network cut) raise `error` on the pool: logged, the pool drops them;
 * - a client checked out for a transaction gets its own `error` listener while it is out;
 * - connection-level failures (refused/reset, 57P01 admin_shutdown, 57P02, 57P03 cannot_connect_now, class 08,
 *   pool connect timeout, query read timeout, statement timeout) are rethrown as StoreUnavailableError (HTTP 503);
 * - the pool opens new connections on demand, so queries work again as soon as the database is back.
 */
import { createHash } from 'node:crypto';
import pg from 'pg';
import { StoreMisuseError, StoreUnavailableError } from './errors.ts';
import { withSavepoint } from './savepoint.ts';
import { stderrLog, type ExecSql, type SqlDriver, type StoreLog } from './driver.ts';
import type { QueryOptions } from './types.ts';

export interface OpenPostgresOptions {
  /** Schema to work in (search_path of every connection); created if missing. Letters, digits, `_` only. */
  schema?: string;
  log?: StoreLog;
  /** Pool size (default 10). */
  max?: number;
  /** Connect timeout (default 2000 ms): a pool that cannot connect fails fast with StoreUnavailableError. */
  connectionTimeoutMillis?: number;
  /** Server-side statement_timeout (default 15000 ms). */
  statementTimeoutMillis?: number;
}

export interface PostgresDriver extends SqlDriver {
  readonly kind: 'postgres';
  readonly pool: pg.Pool;
  readonly schema: string | undefined;
}

type Row = Record<string, unknown>;

const MIGRATION_READ_TIMEOUT_MS = 6 * 60 * 60 * 1000;
/** pg honours a per-query `query_timeout` (client.js), which @types/pg's QueryConfig does not declare. */
function longQuery(text: string): pg.QueryConfig {
  return { text, query_timeout: MIGRATION_READ_TIMEOUT_MS } as pg.QueryConfig;
}

/**
 * A statement marked `prepared` goes to PostgreSQL as a named prepared statement. node-postgres parses it once per
 * connection, remembers the name, and afterwards sends only Bind and Execute: PostgreSQL neither parses nor plans the
 * text again (after five executions it may keep a generic plan). Used for what every purchase runs — the key and
 * product lookups, recording and settling (bench/README.md, "Before and after in one run"). Hand-written because
 * node-postgres only prepares what is given a name, and has no statement cache of its own.
 *
 * Only for statements whose plan cannot turn bad as tables grow: a prepared statement may keep a generic plan made
 * while a table was small (costs tie then), so mark a lookup by a unique key, a read of the catalogue (products, which
 * does not grow with traffic) or a call of a function, not a read of a growing table that another index could serve
 * (the lookup by (account_id, external_reference) stays unprepared for that reason).
 *
 * The name is a digest of the text: one text has one name in every connection, and two texts never share one
 * (node-postgres refuses a known name sent with another text). Only fixed texts are marked, so names are few; past
 * PREPARED_NAMES_MAX distinct texts (a text that varies, marked by mistake) statements run unnamed, as unmarked ones
 * do, rather than accumulate on every connection.
 */
export const PREPARED_NAMES_MAX = 200;
const preparedNames = new Map<string, string>();

function queryOf(text: string, values: unknown[] | undefined, options: QueryOptions | undefined): pg.QueryConfig {
  if (options?.prepared !== true) return { text, values };
  let name = preparedNames.get(text);
  if (name === undefined) {
    if (preparedNames.size >= PREPARED_NAMES_MAX) return { text, values };
    name = `bp_${createHash('sha256').update(text).digest('hex').slice(0, 32)}`;
    preparedNames.set(text, name);
  }
  return { name, text, values };
}

const SCHEMA_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

/** SQLSTATEs / errno codes that mean "the database is not there (right now)". */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ECONNABORTED',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up / shutting down)
  '57014', // query_canceled (statement_timeout)
  '53300', // too_many_connections
]);

const UNAVAILABLE_MESSAGES = [
  /timeout exceeded when trying to connect/i,
  /Connection terminated/i,
  /Query read timeout/i,
  /Client has encountered a connection error and is not queryable/i,
  /Client was closed and is not queryable/i,
  /Cannot use a pool after calling end on the pool/i,
  /connect ECONNREFUSED/i,
];

export function isConnectionError(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
  if (err instanceof AggregateError && err.errors.some(isConnectionError)) return true; // happy-eyeballs connect
  return UNAVAILABLE_MESSAGES.some((re) => re.test(err.message));
}

function mapError(err: unknown): unknown {
  if (err instanceof StoreUnavailableError || !isConnectionError(err)) return err;
  const code = (err as { code?: unknown }).code;
  return new StoreUnavailableError(`database unavailable: ${(err as Error).message || String(code)}`, {
    cause: err,
    code: typeof code === 'string' ? code : undefined,
  });
}

class PgClientSql implements ExecSql {
  constructor(
    private readonly client: pg.PoolClient,
    private readonly depth: number,
  ) {}

  async query<R extends Row = Row>(text: string, params?: unknown[], options?: QueryOptions): Promise<R[]> {
    try {
      return (await this.client.query<R>(queryOf(text, params, options))).rows;
    } catch (err) {
      throw mapError(err);
    }
  }

  /**
   * Migrations: no parameters (simple protocol, several statements allowed) and no client-side read timeout, since
   * building an index on a large table or waiting for another instance's migration can take long
   * (migrate.ts also lifts statement_timeout for its transactions).
   */
  async exec(text: string): Promise<void> {
    try {
      await this.client.query(longQuery(text));
    } catch (err) {
      throw mapError(err);
    }
  }

  transaction<T>(fn: (tx: ExecSql) => Promise<T>): Promise<T> {
    const inner = new PgClientSql(this.client, this.depth + 1);
    return withSavepoint(this, this.depth + 1, () => fn(inner));
  }
}

class PgPoolSql implements ExecSql {
  constructor(
    private readonly pool: pg.Pool,
    private readonly log: StoreLog,
  ) {}

  async query<R extends Row = Row>(text: string, params?: unknown[], options?: QueryOptions): Promise<R[]> {
    try {
      return (await this.pool.query<R>(queryOf(text, params, options))).rows;
    } catch (err) {
      throw mapError(err);
    }
  }

  async exec(text: string): Promise<void> {
    try {
      await this.pool.query(longQuery(text));
    } catch (err) {
      throw mapError(err);
    }
  }

  async transaction<T>(fn: (tx: ExecSql) => Promise<T>): Promise<T> {
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch (err) {
      throw mapError(err);
    }
    // While checked out, the pool's idle listener is detached: without this, a dying connection would crash us.
    let broken: Error | undefined;
    const onError = (err: Error) => {
      broken = err;
      this.log('postgres connection lost during a transaction', err);
    };
    client.on('error', onError);
    const tx = new PgClientSql(client, 0);
    try {
      await tx.query('BEGIN');
      const result = await fn(tx);
      await tx.query('COMMIT');
      return result;
    } catch (err) {
      // A connection-level failure (incl. a client-side read timeout, after which the socket may still carry the
      // old query's answer) makes this client useless: destroy it rather than ROLLBACK on it.
      if (err instanceof StoreUnavailableError || isConnectionError(err)) broken ??= err as Error;
      if (broken === undefined) {
        try {
          await client.query('ROLLBACK');
        } catch (rollbackErr) {
          broken = rollbackErr as Error;
        }
      }
      throw mapError(err);
    } finally {
      client.off('error', onError);
      client.release(broken); // a broken client is destroyed, not returned to the pool
    }
  }
}

/** PostgreSQL through a pg.Pool. Does not connect until the first query. */
export async function openPostgres(url: string, opts: OpenPostgresOptions = {}): Promise<PostgresDriver> {
  const log = opts.log ?? stderrLog;
  const schema = opts.schema;
  if (schema !== undefined && !SCHEMA_NAME.test(schema)) throw new StoreMisuseError(`invalid schema name: ${schema}`);
  const statementTimeout = opts.statementTimeoutMillis ?? 15_000;
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.max ?? 10,
    connectionTimeoutMillis: opts.connectionTimeoutMillis ?? 2_000,
    idleTimeoutMillis: 30_000,
    statement_timeout: statementTimeout,
    // Client-side guard for a server that stops answering without closing the socket (network partition).
    query_timeout: statementTimeout + 5_000,
    application_name: 'bill-payment-partner-api',
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    ...(schema !== undefined ? { options: `-c search_path=${schema}` } : {}),
  });
  pool.on('error', (err) => log('postgres idle connection error (the pool will reconnect)', err));

  const sql = new PgPoolSql(pool, log);
  let closing: Promise<void> | undefined;
  const driver: PostgresDriver = {
    kind: 'postgres',
    pool,
    schema,
    sql,
    close() {
      closing ??= pool.end().catch((err: unknown) => log('closing the postgres pool failed', err));
      return closing;
    },
  };
  if (schema !== undefined) {
    try {
      await sql.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    } catch (err) {
      // Concurrent creation by another instance raises a unique violation on pg_namespace: harmless.
      if ((err as { code?: unknown }).code !== '23505') {
        await driver.close();
        throw err;
      }
    }
  }
  return driver;
}
