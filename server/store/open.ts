/**
 * One entry point for the server, the console and the demo loader: picks the driver, runs the migrations and
 * returns the Store.
 *
 * - `memory: true`  → in-memory PGlite (tests, demos);
 * - `databaseUrl`   → PostgreSQL (pg.Pool), optionally in `schema`;
 * - otherwise       → file-backed PGlite in `dataDir` (default `.data` under the working directory), exclusively
 *                     locked for this process.
 */
import path from 'node:path';
import { migrate } from './migrate.ts';
import { createQueries } from './queries.ts';
import { openPglite, openPgliteMemory } from './pglite.ts';
import { openPostgres } from './postgres.ts';
import { stderrLog, type SqlDriver, type StoreLog } from './driver.ts';
import type { Store } from './types.ts';

export interface StoreConfig {
  databaseUrl?: string | undefined;
  dataDir?: string | undefined;
  memory?: boolean | undefined;
  /** PostgreSQL only: work in this schema (created if missing). */
  schema?: string | undefined;
  log?: ((msg: string, err?: unknown) => void) | undefined;
  /** Embedded store only: the exact read cache (read-cache.ts); default true. */
  readCache?: boolean | undefined;
}

export const DEFAULT_DATA_DIR = '.data';

export async function openDriver(config: StoreConfig): Promise<SqlDriver> {
  const log: StoreLog = config.log ?? stderrLog;
  if (config.memory) return openPgliteMemory({ readCache: config.readCache ?? true });
  if (config.databaseUrl) {
    return openPostgres(config.databaseUrl, { log, ...(config.schema !== undefined ? { schema: config.schema } : {}) });
  }
  return openPglite(path.resolve(config.dataDir ?? DEFAULT_DATA_DIR), { log, readCache: config.readCache ?? true });
}

export async function openStore(config: StoreConfig): Promise<Store> {
  const driver = await openDriver(config);
  try {
    await migrate(driver.sql);
  } catch (err) {
    await driver.close();
    throw err;
  }
  return createQueries(driver.sql, driver.kind, () => driver.close(), { groupCommit: driver.kind === 'postgres' });
}
