/**
 * Rate limits shared through Redis, and Redis going away.
 * - Two server instances (separate apps, limiters and Redis connections; one database) on TEST_REDIS_URL: a burst
 *   over a key's limit spread across both yields exactly the limit in 200s and 429 envelopes with Retry-After and
 *   the RateLimit headers from both; other keys are unaffected; Redis holds key ids and addresses, never a secret.
 * - REDIS_URL pointing where nothing listens: the server starts and still enforces the limits (in memory).
 * - A Redis of our own (redis-server on a free port) killed mid-run and started again: no 5xx, limits enforced in
 *   memory meanwhile, one warning, and counts shared again once it is back.
 * Skipped, visibly, without TEST_REDIS_URL / redis-server.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContractSchemas, loadBundle } from '../../conformance/contract-schemas.ts';
import { createApp } from '../../server/app.ts';
import { handlers } from '../../server/handlers/index.ts';
import { parseConfig, type RateLimitPolicy } from '../../server/config.ts';
import { redisBackend } from '../../server/http/rate-limit-store.ts';
import { BUNDLE_FILE, startServer, type RunningServer } from '../../server/server.ts';
import { freePort } from '../helpers/processes.ts';
import { recordFigures } from './support/figures.ts';

const redisUrl = process.env.TEST_REDIS_URL;
const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;
const POLICY: RateLimitPolicy = { production: 10, sandbox: 10 };
const schemas = new ContractSchemas(loadBundle());
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** A client address of our own for each run (the machine's Redis may be shared): the server trusts 127.0.0.1. */
const address = () =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;

class LogSink extends Writable {
  text = '';
  override _write(chunk: Buffer, _enc: string, cb: () => void) {
    this.text += chunk.toString();
    cb();
  }
}

async function startLimited(redis: string, sink: LogSink): Promise<RunningServer & { dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'rl-redis-'));
  const config = {
    ...parseConfig(['--port', '0', '--data-dir', dir, '--demo'], { TRUST_PROXY: '127.0.0.1', REDIS_URL: redis }),
    rateLimit: POLICY,
  };
  return { ...(await startServer(config, pino({ level: 'info' }, sink))), dir };
}
async function stopLimited(s: (RunningServer & { dir: string }) | undefined) {
  if (!s) return;
  await s.close();
  rmSync(s.dir, { recursive: true, force: true });
}

const burst = (n: number, make: (i: number) => Promise<Response>) =>
  Promise.all(Array.from({ length: n }, (_, i) => make(i)));
const count = (rs: Response[], status: number) => rs.filter((r) => r.status === status).length;
/** Waits for the start of a fresh one-second window, so a burst is counted in one window. */
const nextWindow = () => sleep(1100);

describe.skipIf(!redisUrl)(`two instances sharing Redis${redisUrl ? '' : ' (skipped: TEST_REDIS_URL not set)'}`, () => {
  let a: RunningServer & { dir: string };
  let b: { url: string; server: Server; close(): Promise<void> };
  const sink = new LogSink();

  beforeAll(async () => {
    a = await startLimited(redisUrl!, sink);
    // Instance B: its own app, limiters and Redis connection, on the same database as A.
    const backend = redisBackend(redisUrl!, pino({ level: 'info' }, sink));
    const app = createApp({
      handlers,
      store: a.store,
      logger: pino({ level: 'silent' }),
      bundle: JSON.parse(readFileSync(BUNDLE_FILE, 'utf8')),
      trustProxy: parseConfig([], { TRUST_PROXY: '127.0.0.1' }).trustProxy,
      validateResponses: true,
      rateLimit: { policy: POLICY, backend },
    });
    const server = createServer(app);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    b = {
      url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
      server,
      close: async () => {
        await new Promise((r) => server.close(r));
        await backend.close();
      },
    };
    await sleep(300); // both Redis connections ready and scripts loaded
  }, 60_000);
  afterAll(async () => {
    await b?.close();
    await stopLimited(a);
  });

  it('shares one count per key across instances: exactly the limit passes, the rest get 429 envelopes from both', async () => {
    const k = a.demoKeys!.sandbox.keys;
    const path = '/api/partners/sandbox/v1/account/balance';
    const from = address();
    await nextWindow();
    const origins = [a.url, b.url];
    const rs = await burst(30, (i) =>
      fetch(origins[i % 2] + path, { headers: { Authorization: `Bearer ${k.full}`, 'X-Forwarded-For': from } }),
    );
    const byInstance = [0, 1].map((n) => rs.filter((_r, i) => i % 2 === n && _r.status === 429).length);
    const limited = rs.filter((r) => r.status === 429);
    const bodies = await Promise.all(limited.map((r) => r.json()));
    const other = await Promise.all(
      origins.map((o) =>
        fetch(o + '/api/partners/sandbox/v1/products', {
          headers: { Authorization: `Bearer ${k.products_only}`, 'X-Forwarded-For': from },
        }),
      ),
    );

    const redis = new Redis(redisUrl!);
    const stored = await redis.keys('rl:partner-api:*');
    redis.disconnect();
    const secrets = Object.values(k);
    const figures = {
      requests: rs.length,
      instances: 2,
      limit: POLICY.sandbox,
      '200': count(rs, 200),
      '429': limited.length,
      '429_on_a': byInstance[0]!,
      '429_on_b': byInstance[1]!,
      '5xx': rs.filter((r) => r.status >= 500).length,
      other_key_200: other.filter((r) => r.status === 200).length,
      redis_keys_with_secret: stored.filter((s) => secrets.some((x) => s.includes(x.slice(8)))).length,
    };
    recordFigures({
      check: 'rate-limit-shared-redis',
      passed: figures['200'] === POLICY.sandbox && figures['5xx'] === 0,
      figures,
    });

    expect(figures['200']).toBe(POLICY.sandbox);
    expect(figures['429']).toBe(30 - POLICY.sandbox);
    expect(byInstance.every((n) => n > 0)).toBe(true);
    for (const r of limited) {
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(r.headers.get('ratelimit')).toMatch(/^"10-in-1sec"; r=0; t=\d+$/);
      expect(r.headers.get('ratelimit-policy')).toMatch(/^"10-in-1sec"; q=10; w=1; pk=:[A-Za-z0-9+/=]+:$/);
    }
    for (const body of bodies) {
      expect(schemas.validate('#/components/schemas/ErrorResponse', body)).toEqual([]);
      expect(body.error.code).toBe('RATE_LIMITED');
    }
    expect(other.map((r) => r.status)).toEqual([200, 200]);
    expect(stored.some((s) => s.startsWith('rl:partner-api:key:key:'))).toBe(true);
    expect(figures.redis_keys_with_secret).toBe(0);
  });

  it('shares the per-address failure budget across instances', async () => {
    const from = address();
    await nextWindow();
    const origins = [a.url, b.url];
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++)
      statuses.push(
        (
          await fetch(`${origins[i % 2]}/api/partners/v1/account`, {
            headers: { Authorization: 'Bearer sk_live_guess', 'X-Forwarded-For': from },
          })
        ).status,
      );
    expect(statuses).toEqual([...Array(10).fill(401), 429, 429]); // 10 failures per address, counted in Redis
  });
});

describe('Redis unreachable from the start', () => {
  it('starts, serves, and still enforces the limits in memory, with one warning', async () => {
    const sink = new LogSink();
    const port = await freePort();
    const srv = await startLimited(`redis://127.0.0.1:${port}`, sink);
    try {
      const k = srv.demoKeys!.production.keys;
      await sleep(300);
      const rs = await burst(15, () =>
        fetch(`${srv.demoKeys!.production.base_url}/account`, {
          headers: { Authorization: `Bearer ${k.full}`, 'X-Forwarded-For': address() },
        }),
      );
      const warnings = sink.text.split('\n').filter((l) => l.includes('Redis unavailable')).length;
      const figures = {
        requests: rs.length,
        '200': count(rs, 200),
        '429': count(rs, 429),
        '5xx': rs.filter((r) => r.status >= 500).length,
        warnings,
      };
      recordFigures({
        check: 'rate-limit-redis-unreachable',
        passed: figures['200'] === 10 && figures['5xx'] === 0,
        figures,
      });
      expect([figures['200'], figures['429'], figures['5xx']]).toEqual([10, 5, 0]);
      expect(warnings).toBe(1);
    } finally {
      await stopLimited(srv);
    }
  }, 60_000);
});

describe.skipIf(!hasRedisServer)(
  `Redis killed mid-run${hasRedisServer ? '' : ' (skipped: redis-server not installed)'}`,
  () => {
    let redis: ChildProcess | undefined;
    afterAll(() => {
      redis?.kill('SIGKILL');
    });

    async function startRedis(port: number): Promise<ChildProcess> {
      const child = spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        { stdio: 'ignore' },
      );
      for (let i = 0; i < 50; i++) {
        const probe = new Redis({ port, lazyConnect: true, retryStrategy: () => null, enableOfflineQueue: false });
        probe.on('error', () => {});
        try {
          await probe.connect();
          probe.disconnect();
          return child;
        } catch {
          probe.disconnect();
          await sleep(100);
        }
      }
      throw new Error('redis-server did not start');
    }
    const dbsize = async (port: number) => {
      const c = new Redis({ port });
      const n = await c.dbsize();
      c.disconnect();
      return n;
    };

    it('keeps serving with limits in memory while Redis is gone, and shares counts again once it is back', async () => {
      const sink = new LogSink();
      const port = await freePort();
      redis = await startRedis(port);
      const srv = await startLimited(`redis://127.0.0.1:${port}`, sink);
      const figures: Record<string, number | null> = {};
      let passed = false;
      try {
        const k = srv.demoKeys!.sandbox;
        const call = () =>
          fetch(`${k.base_url}/account/balance`, {
            headers: { Authorization: `Bearer ${k.keys.full}`, 'X-Forwarded-For': address() },
          });
        await sleep(300);
        const before = await burst(15, call);
        figures.redis_keys_before = await dbsize(port);

        redis.kill('SIGKILL');
        await new Promise((r) => redis!.once('exit', r));
        await nextWindow();
        const during = await burst(15, call);
        figures.down_200 = count(during, 200);
        figures.down_429 = count(during, 429);

        const restarted = Date.now();
        redis = await startRedis(port);
        let backAfter: number | null = null;
        for (let i = 0; i < 60 && backAfter === null; i++) {
          await sleep(100);
          await call();
          if ((await dbsize(port)) > 0) backAfter = Date.now() - restarted;
        }
        figures.back_in_redis_after_ms = backAfter;
        await nextWindow();
        const after = await burst(15, call);
        const all = [...before, ...during, ...after];
        figures.requests = all.length;
        figures['5xx'] = all.filter((r) => r.status >= 500).length;
        figures.warnings = sink.text.split('\n').filter((l) => l.includes('Redis unavailable')).length;
        figures.back_lines = sink.text.split('\n').filter((l) => l.includes('Redis is back')).length;
        expect([count(before, 200), count(before, 429)]).toEqual([10, 5]);
        expect(figures.redis_keys_before).toBeGreaterThan(0);
        expect([figures.down_200, figures.down_429]).toEqual([10, 5]);
        expect(backAfter).not.toBeNull();
        expect([count(after, 200), count(after, 429)]).toEqual([10, 5]);
        expect(figures['5xx']).toBe(0);
        expect(figures.warnings).toBeGreaterThanOrEqual(1);
        expect(figures.back_lines).toBeGreaterThanOrEqual(1);
        passed = true;
      } finally {
        await stopLimited(srv);
        recordFigures({ check: 'rate-limit-redis-killed', passed, figures });
      }
    }, 60_000);
  },
);

if (!redisUrl)
  recordFigures({ check: 'rate-limit-shared-redis', passed: false, skipped: 'TEST_REDIS_URL not set', figures: {} });
if (!hasRedisServer)
  recordFigures({
    check: 'rate-limit-redis-killed',
    passed: false,
    skipped: 'redis-server not installed',
    figures: {},
  });
