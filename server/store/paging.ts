/** Page + exact total in one statement, and the split of its rows into a Page (kept for cached results: a cache). */
import { deepFreeze, isDeepFrozen, type Frozen } from '../frozen.ts';
import { sql, type SqlFragment } from './sql.ts';
import type { Page } from './types.ts';
import { toCount } from './values.ts';

type Row = Record<string, unknown>;

/**
 * One statement for page + exact total: a single snapshot, and the total is still there when the page is past the
 * end (the LEFT JOIN keeps the count row; its page columns are then NULL). `total` is a scalar SQL expression;
 * default: count(*) of the same WHERE.
 */
export function pagedQuery(
  from: SqlFragment,
  cols: SqlFragment,
  where: SqlFragment,
  orderBy: SqlFragment,
  { limit, offset }: { limit: number; offset: number },
  total: SqlFragment = sql`(SELECT count(*) FROM ${from} WHERE ${where})`,
): SqlFragment {
  return sql`SELECT c.total AS _total, p.* FROM (SELECT ${total} AS total) c
LEFT JOIN LATERAL (SELECT ${cols} FROM ${from} WHERE ${where} ORDER BY ${orderBy}
  LIMIT ${limit} OFFSET ${offset}) p ON true`;
}

/**
 * Pages already split, by deep-frozen result array (the read cache hands out the same one until the next write):
 * the page is deep-frozen too (server/frozen.ts), and goes when the read cache drops the array.
 */
const splitPages = new WeakMap<Frozen<Row[]>, Frozen<Page<unknown>>>();

export function splitPage<T>(rows: Row[], map: (r: Row) => T): Page<T> {
  if (!isDeepFrozen(rows)) return split(rows, map);
  let page = splitPages.get(rows);
  if (!page) {
    page = deepFreeze(split(rows, map)) as unknown as Frozen<Page<unknown>>;
    splitPages.set(rows, page);
  }
  return page as unknown as Page<T>;
}

function split<T>(rows: Row[], map: (r: Row) => T): Page<T> {
  const items: T[] = [];
  for (const r of rows) {
    if (r['id'] === null || r['id'] === undefined) continue;
    const { _total: _ignored, ...rest } = r;
    items.push(map(rest));
  }
  return { items, total_count: toCount(rows[0]?.['_total']) };
}
