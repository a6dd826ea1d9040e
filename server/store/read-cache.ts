/**
 * A read cache in front of the embedded store, exact by construction.
 *
 * Why it is exact: the embedded data directory is held by ONE process (lock.ts), and every statement reaches PGlite
 * through this handle. So this process sees every write, and any write empties the cache. (PostgreSQL is shared by
 * instances and consoles that this process never sees: it never gets this cache.)
 *
 * Why it exists: PGlite runs Postgres on this process's only thread. A point query (the API-key lookup that every
 * authenticated request makes) and every page hold the event loop (bench/README.md, "Figures behind constants in
 * the code"), while
 * the server only reads at run time: its API has no write operation.
 *
 * Rules:
 * - cached: `SELECT … FROM …` statements that read nothing time- or session-dependent (no now(), random(),
 *   sequences…); a SELECT without FROM and without such calls (the health check's `SELECT 1`) always reaches the
 *   database and leaves the cache alone;
 * - anything else (INSERT, UPDATE, DDL, exec, a transaction, a SELECT calling a volatile function or one of the
 *   migrations' writing functions) empties the cache when it starts and when it ends;
 *   a read that overlapped a write is returned but not stored (generation check), so no stale result survives;
 * - results are deep-frozen (server/frozen.ts, the caching rule): no caller can change what the next one gets;
 * - bounded: lru-cache with an estimated byte size (CACHE_MAX_BYTES) and an entry cap.
 */
import { LRUCache } from 'lru-cache';
import { deepFreeze, type Frozen } from '../frozen.ts';
import type { ExecSql } from './driver.ts';
import type { QueryOptions } from './types.ts';

type Row = Record<string, unknown>;

export const CACHE_MAX_BYTES = 64 * 1024 * 1024;
const CACHE_MAX_ENTRIES = 20_000;
const SELECT = /^\s*SELECT\b/i;
const FROM = /\bFROM\b/i;
/** The SQL functions that write (sql/*.sql): `SELECT … FROM record_purchase(…)` is a write (read-cache.test.ts checks the list). */
export const WRITING_FUNCTIONS = [
  'record_purchase',
  'record_purchase_outcome',
  'settle_purchase',
  'record_webhook_attempt',
  'create_webhook_endpoint',
  'webhook_enqueue',
  'change_product',
] as const;
const VOLATILE = new RegExp(
  `\\b(${WRITING_FUNCTIONS.join('|')})\\s*\\(|` +
    /\b(now|current_(date|time|timestamp|user|setting)|localtime(stamp)?|clock_timestamp|statement_timestamp|transaction_timestamp|timeofday|random|gen_random_uuid|nextval|currval|setval|txid_\w+|pg_\w+)\b|\bFOR\s+(UPDATE|SHARE|NO\s+KEY|KEY)\b/
      .source,
  'i',
);

/**
 * - `cache`: a SELECT … FROM without anything volatile;
 * - `pass`: a SELECT without FROM and without anything volatile (`SELECT 1`): reads no table, changes nothing;
 * - `write`: everything else, including a SELECT that calls a volatile function (it may change state).
 */
export type Verdict = 'cache' | 'pass' | 'write';

/** Verdicts by statement text: the store issues a small, fixed set of statements (bounded anyway). */
const verdicts = new Map<string, Verdict>();

export function verdictOf(text: string): Verdict {
  let v = verdicts.get(text);
  if (v === undefined) {
    v = !SELECT.test(text) || VOLATILE.test(text) ? 'write' : FROM.test(text) ? 'cache' : 'pass';
    if (verdicts.size >= 1000) verdicts.clear();
    verdicts.set(text, v);
  }
  return v;
}

/** Rough size of a result in bytes: enough to bound memory, cheap enough to run on every miss. */
function estimateBytes(rows: Frozen<Row[]>): number {
  let n = 64;
  for (const r of rows) {
    for (const k in r) {
      const v = r[k];
      n += 16 + (typeof v === 'string' ? v.length : 8);
    }
  }
  return n;
}

export interface ReadCacheStats {
  hits: number;
  misses: number;
  entries: number;
  bytes: number;
}

export interface ReadCacheLimits {
  maxBytes?: number;
  maxEntries?: number;
}

export class ReadCachingSql implements ExecSql {
  private readonly cache: LRUCache<string, Frozen<Row[]>>;
  /** Bumped when a write starts and when it ends: a read that saw another generation does not store. */
  private generation = 0;
  private hits = 0;
  private misses = 0;

  constructor(
    private readonly inner: ExecSql,
    limits: ReadCacheLimits = {},
  ) {
    this.cache = new LRUCache<string, Frozen<Row[]>>({
      max: limits.maxEntries ?? CACHE_MAX_ENTRIES,
      maxSize: limits.maxBytes ?? CACHE_MAX_BYTES,
      sizeCalculation: (rows) => estimateBytes(rows),
    });
  }

  /** A cached result is `Frozen<R[]>`, typed R[] only because the Sql interface is: never change it. */
  async query<R extends Row = Row>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<R[]> {
    const verdict = verdictOf(text);
    if (verdict === 'pass') return this.inner.query<R>(text, params, options);
    if (verdict === 'write') return this.write(() => this.inner.query<R>(text, params, options));
    const key = params.length === 0 ? text : `${text}\u0000${JSON.stringify(params)}`;
    const cached = this.cache.get(key);
    if (cached) {
      this.hits++;
      return cached as unknown as R[];
    }
    this.misses++;
    const seen = this.generation;
    // Frozen even when not kept: the caches after this one (paging.ts, memo.ts, json-body.ts) key on frozen input.
    const rows = deepFreeze(await this.inner.query<R>(text, params, options));
    if (seen === this.generation) this.cache.set(key, rows as Frozen<Row[]>);
    return rows as unknown as R[];
  }

  exec(text: string): Promise<void> {
    return this.write(() => this.inner.exec(text));
  }

  transaction<T>(fn: (tx: ExecSql) => Promise<T>): Promise<T> {
    return this.write(() => this.inner.transaction(fn));
  }

  stats(): ReadCacheStats {
    return { hits: this.hits, misses: this.misses, entries: this.cache.size, bytes: this.cache.calculatedSize };
  }

  private async write<T>(run: () => Promise<T>): Promise<T> {
    this.invalidate();
    try {
      return await run();
    } finally {
      this.invalidate();
    }
  }

  private invalidate(): void {
    this.generation++;
    if (this.cache.size > 0) this.cache.clear(); // clear() resets arrays as long as `max`: skip it when empty
  }
}
