/**
 * Date ↔ timestamptz text for PGlite, right for every instant PostgreSQL holds (4713 BC to 294276 AD).
 *
 * PGlite's own codec is right only for years 0100-9999: it sends `Date.toISOString()`, whose text for year 0 is
 * `0000-…` (PostgreSQL has no year 0: it is 1 BC) and for year 10000 `+010000-…` (read as a time-zone offset), and
 * it reads rows with `new Date(text)`, which takes `0001-01-01 00:00:00+00` for 2001 and cannot read `… BC` or
 * five-digit years. The pg driver does all of this right; this codec makes PGlite agree with it.
 */

/** Text PostgreSQL reads as this instant, for any year: `YYYY-MM-DDTHH:MM:SS.sssZ`, `… BC` for years ≤ 0. */
export function timestampText(d: Date): string {
  const iso = d.toISOString(); // throws RangeError on an Invalid Date, as PGlite's own serializer does
  const year = d.getUTCFullYear();
  if (year >= 1 && year <= 9999) return iso;
  const rest = iso.slice(iso.indexOf('-', 1)); // "-MM-DDTHH:MM:SS.sssZ" after a signed six-digit year
  return year > 9999 ? `${year}${rest}` : `${String(1 - year).padStart(4, '0')}${rest} BC`;
}

/** PGlite serializer for date/timestamp/timestamptz parameters: Dates as above, anything else as PGlite does. */
export function serializeTimestamp(value: unknown): string {
  if (value instanceof Date) return timestampText(value);
  if (typeof value === 'string') return value;
  if (value === Infinity) return 'infinity';
  if (value === -Infinity) return '-infinity';
  if (typeof value === 'number') return timestampText(new Date(value));
  throw new TypeError('Invalid input for date type');
}

/** PostgreSQL's ISO output: `YYYY-MM-DD HH:MM:SS[.ffffff]±HH[:MM[:SS]][ BC]` (years may have more digits). */
const OUTPUT =
  /^(\d{4,})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)(?:\.(\d{1,6}))?([+-])(\d\d)(?::(\d\d))?(?::(\d\d))?( BC)?$/;

/**
 * PGlite parser for timestamptz results. Years 0100-9999 AD take `new Date(text)` as before (fast, and right for
 * them); below year 100 it answers a wrong year, and BC, five-digit years and offsets with seconds (local mean
 * time of old dates in some session time zones) it cannot read: those are read field by field.
 */
export function parseTimestamptz(text: string): Date | number {
  if (text.charCodeAt(4) === 45 /* - */ && !text.startsWith('00') && !text.endsWith('BC')) {
    const d = new Date(text);
    if (!Number.isNaN(d.getTime())) return d;
  }
  if (text === 'infinity') return Infinity;
  if (text === '-infinity') return -Infinity;
  const m = OUTPUT.exec(text);
  if (!m) return new Date(NaN);
  const [, y, mo, d, h, mi, s, frac, sign, oh, om, os, bc] = m;
  const year = bc ? 1 - Number(y) : Number(y);
  const day = new Date(0);
  // setUTCFullYear, not Date.UTC: Date.UTC maps years 0-99 to 1900-1999.
  day.setUTCFullYear(year, Number(mo) - 1, Number(d));
  // The rest in arithmetic: the local time may lie past the last instant a Date holds while the instant does not.
  const offsetSeconds = (Number(oh) * 3600 + Number(om ?? 0) * 60 + Number(os ?? 0)) * (sign === '-' ? -1 : 1);
  const seconds = Number(h) * 3600 + Number(mi) * 60 + Number(s) - offsetSeconds;
  return new Date(day.getTime() + seconds * 1000 + (frac ? Number(frac.padEnd(3, '0').slice(0, 3)) : 0));
}
