/**
 * The one way store code builds SQL: a tagged template that keeps values out of the text.
 *
 *   sql`SELECT ${cols} FROM accounts WHERE id = ${id}`
 *
 * - an interpolated `SqlFragment` (another sql`…`, `raw(…)`, `join(…)`) is spliced in as SQL text, with its own
 *   values;
 * - anything else becomes a parameter: `$1`, `$2`, … numbered in order when the whole statement is rendered, so
 *   fragments compose without knowing their position (a filter built on its own, a count expression, a LIMIT).
 *
 * `raw` is for text fixed in this code (column lists, table names, statements): never for input.
 *
 * Hand-written rather than a library: no dependency may be added for it (kysely and friends are not installed),
 * it is ~60 lines, and the read cache (read-cache.ts) keys on the exact text, which must be the same every time a
 * query of the same shape is built: here the text depends only on the template and which fragments are present.
 */
import type { QueryOptions, Sql } from './types.ts';

type Row = Record<string, unknown>;

export class SqlFragment {
  /** Template pieces around `values`: strings.length === values.length + 1. */
  constructor(
    readonly strings: readonly string[],
    readonly values: readonly unknown[],
  ) {}
}

/** A rendered statement, ready for `Sql.query`. */
export interface Statement {
  text: string;
  values: unknown[];
}

export function sql(strings: TemplateStringsArray, ...values: unknown[]): SqlFragment {
  return new SqlFragment(strings, values);
}

/** Fixed SQL text (column lists, table names): spliced in as is. */
export function raw(text: string): SqlFragment {
  return new SqlFragment([text], []);
}

/** Nothing: the neutral fragment for an optional part. */
export const empty = raw('');

/** Fragments separated by `separator` (fixed text), e.g. `AND` between conditions or `, ` between SET items. */
export function join(fragments: readonly SqlFragment[], separator: string): SqlFragment {
  if (fragments.length === 0) return empty;
  const strings = ['', ...Array.from({ length: fragments.length - 1 }, () => separator), ''];
  return new SqlFragment(strings, fragments);
}

/**
 * Text with numbered placeholders and the values in their order. A fragment object that occurs twice in one
 * statement (a WHERE shared by a count and a page) is rendered once: the second occurrence reuses its placeholders.
 */
export function render(fragment: SqlFragment): Statement {
  const values: unknown[] = [];
  const done = new Map<SqlFragment, string>();
  const walk = (f: SqlFragment): string => {
    const known = done.get(f);
    if (known !== undefined) return known;
    let text = f.strings[0]!;
    for (let i = 0; i < f.values.length; i++) {
      const v = f.values[i];
      if (v instanceof SqlFragment) text += walk(v);
      else {
        values.push(v);
        text += `$${values.length}`;
      }
      text += f.strings[i + 1]!;
    }
    if (f.values.length > 0) done.set(f, text);
    return text;
  };
  return { text: walk(fragment), values };
}

/** Runs a statement: its rows. */
export function rows<R extends Row = Row>(ex: Sql, fragment: SqlFragment, options?: QueryOptions): Promise<R[]> {
  const { text, values } = render(fragment);
  return ex.query<R>(text, values, options);
}

/** Runs a statement: its first row, or null. */
export async function one<R extends Row = Row>(
  ex: Sql,
  fragment: SqlFragment,
  options?: QueryOptions,
): Promise<R | null> {
  return (await rows<R>(ex, fragment, options))[0] ?? null;
}

/** For the statements every purchase runs, whose text never varies: see QueryOptions. */
export const PREPARED: QueryOptions = { prepared: true };
