/**
 * Webhook signing secrets and signatures (Standard Webhooks, with the `standardwebhooks` package).
 *
 * A secret is never stored: signing needs the secret itself (an HMAC key, unlike an API key that only has to be
 * recognised), and the house rule is that secrets are never stored. So each endpoint's secret is DERIVED:
 *   secret = "whsec_" + base64(HMAC-SHA256(signing key, "bpp-webhook-secret:v1:<endpoint id>:<generation>"))
 * from the server's signing key (WEBHOOK_SIGNING_KEY, the same on every instance; the embedded store keeps a
 * generated one in its data directory, mode 0600). The database holds only the generation and a SHA-256 of the
 * secret; a copy of the database alone signs nothing. Rotating bumps the generation; until
 * previous_secret_expires_at the previous generation signs too, and both signatures go in `webhook-signature`
 * (Standard Webhooks: space-separated), so a receiver holding either secret verifies.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Webhook } from 'standardwebhooks';

export const SECRET_PREFIX = 'whsec_';
/** The overlap of a rotation (contract decisions: 24 h). */
export const ROTATION_OVERLAP_MS = 24 * 60 * 60 * 1000;
const MIN_KEY_BYTES = 32;

export class SigningKeyError extends Error {}

/** The server's signing key from WEBHOOK_SIGNING_KEY (base64, at least 32 bytes). */
export function signingKeyFrom(value: string): Buffer {
  const key = Buffer.from(value, 'base64');
  if (key.length < MIN_KEY_BYTES || key.toString('base64').replace(/=+$/, '') !== value.trim().replace(/=+$/, '')) {
    throw new SigningKeyError(
      `WEBHOOK_SIGNING_KEY must be base64 of at least ${MIN_KEY_BYTES} random bytes (e.g. the output of: openssl rand -base64 32)`,
    );
  }
  return key;
}

/**
 * The embedded store's signing key: `<dataDir>/webhook-signing.key`, created on first use with 32 random bytes and
 * mode 0600 (only the server's user reads it; the data directory is the server's alone anyway).
 */
export function signingKeyInDataDir(dataDir: string): Buffer {
  const file = path.join(dataDir, 'webhook-signing.key');
  try {
    return signingKeyFrom(fs.readFileSync(file, 'utf8').trim());
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  const fresh = randomBytes(MIN_KEY_BYTES).toString('base64');
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, `${fresh}\n`, { mode: 0o600, flag: 'wx' });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e; // another start wrote it first: use that one
  }
  return signingKeyFrom(fs.readFileSync(file, 'utf8').trim());
}

export interface EndpointSecrets {
  /** The secret of generation `generation` of endpoint `endpointId`. */
  secretOf(endpointId: string, generation: number): string;
}

export function endpointSecrets(signingKey: Buffer): EndpointSecrets {
  return {
    secretOf(endpointId, generation) {
      const mac = createHmac('sha256', signingKey).update(`bpp-webhook-secret:v1:${endpointId}:${generation}`).digest();
      return `${SECRET_PREFIX}${mac.toString('base64')}`;
    },
  };
}

/** What the database keeps of a secret: its SHA-256 and a hint to tell secrets apart. */
export function secretRecord(secret: string): { secret_hash: string; secret_hint: string } {
  return {
    secret_hash: createHash('sha256').update(secret).digest('hex'),
    secret_hint: `${SECRET_PREFIX}…${secret.slice(-4)}`,
  };
}

/**
 * The three Standard Webhooks headers of one attempt: `webhook-id` (the event id: the same on every retry and
 * redelivery, so receivers deduplicate on it), `webhook-timestamp` (this attempt) and `webhook-signature`, one
 * `v1,<base64>` per secret that signs.
 */
export function signedHeaders(
  secrets: readonly string[],
  eventId: string,
  at: Date,
  body: string,
): Record<string, string> {
  const signatures = secrets.map((s) => new Webhook(s).sign(eventId, at, body));
  return {
    'webhook-id': eventId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': signatures.join(' '),
  };
}

/** The secrets that sign at `at`: the current generation, and the previous one during a rotation's overlap. */
export function signingSecrets(
  secrets: EndpointSecrets,
  e: { id: string; secret_generation: number; previous_secret_expires_at: Date | null },
  at: Date,
): string[] {
  const current = secrets.secretOf(e.id, e.secret_generation);
  const overlap = e.secret_generation > 1 && e.previous_secret_expires_at !== null && at < e.previous_secret_expires_at;
  return overlap ? [current, secrets.secretOf(e.id, e.secret_generation - 1)] : [current];
}
