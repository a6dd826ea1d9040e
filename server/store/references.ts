/**
 * References the service gives its transactions (purchases-design §1):
 * - external_reference, when the partner sent none: 10 digits = the Unix time in seconds of creation, then 6 upper-case
 *   alphanumerics — the form and meaning of the references partners send (contract 1.2.0; before it the 10 digits
 *   were the Lagos time `YYMMDDHHmm`); unique per account (the store draws again on a collision with any reference,
 *   a partner's included);
 * - reference, when the partner gave none: `PUR-` (or another prefix) + 26 upper-case Crockford base32 characters of
 *   a ULID-like id (48 bits of milliseconds, then 80 random bits), so generated references sort by creation time.
 * Random parts come from node:crypto: references are not secrets, but guessable ones would let one partner probe
 * another's lookups.
 */
import { randomBytes, randomInt } from 'node:crypto';

const ALNUM_UPPER = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** The largest Unix time in seconds that 10 digits hold (2286-11-20T17:46:39Z). */
const MAX_SECONDS = 9_999_999_999;

/**
 * The Unix time in seconds of `at` as 10 digits + 6 random upper-case alphanumerics. An instant outside what 10
 * digits hold (before 1970, after 2286) is clamped to its bound, so the form always holds.
 */
export function externalReference(at: Date): string {
  const seconds = Math.min(MAX_SECONDS, Math.max(0, Math.floor(at.getTime() / 1000)));
  const stamp = String(seconds).padStart(10, '0');
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
