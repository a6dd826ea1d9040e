/**
 * Runtime statistics, logged every RUNTIME_STATS_INTERVAL_MS (off by default) as one `runtime stats` line: the
 * event loop's delay over the interval (perf_hooks' histogram: how long a ready callback waited — PGlite's
 * statements run on this thread, so this is what they cost unrelated requests), the embedded read cache's hits and
 * misses since the start (cumulative: a reader takes differences between two lines), the process's RSS and CPU.
 * For operators (a dashboard reads the log) and for `npm run bench`, which reads the lines of its servers.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Logger } from 'pino';
import { ReadCachingSql, type ReadCacheStats } from './store/read-cache.ts';
import type { Store } from './store/types.ts';

export interface RuntimeStats {
  event_loop_delay_ms: { p50: number; p99: number; max: number; mean: number };
  /** Null when the store has no read cache (PostgreSQL, or STORE_READ_CACHE=false). */
  read_cache: ReadCacheStats | null;
  rss_mib: number;
  /** CPU time of this process since its start, user + system. */
  cpu_ms: number;
}

/** What monitorEventLoopDelay returns (its type name differs between @types/node majors). */
type DelayHistogram = ReturnType<typeof monitorEventLoopDelay>;

const ms = (ns: number) => Math.round(ns / 1e4) / 100;

export function readCacheStatsOf(store: Pick<Store, 'sql'>): ReadCacheStats | null {
  return store.sql instanceof ReadCachingSql ? store.sql.stats() : null;
}

/** One sample; the delay histogram is reset, so each line covers its own interval. */
export function sampleRuntimeStats(store: Pick<Store, 'sql'>, delay: DelayHistogram): RuntimeStats {
  const cpu = process.cpuUsage();
  const stats: RuntimeStats = {
    event_loop_delay_ms: {
      p50: ms(delay.percentile(50)),
      p99: ms(delay.percentile(99)),
      max: ms(delay.max),
      mean: ms(delay.mean || 0),
    },
    read_cache: readCacheStatsOf(store),
    rss_mib: Math.round(process.memoryUsage.rss() / 1048576),
    cpu_ms: Math.round((cpu.user + cpu.system) / 1000),
  };
  delay.reset();
  return stats;
}

/** Starts the periodic line; returns its stop (idempotent). intervalMs 0 = off. */
export function startRuntimeStats(opts: { intervalMs: number; store: Pick<Store, 'sql'>; logger: Logger }): () => void {
  if (opts.intervalMs <= 0) return () => {};
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  const timer = setInterval(
    () => opts.logger.info({ runtime: sampleRuntimeStats(opts.store, delay) }, 'runtime stats'),
    opts.intervalMs,
  );
  timer.unref();
  return () => {
    clearInterval(timer);
    delay.disable();
  };
}
