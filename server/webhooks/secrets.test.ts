/**
 * Derived signing secrets and Standard Webhooks signatures: every signature verifies with the `standardwebhooks`
 * package (what receivers use), the previous secret verifies only during a rotation's overlap, and the signing key
 * is refused unless it is long enough.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import {
  endpointSecrets,
  secretRecord,
  signedHeaders,
  signingKeyFrom,
  signingKeyInDataDir,
  signingSecrets,
  SigningKeyError,
} from './secrets.ts';

const KEY = randomBytes(32);
const ID = '0b9c6a43-8f43-4b1e-9d0f-3d3a5a3f8a10';
const verifies = (secret: string, headers: Record<string, string>, body: string) => {
  try {
    new Webhook(secret).verify(body, headers);
    return true;
  } catch {
    return false;
  }
};

describe('derived secrets', () => {
  it('are whsec_ + base64 of 32 bytes, the same for the same key, endpoint and generation, different otherwise', () => {
    const s = endpointSecrets(KEY);
    const secret = s.secretOf(ID, 1);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
    expect(endpointSecrets(Buffer.from(KEY)).secretOf(ID, 1)).toBe(secret);
    expect(
      new Set([
        secret,
        s.secretOf(ID, 2),
        s.secretOf(ID.replace('0b9c', '1b9c'), 1),
        endpointSecrets(randomBytes(32)).secretOf(ID, 1),
      ]).size,
    ).toBe(4);
  });

  it('are kept as a SHA-256 and a hint of their last 4 characters only', () => {
    const secret = endpointSecrets(KEY).secretOf(ID, 1);
    const r = secretRecord(secret);
    expect(r.secret_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(r.secret_hint).toBe(`whsec_…${secret.slice(-4)}`);
    expect(JSON.stringify(r)).not.toContain(secret.slice(6, 20));
  });
});

describe('signatures', () => {
  it('verify with the standardwebhooks package for any JSON body and event id (receivers parse what they verify)', () => {
    const secret = endpointSecrets(KEY).secretOf(ID, 1);
    fc.assert(
      fc.property(fc.json(), fc.uuid(), (body, eventId) => {
        const headers = signedHeaders([secret], eventId, new Date(), body);
        expect(headers['webhook-id']).toBe(eventId);
        expect(verifies(secret, headers, body)).toBe(true);
        expect(verifies(secret, headers, `${body} `)).toBe(false);
        expect(verifies(endpointSecrets(KEY).secretOf(ID, 2), headers, body)).toBe(false);
      }),
      { numRuns: 50 },
    );
  });

  it("during a rotation's overlap both secrets sign; after it only the current one", () => {
    const s = endpointSecrets(KEY);
    const now = new Date();
    const e = { id: ID, secret_generation: 3, previous_secret_expires_at: new Date(now.getTime() + 1000) };
    const during = signedHeaders(signingSecrets(s, e, now), 'evt', now, '{}');
    expect(during['webhook-signature']!.split(' ')).toHaveLength(2);
    expect(verifies(s.secretOf(ID, 3), during, '{}')).toBe(true);
    expect(verifies(s.secretOf(ID, 2), during, '{}')).toBe(true);
    expect(verifies(s.secretOf(ID, 1), during, '{}')).toBe(false);
    const after = signedHeaders(signingSecrets(s, e, new Date(now.getTime() + 1000)), 'evt', now, '{}');
    expect(verifies(s.secretOf(ID, 3), after, '{}')).toBe(true);
    expect(verifies(s.secretOf(ID, 2), after, '{}')).toBe(false);
    expect(signingSecrets(s, { ...e, secret_generation: 1 }, now)).toHaveLength(1);
  });
});

describe('the signing key', () => {
  it.each([
    ['', 'empty'],
    [randomBytes(31).toString('base64'), '31 bytes'],
    ['not base64 at all!', 'not base64'],
  ])('is refused: %#, %s', (value) => {
    expect(() => signingKeyFrom(value)).toThrow(SigningKeyError);
  });

  it('is accepted as base64 of 32 bytes or more', () => {
    expect(signingKeyFrom(KEY.toString('base64'))).toEqual(KEY);
  });

  it('of the embedded store is created once, mode 0600, and kept', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'signing-key-'));
    try {
      const first = signingKeyInDataDir(dir);
      expect(first).toHaveLength(32);
      expect(fs.statSync(path.join(dir, 'webhook-signing.key')).mode & 0o777).toBe(0o600);
      expect(signingKeyInDataDir(dir)).toEqual(first);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
