/**
 * Embedded driver: PGlite (Postgres compiled to WASM) in this process.
 *
 * - File-backed: `openPglite(dataDir)` holds an exclusive lock on the directory for the life of the store (see
 *   lock.ts); a second process fails at once with a clear message. The lock is taken BEFORE PGlite boots, so that
 *   failure costs no initdb and touches no file of the database.
 * - In memory: `openPgliteMemory()` for tests and demos (no directory, no lock).
 *
 * PGlite is a single connection. Its `query()` and `transaction()` share one mutex, so a transaction is never
 * interleaved with other callers' statements: they wait until it commits. Inside `transaction(fn)` use only the
 * `tx` handle: the outer handle would wait for the transaction that is waiting for it, so it throws instead.
 *
 * A fresh database runs initdb (~4-5 s). `pgliteTemplate()` keeps a dump of a freshly initialised cluster (in
 * memory and in the OS temp dir, keyed by PGlite version), so in-memory stores and new data directories start from
 * it in ~1 s instead.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { PGlite, types, type PGliteOptions, type Transaction } from '@electric-sql/pglite';
import { acquireDataDirLock, type DataDirLock } from './lock.ts';
import { StoreMisuseError, StoreUnavailableError } from './errors.ts';
import { withSavepoint } from './savepoint.ts';
import { stderrLog, type ExecSql, type SqlDriver, type StoreLog } from './driver.ts';
import { ReadCachingSql } from './read-cache.ts';
import { parseTimestamptz, serializeTimestamp } from './pglite-codec.ts';

export interface PgliteDriver extends SqlDriver {
  readonly kind: 'pglite';
  /** The PGlite instance (for dumpDataDir and diagnostics). */
  readonly db: PGlite;
  /** Canonical data directory, undefined in memory. */
  readonly dataDir: string | undefined;
}

export interface OpenPgliteOptions {
  log?: StoreLog;
  /**
   * Start a NEW (empty) data directory from this dump instead of running initdb; `true` (default) uses
   * `pgliteTemplate()`, `false` runs initdb. Ignored when the directory already holds a database. (PGlite's own
   * initdb path does the same thing: initdb in memory, dump, load into the directory.)
   */
  template?: Blob | boolean;
  /** Exact read cache in front of the instance (read-cache.ts); default true. */
  readCache?: boolean;
}

export interface OpenPgliteMemoryOptions {
  /** Exact read cache in front of the instance (read-cache.ts); default true. */
  readCache?: boolean;
  /** Dump to start from; `true` (default) uses `pgliteTemplate()`, `false` runs initdb. */
  template?: Blob | boolean;
}

type Row = Record<string, unknown>;

/**
 * PostgreSQL's buffer pool in the WASM instance. PGlite starts it at PostgreSQL's default, 128 MB, and every start
 * touches all of that memory, whatever the database holds: most of what an instance costs to start, and most of its
 * memory. The embedded store holds the demo's data, a test's, or a benchmark's account read through its indexes;
 * 32 MB holds the catalogues, the indexes' upper levels and the pages a request reads. ARCHITECTURE.md ("Where a
 * test run's time goes") and bench/README.md have the measurements.
 */
const SHARED_BUFFERS = '32MB';

/** How every instance starts: PGlite's own parameters and the buffer pool above; dates in and out as PostgreSQL (and
 *  the pg driver) have them, for every year (pglite-codec.ts). */
const INSTANCE: Pick<PGliteOptions, 'parsers' | 'serializers' | 'startParams'> = {
  startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${SHARED_BUFFERS}`],
  parsers: { [types.TIMESTAMPTZ]: parseTimestamptz },
  serializers: {
    [types.TIMESTAMPTZ]: serializeTimestamp,
    [types.TIMESTAMP]: serializeTimestamp,
    [types.DATE]: serializeTimestamp,
  },
};

/** Marks "inside a transaction of instance X" so the outer handle can refuse instead of deadlocking. */
const inTransaction = new AsyncLocalStorage<{ db: PGlite; active: boolean }>();

function mapError(db: PGlite, err: unknown): unknown {
  if (db.closed || (err instanceof Error && /PGlite is closed/i.test(err.message))) {
    return new StoreUnavailableError('embedded database is closed', { cause: err });
  }
  return err;
}

class PgliteTx implements ExecSql {
  constructor(
    private readonly tx: Transaction,
    private readonly depth: number,
  ) {}

  async query<R extends Row = Row>(text: string, params?: unknown[]): Promise<R[]> {
    return (await this.tx.query<R>(text, params)).rows;
  }

  async exec(text: string): Promise<void> {
    await this.tx.exec(text);
  }

  transaction<T>(fn: (tx: ExecSql) => Promise<T>): Promise<T> {
    const inner = new PgliteTx(this.tx, this.depth + 1);
    return withSavepoint(this, this.depth + 1, () => fn(inner));
  }
}

class PgliteSql implements ExecSql {
  constructor(private readonly db: PGlite) {}

  private guard(): void {
    const t = inTransaction.getStore();
    if (t?.active && t.db === this.db) {
      throw new StoreMisuseError(
        'store: the outer Sql handle was used inside transaction(); use the tx handle given to fn',
      );
    }
  }

  async query<R extends Row = Row>(text: string, params?: unknown[]): Promise<R[]> {
    this.guard();
    try {
      return (await this.db.query<R>(text, params)).rows;
    } catch (err) {
      throw mapError(this.db, err);
    }
  }

  async exec(text: string): Promise<void> {
    this.guard();
    try {
      await this.db.exec(text);
    } catch (err) {
      throw mapError(this.db, err);
    }
  }

  async transaction<T>(fn: (tx: ExecSql) => Promise<T>): Promise<T> {
    this.guard();
    const mark = { db: this.db, active: true };
    try {
      return await inTransaction.run(mark, () => this.db.transaction((tx) => fn(new PgliteTx(tx, 0))));
    } catch (err) {
      throw mapError(this.db, err);
    } finally {
      mark.active = false;
    }
  }
}

function makeDriver(
  db: PGlite,
  dataDir: string | undefined,
  lock: DataDirLock | undefined,
  readCache = true,
): PgliteDriver {
  let closing: Promise<void> | undefined;
  const sql = new PgliteSql(db);
  return {
    kind: 'pglite',
    db,
    dataDir,
    sql: readCache ? new ReadCachingSql(sql) : sql,
    close() {
      closing ??= (async () => {
        try {
          if (!db.closed) await db.close();
        } finally {
          await lock?.release();
        }
      })();
      return closing;
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Template (a dump of a freshly initdb'ed cluster)

let templatePromise: Promise<Blob> | undefined;

function templateFile(): string {
  return path.join(os.tmpdir(), `bpp-store-pglite-${pgliteVersion()}-${process.getuid?.() ?? 0}.tar`);
}

function forgetTemplate(): void {
  templatePromise = undefined;
  fs.rmSync(templateFile(), { force: true });
}

function pgliteVersion(): string {
  const require = createRequire(import.meta.url);
  try {
    return (require('@electric-sql/pglite/package.json') as { version: string }).version;
  } catch {
    // package.json is not exported by the package: read it next to the resolved entry point.
    const entry = require.resolve('@electric-sql/pglite');
    const pkg = path.join(path.dirname(entry), '..', 'package.json');
    return (JSON.parse(fs.readFileSync(pkg, 'utf8')) as { version: string }).version;
  }
}

/**
 * A dump of an empty, freshly initialised PGlite cluster (no application tables): built once per machine (initdb,
 * ~4-5 s), kept in memory and in `<tmpdir>/bpp-store-pglite-<version>.tar`.
 */
export function pgliteTemplate(): Promise<Blob> {
  templatePromise ??= (async () => {
    const file = templateFile();
    try {
      const buf = fs.readFileSync(file);
      if (buf.length > 1_000_000) return new Blob([buf]);
    } catch {
      // not cached yet
    }
    const db = new PGlite({ startParams: INSTANCE.startParams });
    await db.waitReady;
    const dump = await db.dumpDataDir('none');
    await db.close();
    try {
      const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
      fs.writeFileSync(tmp, new Uint8Array(await dump.arrayBuffer()));
      fs.renameSync(tmp, file); // atomic: concurrent test workers never read a half-written file
    } catch {
      // cache is an optimisation only
    }
    return dump;
  })();
  templatePromise.catch(() => {
    templatePromise = undefined;
  });
  return templatePromise;
}

async function resolveTemplate(t: Blob | boolean | undefined, dflt: boolean): Promise<Blob | undefined> {
  if (t instanceof Blob) return t;
  return (t ?? dflt) ? pgliteTemplate() : undefined;
}

// ---------------------------------------------------------------------------------------------------------------

/** Embedded PGlite on `dataDir` (created if missing), exclusively locked for this process until close(). */
export async function openPglite(dataDir: string, opts: OpenPgliteOptions = {}): Promise<PgliteDriver> {
  const log = opts.log ?? stderrLog;
  const lock = await acquireDataDirLock(path.resolve(dataDir), { log });
  try {
    const fresh = !fs.existsSync(path.join(lock.dataDir, 'PG_VERSION'));
    const loadDataDir = fresh ? await resolveTemplate(opts.template, true) : undefined;
    const db = new PGlite({ dataDir: lock.dataDir, ...INSTANCE, ...(loadDataDir ? { loadDataDir } : {}) });
    await db.waitReady;
    return makeDriver(db, lock.dataDir, lock, opts.readCache);
  } catch (err) {
    await lock.release();
    throw err;
  }
}

/** In-memory PGlite (tests, demos): nothing on disk, no lock. */
export async function openPgliteMemory(opts: OpenPgliteMemoryOptions = {}): Promise<PgliteDriver> {
  const loadDataDir = await resolveTemplate(opts.template, true);
  if (loadDataDir) {
    try {
      const db = new PGlite({ loadDataDir, ...INSTANCE });
      await db.waitReady;
      return makeDriver(db, undefined, undefined, opts.readCache);
    } catch (err) {
      if (opts.template instanceof Blob) throw err;
      forgetTemplate(); // a damaged cache file must not break every later start: drop it, run initdb
    }
  }
  const db = new PGlite(INSTANCE);
  await db.waitReady;
  return makeDriver(db, undefined, undefined, opts.readCache);
}
