/**
 * The request's side of idempotency (IETF draft-ietf-httpapi-idempotency-key-header, as Stripe does it): the
 * `Idempotency-Key` header and the request's fingerprint — what makes two requests with one key the same request.
 */
import { createHash } from 'node:crypto';
import type { Request } from 'express';
import { errors, type IdempotencyKeyProblem } from '../errors.ts';

const KEY = /^[\x20-\x7E]{1,255}$/;

/**
 * The request's Idempotency-Key, or 400 IDEMPOTENCY_KEY_REQUIRED saying what is wrong with it: absent, repeated,
 * empty, longer than 255 characters, or holding a character that is not printable ASCII (never echoing the key).
 * `orReference`: the operation takes an external_reference in its body instead (a purchase): an absent key is null,
 * for the pipeline to look for the reference, and every 400 names both ways.
 */
export function idempotencyKeyOf(req: Request, options: { orReference?: boolean } = {}): string | null {
  const refuse = (problem: IdempotencyKeyProblem, length = 0) =>
    errors.idempotencyKeyRequired(problem, length, options);
  const values = req.headersDistinct['idempotency-key'];
  if (!values || values.length === 0) {
    if (options.orReference) return null;
    throw refuse('missing');
  }
  if (values.length !== 1) throw refuse('repeated');
  const key = values[0]!;
  if (KEY.test(key)) return key;
  if (key === '') throw refuse('empty');
  if (!/^[\x20-\x7E]*$/.test(key)) throw refuse('not_printable');
  throw refuse('too_long', key.length);
}

/** Canonical JSON (members sorted at every depth): the same request in any member order has one fingerprint. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v !== null && typeof v === 'object') {
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v);
}

/**
 * What makes two requests the same: the operation, its path parameters (a rotation of endpoint A is not one of
 * endpoint B, whatever the body) and the body. Without path parameters the fingerprint is what it always was, so
 * records kept before path parameters counted still match.
 */
export function fingerprintOf(operationId: string, body: unknown, path: Readonly<Record<string, string>> = {}): string {
  const where = Object.keys(path).length > 0 ? `${canonical(path)}\n` : '';
  return createHash('sha256')
    .update(`${operationId}\n${where}${canonical(body)}`)
    .digest('hex');
}
