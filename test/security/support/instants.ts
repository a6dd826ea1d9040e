/**
 * Exact instants of RFC 3339 date-times, for the `from` after `to` oracle: years 0000–9999, any offset, leap
 * seconds and any number of fraction digits, in nanoseconds as a BigInt (Date cannot hold year 0000 with every
 * offset, a second 60, or more than milliseconds).
 */
const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(?:[Zz]|([+-])(\d{2}):(\d{2}))$/;

/** Days from 1970-01-01 to a proleptic Gregorian date (H. Hinnant's days_from_civil). */
function daysFromCivil(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

export interface Instant {
  ns: bigint;
  /** Second 60: how a store maps it (to :59.999… or to the next minute) is not specified. */
  leap: boolean;
}

/** The instant of a date-time the contract accepts; undefined for any other text. */
export function instantOf(text: string): Instant | undefined {
  const m = RFC3339.exec(text);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s, frac = '', sign, oh = '0', om = '0'] = m;
  const seconds =
    daysFromCivil(Number(y), Number(mo), Number(d)) * 86400 + Number(h) * 3600 + Number(mi) * 60 + Number(s);
  const offset = (sign === '-' ? -1 : 1) * (Number(oh) * 3600 + Number(om) * 60);
  const nanos = BigInt((frac + '000000000').slice(0, 9));
  return { ns: BigInt(seconds - offset) * 1_000_000_000n + nanos, leap: s === '60' };
}

/**
 * How `from` compares with `to` for the oracle: 'after' (must be 400), 'not-after' (must be 200), or 'either'
 * when they are closer than a store can tell apart — within a millisecond (stores keep at most microseconds, the
 * reference server milliseconds), or within a second when a leap second is involved.
 */
export function order(from: Instant, to: Instant): 'after' | 'not-after' | 'either' {
  const diff = from.ns - to.ns;
  const leap = from.leap || to.leap;
  const tolerance = leap ? 1_000_000_000n : 1_000_000n;
  if (diff <= 0n) return leap && -diff < tolerance ? 'either' : 'not-after';
  return diff < tolerance ? 'either' : 'after';
}
