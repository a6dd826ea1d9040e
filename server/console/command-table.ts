/**
 * The console's commands, one entry each: name, arguments (with their help), and what it runs over a Store. The
 * parser, `--help`, `help <command>` and the admin socket all read this table, so a new command (say `webhook …`)
 * is one entry here and rows in the table-driven tests (test/server/console-inputs.test.ts fails for a command
 * without bad-input cases). A command returns rows; execute.ts prints them, the same way wherever it runs.
 */
import type { Store } from '../store/types.ts';
import {
  createAccounts,
  createKey,
  describeKey,
  fundWallet,
  KEY_TABLE_EMPTY,
  listKeys,
  moveKey,
  regenerateKey,
  setApiAccess,
} from './commands.ts';
import { checkAccountInput, checkFunding, checkKeyInput, parseEnabled, parseEnvironments } from './inputs.ts';
import { LOW_BALANCE_COMMANDS } from './low-balance-command.ts';
import { PRODUCT_COMMANDS } from './product-commands.ts';
import { WEBHOOK_COMMANDS } from './webhook-commands.ts';

export interface OptionSpec {
  /** Placeholder of the value in the synopsis, e.g. `ID`. */
  value: string;
  help: string;
  required?: boolean;
  /** Options sharing a group: exactly one of them is given (the synopsis shows `(--a A | --b B)`). */
  oneOf?: string;
}

/** A list printed under a command's help (help.ts builds each from the domain and the contract). */
export type HelpList = 'scopes' | 'key roles' | 'demo key roles' | 'account role';

export interface CommandInput {
  values: Readonly<Record<string, string | undefined>>;
  /** The positional argument, when the command takes one. */
  argument: string | undefined;
}

export interface CommandResult {
  /**
   * JSON values, printed as they are with --json: a list is an array, a missing value null, never display text.
   * The table joins an array's items with commas and shows null as nothing, or as `empty` says.
   */
  rows: object | object[];
  /** A sentence printed after the rows, except with --json. */
  note?: string;
  /** The table's text for a column whose value is null or an empty list, e.g. `{ expires_at: '(never)' }`. */
  empty?: Readonly<Record<string, string>>;
}

export interface CommandSpec {
  summary: string;
  argument?: { name: string; help: string };
  /** String options only: each takes a value. */
  options: Readonly<Record<string, OptionSpec>>;
  lists?: readonly HelpList[];
  /** The checks of its values that need no store, run before one is opened (run() makes them again). */
  check?(input: CommandInput): void;
  run(store: Store, input: CommandInput): Promise<CommandResult>;
}

const ACCOUNT = (help: string, required = true): OptionSpec => ({ value: 'ID', help, required });
const KEY_ID = { name: 'ID', help: 'the key id (from key list)' };
const SECRET_ONCE = 'The secret is shown once: store it now. Only its hash is kept.';

const keyMove = (move: 'disable' | 'enable' | 'revoke', summary: string): CommandSpec => ({
  summary,
  argument: KEY_ID,
  options: {},
  run: async (store, { argument }) => ({
    rows: describeKey(await moveKey(store, argument!, move)),
    empty: KEY_TABLE_EMPTY,
  }),
});

export const COMMANDS: Readonly<Record<string, CommandSpec>> = {
  'account create': {
    summary: 'create a partner account, one per environment, each with an empty NGN wallet',
    options: {
      name: { value: 'N', help: 'the contact person', required: true },
      email: { value: 'E', help: 'the contact e-mail', required: true },
      'business-name': { value: 'B', help: 'the business', required: true },
      role: { value: 'R', help: 'the account role GET /account shows (see account role below)' },
      env: { value: 'production|sandbox|both', help: 'where to create it (default both)' },
    },
    lists: ['account role'],
    check: ({ values: v }) => {
      checkAccountInput({
        name: v.name ?? '',
        email: v.email ?? '',
        business_name: v['business-name'] ?? '',
        role: v.role,
      });
      parseEnvironments(v.env ?? 'both');
    },
    run: async (store, { values: v }) => {
      const accounts = await createAccounts(store, {
        name: v.name ?? '',
        email: v.email ?? '',
        business_name: v['business-name'] ?? '',
        role: v.role,
        environments: parseEnvironments(v.env ?? 'both'),
      });
      return {
        rows: accounts.map((a) => ({
          id: a.id,
          environment: a.environment,
          name: a.name,
          business_name: a.business_name,
        })),
      };
    },
  },
  'account list': {
    summary: 'list the partner accounts',
    options: {},
    run: async (store) => ({
      rows: (await store.listAccounts()).map((a) => ({
        id: a.id,
        environment: a.environment,
        name: a.name,
        email: a.email,
        business_name: a.business_name,
      })),
    }),
  },
  'account set-api-access': {
    summary:
      "switch an account's API access on or off: off, every keyed operation answers 403 API_DISABLED (keys keep their states)",
    options: {
      account: ACCOUNT('the account'),
      enabled: { value: 'true|false', help: 'true switches API access on, false off', required: true },
    },
    check: ({ values: v }) => void parseEnabled(v.enabled ?? ''),
    run: async (store, { values: v }) => ({
      rows: await setApiAccess(store, { account_id: v.account ?? '', enabled: v.enabled ?? '' }),
      note: 'Takes effect on the next request, on every instance.',
    }),
  },
  'key create': {
    summary: "create an API key for an account (its environment is the account's); prints the secret once",
    options: {
      account: ACCOUNT('the account the key belongs to'),
      name: { value: 'N', help: 'a name for the key', required: true },
      scopes: { value: 'a,b', help: 'the scopes it grants, comma-separated (see scopes below)', oneOf: 'grant' },
      role: { value: 'R', help: 'or a key role: a named set of scopes (see key roles below)', oneOf: 'grant' },
      'allow-list': { value: '"ip,cidr,ipv6"', help: 'only these caller addresses may use it (default: any)' },
      'expires-at': { value: 'ISO', help: 'an ISO 8601 date or date-time in the future (default: never)' },
    },
    lists: ['scopes', 'key roles', 'demo key roles'],
    check: ({ values: v }) => {
      checkKeyInput(
        {
          name: v.name ?? '',
          scopes: v.scopes,
          role: v.role,
          allow_list: v['allow-list'],
          expires_at: v['expires-at'],
        },
        new Date(),
      );
    },
    run: async (store, { values: v }) => {
      const { key, secret } = await createKey(store, {
        account_id: v.account ?? '',
        name: v.name ?? '',
        scopes: v.scopes,
        role: v.role,
        allow_list: v['allow-list'],
        expires_at: v['expires-at'],
      });
      return { rows: { ...describeKey(key), secret }, note: SECRET_ONCE, empty: KEY_TABLE_EMPTY };
    },
  },
  'key list': {
    summary: 'list API keys, never their secrets',
    options: { account: ACCOUNT('only the keys of this account', false) },
    run: async (store, { values: v }) => ({
      rows: (await listKeys(store, v.account)).map(describeKey),
      empty: KEY_TABLE_EMPTY,
    }),
  },
  'key disable': keyMove('disable', 'disable an active key (it answers TOKEN_DISABLED until enabled)'),
  'key enable': keyMove('enable', 'enable a disabled key again'),
  'key revoke': keyMove('revoke', 'revoke a key for good (it answers TOKEN_REVOKED)'),
  'key regenerate': {
    summary: 'give an active key a new secret; the old one stops working at once',
    argument: KEY_ID,
    options: {},
    run: async (store, { argument }) => {
      const { key, secret } = await regenerateKey(store, argument!);
      return {
        rows: { ...describeKey(key), secret },
        note: 'The old secret no longer works. The new secret is shown once: store it now.',
        empty: KEY_TABLE_EMPTY,
      };
    },
  },
  'wallet fund': {
    summary: "credit an account's wallet: one funding transaction; prints the new balance",
    options: {
      account: ACCOUNT('the account whose wallet is credited'),
      amount: {
        value: '5000.00',
        help: 'a positive amount in NGN, at most 9 integer digits and 2 decimals',
        required: true,
      },
      reference: { value: 'R', help: 'your reference: 1-64 characters of A-Z a-z 0-9 . _ -' },
    },
    check: ({ values: v }) => checkFunding({ amount: v.amount ?? '', reference: v.reference }),
    run: async (store, { values: v }) => {
      const { transaction: t, balance } = await fundWallet(store, {
        account_id: v.account ?? '',
        amount: v.amount ?? '',
        reference: v.reference,
      });
      return {
        rows: {
          transaction_id: t.id,
          account_id: t.account_id,
          category: t.category,
          status: t.status,
          amount: t.amount,
          currency: t.currency,
          reference: t.reference,
          external_reference: t.external_reference,
          balance,
        },
      };
    },
  },
  ...LOW_BALANCE_COMMANDS,
  ...PRODUCT_COMMANDS,
  ...WEBHOOK_COMMANDS,
};
