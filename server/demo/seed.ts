/**
 * Loading the demo data and the catalogue into a store.
 *
 * - ensureCatalogue(store): every environment whose catalogue is empty gets it (also on a production, non-demo
 *   start). A non-empty catalogue is left as it is.
 * - loadDemo(store, { now, seed }): for each environment WITHOUT any account, creates the demo account, its wallet
 *   and its transactions with their history (one insertTransactions call), the contract's example transaction
 *   among them (contract-examples.ts); makes sure the low-balance account of the `low_balance` demo key exists with
 *   exactly LOW_BALANCE in its wallet (reset at every start, through a ledger entry) and a low-balance threshold of
 *   LOW_BALANCE_THRESHOLD (so a purchase sends `account.low_balance` on demand); then makes sure the catalogue
 *   is present. Idempotent: a second call on the same store changes
 *   nothing and returns the same accounts.
 */
import { ENVIRONMENTS, type Environment } from '../domain.ts';
import type { EndpointSecrets } from '../webhooks/secrets.ts';
import { ensureDemoWebhook } from './webhooks.ts';
import { createQueries } from '../store/queries.ts';
import type { AccountRow, Store, TransactionRow } from '../store/types.ts';
import { exampleTransaction, nameExampleEvent } from './contract-examples.ts';
import {
  demoAccount,
  demoAccountId,
  demoWallet,
  LOW_BALANCE,
  LOW_BALANCE_THRESHOLD,
  lowBalanceAccount,
  lowBalanceAccountId,
  apiDisabledAccount,
  apiDisabledAccountId,
} from './accounts.ts';
import { buildCatalogue, CURRENCY } from './catalogue.ts';
import { historyOf } from './history.ts';
import { generateTransactions } from './transactions.ts';

export interface LoadDemoOptions {
  /** The demo transactions lie in the 90 days before this instant. */
  now: Date;
  /** Same seed, same transactions (ids, references, amounts, statuses, offsets from now). */
  seed: number | string;
  /** Number of transactions per account (default: generateTransactions' default, 260). */
  transactionCount?: number;
  /** Webhook secrets: with them, the sandbox demo account gets its demo endpoint (demo/webhooks.ts). */
  webhookSecrets?: EndpointSecrets | null;
}

export interface LoadDemoResult {
  accounts: Record<Environment, AccountRow>;
  /** The account of the `low_balance` demo key in each environment. */
  lowBalance: Record<Environment, AccountRow>;
}

/**
 * Runs a start's seeding (ensureCatalogue, loadDemo) in one database transaction that first takes an advisory lock
 * keyed by the schema (as migrate.ts keys its own), on a store bound to that transaction: instances starting at once
 * on one database seed one after the other, and each later one finds the data in place (both write only what is
 * missing). Without it, two demo instances starting on one empty PostgreSQL both created the demo account under its
 * stable id, and the second start failed. Nested transactions of the seeding become savepoints (savepoint.ts).
 */
export function seedingAlone<T>(store: Store, seed: (store: Store) => Promise<T>): Promise<T> {
  return store.sql.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('bpp-seed:' || current_schema()))`);
    return seed(createQueries(tx, store.driver));
  });
}

/** Loads the catalogue of each environment whose catalogue is empty. Returns the environments it loaded. */
export async function ensureCatalogue(store: Store): Promise<Environment[]> {
  const loaded: Environment[] = [];
  for (const environment of ENVIRONMENTS) {
    if ((await store.countProducts(environment)) > 0) continue; // the usual start: one read, no lock taken
    if (await store.loadProductsIfEmpty(environment, buildCatalogue(environment))) loaded.push(environment);
  }
  return loaded;
}

export async function loadDemo(store: Store, options: LoadDemoOptions): Promise<LoadDemoResult> {
  const accounts = {} as Record<Environment, AccountRow>;
  const lowBalance = {} as Record<Environment, AccountRow>;
  for (const environment of ENVIRONMENTS) {
    accounts[environment] = await ensureDemoAccount(store, environment, options);
    lowBalance[environment] = await ensureLowBalanceAccount(store, environment, options.now);
    await ensureApiDisabledAccount(store, environment, options.now);
  }
  await ensureCatalogue(store);
  if (options.webhookSecrets) {
    for (const environment of ENVIRONMENTS)
      await ensureDemoWebhook(store, accounts[environment], options.webhookSecrets, options.now);
  }
  return { accounts, lowBalance };
}

/**
 * The low-balance account of an environment, created when missing, its wallet set to exactly LOW_BALANCE: a funding
 * or withdrawal entry for the difference (none when it holds that already), so its ledger reconciles too; its
 * low-balance threshold set to LOW_BALANCE_THRESHOLD.
 */
export async function ensureLowBalanceAccount(store: Store, environment: Environment, now: Date): Promise<AccountRow> {
  const account =
    (await store.getAccount(lowBalanceAccountId(environment))) ??
    (await store.createAccount(lowBalanceAccount(environment, now)));
  const fresh = (await store.getWallet(account.id)) === null;
  if (fresh) await store.upsertWallet({ account_id: account.id, balance: '0.00', currency: CURRENCY, updated_at: now });
  const description = fresh ? 'Wallet funding via bank transfer' : `Demo balance reset to NGN ${LOW_BALANCE}`;
  await store.resetWalletBalance({ account_id: account.id, balance: LOW_BALANCE, at: now, description });
  // After the reset: setting a threshold makes no event (sql/wallet_low_balance_event.sql), nor does the reset above it.
  await store.setLowBalanceThreshold(account.id, LOW_BALANCE_THRESHOLD);
  return account;
}

/**
 * The switched-off account of an environment (the api_disabled key's), created when missing with an empty wallet;
 * its API access is switched off at every start, so its keys answer 403 API_DISABLED.
 */
export async function ensureApiDisabledAccount(store: Store, environment: Environment, now: Date): Promise<AccountRow> {
  const account =
    (await store.getAccount(apiDisabledAccountId(environment))) ??
    (await store.createAccount(apiDisabledAccount(environment, now)));
  if ((await store.getWallet(account.id)) === null)
    await store.upsertWallet({ account_id: account.id, balance: '0.00', currency: CURRENCY, updated_at: now });
  await store.setAccountApiAccess(account.id, false);
  return account;
}

/**
 * The demo account of an environment. When the environment has no account at all, the demo account is created
 * with its transactions and then its wallet. Otherwise the existing demo account (by its stable id) is returned, or,
 * when the environment only holds other accounts, the oldest of them, and nothing is written, except to finish a
 * demo load that was interrupted: the wallet is written last, so a demo account without a wallet gets its
 * transactions (if it has none) and its wallet.
 */
async function ensureDemoAccount(
  store: Store,
  environment: Environment,
  options: LoadDemoOptions,
): Promise<AccountRow> {
  const own = [lowBalanceAccountId(environment), apiDisabledAccountId(environment)];
  const existing = (await store.listAccounts(environment)).filter((a) => !own.includes(a.id));
  const demo = existing.find((a) => a.id === demoAccountId(environment));
  if (demo === undefined && existing[0] !== undefined) return existing[0];

  const account = demo ?? (await store.createAccount(demoAccount(environment, options.now)));
  if (demo !== undefined && (await store.getWallet(demo.id)) !== null) return demo;

  const transactions = demoTransactions(account.id, environment, options);
  if ((await store.countTransactions(account.id)) === 0) {
    await store.insertTransactions(transactions, historyOf(transactions));
    if (environment === 'sandbox') await nameExampleEvent(store, account.id);
  }
  await store.upsertWallet(demoWallet(account.id, transactions, options.now));
  return account;
}

/** The history of a demo account: the generated transactions and the contract's example transaction (contract-examples.ts). */
export function demoTransactions(
  accountId: string,
  environment: Environment,
  options: Pick<LoadDemoOptions, 'now' | 'seed' | 'transactionCount'>,
): TransactionRow[] {
  return generateTransactions({
    accountId,
    environment,
    seed: options.seed,
    now: options.now,
    ...(options.transactionCount !== undefined ? { count: options.transactionCount } : {}),
    extra: [exampleTransaction(environment, accountId, options.now)],
  });
}
