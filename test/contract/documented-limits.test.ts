/**
 * The guide's "Request limits" (openapi/info-description.md) states the server's own limits, so the two cannot
 * drift: each figure read from the bundled contract's text equals the constant the server enforces.
 */
import { describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../../server/http/request-body.ts';
import {
  MAX_HEADER_BYTES,
  MAX_QUERY_BYTES,
  MAX_QUERY_PARAMETERS,
  MAX_URL_BYTES,
} from '../../server/http/request-limits.ts';
import { bundle, type JsonObject } from '../helpers/bundle.ts';

const guide = String((bundle.info as JsonObject).description);
/** The section's text, its line breaks as spaces (the guide wraps its lines anywhere). */
const section = (/^# Request limits\n([\s\S]*?)(?=^# )/m.exec(guide)?.[1] ?? '').replace(/\s+/g, ' ');

const KIB = 1024;
const figure = (pattern: RegExp) => {
  const m = pattern.exec(section);
  expect(m, `${pattern} in "Request limits"`).not.toBeNull();
  return m!;
};

describe('the documented request limits are the enforced ones', () => {
  it.each([
    ['the body, in KiB', () => Number(figure(/its body larger than (\d+) KiB/)[1]) * KIB, MAX_BODY_BYTES],
    ['the body, in bytes', () => Number(figure(/its body larger than \d+ KiB \((\d+) bytes/)[1]), MAX_BODY_BYTES],
    ['the URL', () => Number(figure(/URL is longer than (\d+) bytes/)[1]), MAX_URL_BYTES],
    ['the query string', () => Number(figure(/query string longer than (\d+) bytes/)[1]), MAX_QUERY_BYTES],
    ['the query parameters', () => Number(figure(/more than (\d+) parameters/)[1]), MAX_QUERY_PARAMETERS],
    ['the headers', () => Number(figure(/request line and headers larger than (\d+) KiB/)[1]) * KIB, MAX_HEADER_BYTES],
  ])('%s', (_what, documented, enforced) => {
    expect(documented()).toBe(enforced);
  });

  it('the Errors section names the same body limit', () => {
    const errors = (/^# Errors\n([\s\S]*?)(?=^# )/m.exec(guide)?.[1] ?? '').replace(/\s+/g, ' ');
    expect(Number(/over (\d+) KiB/.exec(errors)?.[1]) * KIB).toBe(MAX_BODY_BYTES);
  });
});
