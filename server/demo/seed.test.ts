import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENVIRONMENTS, PRODUCT_KINDS, type Environment } from '../domain.ts';
import { openStore } from '../store/open.ts';
import type { ProductRow, Store } from '../store/types.ts';
import {
  apiDisabledAccountId,
  DEMO_BALANCE_FLOOR_KOBO,
  demoAccountId,
  LOW_BALANCE,
  lowBalanceAccountId,
} from './accounts.ts';
import { buildCatalogue } from './catalogue.ts';
import { parseKobo } from '../money.ts';
import { historyOf } from './history.ts';
import { demoTransactions, ensureCatalogue, loadDemo } from './seed.ts';
import { balanceOfTransactions, DEFAULT_TRANSACTION_COUNT } from './transactions.ts';

const NOW = new Date('2026-11-23T10:00:00.000Z');
const SEED = 20261123;
const ALL = { page: 1, per_page: 100 };

const stores: Store[] = [];
async function freshStore(): Promise<Store> {
  const s = await openStore({ memory: true });
  stores.push(s);
  return s;
}
afterAll(async () => {
  await Promise.all(stores.map((s) => s.close()));
});

/** The rows as the store reads them back: the demo catalogue is written without `available`, so all are on sale. */
const onSale = (rows: ProductRow[]): ProductRow[] => rows.map((r) => ({ ...r, available: true }));

async function productsOf(store: Store, env: Environment): Promise<ProductRow[]> {
  const out: ProductRow[] = [];
  for (const kind of PRODUCT_KINDS) out.push(...(await store.listProducts(env, kind, {}, ALL)).items);
  return out;
}

/** Everything loadDemo may write, to compare before and after. */
async function snapshot(store: Store) {
  const out: Record<string, unknown> = { accounts: await store.listAccounts(), keys: await store.listKeys() };
  for (const a of await store.listAccounts()) {
    out[`wallet:${a.id}`] = await store.getWallet(a.id);
    out[`tx:${a.id}`] = await store.listTransactions(a.id, {}, ALL);
  }
  for (const env of ENVIRONMENTS) out[`products:${env}`] = await productsOf(store, env);
  return out;
}

describe('loadDemo on an empty store', () => {
  let store: Store;
  let result: Awaited<ReturnType<typeof loadDemo>>;
  beforeAll(async () => {
    store = await freshStore();
    result = await loadDemo(store, { now: NOW, seed: SEED });
  });

  it.each(ENVIRONMENTS)('creates the demo partner account of %s', async (env) => {
    const account = result.accounts[env];
    expect(account).toMatchObject({
      id: demoAccountId(env),
      environment: env,
      name: 'Amaka Obi',
      business_name: 'SwiftPay Bills Ltd',
      role: 'regular',
    });
    expect(account.email).toMatch(/^[^@]+@[a-z0-9.-]+\.example$/);
    // ... and the low-balance account of the low_balance key, its own account (created later in demo time), and the
    // switched-off account of the api_disabled key (a day later).
    expect(await store.listAccounts(env)).toEqual([
      account,
      result.lowBalance[env],
      expect.objectContaining({ id: apiDisabledAccountId(env), business_name: 'Switched Off Ltd' }),
    ]);
    expect(result.lowBalance[env]).toMatchObject({
      id: lowBalanceAccountId(env),
      environment: env,
      business_name: 'Low Balance Ltd',
    });
  });

  it('gives the two environments different account ids', () => {
    expect(result.accounts.production.id).not.toBe(result.accounts.sandbox.id);
  });

  it.each(ENVIRONMENTS)('stores the generated transactions of %s unchanged', async (env) => {
    const accountId = result.accounts[env].id;
    // The generated history and the contract's example transaction (contract-examples.ts).
    expect(await store.countTransactions(accountId)).toBe(DEFAULT_TRANSACTION_COUNT + 1);
    const expected = demoTransactions(accountId, env, { seed: SEED, now: NOW });
    const stored = [];
    for (let page = 1; stored.length < DEFAULT_TRANSACTION_COUNT + 1; page++)
      stored.push(...(await store.listTransactions(accountId, {}, { page, per_page: 100 })).items);
    const byId = new Map(expected.map((t) => [t.id, t]));
    for (const t of stored) expect(t).toEqual(byId.get(t.id));
  });

  it.each(ENVIRONMENTS)('gives %s a wallet in NGN with the balance the transactions imply (floored)', async (env) => {
    const accountId = result.accounts[env].id;
    const wallet = await store.getWallet(accountId);
    const expected = Math.max(
      balanceOfTransactions(demoTransactions(accountId, env, { seed: SEED, now: NOW })),
      DEMO_BALANCE_FLOOR_KOBO,
    );
    expect(wallet?.currency).toBe('NGN');
    expect(wallet?.balance).toMatch(/^[1-9][0-9]*\.[0-9]{2}$/);
    expect(parseKobo(wallet!.balance)).toBe(expected);
    expect(wallet!.updated_at.getTime()).toBeLessThanOrEqual(NOW.getTime());
  });

  it.each(ENVIRONMENTS)(
    'stores the history of %s, and the pending purchases due for the settlement worker',
    async (env) => {
      const accountId = result.accounts[env].id;
      const rows = demoTransactions(accountId, env, { seed: SEED, now: NOW });
      const stored = await store.sql.query<{
        transaction_id: string;
        from_status: string | null;
        to_status: string;
        at: Date;
        reason: null;
      }>(
        `SELECT h.transaction_id, h.from_status, h.to_status, h.at, h.reason FROM transaction_history h
       JOIN transactions t ON t.id = h.transaction_id WHERE t.account_id = $1 ORDER BY h.id`,
        [accountId],
      );
      expect(stored).toEqual(historyOf(rows));
      // Due a few seconds after creation: by now (created up to 3 days ago), what the worker's first claim picks up.
      const due = await store.sql.query<{ id: string }>(
        'SELECT id FROM transactions WHERE account_id = $1 AND next_check_at <= $2 ORDER BY id',
        [accountId, new Date(NOW.getTime() + 5_000)],
      );
      const pending = rows.filter((t) => t.category === 'purchase' && t.status === 'pending');
      expect(pending.length).toBeGreaterThanOrEqual(4);
      expect(due.map((t) => t.id)).toEqual(pending.map((t) => t.id).sort());
    },
  );

  it.each(ENVIRONMENTS)('reconciles the ledger of the demo and low-balance accounts of %s', async (env) => {
    const demo = await store.ledgerOf(result.accounts[env].id);
    expect(demo.balance).toBe(demo.expected);
    expect(await store.ledgerOf(result.lowBalance[env].id)).toEqual({ balance: LOW_BALANCE, expected: LOW_BALANCE });
  });

  it.each(ENVIRONMENTS)('loads the catalogue of %s in listing order', async (env) => {
    expect(await store.countProducts(env)).toBe(buildCatalogue(env).length);
    expect(await productsOf(store, env)).toEqual(onSale(buildCatalogue(env)));
  });

  it('filters the stored catalogue by its columns', async () => {
    const mtnDaily = await store.listProducts('sandbox', 'dataplan', { network: 'MTN', bundle_type: 'daily' }, ALL);
    expect(mtnDaily.total_count).toBeGreaterThanOrEqual(2);
    expect(mtnDaily.items.every((p) => p.attributes.network === 'MTN' && p.attributes.validity_days === 1)).toBe(true);
  });

  it('is idempotent: a second call (even with another now and seed) changes nothing and returns the same accounts', async () => {
    const before = await snapshot(store);
    const again = await loadDemo(store, { now: new Date(NOW.getTime() + 86_400_000), seed: SEED + 1 });
    expect(again.accounts).toEqual(result.accounts);
    expect(await snapshot(store)).toEqual(before);
  });
});

describe('ensureCatalogue', () => {
  it('loads the catalogue of every environment without creating any account, once', async () => {
    const store = await freshStore();
    expect(await ensureCatalogue(store)).toEqual(['production', 'sandbox']);
    for (const env of ENVIRONMENTS) expect(await productsOf(store, env)).toEqual(onSale(buildCatalogue(env)));
    expect(await store.listAccounts()).toEqual([]);
    expect(await ensureCatalogue(store)).toEqual([]);
  });

  it('leaves a non-empty catalogue alone and fills only the empty environment', async () => {
    const store = await freshStore();
    const one = buildCatalogue('production').slice(0, 1);
    await store.replaceProducts('production', one);
    expect(await ensureCatalogue(store)).toEqual(['sandbox']);
    expect(await productsOf(store, 'production')).toEqual(onSale(one));
  });
});

describe('loadDemo on a store that already holds data', () => {
  it('restores a missing catalogue without touching the accounts', async () => {
    const store = await freshStore();
    const { accounts } = await loadDemo(store, { now: NOW, seed: SEED });
    await store.replaceProducts('sandbox', []);
    const before = await store.listAccounts();
    expect((await loadDemo(store, { now: NOW, seed: SEED })).accounts).toEqual(accounts);
    expect(await store.countProducts('sandbox')).toBe(buildCatalogue('sandbox').length);
    expect(await store.listAccounts()).toEqual(before);
  });

  it('adds no demo account to an environment that already has an account, and returns that account', async () => {
    const store = await freshStore();
    const partner = await store.createAccount({
      environment: 'production',
      name: 'Real Partner',
      email: 'ops@partner.example',
      business_name: 'Partner Ltd',
      role: 'regular',
    });
    const { accounts } = await loadDemo(store, { now: NOW, seed: SEED });
    expect(accounts.production).toEqual(partner);
    // Only the low-balance and switched-off accounts join it (the low_balance and api_disabled demo keys need an
    // account of their own).
    expect((await store.listAccounts('production')).map((a) => a.id).sort()).toEqual(
      [partner.id, lowBalanceAccountId('production'), apiDisabledAccountId('production')].sort(),
    );
    expect(await store.countTransactions(partner.id)).toBe(0);
    expect(accounts.sandbox.id).toBe(demoAccountId('sandbox'));
  });

  it('finishes an interrupted demo load (account created, no wallet yet)', async () => {
    const store = await freshStore();
    const { accounts } = await loadDemo(store, { now: NOW, seed: SEED, transactionCount: 40 });
    await store.sql.query('DELETE FROM wallets WHERE account_id = $1', [accounts.sandbox.id]);
    await store.sql.query('DELETE FROM transactions WHERE account_id = $1', [accounts.sandbox.id]);
    await loadDemo(store, { now: NOW, seed: SEED, transactionCount: 40 });
    expect(await store.countTransactions(accounts.sandbox.id)).toBe(40 + 1); // and the contract's example transaction
    expect(await store.getWallet(accounts.sandbox.id)).not.toBeNull();
  });
});

describe('the low-balance account at every start', () => {
  it('holds exactly NGN 50.00 again after spending, refunds and fundings, through ledger entries', async () => {
    const store = await freshStore();
    const { lowBalance } = await loadDemo(store, { now: NOW, seed: SEED, transactionCount: 30 });
    const id = lowBalance.sandbox.id;
    expect((await store.getWallet(id))!.balance).toBe(LOW_BALANCE);
    const spent = await store.recordPurchase(
      {
        id: '11111111-1111-4111-8111-111111111111',
        account_id: id,
        currency: 'NGN',
        description: 'MTN airtime 45.50 for 08031234567',
        reference: 'LOW-1',
        product_type: 'airtime',
        product_id: null,
        phone_number: '08031234567',
        meter_number: null,
        smartcard_number: null,
        product_amount: '45.50',
        fee_amount: '0.00',
        total_debit: '45.50',
        price_basis: 'face_value',
        created_at: NOW,
        next_check_at: null,
      },
      null,
    );
    expect(spent.kind).toBe('recorded');
    expect((await store.getWallet(id))!.balance).toBe('4.50');
    const later = new Date(NOW.getTime() + 60_000);
    await loadDemo(store, { now: later, seed: SEED, transactionCount: 30 });
    expect((await store.getWallet(id))!.balance).toBe(LOW_BALANCE);
    await store.fundWallet({ account_id: id, amount: '1000.00', at: later });
    await loadDemo(store, { now: later, seed: SEED, transactionCount: 30 });
    expect(await store.ledgerOf(id)).toEqual({ balance: LOW_BALANCE, expected: LOW_BALANCE });
    const entries = (await store.listTransactions(id, {}, { page: 1, per_page: 10 })).items.map((t) => [
      t.category,
      t.amount,
    ]);
    expect(entries).toEqual(
      expect.arrayContaining([
        ['funding', '50.00'],
        ['purchase', '45.50'],
        ['funding', '45.50'],
        ['funding', '1000.00'],
        ['withdrawal', '1000.00'],
      ]),
    );
    expect(entries).toHaveLength(5);
  });
});
