/**
 * The caching rule: a cache hands the same value to many callers only when no caller can change it — a primitive,
 * or a value `deepFreeze` made immutable at every depth (its type: `Frozen<T>`, which nothing else produces).
 *
 * The caches that share values between requests (every one of them in-process, exact, and emptied as below):
 *
 * | cache | holds | emptied by | why it is exact |
 * |---|---|---|---|
 * | read cache, `store/read-cache.ts` (embedded store only) | result rows of plain `SELECT … FROM` statements, by text + parameters: `Frozen<Row[]>` | every other statement, `exec` or transaction, when it starts and when it ends; LRU bounds (64 MB, 20 000 results) | one process holds the data directory (store/lock.ts) and every statement goes through this handle, so it sees every write; a read that overlapped a write is not kept |
 * | split pages, `store/paging.ts` | the `Frozen<Page>` built from one frozen result array (WeakMap) | the entry goes with the array, when the read cache drops it | a pure function of the frozen rows |
 * | wire objects, `handlers/memo.ts` (`mapOnce`) | a mapper's `Frozen` output per frozen input (WeakMap) | the entry goes with its input (a cached row, a page's items) | a pure function of the frozen input |
 * | product categories, `handlers/products.ts` | the `Frozen` category list per environment and base path | never: it depends on nothing else | built from constants |
 * | page JSON, `http/json-body.ts` | the JSON text of a frozen array (a string), and the body bytes around it with the text of the envelope's other members (WeakMaps) | the entries go with the array; the bytes are rebuilt when the rest of the envelope differs | text: a pure function of the frozen array; bytes: reused only for the same rest |
 *
 * Values are frozen where they enter a cache, once: on a read-cache miss (the rows), when a page or wire object is
 * built from frozen input. Unfrozen input (PostgreSQL, read cache off) is never cached, so it is never frozen.
 * Cost: deepFreeze on a miss is small next to the query that missed; hits cost nothing more (bench/README.md,
 * "Figures behind constants in the code").
 *
 * Dates: `Object.freeze` does not stop `setTime`, so `deepFreeze` also gives each Date it meets a prototype whose
 * setters throw (`instanceof Date`, getters, `toISOString` and JSON unchanged; only a call through
 * `Date.prototype.setTime.call(d, …)` gets past it, which nothing here does). Rows keep Date columns: the rest of
 * the server reads them as Dates, and ISO strings instead would change every row type the handlers use.
 *
 * One exception, because JavaScript cannot freeze bytes (Object.freeze refuses a non-empty typed array): the page
 * body bytes of json-body.ts are a shared Buffer, typed `SharedBytes` (no writing methods) and handed only to
 * `res.send`, which writes them to the socket. Copying them per response instead would be a noticeable share of a
 * page request's CPU (bench/README.md, "Figures behind constants in the code");
 * test/server/frozen-caches.test.ts checks the real server serves the same bytes every time.
 */

declare const FROZEN: unique symbol;

type Primitive = string | number | bigint | boolean | symbol | null | undefined;

/** The Date methods that read: what a frozen Date offers at compile time (its setters throw at run time). */
export type ReadonlyDate = Omit<Date, `set${string}`>;

/** T read-only at every depth: properties, array elements, nested objects; Dates without their setters. */
export type DeepReadonly<T> = T extends Primitive
  ? T
  : T extends Date
    ? ReadonlyDate
    : T extends (...args: never[]) => unknown
      ? T
      : T extends readonly (infer U)[]
        ? readonly DeepReadonly<U>[]
        : { readonly [K in keyof T]: DeepReadonly<T[K]> };

/** A value frozen at every depth by `deepFreeze`, so a cache may hand it to any number of callers. */
export type Frozen<T> = DeepReadonly<T> & { readonly [FROZEN]: true };

/** Bytes shared between responses: nothing here writes them (see the module comment for why not frozen). */
export type SharedBytes = Pick<Buffer, 'length' | 'byteLength' | 'toString' | 'equals' | 'subarray'> & {
  readonly [index: number]: number;
};

/** The prototype of a frozen Date: every setter throws, as assigning to a frozen object's property does. */
class FrozenDate extends Date {}
for (const name of Object.getOwnPropertyNames(Date.prototype)) {
  if (!name.startsWith('set')) continue;
  Object.defineProperty(FrozenDate.prototype, name, {
    value() {
      throw new TypeError(`Cannot call ${name}() on a frozen Date`);
    },
  });
}
Object.freeze(FrozenDate.prototype);

/** Objects and arrays deepFreeze froze with everything they reach. (Frozen Dates are known by their prototype.) */
const deep = new WeakSet<object>();

function unfreezable(v: object): string | undefined {
  if (ArrayBuffer.isView(v) || v instanceof ArrayBuffer) return 'binary data';
  if (v instanceof Map || v instanceof Set || v instanceof WeakMap || v instanceof WeakSet) return 'a Map or Set';
  if (v instanceof Promise) return 'a Promise';
  return undefined;
}

/**
 * Own enumerable properties are followed (what JSON and every reader of rows see), by plain reads, which measured
 * several times cheaper than walking property descriptors (bench/README.md, "Figures behind constants in the code").
 * `added` lists what this call registered, to take back if it throws.
 */
function freeze(v: unknown, added: object[]): void {
  if (typeof v !== 'object' || v === null) {
    if (typeof v === 'function') Object.freeze(v);
    return;
  }
  if (v instanceof Date) {
    if (Object.getPrototypeOf(v) === Date.prototype) Object.setPrototypeOf(v, FrozenDate.prototype);
    Object.freeze(v);
    return;
  }
  if (deep.has(v)) return; // also ends a cycle: registered before its contents
  const why = unfreezable(v);
  if (why !== undefined) throw new TypeError(`deepFreeze: ${why} cannot be frozen`);
  deep.add(v);
  added.push(v);
  Object.freeze(v);
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) freeze(v[i], added);
  } else {
    for (const key in v) if (Object.hasOwn(v, key)) freeze((v as Record<string, unknown>)[key], added);
  }
}

/**
 * Freezes `value` in place at every depth (objects, arrays, Dates: see the module comment) and returns it as
 * `Frozen<T>`. Takes ownership: whoever else holds a part of it can no longer change it either. Throws a TypeError
 * for what cannot be frozen (binary data, Map, Set, Promise) rather than hand out something half frozen (what it
 * froze before stays frozen, but not registered as deep). A getter is read, and what it returns frozen.
 */
export function deepFreeze<T>(value: T): Frozen<T> {
  const added: object[] = [];
  try {
    freeze(value, added);
  } catch (err) {
    for (const o of added) deep.delete(o);
    throw err;
  }
  return value as Frozen<T>;
}

/**
 * A frozen value as the mutable type a response body is declared with (the generated contract types): for a value
 * that goes only to the response serialiser, which reads it. Nothing else may use this to drop `Frozen`.
 */
export const asResponseBody = <T>(value: Frozen<T>): T => value as unknown as T;

/** True for a primitive or a value deepFreeze finished: safe to share. (Object.isFrozen says only the top.) */
export function isDeepFrozen<T>(value: T): value is T & Frozen<T> {
  if (typeof value !== 'object' || value === null) return typeof value !== 'function';
  return value instanceof Date ? Object.getPrototypeOf(value) === FrozenDate.prototype : deep.has(value);
}
