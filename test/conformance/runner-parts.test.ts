/** The runner's parts: negative values from the contract, options and usage errors, redaction, transport, coverage. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultRate, RateLimiter } from '../../conformance/client/rate-limiter.ts';
import { retryAfterMs, Transport } from '../../conformance/client/transport.ts';
import { negativeValues } from '../../conformance/contract/negative-values.ts';
import { computeCoverage, NO_WRITES_WHY } from '../../conformance/coverage.ts';
import { parseOptions, UsageError } from '../../conformance/options.ts';
import { redact } from '../../conformance/redact.ts';
import { contract } from './support/canned.ts';

const values = (op: string, name: string) => negativeValues(contract.op(op).params.find((p) => p.name === name)!, contract.schemas).map((v) => v.value);

describe('negative values generated from the contract', () => {
  it.each([
    ['listTransactions', 'page', ['abc', '1.5', '0', '1000001', '']],
    ['listTransactions', 'per_page', ['abc', '1.5', '0', '101', '']],
    ['listTransactions', 'status', ['not_in_enum', 'PENDING', '']],
    ['listTransactions', 'reference', ['1731402345AB12CDX', 'not-valid!', '']],
    ['listTransactions', 'from', ['2026-11-01T00:00:00ZX', 'not-valid!', 'not-a-date', '2026-13-45T25:61:00Z', '2026-11-01', '']],
    ['listAirtimeProducts', 'network', ['MTNX', 'not-valid!', '']],
    ['listDataPlanProducts', 'bundle_type', ['not_in_enum', 'DAILY', '']],
  ])('%s %s', (op, name, want) => expect(values(op, name)).toEqual(want));
  it('never proposes a value the schema accepts (lower-case networks are valid)', () => expect(values('listAirtimeProducts', 'network')).not.toContain('mtn'));
});

describe('options', () => {
  const keysFile = () => {
    const path = join(mkdtempSync(join(tmpdir(), 'conf-keys-')), 'keys.json');
    writeFileSync(path, JSON.stringify({
      production: { base_url: 'http://h/api/partners/v1', keys: { full: 'sk_live_a' } },
      sandbox: { base_url: 'http://h/api/partners/sandbox/v1', keys: { full: 'sk_test_a', revoked: 'sk_test_r' } },
    }));
    return path;
  };
  it('reads the keys file, the other environment and numbers', () => {
    const o = parseOptions(['--keys', keysFile(), '--env', 'sandbox', '--rate', '5', '--min-coverage', '90', '--timeout', '1000'], {});
    expect(o).toMatchObject({ env: 'sandbox', baseUrl: 'http://h/api/partners/sandbox/v1', keys: { full: 'sk_test_a', revoked: 'sk_test_r' }, other: { baseUrl: 'http://h/api/partners/v1', full: 'sk_live_a' }, rate: 5, minCoverage: 90, timeoutMs: 1000, profile: 'full' });
  });
  it('takes everything from CONFORMANCE_* variables; flags win', () => {
    const env = { CONFORMANCE_ENV: 'production', CONFORMANCE_BASE_URL: 'http://e/api/partners/v1', CONFORMANCE_KEY_FULL: 'sk_live_f', CONFORMANCE_KEY_IP_LOOPBACK: 'sk_live_l', CONFORMANCE_OTHER_KEY_FULL: 'sk_test_o', CONFORMANCE_OTHER_BASE_URL: 'http://e/api/partners/sandbox/v1', CONFORMANCE_PROFILE: 'contract', CONFORMANCE_RATE: '7', CONFORMANCE_REPORT: '/tmp/r' };
    expect(parseOptions([], env)).toMatchObject({ env: 'production', baseUrl: 'http://e/api/partners/v1', keys: { full: 'sk_live_f', ip_loopback: 'sk_live_l' }, other: { full: 'sk_test_o' }, profile: 'contract', rate: 7, reportDir: '/tmp/r' });
    expect(parseOptions(['--base-url', 'http://flag/api/partners/v1', '--rate', '3'], env)).toMatchObject({ baseUrl: 'http://flag/api/partners/v1', rate: 3 });
  });
  it.each([
    [['--env', 'staging'], {}, "--env must be sandbox or production, got 'staging'"],
    [[], {}, '--env sandbox|production is required'],
    [['--env', 'sandbox'], {}, 'no base URL'],
    [['--env', 'sandbox', '--base-url', 'ftp://x'], {}, '--base-url must be an http(s) URL'],
    [['--env', 'sandbox', '--base-url', 'http://x', '--rate', 'fast'], {}, '--rate must be a number from 0'],
    [['--env', 'sandbox', '--base-url', 'http://x', '--profile', 'quick'], {}, '--profile must be full or contract'],
    [['--env', 'sandbox', '--base-url', 'http://x', '--bogus'], {}, "Unknown option '--bogus'"],
    [['--env', 'sandbox', '--base-url', 'http://x'], { CONFORMANCE_KEY_FULL: 'sk_live_x' }, "the 'full' key does not start with sk_test_"],
    [['--env', 'sandbox', '--keys', '/nonexistent/keys.json'], {}, 'cannot read the keys file'],
  ] as const)('usage error: %j %j', (argv, env, message) => {
    expect(() => parseOptions([...argv], env)).toThrow(UsageError);
    expect(() => parseOptions([...argv], env)).toThrow(message);
  });
});

describe('redact', () => {
  it('keeps the prefix only', () => {
    expect(redact('Bearer sk_test_abcDEF123 and "sk_live_x-y!z" ok')).toBe('Bearer sk_test_… and "sk_live_…" ok');
  });
});

describe('transport', () => {
  const req = () => new Request('http://api.test/x', { headers: { 'X-Request-Id': 'r1', Authorization: 'Bearer sk_test_k' } });
  it('waits out a 429 (Retry-After) and retries; records the final exchange', async () => {
    let calls = 0;
    const fetch = (async () => (++calls === 1
      ? new Response('{}', { status: 429, headers: { 'retry-after': '0' } })
      : new Response('{"ok":true}', { status: 200, headers: { 'content-type': 'application/json', 'x-request-id': 'r1' } }))) as typeof globalThis.fetch;
    const t = new Transport({ rate: 0, timeoutMs: 1000, fetch });
    const res = await t.fetch(req());
    expect(res.status).toBe(200);
    const ex = t.take('r1')!;
    expect(ex).toMatchObject({ retries429: 1, response: { status: 200, body: { ok: true }, isJson: true } });
    expect(t.retries429).toBe(1);
  });
  it('records a timeout', async () => {
    const fetch = ((_r: Request, init?: RequestInit) => new Promise((_res, rej) => init?.signal?.addEventListener('abort', () => rej(init.signal!.reason)))) as typeof globalThis.fetch;
    const t = new Transport({ rate: 0, timeoutMs: 50, fetch });
    await expect(t.fetch(req())).rejects.toThrow();
    expect(t.take('r1')?.error).toBe('no response within 50 ms');
  });
  it('paces requests at --rate', async () => {
    const fetch = (async () => new Response('{}')) as typeof globalThis.fetch;
    const t = new Transport({ rate: 20, timeoutMs: 1000, fetch });
    const started = Date.now();
    for (let i = 0; i < 5; i++) await t.fetch(req());
    expect(Date.now() - started).toBeGreaterThanOrEqual(190); // 4 intervals of 50 ms
  });
});

describe('rate limiter', () => {
  it.each([
    ['http://127.0.0.1:4010/api/partners/sandbox/v1', 0],
    ['http://127.8.9.10/api', 0],
    ['http://localhost:3000/api', 0],
    ['http://api.localhost/api', 0],
    ['http://[::1]:8080/api', 0],
    ['http://[::ffff:127.0.0.1]/api', 0],
    ['https://staging.example.com/api/partners/v1', 50],
    ['http://10.0.0.5/api', 50],
    ['http://[2001:db8::1]/api', 50],
    ['http://0.0.0.0/api', 50],
  ])('caps %s at %d requests per second unless --rate says otherwise', (url, rate) => {
    expect(defaultRate(url)).toBe(rate);
  });

  it("keeps a key at 80 % of the limit its RateLimit-Policy announces", async () => {
    const limiter = new RateLimiter(0);
    limiter.learn('k', '"25-in-1sec"; q=25; w=1'); // 20 rps → one request per 50 ms
    const started = Date.now();
    for (let i = 0; i < 5; i++) await limiter.take('k');
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    const other = Date.now();
    for (let i = 0; i < 5; i++) await limiter.take('another key');
    expect(Date.now() - other).toBeLessThan(40);
  });
  it('paces different keys that count against one announced partition (pk) as one', async () => {
    const limiter = new RateLimiter(0);
    const policy = '"25-in-1sec"; q=25; w=1; pk=:YWRkcmVzcw==:'; // e.g. the caller address's failure budget
    for (const k of ['revoked', 'disabled', 'none']) limiter.learn(k, policy);
    const started = Date.now();
    for (const k of ['revoked', 'disabled', 'none', 'revoked', 'disabled']) await limiter.take(k);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    limiter.learn('full', '"25-in-1sec"; q=25; w=1; pk=:a2V5:'); // its own key budget
    const other = Date.now();
    for (let i = 0; i < 3; i++) await limiter.take('full');
    expect(Date.now() - other).toBeLessThan(140);
  });
  it.each([['2', 2000], [null, 1000], ['soon', 1000], ['999', 60_000]] as const)('Retry-After %j → %i ms', (v, ms) => expect(retryAfterMs(v)).toBe(ms));
});

describe('coverage', () => {
  const outOfReach = (writes: boolean) => computeCoverage(contract, 'full', [], { writes }).cells.filter((x) => x.state === 'out-of-reach');
  it('derives the cells from the contract and leaves 429/500/503 and BILLER_UNAVAILABLE out of the denominator, not the 409', () => {
    const c = computeCoverage(contract, 'full', []);
    expect(c.cells.filter((x) => x.operationId === 'getTransaction' && x.status === 401).map((x) => x.code)).toEqual([
      'AUTHENTICATION_REQUIRED', 'INVALID_CREDENTIALS', 'TOKEN_REVOKED', 'TOKEN_EXPIRED', 'TOKEN_DISABLED',
    ]);
    const ops = contract.operations.length;
    const billed = contract.operations.filter((o) => o.responses.get(503)?.codes.includes('BILLER_UNAVAILABLE')).length;
    const writes = contract.operations.filter((o) => o.writes).length;
    expect(outOfReach(true).map((x) => `${x.status} ${x.code}`).sort()).toEqual([
      ...Array(ops).fill(['429 RATE_LIMITED', '500 INTERNAL_ERROR', '503 SERVICE_UNAVAILABLE']).flat(),
      ...Array(billed).fill('503 BILLER_UNAVAILABLE'),
    ].sort());
    // The 409 is reachable: the biller-timeout scenarios keep the first request in flight (about 1.5 s).
    expect(c.cells.filter((x) => x.status === 409 && x.state !== 'out-of-reach')).toHaveLength(writes);
    expect(c).toMatchObject({ reachable: 196, exercised: 0, percent: 0 });
  });
  it('without writes, every cell of a write operation but its 405 is out of reach, with the reason', () => {
    const c = computeCoverage(contract, 'full', [], { writes: false });
    const write = c.cells.filter((x) => contract.op(x.operationId).writes);
    expect(write.filter((x) => x.state !== 'out-of-reach').map((x) => x.status)).toEqual(Array(4).fill(405));
    expect(write.filter((x) => x.status === 422).every((x) => x.why === NO_WRITES_WHY)).toBe(true);
    expect(c.reachable).toBe(133);
  });
  it('counts a cell exercised by a case that ran, not by a skipped one', () => {
    const cell = { operationId: 'getAccount', status: 200, code: null };
    const base = { group: 'g', operationId: 'getAccount', title: '', failures: [], requests: 1, retries429: 0, durationMs: 0 };
    const c = computeCoverage(contract, 'contract', [
      { ...base, id: 'a', status: 'passed', cells: [cell] },
      { ...base, id: 'b', status: 'skipped', cells: [{ ...cell, operationId: 'getHealth' }] },
    ]);
    expect(c).toMatchObject({ reachable: 16, exercised: 1, percent: 6.2 });
  });
  it('counts an out-of-reach cell that a run met all the same (a 409 won in a race)', () => {
    const base = { group: 'g', operationId: 'createAirtimePurchase', title: '', failures: [], requests: 1, retries429: 0, durationMs: 0 };
    const c = computeCoverage(contract, 'full', [{ ...base, id: 'a', status: 'passed', cells: [{ operationId: 'createAirtimePurchase', status: 409, code: 'IDEMPOTENCY_KEY_IN_USE' }] }]);
    expect(c.cells.find((x) => x.operationId === 'createAirtimePurchase' && x.status === 409)?.state).toBe('exercised');
  });
});
