/**
 * Rate limits over HTTP (counts in memory): per key, per address for requests without a valid key, per address for
 * /health; 429 RATE_LIMITED in the envelope with Retry-After and the draft-08 RateLimit headers, and beside them the
 * X-RateLimit-Limit / -Remaining / -Reset fields from the same count; other keys unaffected.
 * The server trusts 127.0.0.1 as a proxy, so each test can speak from its own client address (X-Forwarded-For).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContractSchemas, loadBundle } from '../../conformance/contract-schemas.ts';
import { createAccounts, createKey, setApiAccess } from '../../server/console/commands.ts';
import { parseConfig } from '../../server/config.ts';
import { startServer, type RunningServer } from '../../server/server.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const POLICY = { production: 10, sandbox: 5 }; // per key; failed authentications per address: the same
const schemas = new ContractSchemas(loadBundle());
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function startLimited(env: Record<string, string>): Promise<RunningServer & { dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'rate-limit-'));
  const config = {
    ...parseConfig(['--port', '0', '--data-dir', dir, '--demo'], { LOG_LEVEL: 'silent', ...env }),
    rateLimit: POLICY,
  };
  return { ...(await startServer(config, pino({ level: 'silent' }))), dir };
}

let srv: RunningServer & { dir: string };
beforeAll(async () => {
  srv = await startLimited({ TRUST_PROXY: '127.0.0.1' });
  await fetch(`${srv.url}/api/partners/v1/health`, { headers: { 'X-Forwarded-For': '192.0.2.254' } }); // loads the validator
}, 60_000);
afterAll(async () => {
  await srv?.close();
  rmSync(srv.dir, { recursive: true, force: true });
});

type Env = 'production' | 'sandbox';
const keys = (env: Env) => srv.demoKeys![env].keys;
function call(env: Env, path: string, opts: { key?: string; from?: string } = {}) {
  const headers: Record<string, string> = {};
  if (opts.key !== undefined) headers.Authorization = `Bearer ${opts.key}`;
  if (opts.from !== undefined) headers['X-Forwarded-For'] = opts.from;
  return fetch(`${srv.demoKeys![env].base_url}${path}`, { headers });
}
const burst = (n: number, make: () => Promise<Response>) => Promise.all(Array.from({ length: n }, make));
const statuses = (rs: Response[]) =>
  rs
    .map((r) => r.status)
    .sort()
    .join(',');
const codeOf = async (r: Response) => ((await r.json()) as { error?: { code: string } }).error?.code ?? 'OK';
const times = (n: number, s: number) => Array(n).fill(s).join(',');

const RATE_LIMIT = /^"(\d+)-in-1sec"; r=(\d+); t=(\d+)$/;
const RATE_LIMIT_POLICY = /^"(\d+)-in-1sec"; q=(\d+); w=1; pk=:[A-Za-z0-9+/]+=*:$/;

/** A full-scope key of a new account of `env` whose API access the operator switched off. */
async function keyOfSwitchedOffAccount(env: Env): Promise<string> {
  const [account] = await createAccounts(srv.store, {
    name: 'Switched Off',
    email: 'off@example.ng',
    business_name: 'Switched Off Ltd',
    environments: [env],
  });
  const { secret } = await createKey(srv.store, { account_id: account!.id, name: 'off', role: 'full' });
  await setApiAccess(srv.store, { account_id: account!.id, enabled: 'false' });
  return secret;
}

describe('the per-key budget', () => {
  it("answers 429 RATE_LIMITED in the envelope, with Retry-After and the draft-08 headers, past the key's limit", async () => {
    const expected = `${times(5, 200)},${times(3, 429)}`;
    // The budget is a fixed one-second window: a burst that straddles its reset (more likely on a loaded machine)
    // counts in two windows. Up to three bursts, a window apart; a limiter that never limits fails all three.
    let rs: Response[] = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      if (attempt > 0) await sleep(1_100);
      rs = await burst(8, () => call('sandbox', '/account/balance', { key: keys('sandbox').full, from: '192.0.2.1' }));
      if (statuses(rs) === expected) break;
    }
    expect(statuses(rs)).toBe(expected);
    for (const r of rs) {
      expect(r.headers.get('ratelimit')).toMatch(RATE_LIMIT);
      expect(r.headers.get('ratelimit-policy')).toMatch(RATE_LIMIT_POLICY);
      expect(r.headers.get('ratelimit-policy')).toContain('q=5;');
    }
    const limited = rs.find((r) => r.status === 429)!;
    const body = await limited.json();
    expect(schemas.validate('#/components/schemas/ErrorResponse', body)).toEqual([]);
    expect(body).toMatchObject({
      status: { code: 429, message: 'Too Many Requests' },
      error: { code: 'RATE_LIMITED' },
    });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(limited.headers.get('ratelimit')).toMatch(/; r=0; /);
    expect(limited.headers.get('x-request-id')).toBeTruthy();
    expect(limited.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('leaves other keys unaffected, and gives the key its budget back in the next window', async () => {
    const [other] = await burst(1, () =>
      call('sandbox', '/products', { key: keys('sandbox').products_only, from: '192.0.2.1' }),
    );
    expect(other!.status).toBe(200);
    expect(other!.headers.get('ratelimit')).toMatch(/^"5-in-1sec"; r=4; /);
    await sleep(1100);
    expect((await call('sandbox', '/account/balance', { key: keys('sandbox').full, from: '192.0.2.1' })).status).toBe(
      200,
    );
  });

  it('counts the production key against the production limit', async () => {
    const rs = await burst(12, () =>
      call('production', '/account', { key: keys('production').full, from: '192.0.2.2' }),
    );
    expect(statuses(rs)).toBe(`${times(10, 200)},${times(2, 429)}`);
  });

  it('counts INSUFFICIENT_SCOPE against the key (rate limit before scope)', async () => {
    const rs = await burst(7, () =>
      call('sandbox', '/account/transactions', { key: keys('sandbox').balance_only, from: '192.0.2.3' }),
    );
    expect(statuses(rs)).toBe(`${times(5, 403)},${times(2, 429)}`);
    // …and not against the address: a junk key from there still gets its own 401.
    expect(await codeOf(await call('sandbox', '/account', { key: 'sk_test_junk', from: '192.0.2.3' }))).toBe(
      'INVALID_CREDENTIALS',
    );
  });

  it("never spends the address budget on a key holder's own traffic", async () => {
    const rs = await burst(14, () =>
      call('production', '/products', { key: keys('production').products_only, from: '192.0.2.4' }),
    );
    expect(statuses(rs)).toBe(`${times(10, 200)},${times(4, 429)}`);
    expect(await codeOf(await call('production', '/account', { key: 'sk_live_junk', from: '192.0.2.4' }))).toBe(
      'INVALID_CREDENTIALS',
    );
  });
});

describe('the per-address budget for failed authentications', () => {
  let apiOff = '';
  beforeAll(async () => {
    apiOff = await keyOfSwitchedOffAccount('sandbox');
  });

  it('lets the address fail as often as a key may succeed, then answers its failures with 429', async () => {
    const from = '192.0.2.10';
    const first = await call('production', '/account', { key: 'sk_live_guess0', from });
    expect([first.status, await codeOf(first)]).toEqual([401, 'INVALID_CREDENTIALS']);
    expect(first.headers.get('ratelimit-policy')).toMatch(/^"10-in-1sec"; q=10; /);
    const more = await burst(9, () => call('production', '/account', { from })); // no key at all counts too
    expect(statuses(more)).toBe(times(9, 401));
    const over = await call('production', '/account', { key: 'sk_live_guess11', from });
    expect([over.status, await codeOf(over)]).toEqual([429, 'RATE_LIMITED']);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // The guesser waits; a valid key from the same address does not (it is limited per key only).
    const valid = await call('production', '/account', { key: keys('production').balance_only, from });
    expect(valid.status).toBe(200);
    expect(valid.headers.get('ratelimit-policy')).toMatch(/^"10-in-1sec"; q=10; /);
    expect(valid.headers.get('ratelimit-policy')).not.toBe(over.headers.get('ratelimit-policy')); // another partition
  });

  it('never refuses a valid key because junk keys from the same address are spending its failure budget', async () => {
    // One misconfigured client behind a partner's shared NAT floods junk keys while the partner's good clients work.
    const from = '192.0.2.12';
    const junk = (i: number) => call('sandbox', '/account/balance', { key: `sk_test_junk${i}`, from });
    const good = () => call('sandbox', '/account/balance', { key: keys('sandbox').full, from });
    await sleep(1100); // the full key's window of the earlier tests is over
    const [junkAnswers, goodAnswers] = await Promise.all([
      Promise.all(Array.from({ length: 30 }, (_, i) => junk(i))),
      Promise.all(Array.from({ length: 5 }, good)), // exactly the key's budget of the window (5/s on sandbox)
    ]);
    expect(statuses(goodAnswers)).toBe(times(5, 200));
    const junkCodes = await Promise.all(junkAnswers.map(codeOf));
    expect(junkCodes.filter((c) => c === 'RATE_LIMITED').length).toBe(25); // the sandbox failure budget is 5/s here
    expect(junkCodes.filter((c) => c === 'INVALID_CREDENTIALS').length).toBe(5);
  });

  it.each([
    ['a revoked key', (e: Env) => keys(e).revoked, 'TOKEN_REVOKED', '192.0.2.21'],
    ['a disabled key', (e: Env) => keys(e).disabled, 'TOKEN_DISABLED', '192.0.2.22'],
    ['a key of the other environment', () => keys('production').full, 'ENVIRONMENT_MISMATCH', '192.0.2.23'],
    ['a key whose allow-list excludes the caller', (e: Env) => keys(e).ip_loopback, 'IP_NOT_ALLOWED', '192.0.2.24'],
    // API_DISABLED answers before the allow-list, from any address: it must not spend the key's budget.
    ['a key of an account whose API access is off', () => apiOff, 'API_DISABLED', '192.0.2.25'],
  ])('counts %s against the address', async (_n, key, code, from) => {
    const rs = await burst(7, () => call('sandbox', '/account', { key: key('sandbox'), from }));
    const codes = await Promise.all(rs.map(codeOf));
    expect(codes.sort()).toEqual([...Array(5).fill(code), 'RATE_LIMITED', 'RATE_LIMITED'].sort());
  });

  it("does not let a stolen key used from a foreign address spend its owner's budget", async () => {
    await burst(6, () => call('production', '/account', { key: keys('production').ip_loopback, from: '192.0.2.30' }));
    const own = await fetch(`${srv.demoKeys!.production.base_url}/account`, {
      headers: { Authorization: `Bearer ${keys('production').ip_loopback}` },
    });
    expect(own.status).toBe(200);
    expect(own.headers.get('ratelimit')).toMatch(/^"10-in-1sec"; r=9; /);
  });
});

describe('the per-address budget of /health', () => {
  it('limits /health per address at the key rate, and ignores any key sent', async () => {
    const rs = await burst(12, () =>
      call('production', '/health', { key: keys('production').full, from: '192.0.2.40' }),
    );
    expect(statuses(rs)).toBe(`${times(10, 200)},${times(2, 429)}`);
    expect(await codeOf(rs.find((r) => r.status === 429)!)).toBe('RATE_LIMITED');
    expect((await call('production', '/health', { from: '192.0.2.41' })).status).toBe(200);
  });

  it('also counts unknown paths and other methods against the address', async () => {
    const from = '192.0.2.42';
    const rs = await burst(7, () => call('sandbox', '/nope', { from }));
    expect(statuses(rs)).toBe(`${times(5, 404)},${times(2, 429)}`);
  });
});

describe('the X-RateLimit fields', () => {
  // Keys of their own, so that no other test's traffic of this second shares their budgets.
  const own: Record<'apiOff' | 'sandbox' | 'production' | 'countdown', string> = {
    apiOff: '',
    sandbox: '',
    production: '',
    countdown: '',
  };
  beforeAll(async () => {
    const fresh = async (env: Env) => {
      const account = (await srv.store.listAccounts(env))[0]!;
      return (await createKey(srv.store, { account_id: account.id, name: 'x-ratelimit', role: 'full' })).secret;
    };
    own.apiOff = await keyOfSwitchedOffAccount('production');
    own.sandbox = await fresh('sandbox');
    own.production = await fresh('production');
    own.countdown = await fresh('sandbox');
  });

  /** The three fields agree with the IETF fields of the same response, and Reset is the window's end in Unix seconds. */
  function expectLegacyFields(r: Response, limit: number) {
    const [, , remaining] = RATE_LIMIT.exec(r.headers.get('ratelimit') ?? '') ?? [];
    const [, , quota] = RATE_LIMIT_POLICY.exec(r.headers.get('ratelimit-policy') ?? '') ?? [];
    expect(remaining, 'RateLimit').toBeDefined();
    expect({
      limit: r.headers.get('x-ratelimit-limit'),
      remaining: r.headers.get('x-ratelimit-remaining'),
    }).toEqual({ limit: String(limit), remaining });
    expect(quota).toBe(String(limit));
    expect(Number(remaining)).toBeLessThanOrEqual(limit);
    const reset = r.headers.get('x-ratelimit-reset') ?? '';
    expect(reset).toMatch(/^[0-9]{10}$/);
    // Unix seconds (not seconds from now): the one-second window ends after the response's Date, within 2 s of it.
    const date = Date.parse(r.headers.get('date')!) / 1000;
    expect(Number(reset) - date).toBeGreaterThanOrEqual(0);
    expect(Number(reset) - date).toBeLessThanOrEqual(2);
  }

  it.each([
    ['a sandbox key, 200', () => call('sandbox', '/account/balance', { key: own.sandbox, from: '192.0.2.60' }), 200, 5],
    [
      'a production key, 200',
      () => call('production', '/account', { key: own.production, from: '192.0.2.61' }),
      200,
      10,
    ],
    [
      'a key, 400',
      () => call('sandbox', '/account/transactions?per_page=0', { key: own.sandbox, from: '192.0.2.62' }),
      400,
      5,
    ],
    [
      'a key without the scope, 403',
      () => call('sandbox', '/account/transactions', { key: keys('sandbox').balance_only, from: '192.0.2.63' }),
      403,
      5,
    ],
    [
      'a failed authentication, 401',
      () => call('production', '/account', { key: 'sk_live_junk', from: '192.0.2.64' }),
      401,
      10,
    ],
    ['API_DISABLED, 403', () => call('production', '/account', { key: own.apiOff, from: '192.0.2.65' }), 403, 10],
    ['GET /health, counted by the public budget', () => call('production', '/health', { from: '192.0.2.66' }), 200, 10],
    ['an unknown path, 404', () => call('sandbox', '/nope', { from: '192.0.2.67' }), 404, 5],
  ] as const)('are sent with %s: the quota of the budget that counted it', async (_n, send, status, limit) => {
    const r = await send();
    expect(r.status).toBe(status);
    expectLegacyFields(r, limit);
  });

  it('count down to 0 with the IETF fields, and are on the 429 too', async () => {
    const rs = await burst(7, () => call('sandbox', '/account', { key: own.countdown, from: '192.0.2.68' }));
    for (const r of rs) expectLegacyFields(r, 5);
    const remaining = rs.map((r) => Number(r.headers.get('x-ratelimit-remaining'))).sort();
    expect(remaining).toEqual([0, 0, 0, 1, 2, 3, 4]);
    expect(rs.filter((r) => r.status === 429).every((r) => r.headers.get('x-ratelimit-remaining') === '0')).toBe(true);
  });

  it('tell a key of a switched-off account by its address budget, not its own', async () => {
    const off = await call('production', '/account', { key: own.apiOff, from: '192.0.2.69' });
    const junk = await call('production', '/account', { key: 'sk_live_junk', from: '192.0.2.69' });
    expect(await codeOf(off)).toBe('API_DISABLED');
    expect(off.headers.get('ratelimit-policy')).toBe(junk.headers.get('ratelimit-policy')); // the same partition
    expect(Number(junk.headers.get('x-ratelimit-remaining'))).toBe(
      Number(off.headers.get('x-ratelimit-remaining')) - 1,
    );
  });
});

describe('without TRUST_PROXY', () => {
  let plain: RunningServer & { dir: string };
  beforeAll(async () => {
    plain = await startLimited({});
  }, 60_000);
  afterAll(async () => {
    await plain?.close();
    rmSync(plain.dir, { recursive: true, force: true });
  });

  it('counts by the socket address, so a spoofed X-Forwarded-For does not buy more guesses', async () => {
    const base = plain.demoKeys!.sandbox.base_url;
    const rs = [];
    for (let i = 0; i < 7; i++)
      rs.push(
        await fetch(`${base}/account`, {
          headers: { Authorization: 'Bearer sk_test_x', 'X-Forwarded-For': `198.51.100.${i}` },
        }),
      );
    expect(rs.map((r) => r.status)).toEqual([...times(5, 401).split(',').map(Number), 429, 429]);
  });
});

describe('RATE_LIMIT_RPS=0', () => {
  let off: TestServer;
  beforeAll(async () => {
    off = await startTestServer([], { RATE_LIMIT_RPS: '0' });
  }, 60_000);
  afterAll(async () => {
    await off?.stop();
  });

  it('turns limiting off: no RateLimit headers and no 429', async () => {
    const rs = await burst(40, () =>
      fetch(`${off.demoKeys!.sandbox.base_url}/account/balance`, {
        headers: { Authorization: `Bearer ${off.demoKeys!.sandbox.keys.full}` },
      }),
    );
    expect(statuses(rs)).toBe(times(40, 200));
    expect(rs[0]!.headers.get('ratelimit')).toBeNull();
    for (const h of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'])
      expect(rs[0]!.headers.get(h), h).toBeNull();
  });
});
