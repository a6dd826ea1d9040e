/**
 * `account set-low-balance-threshold` (command-table.ts takes it in): the amount under which a debit of an account's
 * wallet sends `account.low_balance` (once per crossing: server/store/sql/wallet_low_balance_event.sql); 0 turns it
 * off, the default. Like every command it also runs against a running server, through the admin socket.
 */
import type { Store } from '../store/types.ts';
import type { CommandSpec } from './command-table.ts';
import { ConsoleError, UsageError } from './errors.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The contract's Amount (1-9 integer digits, at most 2 decimals), 0 included: 0 is off. */
const THRESHOLD = /^(0|[1-9][0-9]{0,8})(\.[0-9]{1,2})?$/;

export function parseThreshold(text: string): string {
  if (!THRESHOLD.test(text))
    throw new UsageError(
      `--amount must be an amount in NGN with at most 9 integer digits and 2 decimals, such as 10000.00, or 0 to turn the alert off, got '${text}'`,
    );
  return text;
}

function checkAccountId(text: string): void {
  if (!UUID.test(text))
    throw new UsageError(`--account must be an id such as 5c1d7e9a-3b2f-4a6c-8d0e-1f2a3b4c5d6e, got '${text}'`);
}

export const LOW_BALANCE_COMMANDS: Readonly<Record<string, CommandSpec>> = {
  'account set-low-balance-threshold': {
    summary:
      'set the balance under which a debit sends account.low_balance (once per crossing; 0 turns it off, the default)',
    options: {
      account: { value: 'ID', help: 'the account whose wallet is watched', required: true },
      amount: {
        value: '10000.00',
        help: 'the threshold in NGN, at most 9 integer digits and 2 decimals; 0: off',
        required: true,
      },
    },
    check: ({ values: v }) => {
      checkAccountId(v.account ?? '');
      parseThreshold(v.amount ?? '');
    },
    run: async (store: Store, { values: v }) => {
      checkAccountId(v.account ?? '');
      const threshold = parseThreshold(v.amount ?? '');
      const set = await store.setLowBalanceThreshold(v.account!.toLowerCase(), threshold);
      if (!set) throw new ConsoleError(`unknown account '${v.account}' (see account list)`);
      const off = Number(set.low_balance_threshold) === 0;
      const below = !off && Number(set.balance) < Number(set.low_balance_threshold);
      return {
        rows: { ...set, alert: off ? 'off' : 'on' },
        note: off
          ? 'No account.low_balance events for this account.'
          : below
            ? 'The balance is already below the threshold: the next event comes after it is back at the threshold or above and a debit takes it below again.'
            : 'account.low_balance is sent when a debit takes the balance below the threshold, once per crossing.',
      };
    },
  },
};
