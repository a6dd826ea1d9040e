/**
 * Every console command's bad inputs, table-driven, and its help. A bad command line (status 2) is refused before
 * any store is opened: those rows point --data-dir at a directory that must still not exist afterwards. What the
 * data refuses (status 1) is checked on a real store, whose accounts, keys and wallets must be unchanged. Scopes and
 * roles are also checked over whole classes of strings (fast-check), and the help against the contract.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadBundle } from '../../conformance/contract-schemas.ts';
import { KEY_ROLE_NAMES, KEY_ROLES } from '../../server/auth/key-roles.ts';
import { COMMANDS } from '../../server/console/command-table.ts';
import { runConsole } from '../../server/console/main.ts';
import { DEMO_KEY_ROLES, DEMO_KEY_SPECS } from '../../server/demo/keys.ts';
import { SCOPES } from '../../server/domain.ts';
import { openStore } from '../../server/store/open.ts';

let root: string;
let never: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'console-inputs-'));
  never = join(root, 'never-opened');
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function cli(args: string[], dataDir: string) {
  const lines: string[] = [];
  const code = await runConsole([...args, '--data-dir', dataDir], {}, (l) => lines.push(l), { adminWaitMs: 0 });
  return { code, out: lines.join('\n') };
}

const ID = '00000000-0000-4000-8000-000000000000';
const SCOPE_LIST = SCOPES.join(', ');
const ROLE_LIST = KEY_ROLE_NAMES.join(', ');
const KEY = ['key', 'create', '--account', ID, '--name', 'n'];

/** [command, arguments after it, message]: each refused with status 2 before a store is opened. */
const BAD_COMMAND_LINES: [string, string[], RegExp][] = [
  ['account set-api-access', ['--enabled', 'false'], /^error: account set-api-access needs --account ID: the account$/],
  ['account set-api-access', ['--account', ID], /^error: account set-api-access needs --enabled true\|false/],
  [
    'account set-api-access',
    ['--account', ID, '--enabled', 'off'],
    /^error: --enabled must be true or false, got 'off'$/,
  ],
  [
    'account set-low-balance-threshold',
    ['--amount', '0'],
    /^error: account set-low-balance-threshold needs --account ID: the account whose wallet is watched$/,
  ],
  [
    'account set-low-balance-threshold',
    ['--account', ID],
    /^error: account set-low-balance-threshold needs --amount 10000\.00: the threshold in NGN/,
  ],
  ...['-1', '1.234', 'ten', '1e3', '0x10', '1234567890', ''].map((amount): [string, string[], RegExp] => [
    'account set-low-balance-threshold',
    ['--account', ID, '--amount', amount],
    /^error: --amount must be an amount in NGN with at most 9 integer digits and 2 decimals, such as 10000\.00, or 0 to turn the alert off, got '.*'$/,
  ]),
  [
    'account set-low-balance-threshold',
    ['--account', 'nope', '--amount', '1.00'],
    /^error: --account must be an id such as .*, got 'nope'$/,
  ],
  [
    'account create',
    ['--email', 'a@b.ng', '--business-name', 'B'],
    /^error: account create needs --name N: the contact person$/,
  ],
  [
    'account create',
    ['--name', 'N', '--email', 'not-an-email', '--business-name', 'B'],
    /^error: invalid e-mail 'not-an-email'$/,
  ],
  ['account create', ['--name', ' ', '--email', 'a@b.ng', '--business-name', 'B'], /^error: --name is required$/],
  [
    'account create',
    ['--name', 'N', '--email', 'a@b.ng', '--business-name', 'B', '--role', 'Admin'],
    /^error: invalid account role 'Admin': accepted is a lower-case word .* at most 32 characters, such as regular/,
  ],
  [
    'account create',
    ['--name', 'N', '--email', 'a@b.ng', '--business-name', 'B', '--role', 'r'.repeat(33)],
    /^error: --role is longer than 32 characters$/,
  ],
  [
    'account create',
    ['--name', 'N', '--email', 'a@b.ng', '--business-name', 'B', '--env', 'staging'],
    /^error: environment must be production, sandbox or both, got 'staging'$/,
  ],
  [
    'account create',
    ['--name', 'N', '--email', 'a@b.ng', '--business-name', 'B', '--scopes', 'read_balance'],
    /^error: account create has no option --scopes \(see help account create\)\nusage: /,
  ],
  [
    'account create',
    ['--name', 'N', '--name', 'M', '--email', 'a@b.ng', '--business-name', 'B'],
    /^error: --name is given twice\n/,
  ],
  ['account list', ['--account', ID], /^error: account list has no option --account/],
  ['account list', ['extra'], /^error: unexpected argument 'extra'\nusage: npm run console -- account list$/],
  [
    'key create',
    ['--name', 'n', '--scopes', 'read_balance'],
    /^error: key create needs --account ID: the account the key belongs to$/,
  ],
  [
    'key create',
    ['--account', ID, '--scopes', 'read_balance'],
    /^error: key create needs --name N: a name for the key$/,
  ],
  ['key create', ['--account', ID, '--name', ' ', '--scopes', 'read_balance'], /^error: --name is required$/],
  ['key create', ['--account', ID, '--name', 'n'], /^error: key create needs --scopes a,b or --role R$/],
  [
    'key create',
    [...KEY.slice(2), '--scopes', 'read_balance', '--role', 'full'],
    /^error: give --scopes or --role, not both$/,
  ],
  [
    'key create',
    [...KEY.slice(2), '--scopes', 'read_everything'],
    new RegExp(`^error: unknown scope 'read_everything' \\(accepted: ${SCOPE_LIST}\\)$`),
  ],
  [
    'key create',
    [...KEY.slice(2), '--scopes', ' , '],
    new RegExp(`^error: at least one scope is required \\(accepted: ${SCOPE_LIST}\\)$`),
  ],
  [
    'key create',
    [...KEY.slice(2), '--role', 'admin'],
    new RegExp(`^error: unknown role 'admin' \\(accepted: ${ROLE_LIST}; see help key create\\)$`),
  ],
  [
    'key create',
    [...KEY.slice(2), '--role', 'disabled'],
    new RegExp(`^error: unknown role 'disabled' \\(accepted: ${ROLE_LIST}`),
  ],
  [
    'key create',
    [...KEY.slice(2), '--scopes', 'read_balance', '--allow-list', '300.1.1.1'],
    /^error: invalid allow-list.*300\.1\.1\.1/,
  ],
  [
    'key create',
    [...KEY.slice(2), '--scopes', 'read_balance', '--expires-at', '2001-01-01'],
    /^error: expiry 2001-01-01T00:00:00\.000Z is not in the future$/,
  ],
  [
    'key create',
    [...KEY.slice(2), '--scopes', 'read_balance', '--expires-at', 'tomorrow'],
    /^error: expiry must be an ISO 8601 date or date-time, got 'tomorrow'$/,
  ],
  [
    'key create',
    [...KEY.slice(2), '--scopes', '--role'],
    /^error: --scopes needs a value: --scopes a,b \(for a value starting with --, write --scopes=VALUE\)/,
  ],
  ['key create', [...KEY.slice(2), '--scopes', 'read_balance', '--json=yes'], /^error: --json takes no value\n/],
  ['key list', ['--account'], /^error: --account needs a value: --account ID/],
  ['key list', ['--scopes', 'read_balance'], /^error: key list has no option --scopes/],
  ...(['disable', 'enable', 'revoke', 'regenerate'] as const).flatMap((move): [string, string[], RegExp][] => [
    [`key ${move}`, [], new RegExp(`^error: key ${move} needs ID: the key id \\(from key list\\)$`)],
    [
      `key ${move}`,
      [ID, ID],
      new RegExp(`^error: unexpected argument '${ID}'\\nusage: npm run console -- key ${move} ID$`),
    ],
    [`key ${move}`, [ID, '--name', 'x'], new RegExp(`^error: key ${move} has no option --name`)],
  ]),
  [
    'wallet fund',
    ['--amount', '1.00'],
    /^error: wallet fund needs --account ID: the account whose wallet is credited$/,
  ],
  ['wallet fund', ['--account', ID], /^error: wallet fund needs --amount 5000\.00: a positive amount/],
  ['wallet fund', ['--account', ID, '--amount', '-5'], /^error: --amount must be a positive amount .*, got '-5'$/],
  [
    'wallet fund',
    ['--account', ID, '--amount', '1.00', '--reference', 'a b'],
    /^error: --reference must be 1-64 characters/,
  ],
  [
    'products set-price',
    ['--product', ID, '--price', '1.00'],
    /^error: products set-price needs --env sandbox\|production/,
  ],
  [
    'products set-price',
    ['--env', 'staging', '--product', ID, '--price', '1.00'],
    /^error: --env must be sandbox or production, got 'staging'$/,
  ],
  [
    'products set-price',
    ['--env', 'sandbox', '--product', 'nope', '--price', '1.00'],
    /^error: --product must be a product id such as .*, got 'nope'$/,
  ],
  [
    'products set-price',
    ['--env', 'sandbox', '--product', ID],
    /^error: products set-price needs --price AMOUNT \(a fixed price\) or --min-amount A --max-amount B \(a range\)$/,
  ],
  [
    'products set-price',
    ['--env', 'sandbox', '--product', ID, '--price', '0.00'],
    /^error: --price must be a positive amount in NGN .*, got '0\.00'$/,
  ],
  [
    'products set-price',
    ['--env', 'sandbox', '--product', ID, '--price', '1.001'],
    /^error: --price must be a positive amount in NGN .*, got '1\.001'$/,
  ],
  [
    'products set-price',
    ['--env', 'sandbox', '--product', ID, '--price', '1', '--min-amount', '1'],
    /^error: give --price \(a fixed price\) or --min-amount and --max-amount \(a range\), not both$/,
  ],
  [
    'products set-price',
    ['--env', 'sandbox', '--product', ID, '--min-amount', '1'],
    /^error: a range needs both --min-amount and --max-amount$/,
  ],
  [
    'products set-price',
    ['--env', 'sandbox', '--product', ID, '--min-amount', '10', '--max-amount', '9.99'],
    /^error: --min-amount 10\.00 is above --max-amount 9\.99$/,
  ],
  [
    'products set-availability',
    ['--env', 'sandbox', '--product', ID],
    /^error: products set-availability needs --available true\|false/,
  ],
  [
    'products set-availability',
    ['--env', 'sandbox', '--product', ID, '--available', 'no'],
    /^error: --available must be true or false, got 'no'$/,
  ],
  [
    'products set-availability',
    ['--env', 'prod', '--product', ID, '--available', 'true'],
    /^error: --env must be sandbox or production, got 'prod'$/,
  ],
  ['webhook list', [], /^error: webhook list needs --account ID: the account$/],
  ['webhook list', ['--account', 'nope'], /^error: --account must be an id such as .*, got 'nope'$/],
  ['webhook deliveries', ['--account', ID], /^error: webhook deliveries needs --webhook ID/],
  [
    'webhook deliveries',
    ['--account', ID, '--webhook', ID, '--status', 'lost'],
    /^error: --status must be one of pending, delivered, failed, got 'lost'$/,
  ],
  ['webhook redeliver', ['--account', ID, '--webhook', ID], /^error: webhook redeliver needs --event ID/],
  [
    'webhook redeliver',
    ['--account', ID, '--webhook', ID, '--event', '12'],
    /^error: --event must be an id such as .*, got '12'$/,
  ],
];

/** Command lines that match no command. */
const NO_COMMAND: [string[], RegExp][] = [
  [[], /^error: no command given\ncommands:\n/],
  [['key'], /^error: 'key' needs a command\ncommands:\n/],
  [['key', 'delete', ID], /^error: unknown command 'key delete'\ncommands:\n/],
  [['webhook', 'delete'], /^error: unknown command 'webhook delete'\n/],
  [['--verbose', 'key', 'list'], /^error: unknown option --verbose\n/],
  [['help', 'key', 'delete'], /^error: unknown command 'key delete'\n/],
];

describe('a bad command line: status 2, a clear message, no store opened', () => {
  it('has rows for every command of the table', () => {
    const covered = new Set(BAD_COMMAND_LINES.map(([name]) => name));
    expect(Object.keys(COMMANDS).filter((name) => !covered.has(name))).toEqual([]);
  });

  it.each(BAD_COMMAND_LINES)('%s %j', async (name, args, message) => {
    const r = await cli([...name.split(' '), ...args], never);
    expect(r).toEqual({ code: 2, out: expect.stringMatching(message) });
    expect(existsSync(never)).toBe(false);
  });

  it.each(NO_COMMAND)('%j', async (args, message) => {
    const r = await cli(args, never);
    expect(r).toEqual({ code: 2, out: expect.stringMatching(message) });
    expect(existsSync(never)).toBe(false);
  });
});

describe('scopes and roles over whole classes of strings', () => {
  const word = fc.string({ minLength: 1, maxLength: 24 }).filter((s) => s.trim() !== '' && !s.includes(','));

  it('refuses every scope that is not one of the domain scopes, listing them all', async () => {
    const bad = word.filter((s) => !(SCOPES as readonly string[]).includes(s.trim()));
    await fc.assert(
      fc.asyncProperty(fc.subarray([...SCOPES]), bad, async (good, s) => {
        const r = await cli([...KEY, `--scopes=${[...good, s].join(',')}`], never);
        expect(r).toEqual({ code: 2, out: `error: unknown scope '${s.trim()}' (accepted: ${SCOPE_LIST})` });
      }),
      { numRuns: 100 },
    );
    expect(existsSync(never)).toBe(false);
  });

  it('refuses every key role that is not a key role (demo-only roles included), listing the accepted ones', async () => {
    const bad = fc
      .oneof(word, fc.constantFrom(...DEMO_KEY_ROLES))
      .filter((s) => !(KEY_ROLE_NAMES as string[]).includes(s));
    await fc.assert(
      fc.asyncProperty(bad, async (role) => {
        const r = await cli([...KEY, `--role=${role}`], never);
        expect(r).toEqual({
          code: 2,
          out: `error: unknown role '${role}' (accepted: ${ROLE_LIST}; see help key create)`,
        });
      }),
      { numRuns: 100 },
    );
    expect(existsSync(never)).toBe(false);
  });

  it('refuses every account role that is not a lower-case word, saying what is accepted', async () => {
    const bad = fc
      .string({ minLength: 1, maxLength: 32 })
      .filter((s) => !/^[a-z][a-z0-9_]*$/.test(s) && s.trim().length <= 32);
    await fc.assert(
      fc.asyncProperty(bad, async (role) => {
        const r = await cli(
          ['account', 'create', '--name', 'N', '--email', 'a@b.ng', '--business-name', 'B', `--role=${role}`],
          never,
        );
        expect(r.code).toBe(2);
        expect(r.out.startsWith(`error: invalid account role '${role}': accepted is a lower-case word`)).toBe(true);
      }),
      { numRuns: 100 },
    );
    expect(existsSync(never)).toBe(false);
  });
});

describe('what the data refuses: status 1, nothing written', () => {
  let dir: string;
  let account: string;
  let revoked: string;
  const snapshot = async () => {
    const store = await openStore({ dataDir: dir });
    try {
      const accounts = await store.listAccounts();
      return {
        accounts,
        keys: await store.listKeys(),
        wallets: await Promise.all(
          accounts.map(async (a) => [await store.getWallet(a.id), await store.countTransactions(a.id)]),
        ),
      };
    } finally {
      await store.close();
    }
  };

  beforeAll(async () => {
    dir = join(root, 'data');
    account = JSON.parse(
      (
        await cli(
          [
            'account',
            'create',
            '--name',
            'N',
            '--email',
            'n@b.ng',
            '--business-name',
            'B',
            '--env',
            'sandbox',
            '--json',
          ],
          dir,
        )
      ).out,
    )[0].id;
    revoked = JSON.parse(
      (await cli([...KEY.slice(0, 2), '--account', account, '--name', 'r', '--role', 'full', '--json'], dir)).out,
    ).id;
    expect((await cli(['key', 'revoke', revoked], dir)).code).toBe(0);
  }, 120_000);

  const rows = (): [string, string[], RegExp][] => [
    [
      'an unknown account for key create',
      [...KEY, '--scopes', 'read_balance'],
      new RegExp(`^error: unknown account '${ID}'$`),
    ],
    ['an unknown account for key list', ['key', 'list', '--account', 'nope'], /^error: unknown account 'nope'$/],
    [
      'an unknown account for account set-low-balance-threshold',
      ['account', 'set-low-balance-threshold', '--account', ID, '--amount', '100.00'],
      new RegExp(`^error: unknown account '${ID}' \\(see account list\\)$`),
    ],
    [
      'an unknown account for wallet fund',
      ['wallet', 'fund', '--account', ID, '--amount', '1.00'],
      new RegExp(`^error: unknown account '${ID}'$`),
    ],
    ...(['disable', 'enable', 'revoke', 'regenerate'] as const).flatMap((move): [string, string[], RegExp][] => [
      [`an unknown key for key ${move}`, ['key', move, ID], new RegExp(`^error: unknown key '${ID}'$`)],
      [
        `a revoked key for key ${move}`,
        ['key', move, revoked],
        new RegExp(`^error: cannot ${move} a key that is revoked`),
      ],
    ]),
  ];

  it('refuses each, and the store is as it was', async () => {
    const before = await snapshot();
    for (const [name, args, message] of rows()) {
      expect({ name, ...(await cli(args, dir)) }).toEqual({ name, code: 1, out: expect.stringMatching(message) });
    }
    expect(await snapshot()).toEqual(before);
  }, 300_000);
});

describe('help', () => {
  const help = async (...args: string[]) => cli(args, never);

  it('lists every command, every scope with the operations of the contract that need it, every key and demo role', async () => {
    const { code, out } = await help('--help');
    expect(code).toBe(0);
    for (const name of Object.keys(COMMANDS)) expect(out).toContain(`\n  ${name}`);
    const bundle = loadBundle() as { paths: Record<string, Record<string, { security?: Record<string, string[]>[] }>> };
    const needs = new Map<string, string[]>();
    for (const [path, item] of Object.entries(bundle.paths)) {
      for (const [method, op] of Object.entries(item)) {
        for (const scope of op.security?.flatMap((s) => Object.values(s).flat()) ?? [])
          needs.set(scope, [...(needs.get(scope) ?? []), `${method.toUpperCase()} ${path}`]);
      }
    }
    for (const scope of SCOPES) {
      const line = out.split('\n').find((l) => l.startsWith(`  ${scope} `));
      expect(line, scope).toBeDefined();
      for (const op of needs.get(scope) ?? []) expect(line).toContain(op);
      if (!needs.has(scope)) expect(line).toContain('(no operation of the contract needs it yet)');
    }
    for (const role of KEY_ROLE_NAMES)
      expect(out).toMatch(
        new RegExp(`\\n  ${role} +(every scope|${KEY_ROLES[role].scopes.join(', ')}): ${KEY_ROLES[role].grants}\\n`),
      );
    for (const role of DEMO_KEY_ROLES) expect(out).toContain(`  ${role.padEnd(17)}${DEMO_KEY_SPECS[role].description}`);
    expect(out).toMatch(/account role \(account create --role R\)/);
    expect(out).toMatch(/exit status: 0 done; 1 refused by the data/);
    expect((await help('help')).out).toBe(out);
  });

  it.each(Object.keys(COMMANDS))('help %s: its arguments, the same as %s --help', async (name) => {
    const viaHelp = await help('help', ...name.split(' '));
    expect(viaHelp.code).toBe(0);
    expect(await help(...name.split(' '), '--help')).toEqual(viaHelp);
    const command = COMMANDS[name]!;
    for (const option of Object.keys(command.options))
      expect(viaHelp.out).toContain(`--${option} ${command.options[option]!.value}`);
    if (command.argument) expect(viaHelp.out).toContain(command.argument.help);
    if (name === 'key create') for (const s of SCOPES) expect(viaHelp.out).toContain(`\n  ${s} `);
  });
});
