/**
 * Mapping store results to wire objects once. The store's read cache (store/read-cache.ts) hands out the SAME
 * deep-frozen rows and arrays again until the next write; a mapper wrapped here keeps its output for a deep-frozen
 * input (by identity, in a WeakMap, so it goes when the cache drops the input) and deep-freezes it, so the next
 * request gets the object that was built for the first (the caching rule: server/frozen.ts). Any other input
 * (PostgreSQL, no cache, or frozen only at the top) is mapped every time.
 */
import { deepFreeze, isDeepFrozen, type Frozen } from '../frozen.ts';

export interface MapOnce<T, U> {
  /** Frozen input: the shared, deep-frozen output. */
  (input: Frozen<T>): Frozen<U>;
  (input: T): U;
}

export function mapOnce<T extends object, U extends object>(fn: (input: T) => U): MapOnce<T, U> {
  const memo = new WeakMap<object, Frozen<U>>();
  return ((input: T) => {
    const known = memo.get(input);
    if (known) return known;
    const out = fn(input);
    if (!isDeepFrozen(input)) return out;
    const frozen = deepFreeze(out);
    memo.set(input, frozen);
    return frozen;
  }) as MapOnce<T, U>;
}
