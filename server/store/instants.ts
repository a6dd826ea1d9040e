/**
 * The instants the store holds, and query bounds outside them.
 *
 * Every instant the store writes (created_at, updated_at, expires_at) lies in [MIN_INSTANT, MAX_INSTANT]:
 * 0001-01-01T00:00:00.000Z to 9999-12-31T23:59:59.999Z, the four-digit years of RFC 3339 in UTC. Anything else is
 * rejected with InvalidStoreValueError before it reaches SQL. JS Dates reach ±275 760 years, PostgreSQL only 4713 BC
 * to 294276 AD; this window sits well inside both, so the total_count planner (transaction-count.ts), which rounds
 * a bound out to the next midnight or month, stays inside what the database represents (at most 10000-01-01).
 *
 * A query bound, though, is any instant a client can write: RFC 3339 allows year 0000 and, with an offset,
 * 9999-12-31T23:59:59-14:00 (year 10000 in UTC). Since nothing exists outside the window, `clampRange` gives the
 * same answer as the bounds as written: a `from` at or before the window's start, or a `to` at or after its end,
 * is no bound at all; a `from` after the window or a `to` before it matches nothing (answered without SQL).
 */
import { InvalidStoreValueError } from './errors.ts';
import { one, type SqlFragment } from './sql.ts';
import type { Sql } from './types.ts';

/** 0001-01-01T00:00:00.000Z */
export const MIN_INSTANT = -62_135_596_800_000;
/** 9999-12-31T23:59:59.999Z */
export const MAX_INSTANT = 253_402_300_799_999;

const isValidDate = (d: unknown): d is Date => d instanceof Date && Number.isFinite(d.getTime());

/** An instant about to be written: a valid Date inside the window, or InvalidStoreValueError. */
export function storedInstant(d: Date, field: string): Date {
  if (!isValidDate(d)) throw new InvalidStoreValueError(`${field} must be a valid Date`);
  const t = d.getTime();
  if (t < MIN_INSTANT || t > MAX_INSTANT) {
    throw new InvalidStoreValueError(
      `${field} must be between 0001-01-01T00:00:00Z and 9999-12-31T23:59:59.999Z, got ${d.toISOString()}`,
    );
  }
  return d;
}

/** storedInstant for a nullable column. */
export const storedInstantOrNull = (d: Date | null, field: string): Date | null =>
  d === null ? null : storedInstant(d, field);

export interface InstantRange {
  from: Date | undefined;
  to: Date | undefined;
}

/**
 * Inclusive bounds as the store can run them: inside the window, or dropped when they exclude nothing; null when
 * the range lies wholly outside the window (nothing can match). Invalid Dates are InvalidStoreValueError.
 */
export function clampRange(from: Date | undefined, to: Date | undefined): InstantRange | null {
  for (const [name, d] of [
    ['from', from],
    ['to', to],
  ] as const) {
    if (d !== undefined && !isValidDate(d)) throw new InvalidStoreValueError(`${name} must be a valid Date`);
  }
  if ((from !== undefined && from.getTime() > MAX_INSTANT) || (to !== undefined && to.getTime() < MIN_INSTANT))
    return null;
  return {
    from: from !== undefined && from.getTime() > MIN_INSTANT ? from : undefined,
    to: to !== undefined && to.getTime() < MAX_INSTANT ? to : undefined,
  };
}

/**
 * A worker's claim of due rows: how many it may take (null: none asked for) and the instant its lease runs until,
 * stored in `column` (claimDueChecks' next_check_at, claimDueWebhookDeliveries' next_attempt_at).
 */
export function leaseOf(now: Date, limit: number, leaseMs: number, column: string): { n: number; until: Date } | null {
  const n = Math.trunc(limit);
  if (!(n >= 1)) return null;
  if (!Number.isSafeInteger(leaseMs) || leaseMs <= 0)
    throw new InvalidStoreValueError(`lease_ms must be a positive integer, got ${leaseMs}`);
  return { n, until: storedInstant(new Date(storedInstant(now, 'now').getTime() + leaseMs), column) };
}

/**
 * Whether a worker's round can skip its claim: `earliest` reads the earliest due instant among the rows the claim
 * would take, and has no parameter. The claim is an UPDATE, a write, and on the embedded store every write empties
 * the read cache (read-cache.ts), so idle workers emptied it every round (bench/README.md: under the realistic mix,
 * 23 % hits before this read, 26 % after, as with the workers off). This read is a cacheable SELECT answered by the
 * cache until the next write; on PostgreSQL it is one read of the claim's own index. `earliest` must read the set
 * the claim takes (each claim shares its filter with its pre-check). A row falling due after it is claimed next round.
 * An instant this cannot read (never expected) counts as due: the claim then decides, as it did before.
 */
export async function nothingDue(db: Sql, earliest: SqlFragment, now: Date): Promise<boolean> {
  const row = await one(db, earliest);
  const at = row ? Object.values(row)[0] : null;
  if (at === null || at === undefined) return true;
  const t = at instanceof Date ? at.getTime() : Date.parse(String(at));
  return t > now.getTime(); // NaN compares false: due
}
