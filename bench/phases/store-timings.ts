/** In-process timing of single store calls on a dataset (no server running): the auth lookup vs a bare round trip. */
import { hashSecret } from '../../server/auth/keys.ts';
import { openStore } from '../../server/store/open.ts';
import { sizeLabel, type Dataset } from '../lib/dataset.ts';
import type { BenchResults } from '../lib/report.ts';
import type { PhaseContext } from './common.ts';

export async function storeTimings(ctx: PhaseContext, dataset: Dataset): Promise<NonNullable<BenchResults['auth']>> {
  // The read cache off: these are the costs of reaching the database.
  const store = await openStore(
    dataset.databaseUrl
      ? { databaseUrl: dataset.databaseUrl }
      : { dataDir: dataset.dataDir!, log: () => {}, readCache: false },
  );
  try {
    const hash = hashSecret(dataset.key);
    const time = async (fn: () => Promise<unknown>, n = 2000) => {
      for (let i = 0; i < 200; i++) await fn();
      const t0 = performance.now();
      for (let i = 0; i < n; i++) await fn();
      return ((performance.now() - t0) / n) * 1000;
    };
    const ping = await time(() => store.ping());
    const findKey = await time(() => store.findKeyByHash(hash));
    const wallet = await time(() => store.getWallet(dataset.account_id));
    const list = await time(() => store.listTransactions(dataset.account_id, {}, { page: 1, per_page: 100 }), 300);
    ctx.log(
      `store call timings (µs, in-process, ${dataset.driver} ${sizeLabel(dataset.size)}): ping ${ping.toFixed(0)}, findKeyByHash ${findKey.toFixed(0)}, getWallet ${wallet.toFixed(0)}, listTransactions(100) ${list.toFixed(0)}`,
    );
    return {
      store_us: { ping, find_key_by_hash: findKey, get_wallet: wallet, list_transactions_100: list },
      store_driver: dataset.driver,
      store_size: dataset.size,
    };
  } finally {
    await store.close();
  }
}
