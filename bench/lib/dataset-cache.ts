/**
 * Benchmark datasets are built once and kept between runs, keyed by a fingerprint of what shapes their content (the
 * migrations, the row generator, the dataset builders, the PGlite version):
 * - embedded (PGlite): a data directory bench/tmp/datasets/pglite-<label>-<fingerprint>/data, built under a temporary
 *   name and renamed when complete; what the builder returns (keys' secrets included: only their hashes are in the
 *   store) is meta.json beside it, mode 0600 (bench/tmp/ is git-ignored);
 * - PostgreSQL: a schema bench_<fingerprint>_<label> (search_path through `options`), its meta in
 *   bench/tmp/datasets/postgres-<label>-<fingerprint>.json; a schema without its meta (an interrupted build) is rebuilt.
 * Datasets of the same label and another fingerprint are removed: they are useless now, and large.
 *
 * bulkLoad: the secondary indexes of `transactions` (not the constraint ones) are dropped for a load and rebuilt
 * after it with their own definitions (pg_indexes.indexdef) — about twice as fast as maintaining them row by row —
 * then VACUUM ANALYZE of every table (statistics and the visibility map for index-only scans), as after any big insert.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { openStore } from '../../server/store/open.ts';
import type { Store } from '../../server/store/types.ts';

export const BENCH_ROOT = new URL('..', import.meta.url).pathname;
export const PROJECT_ROOT = new URL('../..', import.meta.url).pathname;
const DATASETS_DIR = path.join(BENCH_ROOT, 'tmp', 'datasets');
/** The files whose content decides what a dataset holds. */
const SHAPERS = ['./generate-sql.ts', './dataset.ts', './realistic-dataset.ts', './realistic-rows.ts'];

type Log = (line: string) => void;
export type Built<T> = T & { build_seconds: number };

function fingerprint(): string {
  const h = createHash('sha256');
  const migrations = new URL('../../server/store/migrations/', import.meta.url);
  for (const f of fs.readdirSync(migrations).sort()) h.update(f).update(fs.readFileSync(new URL(f, migrations)));
  for (const f of SHAPERS) h.update(f).update(fs.readFileSync(new URL(f, import.meta.url)));
  const require = createRequire(import.meta.url);
  h.update(fs.readFileSync(path.join(path.dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json')));
  return h.digest('hex').slice(0, 12);
}

/** The embedded dataset `label`, built (once) by `build` on an empty, migrated store. */
export async function cachedEmbedded<T>(
  label: string,
  build: (store: Store) => Promise<T>,
  log: Log,
): Promise<{ info: Built<T>; dataDir: string }> {
  const name = `pglite-${label}-${fingerprint()}`;
  const dir = path.join(DATASETS_DIR, name);
  const metaFile = path.join(dir, 'meta.json');
  fs.mkdirSync(DATASETS_DIR, { recursive: true });
  for (const old of fs.readdirSync(DATASETS_DIR)) {
    if (old.startsWith(`pglite-${label}-`) && old !== name)
      fs.rmSync(path.join(DATASETS_DIR, old), { recursive: true, force: true });
  }
  const dataDir = path.join(dir, 'data');
  if (fs.existsSync(metaFile))
    return { info: { ...(JSON.parse(fs.readFileSync(metaFile, 'utf8')) as T), build_seconds: 0 }, dataDir };
  log(`building the embedded dataset ${label} (cached for later runs)…`);
  const t0 = performance.now();
  const tmp = `${dir}.building-${process.pid}`;
  fs.rmSync(tmp, { recursive: true, force: true });
  const store = await openStore({ dataDir: path.join(tmp, 'data'), log: () => {} });
  let built: T;
  try {
    built = await build(store);
  } finally {
    await store.close();
  }
  fs.writeFileSync(path.join(tmp, 'meta.json'), JSON.stringify(built, null, 2), { mode: 0o600 });
  fs.renameSync(tmp, dir);
  return { info: { ...built, build_seconds: (performance.now() - t0) / 1000 }, dataDir };
}

/** The PostgreSQL dataset `label` in its own schema, built (once) by `build`. */
export async function cachedPostgres<T>(
  url: string,
  label: string,
  build: (store: Store) => Promise<T>,
  log: Log,
): Promise<{ info: Built<T>; databaseUrl: string }> {
  const fp = fingerprint();
  const schema = `bench_${fp}_${label.toLowerCase()}`;
  const metaFile = path.join(DATASETS_DIR, `postgres-${label}-${fp}.json`);
  fs.mkdirSync(DATASETS_DIR, { recursive: true });
  const admin = await openStore({ databaseUrl: url, log: () => {} });
  let exists: boolean;
  try {
    const stale = await admin.sql.query<{ nspname: string }>(
      'SELECT nspname FROM pg_namespace WHERE nspname LIKE $1 AND nspname <> $2',
      [`bench\\_%\\_${label.toLowerCase()}`, schema],
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
  if (exists)
    return { info: { ...(JSON.parse(fs.readFileSync(metaFile, 'utf8')) as T), build_seconds: 0 }, databaseUrl };
  log(`loading the PostgreSQL dataset ${label} into schema ${schema} (kept for later runs)…`);
  const t0 = performance.now();
  const store = await openStore({ databaseUrl: url, schema, log: () => {} });
  let built: T;
  try {
    built = await build(store);
  } catch (e) {
    await store.sql.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => {});
    throw e;
  } finally {
    await store.close();
  }
  fs.writeFileSync(metaFile, JSON.stringify(built, null, 2), { mode: 0o600 });
  return { info: { ...built, build_seconds: (performance.now() - t0) / 1000 }, databaseUrl };
}

/** Runs `load` with the secondary indexes of `transactions` dropped, rebuilds them, then VACUUM ANALYZE. */
export async function bulkLoad(store: Store, load: () => Promise<void>, log: Log): Promise<void> {
  const indexes = await store.sql.query<{ indexname: string; indexdef: string }>(
    `SELECT indexname, indexdef FROM pg_indexes
     WHERE schemaname = current_schema() AND tablename = 'transactions'
       AND indexname NOT IN (SELECT conname FROM pg_constraint WHERE conrelid = 'transactions'::regclass)`,
  );
  for (const i of indexes) await store.sql.query(`DROP INDEX ${i.indexname}`);
  await load();
  for (const i of indexes) {
    log(`  rebuilding ${i.indexname}`);
    await store.sql.query(i.indexdef);
  }
  const tables = await store.sql.query<{ tablename: string }>(
    'SELECT tablename FROM pg_tables WHERE schemaname = current_schema()',
  );
  await store.sql.query(`VACUUM (ANALYZE) ${tables.map((t) => t.tablename).join(', ')}`);
}

/** `?options=-c search_path=<schema>` on the URL: the server's pool then works in that schema only. */
export function withSearchPath(url: string, schema: string): string {
  const u = new URL(url);
  u.searchParams.set('options', `-c search_path=${schema}`);
  return u.toString();
}
