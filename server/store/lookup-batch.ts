/**
 * Lookups by one key, batched across concurrent requests on PostgreSQL: the key lookup of every authenticated
 * request (keys.ts) and a purchase's product (products.ts). While `parallel` lookups are in flight, the next ones
 * wait, and the first to run takes up to `max` of them as ONE statement (`WHERE key = ANY (…)`): one round trip, one
 * parse and one snapshot for many requests, where each used to cost both sides a round trip of its own (bench/README.md,
 * "Purchases: where the time goes").
 *
 * Exactness is unchanged. A batch's statement starts after every one of its calls was made, so it sees every commit
 * that a lone lookup made at that moment would have seen, and some later ones: a key revoked before a request
 * arrived is refused, on every instance, as before. Nothing is kept between lookups (no cache to invalidate).
 *
 * Built on group-commit.ts's queue (a call that finds a free slot runs alone at once; nothing waits without
 * contention). A failed batch fails each of its calls with the database's error, as each lookup alone would have
 * failed; a lookup writes nothing, so there is no outcome to be unsure of.
 */
import { groupCommit } from './group-commit.ts';

export interface LookupBatchOptions<R> {
  /** Most keys in one statement. */
  max: number;
  /** Most lookups (lone or batched) in flight at once. */
  parallel: number;
  /** One key alone: the lookup as it was before batching. */
  one: (key: string) => Promise<R | null>;
  /** Every row found for these distinct keys, in any order. */
  many: (keys: string[]) => Promise<R[]>;
  /** The key a row was found by. */
  keyOf: (row: R) => string;
}

const byKey = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function lookupBatch<R>(opts: LookupBatchOptions<R>): (key: string) => Promise<R | null> {
  return groupCommit<string, R | null>({
    max: opts.max,
    parallel: opts.parallel,
    order: byKey,
    alone: opts.one,
    retryAlone: () => false,
    async group(keys) {
      const found = new Map<string, R>();
      for (const row of await opts.many([...new Set(keys)])) found.set(opts.keyOf(row), row);
      return keys.map((k) => found.get(k) ?? null);
    },
  });
}

/** The store's bounds (keys.ts, products.ts): most keys in one statement, and lookups of one kind in flight. */
const BATCH_MAX = 100;
const BATCHES_IN_FLIGHT = 1;

/** With `batched` (PostgreSQL, the pool's store), `spec`'s lookup in batches of the store's bounds; without, its lone lookup. */
export function storeLookup<R>(
  batched: boolean,
  spec: Omit<LookupBatchOptions<R>, 'max' | 'parallel'>,
): (key: string) => Promise<R | null> {
  return batched ? lookupBatch({ max: BATCH_MAX, parallel: BATCHES_IN_FLIGHT, ...spec }) : spec.one;
}
