/**
 * The exact total of a transaction list without counting the account's whole history (migration 002).
 *
 * Triggers keep `transaction_counts` per (account, status, category) at three grains: all time (0), UTC month (1)
 * and UTC day (2). A created_at range [from, to] (both inclusive, either optional) is split into
 *   - a partial day at each end, counted exactly on the rows: created_at in [from, first midnight ≥ from) and in
 *     [last midnight ≤ to, to] — each an index range of at most one day of rows;
 *   - whole days between those midnights, read from the counters: whole months at grain 1, the days before the
 *     first / after the last whole month at grain 2.
 * No range at all reads grain 0. A range containing no whole day is counted exactly on the rows (< 2 days of rows).
 *
 * Cost: ≤ 2 days of rows + < 62 day counters + the months of the range, × the ≤ 24 status × category pairs —
 * independent of how many transactions the account holds outside the range. (An open-ended range reads the month
 * counters back to the account's first month or up to its last: ≤ 24 rows per month of history, ~30× fewer than a
 * day of rows at a steady 1000 transactions a day.)
 */

import { join, raw, sql, type SqlFragment } from './sql.ts';

export const DAY_MS = 86_400_000;

export const floorDay = (t: number) => Math.floor(t / DAY_MS) * DAY_MS;
export const ceilDay = (t: number) => Math.ceil(t / DAY_MS) * DAY_MS;

/** First instant of the UTC month of t, plus `add` months. (Not Date.UTC: it maps years 0-99 to 1900-1999.) */
function monthStart(t: number, add = 0): number {
  const d = new Date(t);
  const m = new Date(0);
  m.setUTCFullYear(d.getUTCFullYear(), d.getUTCMonth() + add, 1);
  return m.getTime();
}
const floorMonth = (t: number) => monthStart(t);
const ceilMonth = (t: number) => (monthStart(t) === t ? t : monthStart(t, 1));

/** One piece of the total: exact rows in a created_at range, or counters of one grain in a bucket range. */
export type CountPart =
  | { kind: 'rows'; from: number | null; to: number | null; toInclusive: boolean } // from inclusive
  | { kind: 'counters'; grain: 0 | 1 | 2; from: number | null; to: number | null }; // buckets in [from, to)

/**
 * Splits [from, to] (ms, inclusive, null = open) into parts whose sum is the exact count. Exported for tests.
 */
export function planCount(from: number | null, to: number | null): CountPart[] {
  if (from === null && to === null) return [{ kind: 'counters', grain: 0, from: null, to: null }];
  // Whole days: [a, b). a = first midnight at or after `from`; b = last midnight at or before `to` (rows at
  // exactly b belong to the partial day [b, to]).
  const a = from === null ? null : ceilDay(from);
  const b = to === null ? null : floorDay(to);
  if (a !== null && b !== null && a >= b) return [{ kind: 'rows', from, to, toInclusive: true }];
  const parts: CountPart[] = [];
  if (from !== null && a! > from) parts.push({ kind: 'rows', from, to: a, toInclusive: false });
  if (to !== null) parts.push({ kind: 'rows', from: b, to, toInclusive: true });
  // Whole months inside [a, b): [ma, mb).
  const ma = a === null ? null : ceilMonth(a);
  const mb = b === null ? null : floorMonth(b);
  if (ma === null || mb === null || ma < mb) {
    parts.push({ kind: 'counters', grain: 1, from: ma, to: mb });
    if (a !== null && a < ma!) parts.push({ kind: 'counters', grain: 2, from: a, to: ma });
    if (b !== null && mb! < b) parts.push({ kind: 'counters', grain: 2, from: mb, to: b });
  } else {
    parts.push({ kind: 'counters', grain: 2, from: a, to: b });
  }
  return parts;
}

/** The rows of one part counted on `transactions`: matching `keyFilter` with created_at in the part's range. */
export function rowCountSql(keyFilter: SqlFragment, part: Extract<CountPart, { kind: 'rows' }>): SqlFragment {
  const conds = [keyFilter];
  if (part.from !== null) conds.push(sql`created_at >= ${new Date(part.from)}`);
  if (part.to !== null) conds.push(sql`created_at ${raw(part.toInclusive ? '<=' : '<')} ${new Date(part.to)}`);
  return sql`(SELECT count(*) FROM transactions WHERE ${join(conds, ' AND ')})`;
}

/** The `transaction_counts` rows of one part: its grain, buckets in [from, to). */
export function counterRange(part: Extract<CountPart, { kind: 'counters' }>): SqlFragment {
  const conds = [sql`grain = ${raw(String(part.grain))}`];
  // Bucket bounds travel as instants (like every other timestamp here) and become UTC dates in SQL.
  if (part.from !== null) conds.push(sql`bucket >= (${new Date(part.from)}::timestamptz AT TIME ZONE 'UTC')::date`);
  if (part.to !== null) conds.push(sql`bucket < (${new Date(part.to)}::timestamptz AT TIME ZONE 'UTC')::date`);
  return join(conds, ' AND ');
}

/**
 * SQL expression (a bigint: a sum of scalar subqueries) for the exact number of transactions matching `keyFilter`
 * within created_at [from, to]. `keyFilter` may only use account_id, status and category, which `transactions` and
 * `transaction_counts` share (no created_at, no external_reference).
 */
export function countSql(keyFilter: SqlFragment, from: Date | undefined, to: Date | undefined): SqlFragment {
  const pieces = planCount(from?.getTime() ?? null, to?.getTime() ?? null).map((part) =>
    part.kind === 'rows'
      ? rowCountSql(keyFilter, part)
      : sql`(SELECT COALESCE(sum(n), 0) FROM transaction_counts WHERE ${keyFilter} AND ${counterRange(part)})`,
  );
  return sql`(${join(pieces, ' + ')})::bigint`;
}
