/**
 * Wallet movements that are not purchases (funding by the console, the demo's balance reset) and the ledger check.
 * Each movement is ONE database transaction: the wallet row is locked or moved first (lock order: entries.ts), then
 * the transaction row and its history row are written.
 *
 * The ledger rule (the same as the demo generator's balanceOfTransactions): successful credits (funding,
 * commission, promo) add their amount; pending and successful debits (purchase, withdrawal, transfer) subtract
 * their total_debit (a pending purchase is held); failed and reversed ones leave no trace (they were refunded).
 */
import { InvalidStoreValueError } from './errors.ts';
import { AccountNotFoundError } from './errors.ts';
import { insertEntry, kobo, koboText, lockWallet, moveWallet, positiveKobo, WalletNotFoundError } from './entries.ts';
import { storedInstant } from './instants.ts';
import { serviceReference } from './references.ts';
import { one, rows, sql } from './sql.ts';
import type { Ledger, Sql, Store, TransactionRow } from './types.ts';
import { isUuid } from './values.ts';

export type WalletQueries = Pick<Store, 'fundWallet' | 'resetWalletBalance' | 'ledgerOf'>;

const REFERENCE = /^[A-Za-z0-9._-]{1,64}$/;

/** One ledger entry of a wallet movement other than a purchase. */
function movement(
  accountId: string,
  currency: string,
  amount: string,
  credit: boolean,
  reference: string,
  description: string,
  at: Date,
) {
  return {
    account_id: accountId,
    amount,
    currency,
    status: 'successful' as const,
    category: credit ? ('funding' as const) : ('withdrawal' as const),
    description,
    reference,
    product_type: null,
    phone_number: null,
    meter_number: null,
    smartcard_number: null,
    token: null,
    units: null,
    product_id: null,
    product_amount: amount,
    fee_amount: '0.00',
    total_debit: amount,
    price_basis: 'fixed',
    created_at: at,
    updated_at: at,
  };
}

async function accountExists(tx: Sql, accountId: string): Promise<boolean> {
  return (await one(tx, sql`SELECT 1 AS one FROM accounts WHERE id = ${accountId}`)) !== null;
}

export function walletQueries(db: Sql): WalletQueries {
  return {
    async fundWallet(f): Promise<TransactionRow> {
      const amount = koboText(positiveKobo(f.amount, 'amount'));
      const at = storedInstant(f.at, 'at');
      if (f.reference !== undefined && !REFERENCE.test(f.reference)) {
        throw new InvalidStoreValueError(
          `reference must be 1-64 characters of A-Z a-z 0-9 . _ -, got ${JSON.stringify(f.reference)}`,
        );
      }
      if (!isUuid(f.account_id)) throw new AccountNotFoundError(f.account_id, 'cannot fund wallet');
      return db.transaction(async (tx) => {
        if (!(await accountExists(tx, f.account_id)))
          throw new AccountNotFoundError(f.account_id, 'cannot fund wallet');
        const wallet = await lockWallet(tx, f.account_id);
        await moveWallet(tx, f.account_id, amount, at);
        const reference = f.reference ?? serviceReference('FND', at);
        return insertEntry(
          tx,
          movement(f.account_id, wallet.currency, amount, true, reference, f.description ?? 'Wallet funding', at),
        );
      });
    },

    async resetWalletBalance(r) {
      const target = kobo(r.balance, 'balance');
      const at = storedInstant(r.at, 'at');
      return db.transaction(async (tx) => {
        const wallet = await lockWallet(tx, r.account_id);
        const diff = target - kobo(wallet.balance, 'balance');
        if (diff === 0n) return null;
        const amount = koboText(diff < 0n ? -diff : diff);
        await moveWallet(tx, r.account_id, koboText(diff), at);
        return insertEntry(
          tx,
          movement(
            r.account_id,
            wallet.currency,
            amount,
            diff > 0n,
            serviceReference(diff > 0n ? 'FND' : 'WDL', at),
            r.description,
            at,
          ),
        );
      });
    },

    async ledgerOf(accountId): Promise<Ledger> {
      if (!isUuid(accountId)) throw new WalletNotFoundError(accountId);
      const [row] = await rows<{ balance: string | null; expected: string }>(
        db,
        sql`
        SELECT (SELECT balance::text FROM wallets WHERE account_id = ${accountId}) AS balance,
          COALESCE(sum(CASE
            WHEN category IN ('funding', 'commission', 'promo') AND status = 'successful' THEN amount
            WHEN category IN ('purchase', 'withdrawal', 'transfer') AND status IN ('pending', 'successful') THEN -total_debit
            ELSE 0 END), 0)::numeric(20, 2)::text AS expected
        FROM transactions WHERE account_id = ${accountId}`,
      );
      if (row?.balance === null || row?.balance === undefined) throw new WalletNotFoundError(accountId);
      return { balance: row.balance, expected: row.expected };
    },
  };
}
