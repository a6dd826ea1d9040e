/** Checks and conversions shared by the resource modules: ids, money, counts, page bounds. */
import { InvalidStoreValueError } from './errors.ts';
import type { PageRequest } from './types.ts';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** NUMERIC(20,2): up to 18 integer digits, up to 2 decimals. */
const MONEY_RE = /^-?\d{1,18}(\.\d{1,2})?$/;

/** Ids that are not UUIDs find nothing, instead of a database type error. */
export const isUuid = (s: string): boolean => UUID_RE.test(s);

/** Money going in: a decimal string NUMERIC(20,2) holds exactly; anything it would round is rejected. */
export function money(value: string, field: string): string {
  if (typeof value !== 'string' || !MONEY_RE.test(value)) {
    throw new InvalidStoreValueError(
      `${field} must be a decimal string with at most 2 decimals, got ${JSON.stringify(value)}`,
    );
  }
  return value;
}

/** bigint is a string on pg and a number on PGlite. */
export const toCount = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));

export function pageBounds(page: PageRequest): { limit: number; offset: number } {
  const perPage = Math.trunc(page.per_page);
  const pageNo = Math.trunc(page.page);
  if (!(perPage >= 1) || !(pageNo >= 1)) throw new InvalidStoreValueError('page and per_page must be >= 1');
  return { limit: perPage, offset: (pageNo - 1) * perPage };
}
