/**
 * The sized benchmark datasets (10k / 100k / 1M): one partner account (sandbox) with its wallet, one API key
 * (read_balance, read_transactions, view_products) made with the console's createKey, the product catalogue, and N
 * transactions generated in bulk INSIDE the database (generate-sql.ts), never row by row through the API. Built
 * once per fingerprint and kept (dataset-cache.ts); the realistic many-account dataset is realistic-dataset.ts.
 */
import { createKey } from '../../server/console/commands.ts';
import { ensureCatalogue } from '../../server/demo/seed.ts';
import { uuidV5 } from '../../server/ids.ts';
import type { Store } from '../../server/store/types.ts';
import { bulkLoad, cachedEmbedded, cachedPostgres } from './dataset-cache.ts';
import { ANCHOR, DENSITY_PER_DAY, INSERT_GENERATED } from './generate-sql.ts';

export { BENCH_ROOT, PROJECT_ROOT, withSearchPath } from './dataset-cache.ts';

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

export const sizeLabel = (n: number) => (n >= 1_000_000 ? `${n / 1_000_000}M` : n >= 1000 ? `${n / 1000}k` : String(n));

/** Rows g in [1, size] of `accountId`, in chunks (generate-sql.ts). */
export async function insertGenerated(
  store: Store,
  accountId: string,
  size: number,
  progress?: (last: number) => void,
): Promise<void> {
  for (let first = 1; first <= size; first += CHUNK) {
    const last = Math.min(size, first + CHUNK - 1);
    await store.sql.query(INSERT_GENERATED, [accountId, first, last]);
    progress?.(last);
  }
}

/** Fills an empty, migrated store. Returns the info to reach it. */
async function build(
  store: Store,
  driver: 'pglite' | 'postgres',
  size: number,
  log: Log,
): Promise<Omit<DatasetInfo, 'build_seconds'>> {
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
    account_id: account.id,
    name: 'bench',
    scopes: 'read_balance,read_transactions,view_products',
  });
  const label = `${driver} ${sizeLabel(size)}`;
  await bulkLoad(
    store,
    () =>
      insertGenerated(store, account.id, size, (last) => {
        const s = (performance.now() - started) / 1000;
        log(`  ${label}: ${last.toLocaleString('en')} / ${size.toLocaleString('en')} rows (${s.toFixed(0)} s)`);
      }),
    (line) => log(`  ${label}:${line}`),
  );
  const [row] = await store.sql.query<{ external_reference: string }>(
    `SELECT external_reference FROM transactions WHERE account_id = $1 AND external_reference IS NOT NULL
     ORDER BY created_at DESC, id DESC OFFSET $2 LIMIT 1`,
    [account.id, Math.floor(size / 4)],
  );
  return { driver, size, account_id: account.id, key: secret, external_reference: row!.external_reference };
}

/** The embedded dataset of `size` rows, built (once) under bench/tmp/datasets/. */
export async function embeddedDataset(size: number, log: Log): Promise<Dataset> {
  const { info, dataDir } = await cachedEmbedded(sizeLabel(size), (store) => build(store, 'pglite', size, log), log);
  return { ...info, dataDir, serverEnv: { DATA_DIR: dataDir } };
}

/** A PostgreSQL dataset of `size` rows in its own schema, kept between runs like the embedded ones. */
export async function postgresDataset(url: string, size: number, log: Log): Promise<Dataset> {
  const { info, databaseUrl } = await cachedPostgres(
    url,
    sizeLabel(size),
    (store) => build(store, 'postgres', size, log),
    log,
  );
  return { ...info, databaseUrl, serverEnv: { DATABASE_URL: databaseUrl } };
}
