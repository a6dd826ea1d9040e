/**
 * Shared by the purchase, idempotency and ledger tests: stores on each driver (PGlite in memory; PostgreSQL in a
 * throwaway schema with several Store instances on it, like several server instances), accounts with funded
 * wallets, and purchases to record.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { migrate } from '../../server/store/migrate.ts';
import { openPgliteMemory } from '../../server/store/pglite.ts';
import { openPostgres } from '../../server/store/postgres.ts';
import { createQueries } from '../../server/store/queries.ts';
import { migratedDump } from './prepared-store.ts';
import type { SqlDriver } from '../../server/store/driver.ts';
import type { NewPurchase, Sql, Store, TransactionRow } from '../../server/store/types.ts';

export const PG_URL = process.env['TEST_DATABASE_URL'];

export interface Stores {
  /** The first store; on PostgreSQL `all` holds more instances on the same schema (own pools). */
  store: Store;
  all: Store[];
  driver: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/**
 * Opens the stores before the enclosing describe block's tests and closes them after it: the returned getter is the
 * first store once open (call it in a test or hook: the stores are not open yet when the block is defined).
 */
export function openedFor(open: () => Promise<Stores>): () => Store {
  let h: Stores | undefined;
  beforeAll(async () => {
    h = await open();
  });
  afterAll(() => h?.close());
  return () => {
    if (!h) throw new Error('the stores are not open yet: call the getter inside a test or hook');
    return h.store;
  };
}

export async function pgliteStores(): Promise<Stores> {
  // From a migrated dump (prepared-store.ts): migrate() finds everything applied.
  const driver = await openPgliteMemory({ template: await migratedDump() });
  await migrate(driver.sql);
  const store = createQueries(driver.sql, driver.kind);
  return { store, all: [store], driver: 'pglite', close: () => driver.close() };
}

/**
 * `count` Store instances on one fresh schema, each with its own pool of `poolSize` connections, configured as
 * openStore configures a server's: purchases recorded and settled in group commits (purchase-statements.ts).
 *
 * A caller waits for a connection of its pool up to 30 s, not the server's 2 s (pg-pool's connectionTimeoutMillis
 * also bounds the wait in its queue). Tests here queue more callers than the pools hold, on purpose; on a loaded
 * machine the 2 s made them fail with "timeout exceeded when trying to connect" (webhooks.test.ts, 24 settlements
 * on two pools of 6), a failure of the clock, not of what they test.
 */
export async function postgresStores(tag: string, count = 2, poolSize = 6): Promise<Stores> {
  const schema = `${tag}_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const drivers: SqlDriver[] = [];
  for (let i = 0; i < count; i++)
    drivers.push(
      await openPostgres(PG_URL!, { schema, log: () => {}, max: poolSize, connectionTimeoutMillis: 30_000 }),
    );
  await migrate(drivers[0]!.sql);
  const all = drivers.map((d) => createQueries(d.sql, d.kind, async () => {}, { groupCommit: true }));
  return {
    store: all[0]!,
    all,
    driver: 'postgres',
    async close() {
      await drivers[0]!.sql.query(`DROP SCHEMA ${schema} CASCADE`);
      for (const d of drivers) await d.close();
    },
  };
}

/** A new account in `environment` whose wallet was funded with `balance` (a funding entry: the ledger reconciles). */
export async function fundedAccount(
  store: Store,
  balance: string,
  environment: 'sandbox' | 'production' = 'sandbox',
): Promise<string> {
  const a = await store.createAccount({
    environment,
    name: 'Ada',
    email: 'ada@example.com',
    business_name: 'Ada Ltd',
    role: 'owner',
  });
  const at = new Date('2026-01-01T00:00:00Z');
  await store.upsertWallet({ account_id: a.id, balance: '0.00', currency: 'NGN', updated_at: at });
  if (!/^0+(\.0+)?$/.test(balance)) await store.fundWallet({ account_id: a.id, amount: balance, at });
  return a.id;
}

export const AT = new Date('2026-03-04T05:06:07.890Z');

/** An airtime purchase of `product` + `fee` (decimal strings) on `accountId`. */
export function purchase(
  accountId: string,
  product = '500.00',
  fee = '0.00',
  over: Partial<NewPurchase> = {},
): NewPurchase {
  const total = ((Math.round(Number(product) * 100) + Math.round(Number(fee) * 100)) / 100).toFixed(2);
  return {
    id: randomUUID(),
    account_id: accountId,
    currency: 'NGN',
    description: `MTN airtime ${product} for 08031234567`,
    reference: `PUR-${randomUUID().slice(0, 8)}`,
    product_type: 'airtime',
    product_id: randomUUID(),
    phone_number: '08031234567',
    meter_number: null,
    smartcard_number: null,
    product_amount: product,
    fee_amount: fee,
    total_debit: total,
    price_basis: 'face_value',
    created_at: AT,
    next_check_at: null,
    ...over,
  };
}

/**
 * record_purchase_outcome called by name, for an airtime purchase of `amount` (NGN) without an Idempotency-Key, for
 * the tests that call the function itself rather than the store: a function as an older migration defined it, or an
 * argument the store always passes the same way. `generated` left out: so is p_reference_generated (functions from
 * before it had none).
 */
export function recordOutcomeByName(
  sql: Sql,
  o: { account: string; reference: string; amount: string; generated?: boolean },
): Promise<{ outcome: string }[]> {
  const generated = o.generated === undefined ? '' : `, p_reference_generated => ${o.generated}`;
  return sql.query<{ outcome: string }>(
    `SELECT o.outcome FROM record_purchase_outcome(p_id => $1::uuid, p_account_id => $2::uuid, p_currency => 'NGN',
       p_description => 'recorded by name', p_reference => $3::text, p_external_reference => $4::text,
       p_product_type => 'airtime', p_product_id => 'p', p_phone_number => '08031234567', p_meter_number => NULL,
       p_smartcard_number => NULL, p_product_amount => $5::numeric, p_fee_amount => 0, p_total_debit => $5::numeric,
       p_price_basis => 'face_value', p_created_at => $6::timestamptz, p_next_check_at => NULL, p_key => NULL,
       p_insufficient_status => NULL, p_insufficient_body => NULL, p_claim_key => false, p_key_operation => NULL,
       p_key_fingerprint => NULL, p_key_created_at => NULL, p_key_locked_until => NULL,
       p_key_expires_at => NULL${generated}) o`,
    [randomUUID(), o.account, `PUR-${randomUUID()}`, o.reference, o.amount, AT],
  );
}

/** The 201 snapshot a handler would store: deterministic in the row, so replays can be compared byte for byte. */
export const snapshot = (row: TransactionRow) => ({
  status: 201,
  body: JSON.stringify({ data: { id: row.id, status: row.status, token: row.token } }),
  location: `/api/partners/sandbox/v1/account/transactions/${row.id}`,
});

export const INSUFFICIENT = { status: 422 as const, body: '{"error":{"code":"INSUFFICIENT_BALANCE"}}' };

/** Everything a purchase may write for an account: to compare before and after a failed call. */
export async function footprint(store: Store, accountId: string) {
  const q = <R extends Record<string, unknown>>(text: string) => store.sql.query<R>(text, [accountId]);
  return {
    wallet: (await store.getWallet(accountId))?.balance,
    transactions: await q('SELECT id, status FROM transactions WHERE account_id = $1 ORDER BY id'),
    history: await q(`SELECT h.transaction_id, h.from_status, h.to_status FROM transaction_history h
                      JOIN transactions t ON t.id = h.transaction_id WHERE t.account_id = $1 ORDER BY h.id`),
    keys: await q(`SELECT key, state, transaction_id, response_status, response_body FROM idempotency_keys
                   WHERE account_id = $1 ORDER BY key`),
    counters: await q(
      'SELECT grain, bucket, status, category, n FROM transaction_counts WHERE account_id = $1 ORDER BY 1, 2, 3, 4',
    ),
  };
}

/** Claims `key` for `accountId` at AT (a lease of 30 s, kept 24 h). */
export function claim(
  store: Store,
  accountId: string,
  key: string,
  fingerprint = 'fp-1',
  now = AT,
  operation = 'createAirtimePurchase',
) {
  return store.claimIdempotencyKey({
    account_id: accountId,
    key,
    operation,
    fingerprint,
    now,
    lease_ms: 30_000,
    ttl_ms: 86_400_000,
  });
}
