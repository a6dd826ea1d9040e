/** Money: integer kobo in memory, decimal strings with exactly two decimals on the wire (never a float). */

/** Formats integer kobo as "1234.50". Throws on a negative or non-integer value (the contract's Money is >= 0). */
export function formatKobo(kobo: number): string {
  if (!Number.isSafeInteger(kobo) || kobo < 0) throw new RangeError(`not a non-negative integer kobo amount: ${kobo}`);
  return `${Math.floor(kobo / 100)}.${String(kobo % 100).padStart(2, '0')}`;
}

/** Parses "1234.50" (or "1234", "1234.5") into integer kobo without going through a float. */
export function parseKobo(amount: string): number {
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(amount);
  if (!m) throw new RangeError(`not a decimal amount: ${amount}`);
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** Naira (whole) to kobo. */
export const naira = (n: number): number => n * 100;
