/**
 * One behaviour suite, run on every driver: PGlite (always) and PostgreSQL (when TEST_DATABASE_URL is set; each run
 * works in its own throwaway schema, dropped afterwards).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFunctionSources, loadMigrations, migrate } from './migrate.ts';
import { openPgliteMemory } from './pglite.ts';
import { openPostgres } from './postgres.ts';
import { createQueries } from './queries.ts';
import {
  AccountNotFoundError,
  InvalidStoreValueError,
  KeyNotFoundError,
  StoreMisuseError,
  StoreUnavailableError,
} from './errors.ts';
import type { SqlDriver } from './driver.ts';
import type { AccountRow, ProductRow, Store, TransactionRow } from './types.ts';
import type { Environment, TransactionCategory, TransactionStatus } from '../domain.ts';

const PG_URL = process.env['TEST_DATABASE_URL'];

const hexHash = () => randomUUID().replace(/-/g, '').repeat(2);

let seq = 0;
function tx(accountId: string, over: Partial<TransactionRow> = {}): TransactionRow {
  seq++;
  const at = over.created_at ?? new Date(Date.UTC(2025, 0, 1) + seq * 1000);
  return {
    id: randomUUID(),
    account_id: accountId,
    amount: '1500.00',
    currency: 'NGN',
    status: 'successful',
    category: 'purchase',
    description: `Airtime purchase ${seq}`,
    reference: `REF${seq}`,
    external_reference: null,
    product_type: 'airtime',
    phone_number: '08031234567',
    meter_number: null,
    smartcard_number: null,
    token: null,
    units: null,
    product_id: null,
    product_amount: '1490.00',
    fee_amount: '10.00',
    total_debit: '1500.00',
    price_basis: 'face_value',
    created_at: at,
    updated_at: at,
    next_check_at: null,
    check_attempts: 0,
    ...over,
  };
}

function product(environment: Environment, over: Partial<ProductRow> & Pick<ProductRow, 'id' | 'kind'>): ProductRow {
  return {
    environment,
    network: null,
    bundle_type: null,
    distributor: null,
    meter_type: null,
    provider: null,
    attributes: {},
    sort_order: 0,
    ...over,
  };
}

interface Harness {
  driver: SqlDriver;
  store: Store;
  cleanup(): Promise<void>;
}

function storeSuite(title: string, open: () => Promise<Harness>) {
  describe(title, () => {
    let h: Harness;
    let store: Store;

    beforeAll(async () => {
      h = await open();
      store = h.store;
    });
    afterAll(async () => {
      await h?.cleanup();
    });

    async function account(environment: Environment = 'sandbox'): Promise<AccountRow> {
      return store.createAccount({
        environment,
        name: 'Ada',
        email: 'ada@example.com',
        business_name: 'Ada Ltd',
        role: 'owner',
      });
    }

    describe('migrations', () => {
      it('are idempotent: running them again applies nothing and records each version once', async () => {
        expect(await migrate(h.driver.sql)).toEqual([]);
        expect(await migrate(h.driver.sql)).toEqual([]);
        const rows = await store.sql.query<{ version: string; applied_at: Date }>(
          'SELECT version, applied_at FROM schema_migrations ORDER BY version',
        );
        expect(rows.map((r) => r.version)).toEqual(loadMigrations().map((m) => m.version));
        expect(rows[0]!.applied_at).toBeInstanceOf(Date);
        const functions = await store.sql.query<{ name: string }>('SELECT name FROM schema_functions ORDER BY name');
        expect(functions.map((f) => f.name)).toEqual(
          loadFunctionSources()
            .map((f) => f.name)
            .sort(),
        );
      });

      it('ping answers', async () => {
        await expect(store.ping()).resolves.toBeUndefined();
      });
    });

    describe('accounts and wallets', () => {
      it('creates, reads and lists accounts by environment; unknown or malformed ids give null', async () => {
        const id = randomUUID();
        const created = await store.createAccount({
          id,
          environment: 'production',
          name: 'N',
          email: 'e@x',
          business_name: 'B',
          role: 'admin',
          created_at: new Date('2025-02-03T04:05:06.789Z'),
        });
        expect(created).toEqual({
          id,
          environment: 'production',
          name: 'N',
          email: 'e@x',
          business_name: 'B',
          role: 'admin',
          created_at: new Date('2025-02-03T04:05:06.789Z'),
        });
        expect(await store.getAccount(id)).toEqual(created);
        expect(await store.getAccount(randomUUID())).toBeNull();
        expect(await store.getAccount('not-a-uuid')).toBeNull();
        const sandbox = await account('sandbox');
        const prod = await store.listAccounts('production');
        expect(prod.map((a) => a.id)).toContain(id);
        expect(prod.map((a) => a.id)).not.toContain(sandbox.id);
        expect((await store.listAccounts()).map((a) => a.id)).toEqual(expect.arrayContaining([id, sandbox.id]));
      });

      it('round-trips money as exact decimal strings with two places', async () => {
        const a = await account();
        const at = new Date('2025-05-06T07:08:09.123Z');
        await store.upsertWallet({ account_id: a.id, balance: '12345678901234.56', currency: 'NGN', updated_at: at });
        expect(await store.getWallet(a.id)).toEqual({
          account_id: a.id,
          balance: '12345678901234.56',
          currency: 'NGN',
          updated_at: at,
        });
        await store.upsertWallet({ account_id: a.id, balance: '1500', currency: 'NGN', updated_at: at });
        expect((await store.getWallet(a.id))!.balance).toBe('1500.00');
        await store.upsertWallet({ account_id: a.id, balance: '0.1', currency: 'NGN', updated_at: at });
        expect((await store.getWallet(a.id))!.balance).toBe('0.10');
        expect(await store.getWallet(randomUUID())).toBeNull();

        const t = tx(a.id, {
          amount: '99999999999999.99',
          product_amount: '0.01',
          fee_amount: '0',
          total_debit: '-12.5',
        });
        await store.insertTransactions([t]);
        const back = (await store.getTransactionById(a.id, t.id))!;
        expect([back.amount, back.product_amount, back.fee_amount, back.total_debit]).toEqual([
          '99999999999999.99',
          '0.01',
          '0.00',
          '-12.50',
        ]);
      });

      it('rejects money the column would round (more than two decimals, floats, garbage)', async () => {
        const a = await account();
        const base = { account_id: a.id, currency: 'NGN', updated_at: new Date() };
        await expect(store.upsertWallet({ ...base, balance: '1.005' })).rejects.toBeInstanceOf(InvalidStoreValueError);
        await expect(store.upsertWallet({ ...base, balance: 1.5 as unknown as string })).rejects.toBeInstanceOf(
          InvalidStoreValueError,
        );
        await expect(store.insertTransactions([tx(a.id, { amount: '1e3' })])).rejects.toBeInstanceOf(
          InvalidStoreValueError,
        );
        expect(await store.countTransactions(a.id)).toBe(0);
      });
    });

    describe('transactions', () => {
      let acc: AccountRow;
      let other: AccountRow;
      let all: TransactionRow[]; // acc's transactions, newest first
      const statuses: TransactionStatus[] = ['pending', 'successful', 'failed', 'reversed'];
      const categories: TransactionCategory[] = [
        'funding',
        'purchase',
        'withdrawal',
        'transfer',
        'commission',
        'promo',
      ];
      const t0 = Date.UTC(2025, 5, 1);

      beforeAll(async () => {
        acc = await account();
        other = await account();
        const rows: TransactionRow[] = [];
        for (let i = 0; i < 48; i++) {
          rows.push(
            tx(acc.id, {
              status: statuses[i % 4]!,
              category: categories[i % 6]!,
              created_at: new Date(t0 + i * 60_000),
              updated_at: new Date(t0 + i * 60_000),
              external_reference: i % 2 === 0 ? `${1_000_000_000 + i}ABC${String(i).padStart(3, '0')}` : null,
            }),
          );
        }
        // Noise in another account, same timestamps and references: must never leak into acc's results.
        const noise = rows.map((r) => tx(other.id, { ...r, id: randomUUID(), account_id: other.id }));
        await store.insertTransactions([...rows, ...noise]);
        all = [...rows].reverse();
      });

      const ids = (rows: TransactionRow[]) => rows.map((r) => r.id);

      it('lists transactions newest first with exact total_count', async () => {
        const p1 = await store.listTransactions(acc.id, {}, { page: 1, per_page: 10 });
        expect(p1.total_count).toBe(48);
        expect(ids(p1.items)).toEqual(ids(all.slice(0, 10)));
        const p3 = await store.listTransactions(acc.id, {}, { page: 3, per_page: 20 });
        expect(ids(p3.items)).toEqual(ids(all.slice(40)));
        expect(p3.total_count).toBe(48);
        expect(await store.countTransactions(acc.id)).toBe(48);
        expect(typeof p1.total_count).toBe('number');
      });

      it('returns full rows: money as strings, timestamps as Date, nullable columns as null', async () => {
        const [first] = (await store.listTransactions(acc.id, {}, { page: 1, per_page: 1 })).items;
        expect(first).toEqual(all[0]);
        expect(first!.created_at).toBeInstanceOf(Date);
        expect(first!.meter_number).toBeNull();
      });

      it('filters by status', async () => {
        const p = await store.listTransactions(acc.id, { status: 'failed' }, { page: 1, per_page: 100 });
        expect(p.total_count).toBe(12);
        expect(ids(p.items)).toEqual(ids(all.filter((t) => t.status === 'failed')));
      });

      it('filters by category', async () => {
        const p = await store.listTransactions(acc.id, { category: 'promo' }, { page: 1, per_page: 100 });
        expect(p.total_count).toBe(8);
        expect(ids(p.items)).toEqual(ids(all.filter((t) => t.category === 'promo')));
      });

      it('filters by external_reference (exact match)', async () => {
        const ref = all.find((t) => t.external_reference !== null)!.external_reference!;
        const p = await store.listTransactions(acc.id, { external_reference: ref }, { page: 1, per_page: 10 });
        expect(p.total_count).toBe(1);
        expect(p.items[0]!.external_reference).toBe(ref);
        const none = await store.listTransactions(
          acc.id,
          { external_reference: ref.slice(0, -1) },
          { page: 1, per_page: 10 },
        );
        expect(none).toEqual({ items: [], total_count: 0 });
      });

      it('combines status, category and the date range', async () => {
        // status i%4 == 0 (pending) and category i%6 == 0 (funding) ⇒ i%12 == 0: i = 0, 12, 24, 36
        const from = new Date(t0 + 12 * 60_000);
        const to = new Date(t0 + 36 * 60_000);
        const p = await store.listTransactions(
          acc.id,
          { status: 'pending', category: 'funding', from, to },
          { page: 1, per_page: 10 },
        );
        expect(p.total_count).toBe(3);
        expect(p.items.map((t) => t.created_at.getTime())).toEqual([36, 24, 12].map((i) => t0 + i * 60_000));
        const withRef = await store.listTransactions(
          acc.id,
          {
            status: 'pending',
            category: 'funding',
            external_reference: p.items[0]!.external_reference!,
          },
          { page: 1, per_page: 10 },
        );
        expect(ids(withRef.items)).toEqual([p.items[0]!.id]);
      });

      it('treats from and to as inclusive bounds', async () => {
        const from = all[10]!.created_at;
        const to = all[5]!.created_at;
        const p = await store.listTransactions(acc.id, { from, to }, { page: 1, per_page: 100 });
        expect(ids(p.items)).toEqual(ids(all.slice(5, 11)));
        expect(p.total_count).toBe(6);
        const exact = await store.listTransactions(acc.id, { from, to: from }, { page: 1, per_page: 100 });
        expect(ids(exact.items)).toEqual([all[10]!.id]);
        const onlyFrom = await store.listTransactions(acc.id, { from: all[2]!.created_at }, { page: 1, per_page: 100 });
        expect(onlyFrom.total_count).toBe(3);
        const onlyTo = await store.listTransactions(acc.id, { to: all[45]!.created_at }, { page: 1, per_page: 100 });
        expect(onlyTo.total_count).toBe(3);
      });

      it('gives [] with the true total for a page past the end', async () => {
        expect(await store.listTransactions(acc.id, {}, { page: 6, per_page: 10 })).toEqual({
          items: [],
          total_count: 48,
        });
        expect(await store.listTransactions(acc.id, { status: 'failed' }, { page: 99, per_page: 100 })).toEqual({
          items: [],
          total_count: 12,
        });
        expect(await store.listTransactions(randomUUID(), {}, { page: 1, per_page: 10 })).toEqual({
          items: [],
          total_count: 0,
        });
        expect(await store.listTransactions('nope', {}, { page: 1, per_page: 10 })).toEqual({
          items: [],
          total_count: 0,
        });
      });

      it('breaks ties on created_at by id, descending', async () => {
        const a = await account();
        const at = new Date('2025-07-07T07:07:07.007Z');
        const rows = Array.from({ length: 7 }, () => tx(a.id, { created_at: at, updated_at: at }));
        await store.insertTransactions(rows);
        const expected = rows
          .map((r) => r.id)
          .sort()
          .reverse();
        const p = await store.listTransactions(a.id, {}, { page: 1, per_page: 4 });
        const q = await store.listTransactions(a.id, {}, { page: 2, per_page: 4 });
        expect([...ids(p.items), ...ids(q.items)]).toEqual(expected);
      });

      it('finds a transaction by id and by external reference only within its account', async () => {
        const t = all.find((r) => r.external_reference !== null)!;
        expect(await store.getTransactionById(acc.id, t.id)).toEqual(t);
        expect(await store.getTransactionById(other.id, t.id)).toBeNull();
        expect(await store.getTransactionById(acc.id, randomUUID())).toBeNull();
        expect(await store.getTransactionById(acc.id, 'not-a-uuid')).toBeNull();
        expect(await store.getTransactionByExternalReference(acc.id, t.external_reference!)).toEqual(t);
        const theirs = await store.getTransactionByExternalReference(other.id, t.external_reference!);
        expect(theirs!.account_id).toBe(other.id); // same reference, other account: their own row
        expect(theirs!.id).not.toBe(t.id);
        expect(await store.getTransactionByExternalReference(randomUUID(), t.external_reference!)).toBeNull();
      });

      it('keeps external_reference unique per account; rows without one never collide', async () => {
        const a = await account();
        await store.insertTransactions([tx(a.id, { external_reference: '1234567890ABCDEF' }), tx(a.id), tx(a.id)]);
        await expect(
          store.insertTransactions([tx(a.id, { external_reference: '1234567890ABCDEF' })]),
        ).rejects.toThrow();
        expect(await store.countTransactions(a.id)).toBe(3);
      });

      it('bulk-inserts many chunks all or nothing, then refreshes statistics', async () => {
        // Same executor, small chunks: 301 rows = 4 INSERT statements, and the statistics pass runs (>= 300 rows).
        const small = createQueries(store.sql, store.driver, async () => {}, {
          insertChunk: 100,
          maintainAfterRows: 300,
        });
        const a = await account();
        const rows = Array.from({ length: 301 }, () => tx(a.id));
        await small.insertTransactions(rows);
        expect(await store.countTransactions(a.id)).toBe(301);
        expect((await store.listTransactions(a.id, {}, { page: 1, per_page: 1 })).items[0]).toEqual(rows[300]);
        const [stats] = await store.sql.query<{ last_analyze: Date | null }>(
          `SELECT last_analyze FROM pg_stat_user_tables WHERE relid = 'transactions'::regclass`,
        );
        expect(stats!.last_analyze).toBeInstanceOf(Date);
        const b = await account();
        const bad = Array.from({ length: 301 }, () => tx(b.id));
        bad[300] = { ...bad[300]!, status: 'bogus' as TransactionStatus }; // CHECK violation in the last chunk
        await expect(small.insertTransactions(bad)).rejects.toThrow();
        expect(await store.countTransactions(b.id)).toBe(0);
      });
    });

    describe('API keys', () => {
      it('creates a key in its account environment and finds it by hash', async () => {
        const a = await account('production');
        const h1 = hexHash();
        const key = await store.createKey({
          account_id: a.id,
          name: 'ci',
          display_prefix: 'sk_live_Ab3d',
          secret_hash: h1,
          scopes: ['read_balance', 'read_transactions'],
          ip_allowlist: ['10.0.0.0/8', '::1'],
          expires_at: null,
        });
        expect(key).toMatchObject({
          account_id: a.id,
          environment: 'production',
          name: 'ci',
          display_prefix: 'sk_live_Ab3d',
          secret_hash: h1,
          scopes: ['read_balance', 'read_transactions'],
          ip_allowlist: ['10.0.0.0/8', '::1'],
          status: 'active',
          expires_at: null,
        });
        expect(key.created_at).toBeInstanceOf(Date);
        expect(await store.findKeyByHash(h1)).toEqual({ ...key, account_api_access_enabled: true });
        expect(await store.findKeyByHash(hexHash())).toBeNull();
        expect(await store.getKey(key.id)).toEqual(key);
        expect(await store.getKey(randomUUID())).toBeNull();
        expect((await store.listKeys(a.id)).map((k) => k.id)).toEqual([key.id]);
        expect((await store.listKeys()).map((k) => k.id)).toContain(key.id);
        await expect(
          store.createKey({
            account_id: randomUUID(),
            name: 'x',
            display_prefix: 'sk_test_abcd',
            secret_hash: hexHash(),
            scopes: [],
            ip_allowlist: [],
            expires_at: null,
          }),
        ).rejects.toThrow(/account .* not found/);
        await expect(
          store.createKey({
            account_id: 'not-a-uuid',
            name: 'x',
            display_prefix: 'sk_test_abcd',
            secret_hash: hexHash(),
            scopes: [],
            ip_allowlist: [],
            expires_at: null,
          }),
        ).rejects.toBeInstanceOf(AccountNotFoundError);
      });

      it("switches the account's API access, which the next lookup of every key of the account reads", async () => {
        const a = await account();
        const other = await account();
        const key = async (accountId: string) => {
          const secret_hash = hexHash();
          await store.createKey({
            account_id: accountId,
            name: 'k',
            display_prefix: 'sk_test_aaaa',
            secret_hash,
            scopes: ['view_products'],
            ip_allowlist: [],
            expires_at: null,
          });
          return secret_hash;
        };
        const [k1, k2, elsewhere] = [await key(a.id), await key(a.id), await key(other.id)];
        const access = async () =>
          Promise.all([k1, k2, elsewhere].map(async (h) => (await store.findKeyByHash(h))!.account_api_access_enabled));
        expect(await access()).toEqual([true, true, true]);
        expect(await store.setAccountApiAccess(a.id, false)).toEqual({
          account_id: a.id,
          environment: a.environment,
          api_access_enabled: false,
        });
        expect(await access()).toEqual([false, false, true]);
        // The keys keep their own states.
        expect((await store.findKeyByHash(k1))!.status).toBe('active');
        expect((await store.setAccountApiAccess(a.id, true)).api_access_enabled).toBe(true);
        expect(await access()).toEqual([true, true, true]);
        await expect(store.setAccountApiAccess(randomUUID(), false)).rejects.toBeInstanceOf(AccountNotFoundError);
        await expect(store.setAccountApiAccess('not-a-uuid', false)).rejects.toBeInstanceOf(AccountNotFoundError);
      });

      it('changes status, replaces the secret (old hash no longer found) and patches fields', async () => {
        const a = await account();
        const oldHash = hexHash();
        const key = await store.createKey({
          account_id: a.id,
          name: 'k',
          display_prefix: 'sk_test_aaaa',
          secret_hash: oldHash,
          scopes: ['view_products'],
          ip_allowlist: [],
          expires_at: new Date('2030-01-01T00:00:00.000Z'),
        });
        expect((await store.setKeyStatus(key.id, 'disabled')).status).toBe('disabled');
        expect((await store.findKeyByHash(oldHash))!.status).toBe('disabled');

        const newHash = hexHash();
        const replaced = await store.replaceKeySecret(key.id, newHash, 'sk_test_bbbb');
        expect(replaced).toMatchObject({ id: key.id, secret_hash: newHash, display_prefix: 'sk_test_bbbb' });
        expect(await store.findKeyByHash(oldHash)).toBeNull();
        expect((await store.findKeyByHash(newHash))!.id).toBe(key.id);

        const patched = await store.updateKey(key.id, {
          name: 'renamed',
          scopes: ['purchase_data'],
          ip_allowlist: ['1.2.3.4'],
          expires_at: null,
        });
        expect(patched).toMatchObject({
          name: 'renamed',
          scopes: ['purchase_data'],
          ip_allowlist: ['1.2.3.4'],
          expires_at: null,
        });
        expect(patched.updated_at.getTime()).toBeGreaterThanOrEqual(key.updated_at.getTime());
        const untouched = await store.updateKey(key.id, {});
        expect(untouched).toEqual(patched);
        expect((await store.setKeyStatus(key.id, 'revoked')).status).toBe('revoked');
      });

      it('throws KeyNotFoundError for an unknown key id', async () => {
        for (const id of [randomUUID(), 'not-a-uuid']) {
          await expect(store.setKeyStatus(id, 'revoked')).rejects.toBeInstanceOf(KeyNotFoundError);
          await expect(store.replaceKeySecret(id, hexHash(), 'sk_test_zzzz')).rejects.toBeInstanceOf(KeyNotFoundError);
          await expect(store.updateKey(id, { name: 'x' })).rejects.toBeInstanceOf(KeyNotFoundError);
          await expect(store.updateKey(id, {})).rejects.toThrow(`API key ${id} not found`);
        }
      });

      it('refuses to store anything but a hex SHA-256 as the secret hash', async () => {
        const a = await account();
        await expect(
          store.createKey({
            account_id: a.id,
            name: 'k',
            display_prefix: 'sk_test_aaaa',
            secret_hash: 'sk_test_' + 'a'.repeat(40),
            scopes: [],
            ip_allowlist: [],
            expires_at: null,
          }),
        ).rejects.toThrow();
      });
    });

    describe('products', () => {
      const prod: ProductRow[] = [
        product('production', {
          id: 'mtn-daily-1',
          kind: 'dataplan',
          network: 'MTN',
          bundle_type: 'daily',
          sort_order: 30,
          attributes: { data: '1GB', price: '350.00' },
        }),
        product('production', {
          id: 'mtn-weekly-1',
          kind: 'dataplan',
          network: 'MTN',
          bundle_type: 'weekly',
          sort_order: 10,
        }),
        product('production', {
          id: 'glo-daily-1',
          kind: 'dataplan',
          network: 'GLO',
          bundle_type: 'daily',
          sort_order: 20,
        }),
        product('production', {
          id: 'ikedc-prepaid',
          kind: 'electricity',
          distributor: 'IKEDC',
          meter_type: 'prepaid',
          sort_order: 10,
        }),
        product('production', { id: 'dstv', kind: 'cabletv', provider: 'DSTV', sort_order: 10 }),
        product('production', { id: 'gotv', kind: 'cabletv', provider: 'GOTV', sort_order: 20 }),
      ];
      const sandbox = [
        product('sandbox', {
          id: 'mtn-daily-1',
          kind: 'dataplan',
          network: 'MTN',
          bundle_type: 'daily',
          sort_order: 1,
        }),
      ];

      beforeAll(async () => {
        await store.replaceProducts('production', prod);
        await store.replaceProducts('sandbox', sandbox);
      });

      it('lists a kind in sort order with exact totals and paging', async () => {
        const p1 = await store.listProducts('production', 'dataplan', {}, { page: 1, per_page: 2 });
        expect(p1.total_count).toBe(3);
        expect(p1.items.map((p) => p.id)).toEqual(['mtn-weekly-1', 'glo-daily-1']);
        const p2 = await store.listProducts('production', 'dataplan', {}, { page: 2, per_page: 2 });
        expect(p2.items).toEqual([{ ...prod[0], available: true }]); // written without `available`: on sale
        expect(p2.items[0]!.attributes).toEqual({ data: '1GB', price: '350.00' });
        expect(await store.listProducts('production', 'dataplan', {}, { page: 3, per_page: 2 })).toEqual({
          items: [],
          total_count: 3,
        });
      });

      it('filters by network, bundle type, distributor and provider', async () => {
        const ids = async (kind: ProductRow['kind'], f: Parameters<Store['listProducts']>[2]) =>
          (await store.listProducts('production', kind, f, { page: 1, per_page: 100 })).items.map((p) => p.id);
        expect(await ids('dataplan', { network: 'MTN' })).toEqual(['mtn-weekly-1', 'mtn-daily-1']);
        expect(await ids('dataplan', { network: 'mtn' as 'MTN' })).toEqual(['mtn-weekly-1', 'mtn-daily-1']);
        expect(await ids('dataplan', { bundle_type: 'daily' })).toEqual(['glo-daily-1', 'mtn-daily-1']);
        expect(await ids('dataplan', { network: 'MTN', bundle_type: 'daily' })).toEqual(['mtn-daily-1']);
        expect(await ids('electricity', { distributor: 'IKEDC' })).toEqual(['ikedc-prepaid']);
        expect(await ids('electricity', { distributor: 'AEDC' })).toEqual([]);
        expect(await ids('cabletv', { provider: 'GOTV' })).toEqual(['gotv']);
      });

      it('gets one product by id in its environment only', async () => {
        expect(await store.getProduct('production', 'ikedc-prepaid')).toEqual({ ...prod[3], available: true });
        expect((await store.getProduct('sandbox', 'mtn-daily-1'))?.sort_order).toBe(1);
        expect(await store.getProduct('sandbox', 'ikedc-prepaid')).toBeNull(); // the other environment's product
        expect(await store.getProduct('production', 'no-such-product')).toBeNull();
      });

      it('replaces one environment only, atomically', async () => {
        expect(await store.countProducts('production')).toBe(6);
        expect(await store.countProducts('sandbox')).toBe(1);
        const bad = [
          product('sandbox', { id: 'a', kind: 'airtime' }),
          product('sandbox', { id: 'a', kind: 'airtime' }),
        ];
        await expect(store.replaceProducts('sandbox', bad)).rejects.toThrow(); // duplicate id: whole replace rolls back
        expect(await store.countProducts('sandbox')).toBe(1);
        await expect(store.replaceProducts('sandbox', prod)).rejects.toBeInstanceOf(InvalidStoreValueError);
        await store.replaceProducts('sandbox', []);
        expect(await store.countProducts('sandbox')).toBe(0);
        expect(await store.countProducts('production')).toBe(6);
      });
    });

    describe('Sql.transaction', () => {
      it('commits on success and rolls back on throw, with nested transactions as savepoints', async () => {
        const a = await account();
        const at = new Date();
        await expect(
          store.sql.transaction(async (t) => {
            await t.query('INSERT INTO wallets (account_id, balance, currency, updated_at) VALUES ($1, 1, $2, $3)', [
              a.id,
              'NGN',
              at,
            ]);
            throw new Error('boom');
          }),
        ).rejects.toThrow('boom');
        expect(await store.getWallet(a.id)).toBeNull();

        await store.sql.transaction(async (t) => {
          await t.query('INSERT INTO wallets (account_id, balance, currency, updated_at) VALUES ($1, 1, $2, $3)', [
            a.id,
            'NGN',
            at,
          ]);
          await expect(
            t.transaction(async (inner) => {
              await inner.query('UPDATE wallets SET balance = 999 WHERE account_id = $1', [a.id]);
              throw new Error('inner');
            }),
          ).rejects.toThrow('inner');
          await t.transaction((inner) =>
            inner.query('UPDATE wallets SET balance = balance + 1 WHERE account_id = $1', [a.id]),
          );
        });
        expect((await store.getWallet(a.id))!.balance).toBe('2.00');
      });
    });
  });
}

storeSuite('Store on PGlite', async () => {
  const driver = await openPgliteMemory();
  await migrate(driver.sql);
  return { driver, store: createQueries(driver.sql, driver.kind, () => driver.close()), cleanup: () => driver.close() };
});

describe.skipIf(!PG_URL)(`Store on PostgreSQL${PG_URL ? '' : ' (skipped: TEST_DATABASE_URL not set)'}`, () => {
  storeSuite('Store on PostgreSQL', async () => {
    const schema = `store_test_${process.pid}_${Date.now()}`;
    const driver = await openPostgres(PG_URL!, { schema, log: () => {} });
    await migrate(driver.sql);
    return {
      driver,
      store: createQueries(driver.sql, driver.kind, () => driver.close()),
      async cleanup() {
        await driver.sql.query(`DROP SCHEMA ${schema} CASCADE`);
        await driver.close();
      },
    };
  });
});

describe('PGlite single connection', () => {
  let driver: Awaited<ReturnType<typeof openPgliteMemory>>;
  let store: Store;
  beforeAll(async () => {
    driver = await openPgliteMemory();
    await migrate(driver.sql);
    store = createQueries(driver.sql, driver.kind);
  });
  afterAll(() => driver?.close());

  it('serialises concurrent transactions so they never interleave', async () => {
    const a = await store.createAccount({
      environment: 'sandbox',
      name: 'n',
      email: 'e',
      business_name: 'b',
      role: 'r',
    });
    await store.upsertWallet({ account_id: a.id, balance: '0', currency: 'NGN', updated_at: new Date() });
    // Read-modify-write without row locks: only correct if no other statement runs in between.
    const bump = () =>
      store.sql.transaction(async (t) => {
        const [w] = await t.query<{ balance: string }>(
          'SELECT balance::text AS balance FROM wallets WHERE account_id = $1',
          [a.id],
        );
        await new Promise((r) => setTimeout(r, 2));
        await t.query('UPDATE wallets SET balance = $2::numeric + 1 WHERE account_id = $1', [a.id, w!.balance]);
      });
    await Promise.all([bump(), bump(), bump(), store.getWallet(a.id), bump(), bump()]);
    expect((await store.getWallet(a.id))!.balance).toBe('5.00');
  });

  it('refuses the outer handle inside a transaction instead of deadlocking', async () => {
    await expect(store.sql.transaction(() => store.sql.query('SELECT 1'))).rejects.toThrow(/use the tx handle/);
    await expect(store.sql.transaction(() => store.sql.query('SELECT 1'))).rejects.toBeInstanceOf(StoreMisuseError);
    await expect(store.ping()).resolves.toBeUndefined();
  });

  it("reports a closed database as StoreUnavailableError (runs last: closes this block's instance)", async () => {
    await driver.close();
    await driver.close(); // idempotent
    await expect(store.ping()).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(store.sql.transaction((t) => t.query('SELECT 1'))).rejects.toBeInstanceOf(StoreUnavailableError);
  });
});
