/**
 * API key format, generation and hashing.
 * A key is `sk_live_` (production) or `sk_test_` (sandbox) followed by 40 base62 characters drawn from the
 * CSPRNG (~238 bits). Only the SHA-256 of the whole key is stored, with a short display prefix. A fast hash is
 * the right tool here: the secret has full entropy, so there is nothing for a slow KDF to protect.
 */
import { createHash, randomInt } from 'node:crypto';
import { KEY_PREFIX, type Environment } from '../domain.ts';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const KEY_BODY_LENGTH = 40;
/** What a well-formed key looks like; anything else is INVALID_CREDENTIALS without a database lookup. */
export const KEY_PATTERN = /^sk_(live|test)_[0-9A-Za-z]{40}$/;
const DISPLAY_PREFIX_BODY = 4;

export interface GeneratedKey {
  /** The secret: shown once, never stored or logged. */
  secret: string;
  secret_hash: string;
  display_prefix: string;
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

export function displayPrefix(secret: string): string {
  const env = secret.startsWith(KEY_PREFIX.production) ? KEY_PREFIX.production : KEY_PREFIX.sandbox;
  return secret.slice(0, env.length + DISPLAY_PREFIX_BODY);
}

export function generateKey(environment: Environment): GeneratedKey {
  let body = '';
  for (let i = 0; i < KEY_BODY_LENGTH; i++) body += BASE62[randomInt(BASE62.length)];
  const secret = KEY_PREFIX[environment] + body;
  return { secret, secret_hash: hashSecret(secret), display_prefix: displayPrefix(secret) };
}

/** Environment named by a key's prefix, or null when the prefix is neither. Decided by the prefix alone. */
export function environmentOfKey(key: string): Environment | null {
  if (key.startsWith(KEY_PREFIX.production)) return 'production';
  if (key.startsWith(KEY_PREFIX.sandbox)) return 'sandbox';
  return null;
}

export function isWellFormedKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}
