/**
 * One measurement: autocannon at a fixed connection count against one URL (or a rotation of URLs), after a
 * warm-up run that is thrown away. Latencies are taken from autocannon's per-response event in fractional
 * milliseconds (its own histogram keeps whole milliseconds), over every response. Errors = non-2xx + socket
 * errors + timeouts. RSS of the server process is sampled every 200 ms while the load runs.
 *
 * Writes: a request may carry a method, a body and `setupRequest` (autocannon's request generator, called before
 * every send: a fresh Idempotency-Key, the next partner's key). Requests tagged with a `kind` get their own
 * latencies and statuses (`by_kind`): with one request in flight per connection, the request a response answers is
 * the connection's current one.
 */
import { createRequire } from 'node:module';
import { percentile } from './stats.ts';

const require = createRequire(import.meta.url);
// autocannon ships no types; the little used here is typed below.
const autocannon = require('autocannon') as (opts: Record<string, unknown>) => Tracker;

interface Tracker {
  on(event: 'response', fn: (client: unknown, status: number, bytes: number, ms: number) => void): void;
  on(event: 'done', fn: (r: AutocannonResult) => void): void;
  on(event: 'error', fn: (e: Error) => void): void;
  stop(): void;
}

interface AutocannonResult {
  requests: { average: number; total: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  resets: number;
  duration: number;
  statusCodeStats: Record<string, { count: number }>;
}

export interface LoadRequest {
  path: string;
  headers?: Record<string, string>;
  method?: string;
  body?: string;
  /**
   * autocannon's generator: gets the request (path, headers, body …) and the connection's context, and returns the
   * one to send; setting `context.kind` labels that request for `by_kind`.
   */
  setupRequest?: (
    req: { path: string; headers: Record<string, string>; body?: string | Buffer },
    context: { kind?: string },
  ) => unknown;
  /** Label for `by_kind` (e.g. `read`, `purchase`). */
  kind?: string;
}

export interface KindResult {
  requests: number;
  p50_ms: number;
  p99_ms: number;
  status_codes: Record<string, number>;
}

export interface LoadOptions {
  origin: string;
  requests: LoadRequest[];
  connections: number;
  durationSec: number;
  warmupSec: number;
  /** Resident set size of the target, sampled during the measured part. */
  rss?: () => number | null;
  /** Called about once per second of the measured part with the elapsed seconds (progress, soak samples). */
  onSecond?: (elapsed: number) => void;
}

export interface LoadResult {
  rps: number;
  p50_ms: number;
  p99_ms: number;
  mean_ms: number;
  requests: number;
  errors: number;
  non2xx: number;
  socket_errors: number;
  status_codes: Record<string, number>;
  bytes_per_response: number;
  rss_mib_max: number | null;
  rss_mib_end: number | null;
  /** Per `kind` of request, when the requests carry one. */
  by_kind?: Record<string, KindResult>;
}

interface Raw {
  r: AutocannonResult;
  lat: Float64Array;
  rss: number[];
  bytes: number;
  kinds: Map<string, { lat: number[]; status: Record<string, number> }>;
}

/**
 * The kind of the request a connection is waiting on (autocannon's client; one in flight per connection): the one a
 * request generator put in the connection's context (`context.kind`, when one template sends many kinds), else
 * the template's own `kind`. autocannon emits a response before it builds the connection's next request.
 */
const kindOf = (client: unknown): string | undefined => {
  const it = (client as { requestIterator?: { context?: { kind?: string }; currentRequest?: { kind?: string } } })
    .requestIterator;
  return it?.context?.kind ?? it?.currentRequest?.kind;
};

function run(opts: LoadOptions, seconds: number, record: boolean): Promise<Raw> {
  return new Promise((resolve, reject) => {
    let lat = new Float64Array(1 << 16);
    let n = 0;
    let bytes = 0;
    const rss: number[] = [];
    const kinds: Raw['kinds'] = new Map();
    const first = opts.requests[0]!;
    // The `requests` form for rotations and for anything but a plain GET (methods, bodies, generators, kinds).
    const listed =
      opts.requests.length > 1 ||
      opts.requests.some((q) => q.method || q.body !== undefined || q.setupRequest || q.kind);
    const tracker = autocannon({
      url: opts.origin + first.path,
      connections: opts.connections,
      duration: seconds,
      headers: first.headers ?? {},
      ...(listed
        ? {
            requests: opts.requests.map((q) => ({
              method: q.method ?? 'GET',
              path: q.path,
              headers: q.headers ?? {},
              ...(q.body !== undefined ? { body: q.body } : {}),
              ...(q.setupRequest ? { setupRequest: q.setupRequest } : {}),
              ...(q.kind ? { kind: q.kind } : {}),
            })),
          }
        : {}),
      timeout: 10,
    });
    if (record) {
      tracker.on('response', (client, status, b, ms) => {
        bytes += b;
        if (n === lat.length) {
          const bigger = new Float64Array(lat.length * 2);
          bigger.set(lat);
          lat = bigger;
        }
        lat[n++] = ms;
        const kind = kindOf(client);
        if (kind !== undefined) {
          const k = kinds.get(kind) ?? { lat: [], status: {} };
          k.lat.push(ms);
          k.status[status] = (k.status[status] ?? 0) + 1;
          kinds.set(kind, k);
        }
      });
    }
    const t0 = performance.now();
    let lastSecond = 0;
    const sampler = setInterval(() => {
      const v = opts.rss?.();
      if (v !== null && v !== undefined) rss.push(v);
      const elapsed = Math.floor((performance.now() - t0) / 1000);
      if (elapsed > lastSecond) {
        lastSecond = elapsed;
        opts.onSecond?.(elapsed);
      }
    }, 200);
    tracker.on('error', (e) => {
      clearInterval(sampler);
      reject(e);
    });
    tracker.on('done', (r) => {
      clearInterval(sampler);
      const v = opts.rss?.();
      if (v !== null && v !== undefined) rss.push(v);
      resolve({ r, lat: lat.subarray(0, n).sort(), rss, bytes, kinds });
    });
  });
}

export async function measure(opts: LoadOptions): Promise<LoadResult> {
  if (opts.warmupSec > 0) await run({ ...opts, onSecond: undefined, rss: undefined }, opts.warmupSec, false);
  const { r, lat, rss, bytes, kinds } = await run(opts, opts.durationSec, true);
  let sum = 0;
  for (const v of lat) sum += v;
  const socketErrors = r.errors + r.timeouts;
  const status_codes: Record<string, number> = {};
  for (const [code, s] of Object.entries(r.statusCodeStats)) status_codes[code] = s.count;
  const completed = Object.values(status_codes).reduce((a, b) => a + b, 0);
  return {
    rps: completed / r.duration,
    p50_ms: percentile(lat, 50),
    p99_ms: percentile(lat, 99),
    mean_ms: lat.length ? sum / lat.length : NaN,
    requests: completed,
    errors: r.non2xx + socketErrors,
    non2xx: r.non2xx,
    socket_errors: socketErrors,
    status_codes,
    bytes_per_response: lat.length ? Math.round(bytes / lat.length) : 0,
    rss_mib_max: rss.length ? Math.max(...rss) : null,
    rss_mib_end: rss.length ? rss[rss.length - 1]! : null,
    ...(kinds.size ? { by_kind: Object.fromEntries([...kinds].map(([kind, k]) => [kind, kindResult(k)])) } : {}),
  };
}

function kindResult(k: { lat: number[]; status: Record<string, number> }): KindResult {
  const sorted = Float64Array.from(k.lat).sort();
  return {
    requests: sorted.length,
    p50_ms: percentile(sorted, 50),
    p99_ms: percentile(sorted, 99),
    status_codes: k.status,
  };
}
