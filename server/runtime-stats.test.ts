import { Writable } from 'node:stream';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readCacheStatsOf, sampleRuntimeStats, startRuntimeStats } from './runtime-stats.ts';
import { openStore } from './store/open.ts';
import type { Store } from './store/types.ts';

let cached: Store;
let uncached: Store;
beforeAll(async () => {
  cached = await openStore({ memory: true, readCache: true });
  uncached = await openStore({ memory: true, readCache: false });
}, 60_000);
afterAll(async () => {
  await cached?.close();
  await uncached?.close();
});

const block = (ms: number) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    /* the loop is held */
  }
};

describe('runtime stats', () => {
  it('count the read cache: a repeated read is a hit, the first a miss; no cache → null', async () => {
    const before = readCacheStatsOf(cached)!;
    await cached.getAccount('00000000-0000-4000-8000-000000000001');
    await cached.getAccount('00000000-0000-4000-8000-000000000001');
    const after = readCacheStatsOf(cached)!;
    expect(after.misses - before.misses).toBe(1);
    expect(after.hits - before.hits).toBe(1);
    expect(readCacheStatsOf(uncached)).toBeNull();
  });

  it("measure the event loop's delay over the interval, then start afresh", async () => {
    const h = monitorEventLoopDelay({ resolution: 1 });
    h.enable();
    await new Promise((r) => setTimeout(r, 20));
    block(120);
    await new Promise((r) => setTimeout(r, 20));
    const held = sampleRuntimeStats(cached, h);
    expect(held.event_loop_delay_ms.max).toBeGreaterThanOrEqual(100);
    await new Promise((r) => setTimeout(r, 60));
    const calm = sampleRuntimeStats(cached, h);
    h.disable();
    expect(calm.event_loop_delay_ms.max).toBeLessThan(held.event_loop_delay_ms.max);
    expect(held.rss_mib).toBeGreaterThan(0);
    expect(held.cpu_ms).toBeGreaterThan(0);
  });

  it('log one line per interval while started, none after stop, none when the interval is 0', async () => {
    const lines: Record<string, any>[] = [];
    const sink = new Writable({
      write(chunk, _e, cb) {
        lines.push(JSON.parse(String(chunk)));
        cb();
      },
    });
    const logger = pino(sink);
    expect(startRuntimeStats({ intervalMs: 0, store: cached, logger })).toBeTypeOf('function');
    const stop = startRuntimeStats({ intervalMs: 30, store: cached, logger });
    await vi.waitFor(() => expect(lines.length).toBeGreaterThanOrEqual(2)); // two intervals, however late timers run
    stop();
    const n = lines.length;
    await new Promise((r) => setTimeout(r, 90));
    expect(n).toBeGreaterThanOrEqual(2);
    expect(lines.length).toBe(n);
    expect(lines[0]).toMatchObject({
      msg: 'runtime stats',
      runtime: { read_cache: { hits: expect.any(Number), misses: expect.any(Number) } },
    });
  });
});
