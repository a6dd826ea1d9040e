/**
 * Benchmark datasets: one partner account (sandbox) with its wallet, one API key (read_balance, read_transactions,
 * view_products) made with the console's createKey, the product catalogue, and N transactions generated in bulk
 * INSIDE the database (generate-sql.ts), never row by row through the API.
 *
 * - Embedded (PGlite): a data directory per size under bench/tmp/datasets/, reused by later runs as long as its
 *   fingerprint (migrations, generator, PGlite version) is unchanged. The key's secret sits in meta.json next to
 *   it (mode 0600; bench/tmp/ is git-ignored) because only its hash is stored.
 * - PostgreSQL: a schema per size and fingerprint (search_path through `options`), kept between runs too.
 *
 * Loading: the secondary indexes of `transactions` (not the constraint ones) are dropped for the load and
 * rebuilt after it with their own definitions (pg_indexes.indexdef) — about twice as fast as maintaining them row
 * by row — then VACUUM ANALYZE, as the store does after a big insert.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { createKey } from '../../server/console/commands.ts';
import { ensureCatalogue } from '../../server/demo/seed.ts';
import { uuidV5 } from '../../server/ids.ts';
import { openStore } from '../../server/store/open.ts';
import type { Store } from '../../server/store/types.ts';
import { ANCHOR, DENSITY_PER_DAY, INSERT_GENERATED } from './generate-sql.ts';

export const BENCH_ROOT = new URL('..', import.meta.url).pathname;
export const PROJECT_ROOT = new URL('../..', import.meta.url).pathname;
const DATASETS_DIR = path.join(BENCH_ROOT, 'tmp', 'datasets');
const CHUNK = 50_000;

export interface DatasetInfo {
  driver: 'pglite' | 'postgres';
  size: number;
  account_id: string;
  /** The bench key (full secret): never printed or written to results. */
  key: string;
  /** An external reference of a row in the middle of the history (the lookup endpoint). */
  external_reference: string;
  /** Seconds spent building it in this run (0 when reused from the cache). */
  build_seconds: number;
}

export interface Dataset extends DatasetInfo {
  /** Environment for the server process (DATA_DIR or DATABASE_URL). */
  serverEnv: Record<string, string>;
  dataDir?: string;
  databaseUrl?: string;
}

type Log = (line: string) => void;

function fingerprint(): string {
  const h = createHash('sha256');
  const migrations = new URL('../../server/store/migrations/', import.meta.url);
  for (const f of fs.readdirSync(migrations).sort()) h.update(f).update(fs.readFileSync(new URL(f, migrations)));
  h.update(fs.readFileSync(new URL('./generate-sql.ts', import.meta.url)));
  h.update(fs.readFileSync(new URL('./dataset.ts', import.meta.url)));
  const require = createRequire(import.meta.url);
  const pglite = path.join(path.dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json');
  h.update(fs.readFileSync(pglite));
  return h.digest('hex').slice(0, 12);
}

export const sizeLabel = (n: number) => (n >= 1_000_000 ? `${n / 1_000_000}M` : n >= 1000 ? `${n / 1000}k` : String(n));

/** Fills an empty, migrated store. Returns the info to reach it. */
async function build(store: Store, driver: 'pglite' | 'postgres', size: number, log: Log): Promise<Omit<DatasetInfo, 'build_seconds'>> {
  const started = performance.now();
  await ensureCatalogue(store);
  const account = await store.createAccount({
    id: uuidV5(`bench-account:${size}`),
    environment: 'sandbox',
    name: 'Bench Partner',
    email: 'bench@swiftpay.example',
    business_name: 'Bench Bills Ltd',
    role: 'regular',
    created_at: new Date(ANCHOR.getTime() - Math.ceil(size / DENSITY_PER_DAY + 2) * 86_400_000),
  });
  await store.upsertWallet({ account_id: account.id, balance: '1250000.00', currency: 'NGN', updated_at: ANCHOR });
  const { secret } = await createKey(store, {
    account_id: account.id, name: 'bench', scopes: 'read_balance,read_transactions,view_products',
  });

  const indexes = await store.sql.query<{ indexname: string; indexdef: string }>(
    `SELECT indexname, indexdef FROM pg_indexes
     WHERE schemaname = current_schema() AND tablename = 'transactions'
       AND indexname NOT IN (SELECT conname FROM pg_constraint WHERE conrelid = 'transactions'::regclass)`,
  );
  for (const i of indexes) await store.sql.query(`DROP INDEX ${i.indexname}`);
  for (let first = 1; first <= size; first += CHUNK) {
    const last = Math.min(size, first + CHUNK - 1);
    await store.sql.query(INSERT_GENERATED, [account.id, first, last]);
    const s = (performance.now() - started) / 1000;
    log(`  ${driver} ${sizeLabel(size)}: ${last.toLocaleString('en')} / ${size.toLocaleString('en')} rows (${s.toFixed(0)} s)`);
  }
  for (const i of indexes) {
    log(`  ${driver} ${sizeLabel(size)}: rebuilding ${i.indexname}`);
    await store.sql.query(i.indexdef);
  }
  // Statistics and the visibility map (index-only scans), for every table of the schema.
  const tables = await store.sql.query<{ tablename: string }>('SELECT tablename FROM pg_tables WHERE schemaname = current_schema()');
  await store.sql.query(`VACUUM (ANALYZE) ${tables.map((t) => t.tablename).join(', ')}`);
  const [row] = await store.sql.query<{ external_reference: string }>(
    `SELECT external_reference FROM transactions WHERE account_id = $1 AND external_reference IS NOT NULL
     ORDER BY created_at DESC, id DESC OFFSET $2 LIMIT 1`,
    [account.id, Math.floor(size / 4)],
  );
  return { driver, size, account_id: account.id, key: secret, external_reference: row!.external_reference };
}

/** The embedded dataset of `size` rows, built (once) under bench/tmp/datasets/. */
export async function embeddedDataset(size: number, log: Log): Promise<Dataset> {
  const fp = fingerprint();
  const name = `pglite-${sizeLabel(size)}-${fp}`;
  const dir = path.join(DATASETS_DIR, name);
  const metaFile = path.join(dir, 'meta.json');
  fs.mkdirSync(DATASETS_DIR, { recursive: true });
  // Datasets of an older schema or generator are useless now (and large): remove them.
  for (const old of fs.readdirSync(DATASETS_DIR)) {
    if (old.startsWith(`pglite-${sizeLabel(size)}-`) && old !== name) fs.rmSync(path.join(DATASETS_DIR, old), { recursive: true, force: true });
  }
  let info: DatasetInfo;
  if (fs.existsSync(metaFile)) {
    info = { ...(JSON.parse(fs.readFileSync(metaFile, 'utf8')) as DatasetInfo), build_seconds: 0 };
  } else {
    log(`building the embedded dataset of ${size.toLocaleString('en')} transactions (cached for later runs)…`);
    const t0 = performance.now();
    const tmp = `${dir}.building-${process.pid}`;
    fs.rmSync(tmp, { recursive: true, force: true });
    const store = await openStore({ dataDir: path.join(tmp, 'data'), log: () => {} });
    let built;
    try {
      built = await build(store, 'pglite', size, log);
    } finally {
      await store.close();
    }
    info = { ...built, build_seconds: (performance.now() - t0) / 1000 };
    fs.writeFileSync(path.join(tmp, 'meta.json'), JSON.stringify({ ...info, build_seconds: undefined }, null, 2), { mode: 0o600 });
    fs.renameSync(tmp, dir);
  }
  const dataDir = path.join(dir, 'data');
  return { ...info, dataDir, serverEnv: { DATA_DIR: dataDir } };
}

/**
 * A PostgreSQL dataset in schema `bench_<fingerprint>_<size>`, kept between runs like the embedded ones (its key's
 * secret in bench/tmp/datasets/postgres-<size>-<fingerprint>.json, mode 0600). Schemas of other fingerprints are
 * dropped; a schema without its secret file (an interrupted build) is rebuilt.
 */
export async function postgresDataset(url: string, size: number, log: Log): Promise<Dataset> {
  const fp = fingerprint();
  const schema = `bench_${fp}_${sizeLabel(size).toLowerCase()}`;
  const metaFile = path.join(DATASETS_DIR, `postgres-${sizeLabel(size)}-${fp}.json`);
  fs.mkdirSync(DATASETS_DIR, { recursive: true });
  const admin = await openStore({ databaseUrl: url, log: () => {} });
  let exists: boolean;
  try {
    const stale = await admin.sql.query<{ nspname: string }>(
      `SELECT nspname FROM pg_namespace WHERE nspname LIKE $1 AND nspname <> $2`,
      [`bench\\_%\\_${sizeLabel(size).toLowerCase()}`, schema],
    );
    for (const { nspname } of stale) {
      log(`  dropping the stale PostgreSQL dataset ${nspname}`);
      await admin.sql.query(`DROP SCHEMA ${nspname} CASCADE`);
    }
    exists = (await admin.sql.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [schema])).length > 0;
    if (exists && !fs.existsSync(metaFile)) {
      await admin.sql.query(`DROP SCHEMA ${schema} CASCADE`);
      exists = false;
    }
  } finally {
    await admin.close();
  }
  const databaseUrl = withSearchPath(url, schema);
  const dataset = (info: DatasetInfo): Dataset => ({
    ...info,
    databaseUrl,
    serverEnv: { DATABASE_URL: databaseUrl },
  });
  if (exists) return dataset({ ...(JSON.parse(fs.readFileSync(metaFile, 'utf8')) as DatasetInfo), build_seconds: 0 });

  log(`loading ${size.toLocaleString('en')} transactions into PostgreSQL schema ${schema} (kept for later runs)…`);
  const t0 = performance.now();
  const store = await openStore({ databaseUrl: url, schema, log: () => {} });
  let built;
  try {
    built = await build(store, 'postgres', size, log);
  } catch (e) {
    await store.sql.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => {});
    throw e;
  } finally {
    await store.close();
  }
  fs.writeFileSync(metaFile, JSON.stringify(built, null, 2), { mode: 0o600 });
  return dataset({ ...built, build_seconds: (performance.now() - t0) / 1000 });
}

/** `?options=-c search_path=<schema>` on the URL: the server's pool then works in that schema only. */
export function withSearchPath(url: string, schema: string): string {
  const u = new URL(url);
  u.searchParams.set('options', `-c search_path=${schema}`);
  return u.toString();
}
