import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Environment, Scope } from '../domain.ts';
import { ApiError, type ErrorCode } from '../errors.ts';
import type { KeyLookupRow } from '../store/types.ts';
import { authenticate, bearerToken, type AuthenticateInput, type Principal } from './authenticate.ts';
import { hashSecret } from './keys.ts';
import {
  fakeKeyStore,
  keyRow,
  NOW,
  OTHER_SANDBOX_KEY,
  PRODUCTION_KEY,
  SANDBOX_KEY,
  UNKNOWN_PRODUCTION_KEY,
  UNKNOWN_SANDBOX_KEY,
} from '../../test/helpers/auth-fakes.ts';

const REALM = 'Bearer realm="partner-api"';
const INVALID_TOKEN = 'Bearer realm="partner-api", error="invalid_token"';

interface Given {
  authorization?: string[] | undefined;
  environment?: Environment;
  callerIp?: string | undefined;
  requiredScope?: Scope;
  now?: Date;
  /** Rows in the store; defaults to the active sandbox and production keys. */
  rows?: KeyLookupRow[];
}

const bearer = (key: string) => [`Bearer ${key}`];

function run(given: Given) {
  const store = fakeKeyStore(...(given.rows ?? [keyRow(SANDBOX_KEY), keyRow(PRODUCTION_KEY)]));
  const input: AuthenticateInput = {
    authorization: 'authorization' in given ? given.authorization : bearer(SANDBOX_KEY),
    environment: given.environment ?? 'sandbox',
    now: given.now ?? NOW,
    callerIp: 'callerIp' in given ? given.callerIp : '203.0.113.9',
    requiredScope: given.requiredScope ?? 'read_balance',
    findKeyByHash: (h) => store.findKeyByHash(h),
  };
  return { store, promise: authenticate(input), input };
}

async function failure(given: Given): Promise<ApiError> {
  const { promise } = run(given);
  const err = await promise.then(
    () => {
      throw new Error('expected authenticate to reject');
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  return err as ApiError;
}

interface Want {
  status: number;
  code: ErrorCode;
  /** The exact WWW-Authenticate header, or undefined when none is sent. */
  wwwAuthenticate: string | undefined;
}

const AUTHENTICATION_REQUIRED: Want = { status: 401, code: 'AUTHENTICATION_REQUIRED', wwwAuthenticate: REALM };
const INVALID_CREDENTIALS: Want = { status: 401, code: 'INVALID_CREDENTIALS', wwwAuthenticate: INVALID_TOKEN };
const TOKEN_REVOKED: Want = { status: 401, code: 'TOKEN_REVOKED', wwwAuthenticate: INVALID_TOKEN };
const TOKEN_EXPIRED: Want = { status: 401, code: 'TOKEN_EXPIRED', wwwAuthenticate: INVALID_TOKEN };
const TOKEN_DISABLED: Want = { status: 401, code: 'TOKEN_DISABLED', wwwAuthenticate: INVALID_TOKEN };
const ENVIRONMENT_MISMATCH: Want = { status: 403, code: 'ENVIRONMENT_MISMATCH', wwwAuthenticate: undefined };
const IP_NOT_ALLOWED: Want = { status: 403, code: 'IP_NOT_ALLOWED', wwwAuthenticate: undefined };
const API_DISABLED: Want = { status: 403, code: 'API_DISABLED', wwwAuthenticate: undefined };
const apiOff = { account_api_access_enabled: false } as const;
const INSUFFICIENT_SCOPE: Want = {
  status: 403,
  code: 'INSUFFICIENT_SCOPE',
  wwwAuthenticate: 'Bearer error="insufficient_scope", scope="read_balance"',
};

const regenerated = keyRow(OTHER_SANDBOX_KEY, { id: 'key_sandbox' }); // same key id, new secret: SANDBOX_KEY is gone

const rejections: [string, { given: Given; want: Want }][] = [
  // missing
  ['no Authorization header', { given: { authorization: undefined }, want: AUTHENTICATION_REQUIRED }],
  ['an empty list of Authorization headers', { given: { authorization: [] }, want: AUTHENTICATION_REQUIRED }],
  ['an empty Authorization header', { given: { authorization: [''] }, want: AUTHENTICATION_REQUIRED }],
  ['a blank Authorization header', { given: { authorization: ['   '] }, want: AUTHENTICATION_REQUIRED }],
  ['the Basic scheme', { given: { authorization: ['Basic dXNlcjpwYXNz'] }, want: AUTHENTICATION_REQUIRED }],
  [
    'the Basic scheme carrying a valid key',
    { given: { authorization: [`Basic ${SANDBOX_KEY}`] }, want: AUTHENTICATION_REQUIRED },
  ],
  ['another scheme (Token)', { given: { authorization: [`Token ${SANDBOX_KEY}`] }, want: AUTHENTICATION_REQUIRED }],
  ['a bare key without a scheme', { given: { authorization: [SANDBOX_KEY] }, want: AUTHENTICATION_REQUIRED }],
  ['Bearer with no token', { given: { authorization: ['Bearer'] }, want: AUTHENTICATION_REQUIRED }],
  ['Bearer with an empty token', { given: { authorization: ['Bearer '] }, want: AUTHENTICATION_REQUIRED }],
  ['Bearer with a blank token', { given: { authorization: ['Bearer    '] }, want: AUTHENTICATION_REQUIRED }],
  [
    'a tab instead of a space after the scheme',
    { given: { authorization: [`Bearer\t${SANDBOX_KEY}`] }, want: AUTHENTICATION_REQUIRED },
  ],
  // ambiguous
  [
    'two Authorization headers with the same valid key',
    { given: { authorization: [...bearer(SANDBOX_KEY), ...bearer(SANDBOX_KEY)] }, want: INVALID_CREDENTIALS },
  ],
  [
    'two Authorization headers, one of them empty',
    { given: { authorization: [...bearer(SANDBOX_KEY), ''] }, want: INVALID_CREDENTIALS },
  ],
  ['two Authorization headers, both empty', { given: { authorization: ['', ''] }, want: INVALID_CREDENTIALS }],
  [
    'two tokens after Bearer',
    { given: { authorization: [`Bearer ${SANDBOX_KEY} ${SANDBOX_KEY}`] }, want: INVALID_CREDENTIALS },
  ],
  [
    'two credentials joined by a comma in one header',
    { given: { authorization: [`Bearer ${SANDBOX_KEY}, Bearer ${SANDBOX_KEY}`] }, want: INVALID_CREDENTIALS },
  ],
  // malformed
  ['a key too short', { given: { authorization: bearer('sk_test_short') }, want: INVALID_CREDENTIALS }],
  ['a key one character too long', { given: { authorization: bearer(SANDBOX_KEY + 'x') }, want: INVALID_CREDENTIALS }],
  [
    'a key with a non-base62 character',
    { given: { authorization: bearer(SANDBOX_KEY.slice(0, -1) + '-') }, want: INVALID_CREDENTIALS },
  ],
  [
    'a key with an unknown prefix',
    { given: { authorization: bearer('sk_prod_' + SANDBOX_KEY.slice(8)) }, want: INVALID_CREDENTIALS },
  ],
  [
    'an upper-case prefix',
    { given: { authorization: bearer(SANDBOX_KEY.replace('sk_test_', 'SK_TEST_')) }, want: INVALID_CREDENTIALS },
  ],
  [
    'a token that is not a key at all',
    { given: { authorization: ['Bearer eyJhbGciOiJIUzI1NiJ9.e30.sig'] }, want: INVALID_CREDENTIALS },
  ],
  // environment
  [
    'a sk_live_ key on sandbox',
    { given: { authorization: bearer(PRODUCTION_KEY), environment: 'sandbox' }, want: ENVIRONMENT_MISMATCH },
  ],
  [
    'a sk_test_ key on production',
    { given: { authorization: bearer(SANDBOX_KEY), environment: 'production' }, want: ENVIRONMENT_MISMATCH },
  ],
  // unknown
  ['an unknown key', { given: { authorization: bearer(UNKNOWN_SANDBOX_KEY) }, want: INVALID_CREDENTIALS }],
  ['a secret replaced by regenerate', { given: { rows: [regenerated] }, want: INVALID_CREDENTIALS }],
  [
    'a row whose environment differs from the key prefix',
    { given: { rows: [keyRow(SANDBOX_KEY, { environment: 'production' })] }, want: INVALID_CREDENTIALS },
  ],
  [
    'a row with an unknown status',
    { given: { rows: [keyRow(SANDBOX_KEY, { status: 'suspended' as never })] }, want: INVALID_CREDENTIALS },
  ],
  // states
  ['a revoked key', { given: { rows: [keyRow(SANDBOX_KEY, { status: 'revoked' })] }, want: TOKEN_REVOKED }],
  [
    'a key past its expiry',
    { given: { rows: [keyRow(SANDBOX_KEY, { expires_at: new Date(NOW.getTime() - 1) })] }, want: TOKEN_EXPIRED },
  ],
  [
    'a key expiring exactly now',
    { given: { rows: [keyRow(SANDBOX_KEY, { expires_at: new Date(NOW) })] }, want: TOKEN_EXPIRED },
  ],
  [
    'a key with an unreadable expiry',
    { given: { rows: [keyRow(SANDBOX_KEY, { expires_at: new Date('nonsense') })] }, want: TOKEN_EXPIRED },
  ],
  ['a disabled key', { given: { rows: [keyRow(SANDBOX_KEY, { status: 'disabled' })] }, want: TOKEN_DISABLED }],
  // the account's API access
  [
    'an active key of an account whose API access is off',
    { given: { rows: [keyRow(SANDBOX_KEY, apiOff)] }, want: API_DISABLED },
  ],
  [
    'a lookup that could not read the API access (fails closed)',
    {
      given: { rows: [keyRow(SANDBOX_KEY, { account_api_access_enabled: undefined as unknown as boolean })] },
      want: API_DISABLED,
    },
  ],
  // IP allow-list
  [
    'a caller IP not on the allow-list',
    { given: { rows: [keyRow(SANDBOX_KEY, { ip_allowlist: ['198.51.100.7'] })] }, want: IP_NOT_ALLOWED },
  ],
  [
    'an unknown caller IP with an allow-list',
    {
      given: { callerIp: undefined, rows: [keyRow(SANDBOX_KEY, { ip_allowlist: ['198.51.100.7'] })] },
      want: IP_NOT_ALLOWED,
    },
  ],
  [
    'an IPv4 caller against an IPv6-only allow-list',
    { given: { rows: [keyRow(SANDBOX_KEY, { ip_allowlist: ['2001:db8::1'] })] }, want: IP_NOT_ALLOWED },
  ],
  // scope
  [
    "a key without the operation's scope",
    { given: { rows: [keyRow(SANDBOX_KEY, { scopes: ['view_products'] })] }, want: INSUFFICIENT_SCOPE },
  ],
  ['a key with no scopes', { given: { rows: [keyRow(SANDBOX_KEY, { scopes: [] })] }, want: INSUFFICIENT_SCOPE }],
];

const order: [string, { given: Given; want: Want }][] = [
  [
    'malformed comes before the environment: sk_live_short on sandbox',
    { given: { authorization: bearer('sk_live_short') }, want: INVALID_CREDENTIALS },
  ],
  [
    'the environment comes before the lookup: an unknown key with the wrong prefix',
    { given: { authorization: bearer(UNKNOWN_PRODUCTION_KEY) }, want: ENVIRONMENT_MISMATCH },
  ],
  [
    'the environment comes before the state: a disabled key of the wrong environment',
    {
      given: { authorization: bearer(PRODUCTION_KEY), rows: [keyRow(PRODUCTION_KEY, { status: 'disabled' })] },
      want: ENVIRONMENT_MISMATCH,
    },
  ],
  [
    'the environment comes before the state: a revoked key of the wrong environment',
    {
      given: { authorization: bearer(PRODUCTION_KEY), rows: [keyRow(PRODUCTION_KEY, { status: 'revoked' })] },
      want: ENVIRONMENT_MISMATCH,
    },
  ],
  [
    'revoked comes before the IP: a revoked key from a non-allowed IP',
    {
      given: { rows: [keyRow(SANDBOX_KEY, { status: 'revoked', ip_allowlist: ['198.51.100.7'] })] },
      want: TOKEN_REVOKED,
    },
  ],
  [
    'revoked comes before expired',
    { given: { rows: [keyRow(SANDBOX_KEY, { status: 'revoked', expires_at: new Date(0) })] }, want: TOKEN_REVOKED },
  ],
  [
    'expired comes before disabled',
    { given: { rows: [keyRow(SANDBOX_KEY, { status: 'disabled', expires_at: new Date(0) })] }, want: TOKEN_EXPIRED },
  ],
  [
    'disabled comes before the IP and the scope',
    {
      given: { rows: [keyRow(SANDBOX_KEY, { status: 'disabled', ip_allowlist: ['198.51.100.7'], scopes: [] })] },
      want: TOKEN_DISABLED,
    },
  ],
  [
    "revoked comes before the account's API access",
    { given: { rows: [keyRow(SANDBOX_KEY, { ...apiOff, status: 'revoked' })] }, want: TOKEN_REVOKED },
  ],
  [
    "expired comes before the account's API access",
    { given: { rows: [keyRow(SANDBOX_KEY, { ...apiOff, expires_at: new Date(0) })] }, want: TOKEN_EXPIRED },
  ],
  [
    "a disabled key comes before the account's API access",
    { given: { rows: [keyRow(SANDBOX_KEY, { ...apiOff, status: 'disabled' })] }, want: TOKEN_DISABLED },
  ],
  [
    "the environment comes before the account's API access",
    {
      given: { authorization: bearer(PRODUCTION_KEY), rows: [keyRow(PRODUCTION_KEY, apiOff)] },
      want: ENVIRONMENT_MISMATCH,
    },
  ],
  [
    "the account's API access comes before the IP and the scope",
    {
      given: { rows: [keyRow(SANDBOX_KEY, { ...apiOff, ip_allowlist: ['198.51.100.7'], scopes: [] })] },
      want: API_DISABLED,
    },
  ],
  [
    'the IP comes before the scope',
    { given: { rows: [keyRow(SANDBOX_KEY, { ip_allowlist: ['198.51.100.7'], scopes: [] })] }, want: IP_NOT_ALLOWED },
  ],
  [
    'two headers are rejected even when the first is a good key',
    { given: { authorization: [...bearer(SANDBOX_KEY), 'Basic x'] }, want: INVALID_CREDENTIALS },
  ],
];

describe('authenticate: every failure has its status, code and WWW-Authenticate header', () => {
  it.each(rejections)('%s', async (_name, { given, want }) => {
    const err = await failure(given);
    expect({ status: err.status, code: err.code, wwwAuthenticate: err.headers['WWW-Authenticate'] }).toEqual(want);
  });
});

describe('authenticate: the first failing check answers', () => {
  it.each(order)('%s', async (_name, { given, want }) => {
    const err = await failure(given);
    expect({ status: err.status, code: err.code, wwwAuthenticate: err.headers['WWW-Authenticate'] }).toEqual(want);
  });
});

describe("authenticate: the account's API access", () => {
  const KEY_CHECKS: ReadonlySet<string> = new Set(['TOKEN_REVOKED', 'TOKEN_EXPIRED', 'TOKEN_DISABLED']);
  const answer = (row: KeyLookupRow) =>
    run({ rows: [row] }).promise.then(
      (p) => p.key_id,
      (e: ApiError) => e.code,
    );

  it('switched off, changes the answer of exactly the keys that pass every key check, to API_DISABLED', async () => {
    const rows = fc.record({
      status: fc.constantFrom('active', 'disabled', 'revoked'),
      expires_at: fc.constantFrom(null, new Date(0), new Date(NOW.getTime() + 60_000)),
      ip_allowlist: fc.constantFrom('', '203.0.113.0/24', '198.51.100.7').map((ip) => (ip ? [ip] : [])),
      scopes: fc.subarray(['read_balance', 'read_transactions', 'view_products'] as Scope[]),
    });
    await fc.assert(
      fc.asyncProperty(rows, async (overrides) => {
        const on = await answer(keyRow(SANDBOX_KEY, { ...overrides, account_api_access_enabled: true }));
        const off = await answer(keyRow(SANDBOX_KEY, { ...overrides, account_api_access_enabled: false }));
        expect(off).toBe(KEY_CHECKS.has(on) ? on : 'API_DISABLED');
      }),
      { numRuns: 200 },
    );
  });
});

describe('authenticate: the secret never appears in an error', () => {
  it.each([...rejections, ...order])('%s', async (_name, { given }) => {
    const err = await failure(given);
    const visible = JSON.stringify({
      message: err.message,
      headers: err.headers,
      details: err.details,
      cause: String(err.cause),
    });
    expect(visible).not.toMatch(/sk_(live|test)_/);
  });
});

describe('authenticate: accepted keys', () => {
  const accepted: [string, { given: Given; want: Principal }][] = [
    [
      'a sandbox key on sandbox',
      {
        given: {},
        want: {
          key_id: 'key_sandbox',
          account_id: 'acc_sandbox',
          environment: 'sandbox',
          scopes: ['read_balance', 'read_transactions'],
        },
      },
    ],
    [
      'a production key on production',
      {
        given: { authorization: bearer(PRODUCTION_KEY), environment: 'production' },
        want: {
          key_id: 'key_production',
          account_id: 'acc_production',
          environment: 'production',
          scopes: ['read_balance', 'read_transactions'],
        },
      },
    ],
    [
      'the scheme in lower case',
      { given: { authorization: [`bearer ${SANDBOX_KEY}`] }, want: expect.objectContaining({ key_id: 'key_sandbox' }) },
    ],
    [
      'the scheme in upper case',
      { given: { authorization: [`BEARER ${SANDBOX_KEY}`] }, want: expect.objectContaining({ key_id: 'key_sandbox' }) },
    ],
    [
      'several spaces after the scheme (RFC 7235 1*SP)',
      {
        given: { authorization: [`Bearer   ${SANDBOX_KEY}`] },
        want: expect.objectContaining({ key_id: 'key_sandbox' }),
      },
    ],
    [
      'surrounding whitespace',
      {
        given: { authorization: [` Bearer ${SANDBOX_KEY}\t`] },
        want: expect.objectContaining({ key_id: 'key_sandbox' }),
      },
    ],
    [
      'a key expiring one millisecond from now',
      {
        given: { rows: [keyRow(SANDBOX_KEY, { expires_at: new Date(NOW.getTime() + 1) })] },
        want: expect.objectContaining({ key_id: 'key_sandbox' }),
      },
    ],
    [
      'an IPv4 caller on the allow-list',
      {
        given: { callerIp: '198.51.100.7', rows: [keyRow(SANDBOX_KEY, { ip_allowlist: ['198.51.100.7'] })] },
        want: expect.objectContaining({ key_id: 'key_sandbox' }),
      },
    ],
    [
      'an IPv4 caller in an allow-listed CIDR',
      {
        given: {
          callerIp: '203.0.113.200',
          rows: [keyRow(SANDBOX_KEY, { ip_allowlist: ['198.51.100.7', '203.0.113.0/24'] })],
        },
        want: expect.objectContaining({ key_id: 'key_sandbox' }),
      },
    ],
    [
      'an IPv4-mapped IPv6 caller in an allow-listed IPv4 CIDR',
      {
        given: { callerIp: '::ffff:203.0.113.9', rows: [keyRow(SANDBOX_KEY, { ip_allowlist: ['203.0.113.0/24'] })] },
        want: expect.objectContaining({ key_id: 'key_sandbox' }),
      },
    ],
    [
      'an IPv6 caller in another textual form',
      {
        given: { callerIp: '2001:DB8:0:0::1', rows: [keyRow(SANDBOX_KEY, { ip_allowlist: ['2001:db8::1'] })] },
        want: expect.objectContaining({ key_id: 'key_sandbox' }),
      },
    ],
    [
      'an unknown caller IP when the key has no allow-list',
      { given: { callerIp: undefined }, want: expect.objectContaining({ key_id: 'key_sandbox' }) },
    ],
  ];
  it.each(accepted)('%s', async (_name, { given, want }) => {
    const { promise } = run(given);
    await expect(promise).resolves.toEqual(want);
  });

  it("returns a copy of the scopes, not the row's array", async () => {
    const row = keyRow(SANDBOX_KEY);
    const principal = await authenticate({
      authorization: bearer(SANDBOX_KEY),
      environment: 'sandbox',
      now: NOW,
      callerIp: undefined,
      requiredScope: 'read_balance',
      findKeyByHash: async () => row,
    });
    expect(principal?.scopes).toEqual(row.scopes);
    expect(principal?.scopes).not.toBe(row.scopes);
  });
});

describe('authenticate: store lookups', () => {
  it('looks up the SHA-256 of the key, never the key itself, exactly once', async () => {
    const { promise, store } = run({});
    await promise;
    expect(store.lookups).toEqual([hashSecret(SANDBOX_KEY)]);
  });

  it.each([
    ['no header', { authorization: undefined }],
    ['a malformed key', { authorization: bearer('sk_test_short') }],
    ['a key of the other environment', { authorization: bearer(PRODUCTION_KEY) }],
    ['two Authorization headers', { authorization: [...bearer(SANDBOX_KEY), ...bearer(SANDBOX_KEY)] }],
  ] as [string, Given][])('does not touch the store for %s', async (_name, given) => {
    const { promise, store } = run(given);
    await promise.catch(() => undefined);
    expect(store.lookups).toEqual([]);
  });

  it('propagates a store failure as-is', async () => {
    const down = new Error('connection refused');
    const promise = authenticate({
      authorization: bearer(SANDBOX_KEY),
      environment: 'sandbox',
      now: NOW,
      callerIp: undefined,
      requiredScope: 'read_balance',
      findKeyByHash: async () => {
        throw down;
      },
    });
    await expect(promise).rejects.toBe(down);
  });

  it('caches nothing: revoke, disable, re-enable and regenerate act on the very next request', async () => {
    const store = fakeKeyStore(keyRow(SANDBOX_KEY));
    const call = (key: string) =>
      authenticate({
        authorization: bearer(key),
        environment: 'sandbox',
        now: NOW,
        callerIp: '203.0.113.9',
        requiredScope: 'read_balance',
        findKeyByHash: (h) => store.findKeyByHash(h),
      }).then(
        (p) => p?.key_id,
        (e: ApiError) => e.code,
      );

    expect(await call(SANDBOX_KEY)).toBe('key_sandbox');
    store.update('key_sandbox', { status: 'disabled' });
    expect(await call(SANDBOX_KEY)).toBe('TOKEN_DISABLED');
    store.update('key_sandbox', { status: 'active' });
    expect(await call(SANDBOX_KEY)).toBe('key_sandbox');
    store.update('key_sandbox', { ip_allowlist: ['198.51.100.7'] });
    expect(await call(SANDBOX_KEY)).toBe('IP_NOT_ALLOWED');
    store.update('key_sandbox', { ip_allowlist: [], account_api_access_enabled: false });
    expect(await call(SANDBOX_KEY)).toBe('API_DISABLED');
    store.update('key_sandbox', { account_api_access_enabled: true });
    expect(await call(SANDBOX_KEY)).toBe('key_sandbox');
    store.update('key_sandbox', { secret_hash: hashSecret(OTHER_SANDBOX_KEY) });
    expect(await call(SANDBOX_KEY)).toBe('INVALID_CREDENTIALS');
    expect(await call(OTHER_SANDBOX_KEY)).toBe('key_sandbox');
    store.update('key_sandbox', { status: 'revoked' });
    expect(await call(OTHER_SANDBOX_KEY)).toBe('TOKEN_REVOKED');
    expect(store.lookups).toHaveLength(9); // one lookup per request
  });
});

describe('bearerToken', () => {
  it('returns the key of a single Bearer header', () => {
    expect(bearerToken([`Bearer ${SANDBOX_KEY}`])).toBe(SANDBOX_KEY);
  });
});
