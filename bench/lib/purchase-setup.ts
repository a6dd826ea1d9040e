/**
 * What the purchases phase buys with: a PostgreSQL schema of its own for the run (migrated and given the catalogue
 * by the store, dropped at the end: purchases write, so no run inherits another's rows), one "hot" sandbox partner
 * whose wallet every purchase of a measurement debits, and `many` partners with a wallet and a key each. Accounts,
 * keys and funding go through the console's own commands (server/console/commands.ts) and the store's fundWallet.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { TRANSACTION_EVENT_TYPES } from '../../server/store/webhook-types.ts';
import { createAccounts, createKey } from '../../server/console/commands.ts';
import { ensureCatalogue } from '../../server/demo/seed.ts';
import { openStore } from '../../server/store/open.ts';
import type { Store } from '../../server/store/types.ts';
import { inSchema } from './pgbench.ts';

const SCOPES = 'read_balance,read_transactions,view_products,purchase_airtime,purchase_data';

export interface BenchPartner {
  account_id: string;
  /** Full secret: never printed or written to results. */
  key: string;
}

export interface PurchaseWorld {
  schema: string;
  /** DATABASE_URL for the server (search_path = the schema). */
  url: string;
  hot: BenchPartner;
  many: BenchPartner[];
  /** A data plan the mixed load buys (MTN, the cheapest). */
  dataPlanId: string;
  /** The MTN airtime product: what `POST /purchases` buys airtime by (the purchases by reference). */
  airtimeProductId: string;
  /** Purchases, their debits and the wallets in the schema, for the checks after a run. */
  count(): Promise<{ purchases: number; hot_balance: string }>;
  /** A webhook endpoint for every partner, all event types, at `url`; returns the deliveries queued or sent so far. */
  subscribeAll(url: string): Promise<void>;
  webhookDeliveries(): Promise<{ pending: number; attempts: number }>;
  close(): Promise<void>;
}

async function partner(store: Store, name: string, balance: string): Promise<BenchPartner> {
  const [account] = await createAccounts(store, {
    name,
    email: 'bench@example.com',
    business_name: `${name} Ltd`,
    environments: ['sandbox'],
  });
  const { secret } = await createKey(store, { account_id: account!.id, name: 'bench purchases', scopes: SCOPES });
  await store.fundWallet({ account_id: account!.id, amount: balance, at: new Date() });
  return { account_id: account!.id, key: secret };
}

export async function purchaseWorld(postgresUrl: string, many: number): Promise<PurchaseWorld> {
  const schema = `bench_purchases_${process.pid}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await admin.query(`CREATE SCHEMA ${schema}`);
  const url = inSchema(postgresUrl, schema);
  const dropAll = async () => {
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.end();
  };
  let store: Store;
  try {
    store = await openStore({ databaseUrl: url, log: () => {} });
  } catch (e) {
    await dropAll();
    throw e;
  }
  try {
    await ensureCatalogue(store);
    // Enough for every purchase a run can make (NGN 100 each) several times over: balance is never the limit.
    const hot = await partner(store, 'Bench Hot Wallet', '900000000.00');
    const others: BenchPartner[] = [];
    for (let i = 0; i < many; i++) others.push(await partner(store, `Bench Partner ${i}`, '20000000.00'));
    const plans = (await store.listProducts('sandbox', 'dataplan', { network: 'MTN' }, { page: 1, per_page: 100 }))
      .items;
    const cheapest = plans.sort(
      (a, b) =>
        Number((a.attributes as { price: { amount: string } }).price.amount) -
        Number((b.attributes as { price: { amount: string } }).price.amount),
    )[0];
    if (!cheapest) throw new Error('no MTN data plan in the sandbox catalogue');
    const airtime = await store.getAirtimeProduct('sandbox', 'MTN');
    if (!airtime) throw new Error('no MTN airtime product in the sandbox catalogue');
    return {
      schema,
      url,
      hot,
      many: others,
      dataPlanId: cheapest.id,
      airtimeProductId: airtime.id,
      async count() {
        const {
          rows: [r],
        } = await admin.query(
          `SELECT (SELECT COUNT(*) FROM ${schema}.transactions WHERE category = 'purchase')::int AS purchases,
                  (SELECT balance::text FROM ${schema}.wallets WHERE account_id = $1) AS hot_balance`,
          [hot.account_id],
        );
        return r as { purchases: number; hot_balance: string };
      },
      async subscribeAll(hookUrl: string) {
        const s = await openStore({ databaseUrl: url, log: () => {} });
        try {
          for (const p of [hot, ...others]) {
            const id = randomUUID();
            // The server derives the real secret from its signing key; a receiver that never answers needs no check.
            await s.createWebhookEndpoint(
              {
                id,
                account_id: p.account_id,
                url: hookUrl,
                events: [...TRANSACTION_EVENT_TYPES],
                description: 'bench: a receiver that hangs',
                secret_hash: 'bench',
                secret_hint: 'whsec_…bench',
                at: new Date(),
              },
              16,
            );
          }
        } finally {
          await s.close();
        }
      },
      async webhookDeliveries() {
        const {
          rows: [r],
        } = await admin.query(
          `SELECT (SELECT COUNT(*) FROM ${schema}.webhook_deliveries WHERE status = 'pending')::int AS pending,
                  (SELECT COUNT(*) FROM ${schema}.webhook_attempts)::int AS attempts`,
        );
        return r as { pending: number; attempts: number };
      },
      close: dropAll,
    };
  } catch (e) {
    await dropAll();
    throw e;
  } finally {
    await store.close();
  }
}
