/**
 * The realistic dataset (issue 14): `shape.accounts` sandbox partners, each with a wallet and one key (read_balance,
 * read_transactions, view_products) made with the console's createKey, and a Zipf-sized history
 * (realistic-rows.ts) generated inside the database by generate-sql.ts. Built once per fingerprint on each store
 * (dataset-cache.ts); the keys' secrets live only in the dataset's meta file (mode 0600).
 */
import { createKey } from '../../server/console/commands.ts';
import { ensureCatalogue } from '../../server/demo/seed.ts';
import type { Store } from '../../server/store/types.ts';
import { bulkLoad, cachedEmbedded, cachedPostgres } from './dataset-cache.ts';
import { insertGenerated } from './dataset.ts';
import { ANCHOR, DENSITY_PER_DAY } from './generate-sql.ts';
import { historySize, realisticAccountId, shapeLabel, type RealisticShape } from './realistic-rows.ts';

export interface RealisticAccount {
  rank: number;
  id: string;
  /** Full secret: never printed or written to results. */
  key: string;
  size: number;
}

export interface RealisticInfo {
  driver: 'pglite' | 'postgres';
  shape: RealisticShape;
  accounts: RealisticAccount[];
  total_rows: number;
  build_seconds: number;
}

export interface RealisticDataset extends RealisticInfo {
  serverEnv: Record<string, string>;
  dataDir?: string;
  databaseUrl?: string;
}

type Log = (line: string) => void;

/** Fills an empty, migrated store (exported for the test that replays the mix against a server on it). */
export async function buildRealistic(
  store: Store,
  driver: RealisticInfo['driver'],
  shape: RealisticShape,
  log: Log,
): Promise<Omit<RealisticInfo, 'build_seconds'>> {
  const started = performance.now();
  await ensureCatalogue(store);
  const accounts: RealisticAccount[] = [];
  for (let rank = 1; rank <= shape.accounts; rank++) {
    const size = historySize(shape, rank);
    const account = await store.createAccount({
      id: realisticAccountId(rank),
      environment: 'sandbox',
      name: `Partner ${rank}`,
      email: `partner${rank}@swiftpay.example`,
      business_name: `Partner ${rank} Bills Ltd`,
      role: 'regular',
      created_at: new Date(ANCHOR.getTime() - Math.ceil(size / DENSITY_PER_DAY + 2) * 86_400_000),
    });
    await store.upsertWallet({ account_id: account.id, balance: '250000.00', currency: 'NGN', updated_at: ANCHOR });
    const { secret } = await createKey(store, {
      account_id: account.id,
      name: 'bench',
      scopes: 'read_balance,read_transactions,view_products',
    });
    accounts.push({ rank, id: account.id, key: secret, size });
  }
  const total = accounts.reduce((n, a) => n + a.size, 0);
  const label = `${driver} ${shapeLabel(shape)}`;
  log(
    `  ${label}: ${shape.accounts} accounts and keys (${((performance.now() - started) / 1000).toFixed(0)} s); ${total.toLocaleString('en')} rows to load`,
  );
  let loaded = 0;
  await bulkLoad(
    store,
    async () => {
      for (const a of accounts) {
        await insertGenerated(store, a.id, a.size);
        loaded += a.size;
        if (a.size >= 50_000 || a.rank === accounts.length) {
          log(
            `  ${label}: ${loaded.toLocaleString('en')} / ${total.toLocaleString('en')} rows (${((performance.now() - started) / 1000).toFixed(0)} s)`,
          );
        }
      }
    },
    (line) => log(`  ${label}:${line}`),
  );
  return { driver, shape, accounts, total_rows: total };
}

export async function realisticEmbedded(shape: RealisticShape, log: Log): Promise<RealisticDataset> {
  const { info, dataDir } = await cachedEmbedded(
    shapeLabel(shape),
    (store) => buildRealistic(store, 'pglite', shape, log),
    log,
  );
  return { ...info, dataDir, serverEnv: { DATA_DIR: dataDir } };
}

export async function realisticPostgres(url: string, shape: RealisticShape, log: Log): Promise<RealisticDataset> {
  const { info, databaseUrl } = await cachedPostgres(
    url,
    shapeLabel(shape),
    (store) => buildRealistic(store, 'postgres', shape, log),
    log,
  );
  return { ...info, databaseUrl, serverEnv: { DATABASE_URL: databaseUrl } };
}
