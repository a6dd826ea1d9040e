/** Accounts and wallets. */
import { randomUUID } from 'node:crypto';
import type { Environment } from '../domain.ts';
import { storedInstant } from './instants.ts';
import { empty, one, raw, rows, sql } from './sql.ts';
import type { AccountRow, LowBalanceSetting, Sql, Store, WalletRow } from './types.ts';
import { isUuid, money } from './values.ts';

type Row = Record<string, unknown>;

const ACCOUNT_COLS = raw('id, environment, name, email, business_name, role, created_at');
const WALLET_COLS = raw('account_id, balance::text AS balance, currency, updated_at');

const asAccount = (r: Row) => r as unknown as AccountRow;
const asWallet = (r: Row) => r as unknown as WalletRow;

export type AccountQueries = Pick<
  Store,
  'createAccount' | 'getAccount' | 'listAccounts' | 'getWallet' | 'upsertWallet' | 'setLowBalanceThreshold'
>;

export function accountQueries(db: Sql): AccountQueries {
  return {
    async createAccount(a) {
      const createdAt = a.created_at === undefined ? null : storedInstant(a.created_at, 'created_at');
      const row = await one(
        db,
        sql`
        INSERT INTO accounts (id, environment, name, email, business_name, role, created_at)
        VALUES (${a.id ?? randomUUID()}, ${a.environment}, ${a.name}, ${a.email}, ${a.business_name}, ${a.role},
          COALESCE(${createdAt}::timestamptz, now()))
        RETURNING ${ACCOUNT_COLS}`,
      );
      return asAccount(row!);
    },

    async getAccount(id) {
      if (!isUuid(id)) return null;
      const row = await one(db, sql`SELECT ${ACCOUNT_COLS} FROM accounts WHERE id = ${id}`);
      return row && asAccount(row);
    },

    async listAccounts(environment?: Environment) {
      const where = environment === undefined ? empty : sql`WHERE environment = ${environment}`;
      return (await rows(db, sql`SELECT ${ACCOUNT_COLS} FROM accounts ${where} ORDER BY created_at, id`)).map(
        asAccount,
      );
    },

    async getWallet(accountId) {
      if (!isUuid(accountId)) return null;
      const row = await one(db, sql`SELECT ${WALLET_COLS} FROM wallets WHERE account_id = ${accountId}`);
      return row && asWallet(row);
    },

    async upsertWallet(w: WalletRow) {
      await rows(
        db,
        sql`
        INSERT INTO wallets (account_id, balance, currency, updated_at)
        VALUES (${w.account_id}, ${money(w.balance, 'balance')}::numeric, ${w.currency}, ${storedInstant(w.updated_at, 'updated_at')})
        ON CONFLICT (account_id) DO UPDATE
          SET balance = EXCLUDED.balance, currency = EXCLUDED.currency, updated_at = EXCLUDED.updated_at`,
      );
    },

    async setLowBalanceThreshold(accountId, threshold) {
      if (!isUuid(accountId)) return null;
      const row = await one(
        db,
        sql`UPDATE wallets SET low_balance_threshold = ${money(threshold, 'low_balance_threshold')}::numeric
        WHERE account_id = ${accountId}
        RETURNING account_id, balance::text AS balance, currency, low_balance_threshold::text AS low_balance_threshold`,
      );
      return row && (row as unknown as LowBalanceSetting);
    },
  };
}
