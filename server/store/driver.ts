/**
 * What a driver (pglite.ts, postgres.ts) hands to migrate.ts and queries.ts. Kept out of types.ts: the rest of the
 * server only sees `Store` and `Sql`.
 */
import type { Sql } from './types.ts';

export type DriverKind = 'pglite' | 'postgres';

/** Logger callback injected by the server (pino in production, a spy in tests). */
export type StoreLog = (msg: string, err?: unknown) => void;

/** `Sql` plus `exec`: several statements in one string, no parameters (used by migrations only). */
export interface ExecSql extends Sql {
  exec(text: string): Promise<void>;
  transaction<T>(fn: (tx: ExecSql) => Promise<T>): Promise<T>;
}

export interface SqlDriver {
  readonly kind: DriverKind;
  readonly sql: ExecSql;
  /** Idempotent. Closes the pool / PGlite instance and releases the data-directory lock. */
  close(): Promise<void>;
}

/** Default logger: one line on stderr. */
export const stderrLog: StoreLog = (msg, err) => {
  const detail = err instanceof Error ? `: ${err.message}` : err === undefined ? '' : `: ${String(err)}`;
  process.stderr.write(`[store] ${msg}${detail}\n`);
};
