import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENVIRONMENTS, PRODUCT_KINDS, type Environment } from '../domain.ts';
import { openStore } from '../store/open.ts';
import type { ProductRow, Store } from '../store/types.ts';
import { DEMO_BALANCE_FLOOR_KOBO, demoAccountId } from './accounts.ts';
import { buildCatalogue } from './catalogue.ts';
import { parseKobo } from './money.ts';
import { ensureCatalogue, loadDemo } from './seed.ts';
import { balanceOfTransactions, DEFAULT_TRANSACTION_COUNT, generateTransactions } from './transactions.ts';

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
    expect(account).toMatchObject({ id: demoAccountId(env), environment: env, name: 'Amaka Obi', business_name: 'SwiftPay Bills Ltd', role: 'regular' });
    expect(account.email).toMatch(/^[^@]+@[a-z0-9.-]+\.example$/);
    expect(await store.listAccounts(env)).toEqual([account]);
  });

  it('gives the two environments different account ids', () => {
    expect(result.accounts.production.id).not.toBe(result.accounts.sandbox.id);
  });

  it.each(ENVIRONMENTS)('stores the generated transactions of %s unchanged', async (env) => {
    const accountId = result.accounts[env].id;
    expect(await store.countTransactions(accountId)).toBe(DEFAULT_TRANSACTION_COUNT);
    const expected = generateTransactions({ accountId, environment: env, seed: SEED, now: NOW });
    const stored = [];
    for (let page = 1; stored.length < DEFAULT_TRANSACTION_COUNT; page++) stored.push(...(await store.listTransactions(accountId, {}, { page, per_page: 100 })).items);
    const byId = new Map(expected.map((t) => [t.id, t]));
    for (const t of stored) expect(t).toEqual(byId.get(t.id));
  });

  it.each(ENVIRONMENTS)('gives %s a wallet in NGN with the balance the transactions imply (floored)', async (env) => {
    const accountId = result.accounts[env].id;
    const wallet = await store.getWallet(accountId);
    const expected = Math.max(
      balanceOfTransactions(generateTransactions({ accountId, environment: env, seed: SEED, now: NOW })),
      DEMO_BALANCE_FLOOR_KOBO,
    );
    expect(wallet?.currency).toBe('NGN');
    expect(wallet?.balance).toMatch(/^[1-9][0-9]*\.[0-9]{2}$/);
    expect(parseKobo(wallet!.balance)).toBe(expected);
    expect(wallet!.updated_at.getTime()).toBeLessThanOrEqual(NOW.getTime());
  });

  it.each(ENVIRONMENTS)('loads the catalogue of %s in listing order', async (env) => {
    expect(await store.countProducts(env)).toBe(buildCatalogue(env).length);
    expect(await productsOf(store, env)).toEqual(buildCatalogue(env));
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
    for (const env of ENVIRONMENTS) expect(await productsOf(store, env)).toEqual(buildCatalogue(env));
    expect(await store.listAccounts()).toEqual([]);
    expect(await ensureCatalogue(store)).toEqual([]);
  });

  it('leaves a non-empty catalogue alone and fills only the empty environment', async () => {
    const store = await freshStore();
    const one = buildCatalogue('production').slice(0, 1);
    await store.replaceProducts('production', one);
    expect(await ensureCatalogue(store)).toEqual(['sandbox']);
    expect(await productsOf(store, 'production')).toEqual(one);
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
      environment: 'production', name: 'Real Partner', email: 'ops@partner.example', business_name: 'Partner Ltd', role: 'regular',
    });
    const { accounts } = await loadDemo(store, { now: NOW, seed: SEED });
    expect(accounts.production).toEqual(partner);
    expect(await store.listAccounts('production')).toEqual([partner]);
    expect(await store.countTransactions(partner.id)).toBe(0);
    expect(accounts.sandbox.id).toBe(demoAccountId('sandbox'));
  });

  it('finishes an interrupted demo load (account created, no wallet yet)', async () => {
    const store = await freshStore();
    const { accounts } = await loadDemo(store, { now: NOW, seed: SEED, transactionCount: 40 });
    await store.sql.query('DELETE FROM wallets WHERE account_id = $1', [accounts.sandbox.id]);
    await store.sql.query('DELETE FROM transactions WHERE account_id = $1', [accounts.sandbox.id]);
    await loadDemo(store, { now: NOW, seed: SEED, transactionCount: 40 });
    expect(await store.countTransactions(accounts.sandbox.id)).toBe(40);
    expect(await store.getWallet(accounts.sandbox.id)).not.toBeNull();
  });
});
