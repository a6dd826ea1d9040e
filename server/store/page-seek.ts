/**
 * Deep pages of listTransactions without scanning OFFSET index entries: a seek from the counters of migration 002.
 *
 * The list is ordered created_at DESC, id DESC. For any UTC midnight C, the rows with created_at >= C come first, all
 * of them, before any row with created_at < C (ties on created_at never straddle C). So with K = the number of
 * matching rows in [C, to], for any K <= OFFSET:
 *   ... ORDER BY created_at DESC, id DESC LIMIT l OFFSET o
 *   ==  ... AND created_at < C ORDER BY created_at DESC, id DESC LIMIT l OFFSET (o - K)
 * The restriction is an upper bound plus a smaller OFFSET, not a window: a page crossing midnight continues into the
 * older days. We pick the smallest such C, the end of the UTC day holding row number `o`, found from the counters:
 *   1. top: the partial day [floor_day(to), to] counted on the rows, as transaction-count.ts does. If it already
 *      holds more than `o` rows there is no seek (C = +infinity, K = 0): the OFFSET stays inside one day of rows.
 *   2. the whole days below it, as the same counter segments planCount uses for the total (grain-1 whole months,
 *      grain-2 days at the ends of the range), newest first with a running sum: the first segment whose running sum
 *      passes `o` holds the row. A day segment gives C directly; a month is walked again through its grain-2 days.
 *   3. nothing passes `o`: the row is in the partial day [from, ceil_day(from)) (C = that midnight), or past the end
 *      (C = -infinity: the page is empty), K = every row above.
 * The whole thing is one statement (one snapshot for the counters, the page and the total): C and K are scalar
 * subqueries, so the page is still a forward scan of the list index, now starting at C, stopping after o - K + l;
 * that scan selects only (created_at, id), which the list index holds (an index-only scan: the skipped entries cost
 * no heap fetch), and the l rows are then read by primary key and put back in list order.
 * Its cost: the month counters of the range (<= 24 per month of history) + <= 62 day counters + <= 31 days of one
 * month + the top partial day (index-only) + o - K + l entries, o - K < one day of rows.
 */
import { join, sql, type SqlFragment } from './sql.ts';
import { ceilDay, counterRange, planCount, rowCountSql, type CountPart } from './transaction-count.ts';

/**
 * OFFSETs at or above this seek. The plain scan fetches every skipped row from the heap, so its cost grows linearly
 * with the offset; at about this offset it equals what the seek adds (its counter reads and a larger plan); below
 * it the plain OFFSET is as cheap, above it the seek wins (bench/README.md, "Deep pages" and "Figures behind
 * constants in the code").
 */
export const SEEK_AFTER_OFFSET = 2_000;

/**
 * The page + total statement using the seek (same columns as pagedQuery: `_total` then the row), or null when a
 * seek does not apply (the range holds no whole day: it is < 2 days of rows). `keyFilter` uses only account_id,
 * status and category (no external_reference); `where` is keyFilter plus the created_at range [from, to].
 */
export function seekPagedQuery(
  cols: SqlFragment,
  keyFilter: SqlFragment,
  where: SqlFragment,
  from: Date | undefined,
  to: Date | undefined,
  { limit, offset }: { limit: number; offset: number },
  total: SqlFragment,
): SqlFragment | null {
  const fromMs = from?.getTime() ?? null;
  const toMs = to?.getTime() ?? null;
  const parts =
    fromMs === null && toMs === null
      ? [{ kind: 'counters' as const, grain: 1 as const, from: null, to: null }]
      : planCount(fromMs, toMs);
  const segments = parts.filter((p): p is Extract<CountPart, { kind: 'counters' }> => p.kind === 'counters');
  if (segments.length === 0) return null;
  const segConds = segments.map((p) => sql`(${counterRange(p)})`);
  // 1. The partial day at the top, [floor_day(to), to]: planCount's rows part that ends at `to`, counted on the rows.
  const topPart = parts.find((p): p is Extract<CountPart, { kind: 'rows' }> => p.kind === 'rows' && p.toInclusive);
  const top = topPart === undefined ? sql`0::bigint` : rowCountSql(keyFilter, topPart);
  // 3. Where the rows below every segment start: the partial day at the bottom, or nothing.
  const bottom = fromMs === null ? sql`'-infinity'::timestamptz` : sql`${new Date(ceilDay(fromMs))}::timestamptz`;
  const o = sql`${offset}::bigint`;
  return sql`WITH top AS MATERIALIZED (SELECT ${top} AS n),
seg AS MATERIALIZED (
  SELECT grain, bucket, sum(n) AS n FROM transaction_counts
  WHERE ${keyFilter} AND (${join(segConds, ' OR ')}) GROUP BY grain, bucket),
hit AS MATERIALIZED (
  SELECT grain, bucket, incl - n AS above FROM (
    SELECT grain, bucket, n, (SELECT n FROM top) + sum(n) OVER (ORDER BY bucket DESC) AS incl FROM seg) s
  WHERE incl > ${o} ORDER BY bucket DESC LIMIT 1),
dayhit AS MATERIALIZED (
  SELECT bucket, above FROM hit WHERE grain = 2
  UNION ALL
  SELECT bucket, incl - n FROM (
    SELECT d.bucket, d.n, h.above + sum(d.n) OVER (ORDER BY d.bucket DESC) AS incl
    FROM hit h CROSS JOIN LATERAL (
      SELECT bucket, sum(n) AS n FROM transaction_counts
      WHERE ${keyFilter} AND grain = 2 AND bucket >= h.bucket AND bucket < (h.bucket + interval '1 month')::date
      GROUP BY bucket) d
    WHERE h.grain = 1) m
  WHERE incl > ${o} ORDER BY 1 DESC LIMIT 1),
cut AS MATERIALIZED (
  SELECT CASE
      WHEN (SELECT n FROM top) > ${o} THEN 'infinity'::timestamptz
      WHEN EXISTS (SELECT FROM dayhit) THEN ((SELECT bucket FROM dayhit) + 1)::timestamp AT TIME ZONE 'UTC'
      ELSE ${bottom} END AS c,
    CASE
      WHEN (SELECT n FROM top) > ${o} THEN 0::bigint
      WHEN EXISTS (SELECT FROM dayhit) THEN (SELECT above FROM dayhit)
      ELSE (SELECT n FROM top) + COALESCE((SELECT sum(n) FROM seg), 0) END::bigint AS k)
SELECT c.total AS _total, p.* FROM (SELECT ${total} AS total) c
LEFT JOIN LATERAL (SELECT ${cols} FROM transactions WHERE id IN (
    SELECT id FROM transactions WHERE ${where} AND created_at < (SELECT c FROM cut)
    ORDER BY created_at DESC, id DESC LIMIT ${limit} OFFSET (SELECT ${o} - k FROM cut))
  ORDER BY created_at DESC, id DESC) p ON true`;
}
