/**
 * The demo partner account of each environment and its wallet, the low-balance account of the low_balance key, and
 * the switched-off account of the api_disabled key.
 */
import type { Environment } from '../domain.ts';
import { uuidV5 } from '../ids.ts';
import type { AccountRow, TransactionRow, WalletRow } from '../store/types.ts';
import { CURRENCY } from './catalogue.ts';
import { formatKobo } from '../money.ts';
import { balanceOfTransactions, DEMO_BALANCE_FLOOR_KOBO } from './transactions.ts';

export { DEMO_BALANCE_FLOOR_KOBO } from './transactions.ts';

/** What the low-balance account's wallet holds at every demo start (so INSUFFICIENT_BALANCE is easy to reach). */
export const LOW_BALANCE = '50.00';
/**
 * The low-balance account's low-balance threshold, set at every demo start: under LOW_BALANCE, so that any purchase of
 * more than LOW_BALANCE − this (the cheapest airtime, 50.00, is one) sends `account.low_balance` on demand, and its
 * refund (a sandbox scenario that fails) takes the wallet back above, ready for the next one.
 */
export const LOW_BALANCE_THRESHOLD = '40.00';

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

/** Stable id of the low-balance account of an environment (its own account: the demo partner's wallet is untouched). */
export function lowBalanceAccountId(environment: Environment): string {
  return uuidV5(`demo-account:low-balance:${environment}`);
}

/** The account of the `low_balance` demo key: a partner whose wallet holds LOW_BALANCE at every start. */
export function lowBalanceAccount(environment: Environment, now: Date): NewDemoAccount {
  return {
    id: lowBalanceAccountId(environment),
    environment,
    name: 'Lola Bello',
    email: environment === 'production' ? 'lola.bello@lowbalance.example' : 'lola.bello+sandbox@lowbalance.example',
    business_name: 'Low Balance Ltd',
    role: 'regular',
    created_at: new Date(now.getTime() - 30 * 86_400_000),
  };
}

/** Stable id of the switched-off account of an environment (its API access is off: API_DISABLED). */
export function apiDisabledAccountId(environment: Environment): string {
  return uuidV5(`demo-account:api-disabled:${environment}`);
}

/** The account of the `api_disabled` demo key: a partner whose API access the operator switched off. */
export function apiDisabledAccount(environment: Environment, now: Date): NewDemoAccount {
  return {
    id: apiDisabledAccountId(environment),
    environment,
    name: 'Sola Ade',
    email: environment === 'production' ? 'sola.ade@switchedoff.example' : 'sola.ade+sandbox@switchedoff.example',
    business_name: 'Switched Off Ltd',
    role: 'regular',
    created_at: new Date(now.getTime() - 29 * 86_400_000),
  };
}

/**
 * The wallet implied by the demo transactions: the balance they add up to (at least DEMO_BALANCE_FLOOR_KOBO by
 * construction of the history; the floor here is a guard only), updated at the last movement (or now when none).
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
