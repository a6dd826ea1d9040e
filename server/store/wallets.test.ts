/**
 * fundWallet, resetWalletBalance and ledgerOf: each movement is a ledger entry written with its credit or debit in
 * one transaction; bad input writes nothing. The generated references have the documented forms.
 * Run on PGlite (always) and PostgreSQL (TEST_DATABASE_URL).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { AccountNotFoundError, InvalidStoreValueError } from './errors.ts';
import { WalletNotFoundError } from './entries.ts';
import { externalReference, serviceReference } from './references.ts';
import {
  AT,
  footprint,
  fundedAccount,
  PG_URL,
  pgliteStores,
  postgresStores,
  openedFor,
  type Stores,
} from '../../test/helpers/store-fixtures.ts';
import type { Store } from './types.ts';

describe('generated references', () => {
  it('external_reference: the Unix time in seconds as 10 digits, then 6 upper-case alphanumerics', () => {
    expect(externalReference(new Date('2026-12-31T23:30:00.999Z'))).toMatch(/^1798759800[0-9A-Z]{6}$/);
    expect(externalReference(new Date('2001-09-09T01:46:39Z'))).toMatch(/^0999999999[0-9A-Z]{6}$/);
    fc.assert(
      fc.property(fc.date({ min: new Date(-8.64e15), max: new Date(8.64e15), noInvalidDate: true }), (d) => {
        const ref = externalReference(d);
        const seconds = Math.min(9_999_999_999, Math.max(0, Math.floor(d.getTime() / 1000)));
        expect(Number(ref.slice(0, 10))).toBe(seconds);
        expect(ref).toMatch(/^[0-9]{10}[0-9A-Z]{6}$/);
      }),
    );
  });

  it('service references: prefix + 26 Crockford base32 characters that sort by creation time', () => {
    const a = serviceReference('PUR', new Date('2026-01-01T00:00:00.000Z'));
    const b = serviceReference('PUR', new Date('2026-01-01T00:00:00.001Z'));
    for (const r of [a, b]) expect(r).toMatch(/^PUR-[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(a < b).toBe(true);
    expect(new Set(Array.from({ length: 1000 }, () => serviceReference('PUR', AT))).size).toBe(1000);
  });
});

function walletSuite(title: string, open: () => Promise<Stores>) {
  describe(title, () => {
    const opened = openedFor(open);
    let store: Store;
    beforeAll(() => {
      store = opened();
    });

    it('fundWallet credits the wallet and records a successful funding with its history', async () => {
      const acc = await fundedAccount(store, '0.00');
      const row = await store.fundWallet({ account_id: acc, amount: '5000', reference: 'BANK-42', at: AT });
      expect(row).toMatchObject({
        account_id: acc,
        amount: '5000.00',
        total_debit: '5000.00',
        product_amount: '5000.00',
        fee_amount: '0.00',
        status: 'successful',
        category: 'funding',
        reference: 'BANK-42',
        description: 'Wallet funding',
        created_at: AT,
        updated_at: AT,
      });
      expect(row.external_reference).toMatch(new RegExp(`^${Math.floor(AT.getTime() / 1000)}[0-9A-Z]{6}$`));
      expect((await store.getWallet(acc))!.balance).toBe('5000.00');
      expect(await store.getTransactionHistory(row.id)).toEqual([
        { from_status: null, to_status: 'successful', at: AT, reason: null },
      ]);
      expect((await store.fundWallet({ account_id: acc, amount: '0.01', at: AT })).reference).toMatch(
        /^FND-[0-9A-Z]{26}$/,
      );
      expect(await store.ledgerOf(acc)).toEqual({ balance: '5000.01', expected: '5000.01' });
    });

    it.each([
      ['zero', { amount: '0.00' }, InvalidStoreValueError],
      ['a negative amount', { amount: '-1.00' }, InvalidStoreValueError],
      ['three decimals', { amount: '1.001' }, InvalidStoreValueError],
      ['a float', { amount: 12.5 as unknown as string }, InvalidStoreValueError],
      ['a reference outside the allowed form', { reference: 'has space' }, InvalidStoreValueError],
    ])('fundWallet refuses %s and writes nothing', async (_n, over, type) => {
      const acc = await fundedAccount(store, '10.00');
      const before = await footprint(store, acc);
      await expect(store.fundWallet({ account_id: acc, amount: '1.00', at: AT, ...over })).rejects.toBeInstanceOf(type);
      expect(await footprint(store, acc)).toEqual(before);
    });

    it('fundWallet refuses an unknown account and an account without a wallet', async () => {
      await expect(
        store.fundWallet({ account_id: '00000000-0000-4000-8000-000000000000', amount: '1.00', at: AT }),
      ).rejects.toBeInstanceOf(AccountNotFoundError);
      await expect(store.fundWallet({ account_id: 'nope', amount: '1.00', at: AT })).rejects.toBeInstanceOf(
        AccountNotFoundError,
      );
      const a = await store.createAccount({
        environment: 'sandbox',
        name: 'n',
        email: 'e',
        business_name: 'b',
        role: 'r',
      });
      await expect(store.fundWallet({ account_id: a.id, amount: '1.00', at: AT })).rejects.toBeInstanceOf(
        WalletNotFoundError,
      );
      expect(await store.countTransactions(a.id)).toBe(0);
    });

    it('resetWalletBalance reaches the target through a ledger entry either way, and writes nothing when it is there', async () => {
      const acc = await fundedAccount(store, '120.00');
      const down = await store.resetWalletBalance({
        account_id: acc,
        balance: '50.00',
        at: AT,
        description: 'Demo balance reset',
      });
      expect(down).toMatchObject({
        category: 'withdrawal',
        status: 'successful',
        amount: '70.00',
        description: 'Demo balance reset',
      });
      expect(down!.reference).toMatch(/^WDL-/);
      expect(
        await store.resetWalletBalance({ account_id: acc, balance: '50.00', at: AT, description: 'x' }),
      ).toBeNull();
      const up = await store.resetWalletBalance({
        account_id: acc,
        balance: '50.01',
        at: AT,
        description: 'Demo balance reset',
      });
      expect(up).toMatchObject({ category: 'funding', amount: '0.01' });
      expect(await store.ledgerOf(acc)).toEqual({ balance: '50.01', expected: '50.01' });
      await expect(
        store.resetWalletBalance({ account_id: acc, balance: '-1.00', at: AT, description: 'x' }),
      ).rejects.toBeInstanceOf(InvalidStoreValueError);
    });

    it("ledgerOf tells a balance changed behind the ledger's back", async () => {
      const acc = await fundedAccount(store, '10.00');
      await store.upsertWallet({ account_id: acc, balance: '11.00', currency: 'NGN', updated_at: AT });
      expect(await store.ledgerOf(acc)).toEqual({ balance: '11.00', expected: '10.00' });
      await expect(store.ledgerOf('00000000-0000-4000-8000-000000000000')).rejects.toBeInstanceOf(WalletNotFoundError);
    });
  });
}

walletSuite('wallets on PGlite', pgliteStores);
describe.skipIf(!PG_URL)(`wallets on PostgreSQL${PG_URL ? '' : ' (skipped: TEST_DATABASE_URL not set)'}`, () => {
  walletSuite('wallets on PostgreSQL', () => postgresStores('wallets_test', 1));
});
