/** The runner's parts: negative values from the contract, options and usage errors, redaction, transport, coverage. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { defaultRate, RateLimiter } from '../../conformance/client/rate-limiter.ts';
import { retryAfterMs, Transport } from '../../conformance/client/transport.ts';
import { negativeValues } from '../../conformance/contract/negative-values.ts';
import { computeCoverage, NO_WEBHOOK_DATA_WHY, NO_WRITES_WHY, OUT_OF_REACH_ON } from '../../conformance/coverage.ts';
import { parseOptions, UsageError } from '../../conformance/options.ts';
import { redact } from '../../conformance/redact.ts';
import { contract } from './support/canned.ts';

const values = (op: string, name: string) =>
  negativeValues(
    contract.op(op).params.find((p) => p.name === name)!,
    contract.schemas,
  ).map((v) => v.value);

describe('negative values generated from the contract', () => {
  it.each([
    ['listTransactions', 'page', ['abc', '1.5', '0', '1000001', '']],
    ['listTransactions', 'per_page', ['abc', '1.5', '0', '101', '']],
    ['listTransactions', 'status', ['not_in_enum', 'PENDING', '']],
    ['listTransactions', 'reference', ['1731402345AB12CDX', 'not-valid!', '']],
    [
      'listTransactions',
      'from',
      ['2026-11-01T00:00:00ZX', 'not-valid!', 'not-a-date', '2026-13-45T25:61:00Z', '2026-11-01', ''],
    ],
    ['listAirtimeProducts', 'network', ['MTNX', 'not-valid!', '']],
    ['listDataPlanProducts', 'bundle_type', ['not_in_enum', 'DAILY', '']],
  ])('%s %s', (op, name, want) => expect(values(op, name)).toEqual(want));
  it('never proposes a value the schema accepts (lower-case networks are valid)', () =>
    expect(values('listAirtimeProducts', 'network')).not.toContain('mtn'));
});

describe('options', () => {
  const keysFile = () => {
    const path = join(mkdtempSync(join(tmpdir(), 'conf-keys-')), 'keys.json');
    writeFileSync(
      path,
      JSON.stringify({
        production: { base_url: 'http://h/api/partners/v1', keys: { full: 'sk_live_a' } },
        sandbox: { base_url: 'http://h/api/partners/sandbox/v1', keys: { full: 'sk_test_a', revoked: 'sk_test_r' } },
      }),
    );
    return path;
  };
  it('reads the keys file, the other environment and numbers', () => {
    const o = parseOptions(
      ['--keys', keysFile(), '--env', 'sandbox', '--rate', '5', '--min-coverage', '90', '--timeout', '1000'],
      {},
    );
    expect(o).toMatchObject({
      env: 'sandbox',
      baseUrl: 'http://h/api/partners/sandbox/v1',
      keys: { full: 'sk_test_a', revoked: 'sk_test_r' },
      other: { baseUrl: 'http://h/api/partners/v1', full: 'sk_live_a' },
      rate: 5,
      minCoverage: 90,
      timeoutMs: 1000,
      profile: 'full',
    });
  });
  it('takes everything from CONFORMANCE_* variables; flags win', () => {
    const env = {
      CONFORMANCE_ENV: 'production',
      CONFORMANCE_BASE_URL: 'http://e/api/partners/v1',
      CONFORMANCE_KEY_FULL: 'sk_live_f',
      CONFORMANCE_KEY_IP_LOOPBACK: 'sk_live_l',
      CONFORMANCE_OTHER_KEY_FULL: 'sk_test_o',
      CONFORMANCE_OTHER_BASE_URL: 'http://e/api/partners/sandbox/v1',
      CONFORMANCE_PROFILE: 'contract',
      CONFORMANCE_RATE: '7',
      CONFORMANCE_REPORT: '/tmp/r',
    };
    expect(parseOptions([], env)).toMatchObject({
      env: 'production',
      baseUrl: 'http://e/api/partners/v1',
      keys: { full: 'sk_live_f', ip_loopback: 'sk_live_l' },
      other: { full: 'sk_test_o' },
      profile: 'contract',
      rate: 7,
      reportDir: '/tmp/r',
    });
    expect(parseOptions(['--base-url', 'http://flag/api/partners/v1', '--rate', '3'], env)).toMatchObject({
      baseUrl: 'http://flag/api/partners/v1',
      rate: 3,
    });
  });
  it.each([
    [['--env', 'staging'], {}, "--env must be sandbox or production, got 'staging'"],
    [[], {}, '--env sandbox|production is required'],
    [['--env', 'sandbox'], {}, 'no base URL'],
    [['--env', 'sandbox', '--base-url', 'ftp://x'], {}, '--base-url must be an http(s) URL'],
    [['--env', 'sandbox', '--base-url', 'http://x', '--rate', 'fast'], {}, '--rate must be a number from 0'],
    [['--env', 'sandbox', '--base-url', 'http://x', '--profile', 'quick'], {}, '--profile must be full or contract'],
    [['--env', 'sandbox', '--base-url', 'http://x', '--bogus'], {}, "Unknown option '--bogus'"],
    [
      ['--env', 'sandbox', '--base-url', 'http://x'],
      { CONFORMANCE_KEY_FULL: 'sk_live_x' },
      "the 'full' key does not start with sk_test_",
    ],
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
  const req = () =>
    new Request('http://api.test/x', { headers: { 'X-Request-Id': 'r1', Authorization: 'Bearer sk_test_k' } });
  it('waits out a 429 (Retry-After) and retries; records the final exchange', async () => {
    let calls = 0;
    const fetch = (async () =>
      ++calls === 1
        ? new Response('{}', { status: 429, headers: { 'retry-after': '0' } })
        : new Response('{"ok":true}', {
            status: 200,
            headers: { 'content-type': 'application/json', 'x-request-id': 'r1' },
          })) as typeof globalThis.fetch;
    const t = new Transport({ rate: 0, timeoutMs: 1000, fetch });
    const res = await t.fetch(req());
    expect(res.status).toBe(200);
    const ex = t.take('r1')!;
    expect(ex).toMatchObject({ retries429: 1, response: { status: 200, body: { ok: true }, isJson: true } });
    expect(t.retries429).toBe(1);
  });
  it('records a timeout', async () => {
    const fetch = ((_r: Request, init?: RequestInit) =>
      new Promise((_res, rej) =>
        init?.signal?.addEventListener('abort', () => rej(init.signal!.reason)),
      )) as typeof globalThis.fetch;
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

  // On vitest's fake clock (Date and setTimeout): the waits are exact, whatever else the machine is doing.
  /** How long (fake ms) the takes waited in all. */
  async function waited(takes: () => Promise<void>): Promise<number> {
    const started = Date.now();
    const done = takes();
    await vi.runAllTimersAsync();
    await done;
    return Date.now() - started;
  }
  it('keeps a key at 80 % of the limit its RateLimit-Policy announces', async () => {
    vi.useFakeTimers();
    try {
      const limiter = new RateLimiter(0);
      limiter.learn('k', '"25-in-1sec"; q=25; w=1'); // 20 rps → one request per 50 ms
      expect(
        await waited(async () => {
          for (let i = 0; i < 5; i++) await limiter.take('k');
        }),
      ).toBe(200); // 4 intervals of 50 ms
      expect(
        await waited(async () => {
          for (let i = 0; i < 5; i++) await limiter.take('another key');
        }),
      ).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
  it('paces different keys that count against one announced partition (pk) as one', async () => {
    vi.useFakeTimers();
    try {
      const limiter = new RateLimiter(0);
      const policy = '"25-in-1sec"; q=25; w=1; pk=:YWRkcmVzcw==:'; // e.g. the caller address's failure budget
      for (const k of ['revoked', 'disabled', 'none']) limiter.learn(k, policy);
      expect(
        await waited(async () => {
          for (const k of ['revoked', 'disabled', 'none', 'revoked', 'disabled']) await limiter.take(k);
        }),
      ).toBe(200);
      limiter.learn('full', '"25-in-1sec"; q=25; w=1; pk=:a2V5:'); // its own key budget
      expect(
        await waited(async () => {
          for (let i = 0; i < 3; i++) await limiter.take('full');
        }),
      ).toBe(100); // its own 2 intervals, not queued behind the other partition's slots
    } finally {
      vi.useRealTimers();
    }
  });
  it.each([
    ['2', 2000],
    [null, 1000],
    ['soon', 1000],
    ['999', 60_000],
  ] as const)('Retry-After %j → %i ms', (v, ms) => expect(retryAfterMs(v)).toBe(ms));
});

describe('coverage', () => {
  const outOfReach = (writes: boolean) =>
    computeCoverage(contract, 'full', [], { writes }).cells.filter((x) => x.state === 'out-of-reach');
  const WEBHOOK_POSTS = ['createWebhookEndpoint', 'createWebhookSecretRotation', 'createWebhookDelivery'];
  const NEEDS_DATA = [
    'getWebhookEndpoint 200 ',
    'listWebhookDeliveries 200 ',
    'getWebhookDelivery 200 ',
    'getWebhookDelivery 404 DELIVERY_NOT_FOUND',
    'getEvent 200 ',
  ];
  const cellKey = (x: { operationId: string; status: number; code: string | null }) =>
    `${x.operationId} ${x.status} ${x.code ?? ''}`;
  const ran = (operationId: string, status: number, code: string | null) => ({
    id: 'a',
    group: 'g',
    operationId,
    title: '',
    status: 'passed' as const,
    failures: [],
    requests: 1,
    retries429: 0,
    durationMs: 0,
    cells: [{ operationId, status, code }],
  });
  it("derives the cells from the contract and leaves 429/500/503, BILLER_UNAVAILABLE, PRODUCT_UNAVAILABLE, a webhook write's 409 and 501 and WEBHOOK_LIMIT_REACHED out of the denominator, not a purchase's 409", () => {
    const c = computeCoverage(contract, 'full', []);
    expect(c.cells.filter((x) => x.operationId === 'getTransaction' && x.status === 401).map((x) => x.code)).toEqual([
      'AUTHENTICATION_REQUIRED',
      'INVALID_CREDENTIALS',
      'TOKEN_REVOKED',
      'TOKEN_EXPIRED',
      'TOKEN_DISABLED',
    ]);
    const ops = contract.operations.length;
    const billed = contract.operations.filter((o) => o.responses.get(503)?.codes.includes('BILLER_UNAVAILABLE')).length;
    // Only an operator takes a product offline: the five purchase operations' 422 PRODUCT_UNAVAILABLE.
    const offline = contract.operations.filter((o) => o.responses.get(422)?.codes.includes('PRODUCT_UNAVAILABLE'));
    expect(offline.length).toBe(5);
    expect(
      outOfReach(true)
        .map((x) => `${x.status} ${x.code}`)
        .sort(),
    ).toEqual(
      [
        ...Array(ops).fill(['429 RATE_LIMITED', '500 INTERNAL_ERROR', '503 SERVICE_UNAVAILABLE']).flat(),
        ...Array(billed).fill('503 BILLER_UNAVAILABLE'),
        ...Array(offline.length).fill('422 PRODUCT_UNAVAILABLE'),
        ...Array(WEBHOOK_POSTS.length).fill(['409 IDEMPOTENCY_KEY_IN_USE', '501 WEBHOOKS_NOT_CONFIGURED']).flat(),
        '422 WEBHOOK_LIMIT_REACHED',
      ].sort(),
    );
    // A purchase's 409 is reachable: the biller-timeout scenarios keep the first request in flight (about 1.5 s).
    expect(
      c.cells
        .filter((x) => x.code === 'IDEMPOTENCY_KEY_IN_USE' && x.state !== 'out-of-reach')
        .map((x) => x.operationId)
        .sort(),
    ).toEqual(
      contract.operations
        .filter((o) => /^create\w*Purchase$/.test(o.operationId))
        .map((o) => o.operationId)
        .sort(),
    );
    expect(c).toMatchObject({ reachable: 427, exercised: 0, percent: 0 });
  });
  it('without writes, every cell of a write operation but its 405 is out of reach, with the reason', () => {
    const c = computeCoverage(contract, 'full', [], { writes: false });
    const write = c.cells.filter((x) => contract.op(x.operationId).writes);
    // The five purchases, the verification and the query by POST, the three webhook POSTs, PATCH and DELETE /webhooks/{id}.
    expect(
      write
        .filter((x) => x.state !== 'out-of-reach')
        .map((x) => `${x.operationId} ${x.status}`)
        .sort(),
    ).toEqual(
      [
        'createAirtimePurchase',
        'createCableTvPurchase',
        'createDataPurchase',
        'createElectricityPurchase',
        'createPurchase',
        'createWebhookDelivery',
        'createWebhookEndpoint',
        'createWebhookSecretRotation',
        'deleteWebhookEndpoint',
        'queryPurchase',
        'updateWebhookEndpoint',
        'verifyPurchase',
      ].map((o) => `${o} 405`),
    );
    // NO_WRITES_WHY wins over every other reason on a write, the webhook ones included.
    expect(write.filter((x) => x.status === 422 || x.status === 409).every((x) => x.why === NO_WRITES_WHY)).toBe(true);
    expect(c.reachable).toBe(242);
  });
  it('counts a cell exercised by a case that ran, not by a skipped one', () => {
    const cell = { operationId: 'getAccount', status: 200, code: null };
    const base = {
      group: 'g',
      operationId: 'getAccount',
      title: '',
      failures: [],
      requests: 1,
      retries429: 0,
      durationMs: 0,
    };
    const c = computeCoverage(contract, 'contract', [
      { ...base, id: 'a', status: 'passed', cells: [cell] },
      { ...base, id: 'b', status: 'skipped', cells: [{ ...cell, operationId: 'getHealth' }] },
    ]);
    expect(c).toMatchObject({ reachable: contract.operations.length, exercised: 1, percent: 3.2 });
    expect(c.reachable).toBe(31);
  });
  it("a webhook write's 409 IDEMPOTENCY_KEY_IN_USE is out of reach with its reason, on the three webhook POSTs only; met all the same, it counts", () => {
    const c = computeCoverage(contract, 'full', []);
    const out = c.cells.filter((x) => x.status === 409 && x.state === 'out-of-reach');
    expect(out.map((x) => x.operationId).sort()).toEqual([...WEBHOOK_POSTS].sort());
    expect(new Set(out.map((x) => x.why))).toEqual(
      new Set([OUT_OF_REACH_ON.find((o) => o.code === 'IDEMPOTENCY_KEY_IN_USE')!.why]),
    );
    expect(out[0]!.why).toMatch(/no slow sandbox scenario/);
    // PATCH and DELETE document no 409 (they take no Idempotency-Key): the exclusion adds no cell there.
    expect(c.cells.filter((x) => /^(update|delete)Webhook/.test(x.operationId) && x.status === 409)).toEqual([]);
    const met = computeCoverage(contract, 'full', [ran('createWebhookDelivery', 409, 'IDEMPOTENCY_KEY_IN_USE')]);
    expect(met.cells.find((x) => x.operationId === 'createWebhookDelivery' && x.status === 409)).toMatchObject({
      state: 'exercised',
      cases: 1,
    });
    expect(met.reachable).toBe(c.reachable + 1);
  });
  it('422 WEBHOOK_LIMIT_REACHED is out of reach on createWebhookEndpoint only; its other 422s stay reachable; met all the same, it counts', () => {
    const c = computeCoverage(contract, 'full', []);
    const create422 = c.cells.filter((x) => x.operationId === 'createWebhookEndpoint' && x.status === 422);
    expect(create422.filter((x) => x.state === 'out-of-reach').map((x) => x.code)).toEqual(['WEBHOOK_LIMIT_REACHED']);
    expect(create422.find((x) => x.code === 'WEBHOOK_LIMIT_REACHED')?.why).toMatch(/limit/);
    expect(
      create422
        .filter((x) => x.state === 'missing')
        .map((x) => x.code)
        .sort(),
    ).toEqual(expect.arrayContaining(['IDEMPOTENCY_KEY_REUSED', 'WEBHOOK_URL_NOT_ALLOWED']));
    expect(
      c.cells.filter((x) => x.code === 'WEBHOOK_LIMIT_REACHED' && x.state === 'out-of-reach').map((x) => x.operationId),
    ).toEqual(['createWebhookEndpoint']);
    const met = computeCoverage(contract, 'full', [ran('createWebhookEndpoint', 422, 'WEBHOOK_LIMIT_REACHED')]);
    expect(met.cells.find((x) => x.code === 'WEBHOOK_LIMIT_REACHED')?.state).toBe('exercised');
  });
  it('a run that read no webhook delivery: exactly the cells that need one are out of reach, with the reason; with data, they are not', () => {
    const none = computeCoverage(contract, 'full', [], { writes: false, webhookData: false });
    expect(
      none.cells
        .filter((x) => x.why === NO_WEBHOOK_DATA_WHY)
        .map(cellKey)
        .sort(),
    ).toEqual([...NEEDS_DATA].sort());
    expect(none.reachable).toBe(242 - NEEDS_DATA.length);
    // The unknown-id 404s and the lists are reachable without data.
    for (const k of [
      'getWebhookEndpoint 404 WEBHOOK_NOT_FOUND',
      'getEvent 404 EVENT_NOT_FOUND',
      'listWebhookEndpoints 200 ',
      'listEvents 200 ',
      'getWebhookDelivery 404 WEBHOOK_NOT_FOUND',
    ]) {
      expect(none.cells.find((x) => cellKey(x) === k)?.state, k).toBe('missing');
    }
    for (const data of [true, undefined]) {
      const c = computeCoverage(contract, 'full', [], {
        writes: false,
        ...(data === undefined ? {} : { webhookData: data }),
      });
      expect(c.cells.filter((x) => x.why === NO_WEBHOOK_DATA_WHY)).toEqual([]);
      expect(c.cells.filter((x) => NEEDS_DATA.includes(cellKey(x))).map((x) => x.state)).toEqual(
        Array(NEEDS_DATA.length).fill('missing'),
      );
    }
    // On a write, the run's lack of writes is the reason given; a cell met all the same counts.
    const withWrites = computeCoverage(contract, 'full', [ran('getEvent', 200, null)], {
      writes: true,
      webhookData: false,
    });
    expect(withWrites.cells.find((x) => cellKey(x) === 'getEvent 200 ')).toMatchObject({ state: 'exercised' });
    expect(withWrites.cells.filter((x) => x.why === NO_WEBHOOK_DATA_WHY)).toHaveLength(NEEDS_DATA.length - 1);
  });
  it('counts an out-of-reach cell that a run met all the same (a 409 won in a race)', () => {
    const base = {
      group: 'g',
      operationId: 'createAirtimePurchase',
      title: '',
      failures: [],
      requests: 1,
      retries429: 0,
      durationMs: 0,
    };
    const c = computeCoverage(contract, 'full', [
      {
        ...base,
        id: 'a',
        status: 'passed',
        cells: [{ operationId: 'createAirtimePurchase', status: 409, code: 'IDEMPOTENCY_KEY_IN_USE' }],
      },
    ]);
    expect(c.cells.find((x) => x.operationId === 'createAirtimePurchase' && x.status === 409)?.state).toBe('exercised');
  });
});
