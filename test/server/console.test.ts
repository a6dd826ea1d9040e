/**
 * The console command: accounts and keys over the store; bad input gets a clear error and changes nothing (status 2
 * for a bad command line, 1 for what the data refuses). Every command's bad inputs, the help and the scopes and
 * roles: console-inputs.test.ts; through a running server: console-admin.test.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSecret } from '../../server/auth/keys.ts';
import fc from 'fast-check';
import { ACCOUNT_LIMITS, ConsoleError, UsageError, createAccounts, fundWallet } from '../../server/console/commands.ts';
import { failure, runConsole } from '../../server/console/main.ts';
import { loadBundle } from '../../conformance/contract-schemas.ts';
import {
  AccountNotFoundError,
  InvalidStoreValueError,
  KeyNotFoundError,
  StoreMisuseError,
  StoreUnavailableError,
} from '../../server/store/errors.ts';
import { openStore } from '../../server/store/open.ts';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'console-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function cli(...args: string[]) {
  const lines: string[] = [];
  // adminWaitMs 0: a held directory is reported at once (no server here to answer on an admin socket).
  const code = await runConsole([...args, '--data-dir', dir], {}, (l) => lines.push(l), { adminWaitMs: 0 });
  return { code, out: lines.join('\n') };
}
const jsonOf = (out: string) => JSON.parse(out) as any;

describe('console', () => {
  let sandboxAccount: string;
  let keyId: string;
  let secret: string;

  it('creates a partner account in both environments', async () => {
    const r = await cli(
      'account',
      'create',
      '--name',
      'Tunde Bakare',
      '--email',
      'tunde@kwikpay.ng',
      '--business-name',
      'KwikPay Ltd',
      '--json',
    );
    expect(r.code).toBe(0);
    const accounts = jsonOf(r.out);
    expect(accounts.map((a: any) => a.environment).sort()).toEqual(['production', 'sandbox']);
    sandboxAccount = accounts.find((a: any) => a.environment === 'sandbox').id;
    // The file's first command makes the store in a fresh process: a new data directory, PGlite's first start and
    // every migration. On a loaded 2-core machine that took over 30 s once (ARCHITECTURE.md, "Where a test run's time
    // goes"): a budget for that work (nothing here waits on the clock).
  }, 120_000);

  it('creates a key and shows its secret once, storing only its hash', async () => {
    const r = await cli(
      'key',
      'create',
      '--account',
      sandboxAccount,
      '--name',
      'pos',
      '--scopes',
      'read_balance,view_products',
      '--allow-list',
      '203.0.113.0/24, 2001:db8::1',
      '--json',
    );
    expect(r.code).toBe(0);
    const k = jsonOf(r.out);
    expect(k.secret).toMatch(/^sk_test_[0-9A-Za-z]{40}$/);
    expect(k).toMatchObject({
      environment: 'sandbox',
      status: 'active',
      scopes: ['read_balance', 'view_products'],
      allow_list: ['203.0.113.0/24', '2001:db8::1'],
      expires_at: null,
    });
    keyId = k.id;
    secret = k.secret;
    const store = await openStore({ dataDir: dir });
    try {
      expect((await store.findKeyByHash(hashSecret(secret)))?.id).toBe(keyId);
    } finally {
      await store.close();
    }
  });

  it('lists keys without secrets', async () => {
    const r = await cli('key', 'list', '--json');
    expect(r.code).toBe(0);
    expect(r.out).not.toContain(secret);
    expect(r.out).not.toContain(hashSecret(secret));
    expect(jsonOf(r.out)[0].prefix).toBe(`${secret.slice(0, 12)}…`);
  });

  it.each([
    [
      'an unknown scope',
      ['key', 'create', '--name', 'x', '--scopes', 'read_everything'],
      /unknown scope 'read_everything'/,
    ],
    [
      'an invalid IP',
      ['key', 'create', '--name', 'x', '--scopes', 'read_balance', '--allow-list', '300.1.1.1'],
      /invalid allow-list.*300\.1\.1\.1/,
    ],
    [
      'an invalid CIDR',
      ['key', 'create', '--name', 'x', '--scopes', 'read_balance', '--allow-list', '10.0.0.0/33'],
      /invalid allow-list/,
    ],
    [
      'an expiry in the past',
      ['key', 'create', '--name', 'x', '--scopes', 'read_balance', '--expires-at', '2001-01-01'],
      /not in the future/,
    ],
  ])('refuses %s and creates nothing', async (_n, args, message) => {
    const before = jsonOf((await cli('key', 'list', '--json')).out).length;
    const r = await cli(...args, '--account', sandboxAccount);
    expect(r.code).toBe(2);
    expect(r.out).toMatch(message);
    expect(jsonOf((await cli('key', 'list', '--json')).out).length).toBe(before);
  });

  it.each([
    ['an unknown key', ['key', 'revoke', '00000000-0000-4000-8000-000000000000'], 1, /unknown key/],
    ['a junk key id', ['key', 'disable', 'nope'], 1, /unknown key 'nope'/],
    ['an unknown command', ['key', 'delete', 'x'], 2, /unknown command 'key delete'/],
    [
      'an unknown account',
      ['key', 'create', '--account', '00000000-0000-4000-8000-000000000000', '--name', 'x', '--scopes', 'read_balance'],
      1,
      /unknown account/,
    ],
  ] as const)('refuses %s with a clear error', async (_n, args, code, message) => {
    const r = await cli(...args);
    expect(r.code).toBe(code);
    expect(r.out).toMatch(message);
  });

  it('reports what the store refuses as one line with status 1, and creates nothing', async () => {
    const before = jsonOf((await cli('key', 'list', '--json')).out).length;
    // Year 10000 in UTC: a valid future expiry for the console, outside the instants the store holds.
    const r = await cli(
      'key',
      'create',
      '--account',
      sandboxAccount,
      '--name',
      'x',
      '--scopes',
      'read_balance',
      '--expires-at',
      '9999-12-31T23:59:59-14:00',
    );
    expect(r).toEqual({
      code: 1,
      out: expect.stringMatching(
        /^error: expires_at must be between 0001-01-01T00:00:00Z and 9999-12-31T23:59:59\.999Z, got \+010000-01-01T13:59:59\.000Z$/,
      ),
    });
    expect(jsonOf((await cli('key', 'list', '--json')).out).length).toBe(before);
  });

  it('reports a data directory held by another opener as one line with status 3', async () => {
    const holder = await openStore({ dataDir: dir });
    try {
      const r = await cli('account', 'list');
      expect(r).toEqual({
        code: 3,
        out: expect.stringMatching(
          /^error: data directory .* is in use by this process \(pid \d+\); stop it or use --data-dir \(no server answers on its admin socket .*\/\.admin\.sock\)$/,
        ),
      });
    } finally {
      await holder.close();
    }
  });

  it('moves a key through disable, enable, regenerate and revoke, refusing moves the state table forbids', async () => {
    expect(jsonOf((await cli('key', 'disable', keyId, '--json')).out).status).toBe('disabled');
    expect((await cli('key', 'regenerate', keyId)).out).toMatch(/cannot regenerate a key that is disabled/);
    expect(jsonOf((await cli('key', 'enable', keyId, '--json')).out).status).toBe('active');
    const regenerated = jsonOf((await cli('key', 'regenerate', keyId, '--json')).out);
    expect(regenerated.secret).not.toBe(secret);
    expect(jsonOf((await cli('key', 'revoke', keyId, '--json')).out).status).toBe('revoked');
    const again = await cli('key', 'enable', keyId);
    expect([again.code, again.out]).toEqual([1, expect.stringMatching(/cannot enable a key that is revoked/)]);
    const store = await openStore({ dataDir: dir });
    try {
      expect(await store.findKeyByHash(hashSecret(secret))).toBeNull();
      expect((await store.findKeyByHash(hashSecret(regenerated.secret)))?.status).toBe('revoked');
    } finally {
      await store.close();
    }
  });
});

describe('console account limits', () => {
  it('are the maxLength of the attributes the API returns (AccountAttributes)', () => {
    const attrs = (loadBundle() as any).components.schemas.AccountAttributes.properties;
    expect(ACCOUNT_LIMITS).toEqual({
      name: attrs.name.maxLength,
      email: attrs.email.maxLength,
      'business-name': attrs.business_name.maxLength,
      role: attrs.role.maxLength,
    });
  });

  it.each([
    [
      'a name over the limit',
      ['--name', 'n'.repeat(201), '--email', 'a@b.ng', '--business-name', 'B'],
      '--name is longer than 200 characters',
    ],
    [
      'an e-mail over the limit',
      ['--name', 'N', '--email', `${'a'.repeat(250)}@b.ng`, '--business-name', 'B'],
      '--email is longer than 254 characters',
    ],
    [
      'a business name over the limit',
      ['--name', 'N', '--email', 'a@b.ng', '--business-name', 'b'.repeat(201)],
      '--business-name is longer than 200 characters',
    ],
    [
      'a role that is no lower-case word',
      ['--name', 'N', '--email', 'a@b.ng', '--business-name', 'B', '--role', 'Admin!'],
      "invalid account role 'Admin!': accepted is a lower-case word",
    ],
  ])('refuses %s and creates nothing', async (_name, args, message) => {
    const before = await cli('account', 'list', '--json');
    const r = await cli('account', 'create', ...args);
    expect(r.code).toBe(2);
    expect(r.out).toContain(message);
    expect((await cli('account', 'list', '--json')).out).toBe(before.out);
  });
});

describe('console failures', () => {
  const id = '00000000-0000-4000-8000-000000000000';
  it.each<[string, unknown, { code: number; message: string }]>([
    [
      'an account the store cannot find',
      new AccountNotFoundError(id, 'cannot create API key'),
      { code: 1, message: `cannot create API key: account ${id} not found` },
    ],
    ['a key the store cannot find', new KeyNotFoundError(id), { code: 1, message: `API key ${id} not found` }],
    [
      'a value the store cannot hold',
      new InvalidStoreValueError('balance must be a decimal string'),
      { code: 1, message: 'balance must be a decimal string' },
    ],
    [
      'an unavailable database',
      new StoreUnavailableError('database unavailable: connect ECONNREFUSED'),
      { code: 3, message: 'database unavailable: connect ECONNREFUSED' },
    ],
    ['a bad command line', new UsageError("unknown scope 'x'"), { code: 2, message: "unknown scope 'x'" }],
    [
      'a store misuse (a bug)',
      new StoreMisuseError('invalid schema name: a;b'),
      { code: 3, message: 'invalid schema name: a;b' },
    ],
    [
      'a driver error with a multi-line message',
      new Error('relation "x" does not exist\n  at line 1'),
      { code: 3, message: 'relation "x" does not exist' },
    ],
  ])('reports %s as one line', (_name, err, want) => {
    expect(failure(err)).toEqual(want);
  });
});

describe('console wallet fund', () => {
  let account: string;
  const balance = async () => {
    const store = await openStore({ dataDir: dir });
    try {
      return {
        wallet: (await store.getWallet(account))!.balance,
        count: await store.countTransactions(account),
        ledger: await store.ledgerOf(account),
      };
    } finally {
      await store.close();
    }
  };

  beforeAll(async () => {
    const r = await cli(
      'account',
      'create',
      '--name',
      'Ife Ade',
      '--email',
      'ife@paystack.example',
      '--business-name',
      'Ife Ltd',
      '--env',
      'sandbox',
      '--json',
    );
    account = jsonOf(r.out)[0].id;
  }, 30_000);

  it('credits the wallet with a funding transaction and shows the new balance', async () => {
    const r = await cli(
      'wallet',
      'fund',
      '--account',
      account,
      '--amount',
      '5000.00',
      '--reference',
      'BANK-TRF.1',
      '--json',
    );
    expect(r.code).toBe(0);
    expect(jsonOf(r.out)).toMatchObject({
      account_id: account,
      category: 'funding',
      status: 'successful',
      amount: '5000.00',
      currency: 'NGN',
      reference: 'BANK-TRF.1',
      external_reference: expect.stringMatching(/^[0-9]{10}[0-9A-Z]{6}$/),
      balance: '5000.00',
    });
    const table = await cli('wallet', 'fund', '--account', account.toUpperCase(), '--amount', '0.5');
    expect(table.code).toBe(0);
    expect(table.out).toMatch(/^transaction_id .*\n.* funding .* 0\.50 .* FND-[0-9A-Z]{26} .* 5000\.50$/);
    expect(await balance()).toEqual({
      wallet: '5000.50',
      count: 2,
      ledger: { balance: '5000.50', expected: '5000.50' },
    });
  });

  it.each([
    [
      'an unknown account',
      ['--account', '00000000-0000-4000-8000-000000000000', '--amount', '1.00'],
      1,
      /^error: unknown account '00000000-0000-4000-8000-000000000000'$/,
    ],
    ['a junk account id', ['--account', 'nope', '--amount', '1.00'], 1, /^error: unknown account 'nope'$/],
    ['a zero amount', ['--amount', '0.00'], 2, /^error: --amount must be a positive amount/],
    ['a negative amount', ['--amount=-5.00'], 2, /^error: --amount must be a positive amount.*got '-5\.00'$/],
    ['three decimals', ['--amount', '1.005'], 2, /^error: --amount must be a positive amount/],
    ['ten integer digits', ['--amount', '1000000000.00'], 2, /^error: --amount must be a positive amount/],
    ['no amount', [], 2, /^error: wallet fund needs --amount 5000\.00: a positive amount/],
    ['an empty amount', ['--amount='], 2, /^error: --amount must be a positive amount.*got ''$/],
    [
      'a reference with a space',
      ['--amount', '1.00', '--reference', 'a b'],
      2,
      /^error: --reference must be 1-64 characters/,
    ],
  ] as [string, string[], number, RegExp][])(
    'refuses %s in one line, changing nothing',
    async (_name, args, code, message) => {
      const before = await balance();
      const withAccount = args.includes('--account') ? args : ['--account', account, ...args];
      const r = await cli('wallet', 'fund', ...withAccount);
      expect(r.code).toBe(code);
      expect(r.out).toMatch(message);
      expect(r.out).not.toContain('\n');
      expect(await balance()).toEqual(before);
    },
  );

  it('is listed by --help', async () => {
    const r = await cli('--help');
    expect(r.code).toBe(0);
    expect(r.out).toContain('wallet fund --account ID --amount 5000.00 [--reference R]');
  });
});

describe('fundWallet (console command) over whole classes of amounts', () => {
  const AMOUNT = /^(0|[1-9][0-9]{0,8})(\.[0-9]{1,2})?$/;
  it('credits exactly every positive amount of the form, and refuses every other string without writing', async () => {
    const store = await openStore({ memory: true });
    try {
      const [a] = await createAccounts(store, {
        name: 'P',
        email: 'p@x.example',
        business_name: 'P Ltd',
        environments: ['sandbox'],
      });
      let expected = 0n;
      const text = (k: bigint) => `${k / 100n}.${String(k % 100n).padStart(2, '0')}`;
      const good = fc
        .tuple(
          fc.integer({ min: 0, max: 999_999_999 }),
          fc.option(fc.integer({ min: 0, max: 99 }), { nil: undefined }),
          fc.boolean(),
        )
        .map(([w, f, one]) =>
          f === undefined ? String(w) : `${w}.${one && f % 10 === 0 ? String(f / 10) : String(f).padStart(2, '0')}`,
        )
        .filter((x) => !/^0+(\.0+)?$/.test(x));
      const bad = fc
        .oneof(
          fc.string(),
          fc.constantFrom(
            '0',
            '0.0',
            '0.00',
            '-1',
            '+1',
            '01',
            '1.',
            '.5',
            '1.001',
            '1e3',
            ' 1',
            '1 ',
            '1,5',
            '1000000000',
            'NaN',
            'Infinity',
            '0x10',
            '١٢',
          ),
        )
        .filter((x) => !AMOUNT.test(x) || /^0+(\.0+)?$/.test(x));
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            good.map((x) => ({ ok: true, x })),
            bad.map((x) => ({ ok: false, x })),
          ),
          async ({ ok, x }) => {
            if (ok) {
              const { balance } = await fundWallet(store, { account_id: a!.id, amount: x });
              const [w, f = ''] = x.split('.');
              expected += BigInt(w!) * 100n + BigInt(f.padEnd(2, '0'));
              expect(balance).toBe(text(expected));
            } else {
              const before = await store.countTransactions(a!.id);
              await expect(fundWallet(store, { account_id: a!.id, amount: x })).rejects.toBeInstanceOf(ConsoleError);
              expect(await store.countTransactions(a!.id)).toBe(before);
            }
          },
        ),
        { numRuns: 150 },
      );
      expect(expected).toBeGreaterThan(0n);
      expect(await store.ledgerOf(a!.id)).toEqual({ balance: text(expected), expected: text(expected) });
    } finally {
      await store.close();
    }
  });
});
