/**
 * express-openapi-validator 5.6 compiles path-to-regexp for EVERY route of the contract on EVERY request
 * (middlewares/openapi.metadata.js, lookupRoute): ~10 % of a request here (bench/README.md). It reads
 * `pathToRegexp` from the module's exports at each call, so memoising that export by (path, options) removes the
 * work without touching the library. Transparent: same input → the same result object, whose RegExp has no `g`
 * flag (no lastIndex state) and whose keys nobody mutates. Strings only; bounded.
 *
 * Installed once by createApp. If a future version stops reading the export per call, this simply does nothing.
 */
import { requireFromValidator } from './validator-module.ts';

type PathToRegexp = (path: unknown, options?: Record<string, unknown>) => unknown;

const MAX_ENTRIES = 1000;
let installed = false;

export function installRouteRegexpCache(): void {
  if (installed) return;
  installed = true;
  const mod = requireFromValidator('path-to-regexp') as { pathToRegexp: PathToRegexp };
  const original = mod.pathToRegexp;
  const memo = new Map<string, unknown>();
  mod.pathToRegexp = function memoised(path, options) {
    if (typeof path !== 'string') return original(path, options);
    const key = `${path}\u0000${options ? JSON.stringify(options) : ''}`;
    let hit = memo.get(key);
    if (hit === undefined) {
      hit = original(path, options);
      if (memo.size >= MAX_ENTRIES) memo.clear();
      memo.set(key, hit);
    }
    return hit;
  };
}
