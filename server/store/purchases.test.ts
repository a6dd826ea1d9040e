/**
 * recordPurchase: the debit, the pending purchase, its history and the idempotency link are one database
 * transaction, and the balance can never go below zero (the debit's WHERE first, the CHECK constraint last).
 * Run on PGlite (always) and PostgreSQL (TEST_DATABASE_URL).
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { InvalidStoreValueError } from './errors.ts';
import { WalletNotFoundError } from './entries.ts';
import {
  AT,
  claim,
  footprint,
  fundedAccount,
  INSUFFICIENT,
  PG_URL,
  pgliteStores,
  postgresStores,
  purchase,
  openedFor,
  type Stores,
} from '../../test/helpers/store-fixtures.ts';
import type { Store } from './types.ts';

function recordSuite(title: string, open: () => Promise<Stores>) {
  describe(title, () => {
    const opened = openedFor(open);
    let store: Store;
    beforeAll(() => {
      store = opened();
    });

    it('debits total_debit and records a pending purchase with its first history row and the idempotency link', async () => {
      const acc = await fundedAccount(store, '1000.00');
      expect(await claim(store, acc, 'k1')).toEqual({ kind: 'claimed' });
      const p = purchase(acc, '500.00', '100.00', {
        product_type: 'electricity',
        meter_number: '45678901234',
        phone_number: null,
      });
      const r = await store.recordPurchase(p, { key: 'k1', insufficient: INSUFFICIENT });
      expect(r.kind).toBe('recorded');
      const row = (r as { row: import('./types.ts').TransactionRow }).row;
      expect(row).toMatchObject({
        id: p.id,
        account_id: acc,
        amount: '600.00',
        total_debit: '600.00',
        product_amount: '500.00',
        fee_amount: '100.00',
        status: 'pending',
        category: 'purchase',
        product_type: 'electricity',
        product_id: p.product_id,
        meter_number: '45678901234',
        smartcard_number: null,
        token: null,
        units: null,
        created_at: AT,
        updated_at: AT,
        next_check_at: null,
        check_attempts: 0,
      });
      expect(row.external_reference).toMatch(/^1772600767[0-9A-Z]{6}$/); // the Unix time in seconds of AT
      expect(await store.getTransactionById(acc, p.id)).toEqual(row);
      expect((await store.getWallet(acc))!.balance).toBe('400.00');
      expect(await store.getTransactionHistory(p.id)).toEqual([
        { from_status: null, to_status: 'pending', at: AT, reason: null },
      ]);
      expect((await footprint(store, acc)).keys).toEqual([
        { key: 'k1', state: 'in_flight', transaction_id: p.id, response_status: null, response_body: null },
      ]);
      expect(await store.ledgerOf(acc)).toEqual({ balance: '400.00', expected: '400.00' });
    });

    it('may spend the whole balance, to exactly 0.00', async () => {
      const acc = await fundedAccount(store, '250.50');
      expect((await store.recordPurchase(purchase(acc, '250.50'), null)).kind).toBe('recorded');
      expect((await store.getWallet(acc))!.balance).toBe('0.00');
    });

    it('refuses a purchase above the balance by one kobo: nothing debited or recorded, the 422 stored on the key', async () => {
      const acc = await fundedAccount(store, '99.99');
      await claim(store, acc, 'k-poor');
      const before = await footprint(store, acc);
      const r = await store.recordPurchase(purchase(acc, '100.00'), { key: 'k-poor', insufficient: INSUFFICIENT });
      expect(r).toEqual({ kind: 'insufficient_balance' });
      const after = await footprint(store, acc);
      expect({ ...after, keys: before.keys }).toEqual(before);
      expect(after.keys).toEqual([
        {
          key: 'k-poor',
          state: 'completed',
          transaction_id: null,
          response_status: 422,
          response_body: INSUFFICIENT.body,
        },
      ]);
      expect(await claim(store, acc, 'k-poor')).toEqual({
        kind: 'replay',
        status: 422,
        body: INSUFFICIENT.body,
        location: null,
      });
    });

    it.each([
      ['a total that is not product + fee', { product_amount: '500.00', fee_amount: '0.00', total_debit: '500.01' }],
      ['a zero total', { product_amount: '0.00', fee_amount: '0.00', total_debit: '0.00' }],
      ['a negative total', { product_amount: '-5.00', fee_amount: '0.00', total_debit: '-5.00' }],
      ['three decimals', { product_amount: '1.005', fee_amount: '0.00', total_debit: '1.005' }],
      ['an id that is not a UUID', { id: 'nope' }],
      ['an instant outside the stored window', { created_at: new Date('+010000-01-01T00:00:00Z') }],
    ])('rejects %s before writing anything', async (_name, over) => {
      const acc = await fundedAccount(store, '1000.00');
      const before = await footprint(store, acc);
      await expect(store.recordPurchase({ ...purchase(acc), ...over }, null)).rejects.toBeInstanceOf(
        InvalidStoreValueError,
      );
      expect(await footprint(store, acc)).toEqual(before);
    });

    it('refuses an account without a wallet (a StoreDataError), writing nothing', async () => {
      const a = await store.createAccount({
        environment: 'sandbox',
        name: 'n',
        email: 'e',
        business_name: 'b',
        role: 'r',
      });
      await expect(store.recordPurchase(purchase(a.id), null)).rejects.toBeInstanceOf(WalletNotFoundError);
      expect(await store.countTransactions(a.id)).toBe(0);
    });

    describe('atomicity: a failure after the debit leaves balance, transactions, history and key unchanged', () => {
      it('when the transaction row cannot be inserted (its id exists already)', async () => {
        const acc = await fundedAccount(store, '1000.00');
        const first = purchase(acc, '100.00');
        await store.recordPurchase(first, null);
        await claim(store, acc, 'k-dup');
        const before = await footprint(store, acc);
        const again = { ...purchase(acc, '100.00'), id: first.id };
        await expect(store.recordPurchase(again, { key: 'k-dup', insufficient: INSUFFICIENT })).rejects.toThrow(
          /duplicate key|unique/i,
        );
        expect(await footprint(store, acc)).toEqual(before);
      });

      it('when a given external_reference is already used by the account (reference_used names its holder)', async () => {
        const acc = await fundedAccount(store, '1000.00');
        const first = (await store.recordPurchase(purchase(acc, '100.00'), null)) as {
          row: { id: string; external_reference: string };
        };
        const before = await footprint(store, acc);
        const clash = purchase(acc, '100.00', '0.00', { external_reference: first.row.external_reference });
        expect(await store.recordPurchase(clash, null)).toEqual({
          kind: 'reference_used',
          transaction_id: first.row.id,
        });
        expect(await footprint(store, acc)).toEqual(before);
      });

      it('when the history row fails (a trigger injected for the test raises after debit and insert)', async () => {
        const acc = await fundedAccount(store, '1000.00');
        await claim(store, acc, 'k-boom');
        const before = await footprint(store, acc);
        const fn = `boom_${randomUUID().replace(/-/g, '')}`;
        await store.sql.query(`CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN IF (SELECT account_id FROM transactions WHERE id = NEW.transaction_id) = '${acc}' THEN
            RAISE EXCEPTION 'injected failure'; END IF; RETURN NEW; END $$`);
        await store.sql.query(
          `CREATE TRIGGER ${fn} BEFORE INSERT ON transaction_history FOR EACH ROW EXECUTE FUNCTION ${fn}()`,
        );
        try {
          await expect(
            store.recordPurchase(purchase(acc, '300.00'), { key: 'k-boom', insufficient: INSUFFICIENT }),
          ).rejects.toThrow(/injected failure/);
        } finally {
          await store.sql.query(`DROP TRIGGER ${fn} ON transaction_history`);
          await store.sql.query(`DROP FUNCTION ${fn}()`);
        }
        expect(await footprint(store, acc)).toEqual(before);
        // The key is still this request's: the retry records the purchase.
        expect(
          (await store.recordPurchase(purchase(acc, '300.00'), { key: 'k-boom', insufficient: INSUFFICIENT })).kind,
        ).toBe('recorded');
        expect((await store.getWallet(acc))!.balance).toBe('700.00');
      });

      it("when the idempotency record is no longer this request's (released, or linked by another request)", async () => {
        const acc = await fundedAccount(store, '1000.00');
        const before = await footprint(store, acc);
        // No record at all under that key.
        expect(await store.recordPurchase(purchase(acc), { key: 'never-claimed', insufficient: INSUFFICIENT })).toEqual(
          { kind: 'idempotency_key_lost' },
        );
        // A record another purchase linked first.
        await claim(store, acc, 'k-twice');
        expect(
          (await store.recordPurchase(purchase(acc, '10.00'), { key: 'k-twice', insufficient: INSUFFICIENT })).kind,
        ).toBe('recorded');
        const mid = await footprint(store, acc);
        expect(
          await store.recordPurchase(purchase(acc, '20.00'), { key: 'k-twice', insufficient: INSUFFICIENT }),
        ).toEqual({ kind: 'idempotency_key_lost' });
        expect(await footprint(store, acc)).toEqual(mid);
        expect(mid.wallet).toBe('990.00');
        expect(before.wallet).toBe('1000.00');
      });
    });

    describe('claiming a new Idempotency-Key in the same statement (sql/record_purchase.sql: `idem.claim`)', () => {
      const CLAIM = {
        operation: 'createAirtimePurchase',
        fingerprint: 'fp-1',
        now: AT,
        lease_ms: 30_000,
        ttl_ms: 86_400_000,
      };

      it('creates the record already linked to the purchase, as claimIdempotencyKey + link would leave it', async () => {
        const acc = await fundedAccount(store, '1000.00');
        const p = purchase(acc, '300.00');
        expect((await store.recordPurchase(p, { key: 'k-new', insufficient: INSUFFICIENT, claim: CLAIM })).kind).toBe(
          'recorded',
        );
        expect((await footprint(store, acc)).keys).toEqual([
          { key: 'k-new', state: 'in_flight', transaction_id: p.id, response_status: null, response_body: null },
        ]);
        expect((await store.getWallet(acc))!.balance).toBe('700.00');
        // The same request again (same fingerprint) is in flight; another body under the key is a reuse.
        expect(await claim(store, acc, 'k-new')).toEqual({ kind: 'in_flight' });
        expect(await claim(store, acc, 'k-new', 'fp-other')).toEqual({ kind: 'reused' });
        const [held] = await store.sql.query<{ locked_until: Date; expires_at: Date; operation: string }>(
          'SELECT locked_until, expires_at, operation FROM idempotency_keys WHERE account_id = $1',
          [acc],
        );
        expect(held).toEqual({
          locked_until: new Date(AT.getTime() + 30_000),
          expires_at: new Date(AT.getTime() + 86_400_000),
          operation: 'createAirtimePurchase',
        });
      });

      it('stores the 422 on a record it creates when the balance is short, debiting nothing', async () => {
        const acc = await fundedAccount(store, '99.99');
        const r = await store.recordPurchase(purchase(acc, '100.00'), {
          key: 'k-short',
          insufficient: INSUFFICIENT,
          claim: CLAIM,
        });
        expect(r).toEqual({ kind: 'insufficient_balance' });
        expect((await footprint(store, acc)).keys).toEqual([
          {
            key: 'k-short',
            state: 'completed',
            transaction_id: null,
            response_status: 422,
            response_body: INSUFFICIENT.body,
          },
        ]);
        expect((await store.getWallet(acc))!.balance).toBe('99.99');
      });

      it.each([
        ['in flight, linked by another purchase', 'linked'],
        ['in flight, claimed and nothing recorded yet', 'claimed'],
        ['completed', 'completed'],
        ['expired long ago', 'expired'],
      ] as const)(
        'writes nothing when the account has a record with the key (%s): idempotency_key_exists',
        async (_name, kind) => {
          const acc = await fundedAccount(store, '1000.00');
          if (kind === 'expired') await claim(store, acc, 'k-taken', 'fp-1', new Date(AT.getTime() - 3 * 86_400_000));
          else await claim(store, acc, 'k-taken');
          if (kind === 'linked')
            await store.recordPurchase(purchase(acc, '10.00'), { key: 'k-taken', insufficient: INSUFFICIENT });
          if (kind === 'completed')
            await store.completeIdempotencyKey({
              account_id: acc,
              key: 'k-taken',
              status: 404,
              body: '{}',
              location: null,
            });
          const before = await footprint(store, acc);
          expect(
            await store.recordPurchase(purchase(acc, '20.00'), {
              key: 'k-taken',
              insufficient: INSUFFICIENT,
              claim: CLAIM,
            }),
          ).toEqual({ kind: 'idempotency_key_exists' });
          expect(await footprint(store, acc)).toEqual(before);
        },
      );

      it('the same key on another account is another record', async () => {
        const a = await fundedAccount(store, '100.00');
        const b = await fundedAccount(store, '100.00');
        expect(
          (
            await store.recordPurchase(purchase(a, '10.00'), {
              key: 'k-shared',
              insufficient: INSUFFICIENT,
              claim: CLAIM,
            })
          ).kind,
        ).toBe('recorded');
        expect(
          (
            await store.recordPurchase(purchase(b, '10.00'), {
              key: 'k-shared',
              insufficient: INSUFFICIENT,
              claim: CLAIM,
            })
          ).kind,
        ).toBe('recorded');
      });
    });

    it('the schema refuses a negative balance whatever the statement (CHECK wallets_balance_non_negative)', async () => {
      const acc = await fundedAccount(store, '5.00');
      const err = await store.sql
        .query('UPDATE wallets SET balance = -0.01 WHERE account_id = $1', [acc])
        .catch((e: unknown) => e);
      expect(err).toMatchObject({ code: '23514', constraint: 'wallets_balance_non_negative' });
      await expect(
        store.sql.query('UPDATE wallets SET balance = balance - 5.01 WHERE account_id = $1', [acc]),
      ).rejects.toThrow(/wallets_balance_non_negative/);
      await expect(
        store.upsertWallet({ account_id: acc, balance: '-1.00', currency: 'NGN', updated_at: AT }),
      ).rejects.toThrow(/wallets_balance_non_negative/);
      expect((await store.getWallet(acc))!.balance).toBe('5.00');
      await store.sql.query('UPDATE wallets SET balance = 0 WHERE account_id = $1', [acc]); // zero is allowed
    });
  });
}

recordSuite('recordPurchase on PGlite', pgliteStores);
describe.skipIf(!PG_URL)(`recordPurchase on PostgreSQL${PG_URL ? '' : ' (skipped: TEST_DATABASE_URL not set)'}`, () => {
  recordSuite('recordPurchase on PostgreSQL', () => postgresStores('purchases_test', 1));
});
