/**
 * Type pins: a test's hand-written copy of a type that the contract generates (or the server derives from it). When
 * the contract changes, a pin fails in words that say what to change and where — not vitest's TS2344 "does not
 * satisfy the constraint 'Expected: …, Actual: never'", which names neither. Use:
 *
 *   const pin: TypePin<Actual, Expected, 'test/contract/generated.test.ts', 'the query of listTransactions'> = 'pinned';
 *
 * and, when Actual and Expected differ, tsc reports: Type '"pinned"' is not assignable to type '"type pin broken:
 * the query of listTransactions is no longer the expected type (members only in the actual type: product_type) —
 * update the expected type in test/contract/generated.test.ts, or revert the change that made it differ"'.
 */

/** Exact type equality (the usual conditional-type identity test: distinguishes any, optional and readonly). */
export type Equals<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

type Keys<T> = T extends object ? keyof T & string : never;
type Only<A, B> = Exclude<Keys<NonNullable<A>>, Keys<NonNullable<B>>>;
type Listed<Label extends string, K extends string> = [K] extends [never] ? '' : ` (${Label}: ${K})`;

/**
 * `'pinned'` when Actual is exactly Expected; otherwise the message, with the members only one side has. `Update`
 * is the file to change when the difference is intended; `What` says what the pin holds.
 */
export type TypePin<Actual, Expected, Update extends string, What extends string = 'the pinned type'> =
  Equals<Actual, Expected> extends true
    ? 'pinned'
    : `type pin broken: ${What} is no longer the expected type${Listed<'members only in the actual type', Only<Actual, Expected>>}${Listed<'members only in the expected type', Only<Expected, Actual>>} — update ${Update}, or revert the change that made it differ`;
