/**
 * References the service gives its transactions (purchases-design §1):
 * - external_reference: 10 digits = Lagos time (UTC+1, no daylight saving) `YYMMDDHHmm` of creation, then 6
 *   upper-case alphanumerics; unique per account (the store draws again on a collision);
 * - reference, when the partner gave none: `PUR-` (or another prefix) + 26 upper-case Crockford base32 characters of
 *   a ULID-like id (48 bits of milliseconds, then 80 random bits), so generated references sort by creation time.
 * Random parts come from node:crypto: references are not secrets, but guessable ones would let one partner probe
 * another's lookups.
 */
import { randomBytes, randomInt } from 'node:crypto';

const ALNUM_UPPER = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const LAGOS_OFFSET_MS = 3_600_000;

/** `YYMMDDHHmm` of `at` in Lagos time + 6 random upper-case alphanumerics. */
export function externalReference(at: Date): string {
  const lagos = new Date(at.getTime() + LAGOS_OFFSET_MS).toISOString(); // 2026-11-23T11:00:00.000Z
  const stamp = lagos.slice(2, 4) + lagos.slice(5, 7) + lagos.slice(8, 10) + lagos.slice(11, 13) + lagos.slice(14, 16);
  let suffix = '';
  for (let i = 0; i < 6; i++) suffix += ALNUM_UPPER[randomInt(ALNUM_UPPER.length)];
  return stamp + suffix;
}

/** `<prefix>-` + 26 Crockford base32 characters: 10 of the millisecond time, 16 of 80 random bits. */
export function serviceReference(prefix: string, at: Date = new Date()): string {
  let time = '';
  let ms = Math.max(0, Math.floor(at.getTime()));
  for (let i = 0; i < 10; i++) {
    time = CROCKFORD[ms % 32]! + time;
    ms = Math.floor(ms / 32);
  }
  const bytes = randomBytes(10); // 80 bits = 16 characters of 5 bits
  let bits = 0n;
  for (const b of bytes) bits = (bits << 8n) | BigInt(b);
  let random = '';
  for (let i = 0; i < 16; i++) {
    random = CROCKFORD[Number(bits & 31n)]! + random;
    bits >>= 5n;
  }
  return `${prefix}-${time}${random}`;
}
