/** The demo partner account of each environment and its wallet. */
import type { Environment } from '../domain.ts';
import { uuidV5 } from '../ids.ts';
import type { AccountRow, TransactionRow, WalletRow } from '../store/types.ts';
import { CURRENCY } from './catalogue.ts';
import { formatKobo, naira } from './money.ts';
import { balanceOfTransactions } from './transactions.ts';

/** The wallet of the demo account never shows less than this (NGN 250,000.00), whatever the generated history. */
export const DEMO_BALANCE_FLOOR_KOBO = naira(250_000);

export type NewDemoAccount = Omit<AccountRow, 'created_at'> & { created_at: Date };

/** Stable id of the demo account of an environment. */
export function demoAccountId(environment: Environment): string {
  return uuidV5(`demo-account:${environment}`);
}

/** The demo partner of an environment; it was created a little before the oldest demo transaction. */
export function demoAccount(environment: Environment, now: Date): NewDemoAccount {
  return {
    id: demoAccountId(environment),
    environment,
    name: 'Amaka Obi',
    email: environment === 'production' ? 'amaka.obi@swiftpay.example' : 'amaka.obi+sandbox@swiftpay.example',
    business_name: 'SwiftPay Bills Ltd',
    role: 'regular',
    created_at: new Date(now.getTime() - 120 * 86_400_000),
  };
}

/**
 * The wallet implied by the demo transactions: the balance they add up to, floored at DEMO_BALANCE_FLOOR_KOBO so the
 * demo account can always buy something; updated at the last movement (or now when there is none).
 */
export function demoWallet(accountId: string, transactions: readonly TransactionRow[], now: Date): WalletRow {
  const kobo = Math.max(balanceOfTransactions(transactions), DEMO_BALANCE_FLOOR_KOBO);
  const settled = transactions.filter((t) => t.status !== 'failed').map((t) => t.updated_at.getTime());
  return {
    account_id: accountId,
    balance: formatKobo(kobo),
    currency: CURRENCY,
    updated_at: new Date(settled.length ? Math.max(...settled) : now.getTime()),
  };
}
