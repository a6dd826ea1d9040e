/**
 * Mapping store results to wire objects once. The store's read cache (store/read-cache.ts) hands out the SAME
 * frozen rows and arrays again until the next write; a mapper wrapped here keeps its output for a frozen input
 * (by identity, in a WeakMap, so it goes when the cache drops the input) and freezes it, so the next request gets
 * the object that was built for the first. Unfrozen input (PostgreSQL, no cache) is mapped every time.
 */
export function mapOnce<T extends object, U extends object>(fn: (input: T) => U): (input: T) => U {
  const memo = new WeakMap<T, U>();
  return (input) => {
    const known = memo.get(input);
    if (known) return known;
    const out = fn(input);
    if (Object.isFrozen(input)) memo.set(input, Object.freeze(out));
    return out;
  };
}
