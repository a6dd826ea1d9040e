import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bundle, deref, type JsonObject } from '../test/helpers/bundle.ts';
import { clipPointer, clipText, ERROR_TEXT_LIMITS, errors } from './errors.ts';

const schemas = (bundle.components as JsonObject).schemas as JsonObject;
const errorResponse = deref(schemas.ErrorResponse!);
const errorObject = deref((errorResponse.properties as JsonObject).error!);
const errorProps = errorObject.properties as JsonObject;
const detailProps = deref(deref(errorProps.details!).items as JsonObject).properties as JsonObject;

/** Characters as JSON Schema's maxLength counts them: code points. */
const chars = (s: string) => [...s].length;
/** RFC 6901: `/` then reference tokens in which `~` only starts `~0` or `~1`. */
const isPointer = (p: string) => p === '' || (p.startsWith('/') && !/~(?![01])/.test(p));
const escapeToken = (name: string) => name.replace(/~/g, '~0').replace(/\//g, '~1');
const hasLoneSurrogate = (s: string) =>
  /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(s);

describe('ERROR_TEXT_LIMITS', () => {
  it("are the contract's own (ErrorResponse, ErrorDetail)", () => {
    expect(ERROR_TEXT_LIMITS).toEqual({
      message: deref(errorProps.message!).maxLength,
      details: deref(errorProps.details!).maxItems,
      parameter: deref(detailProps.parameter!).maxLength,
      detailMessage: deref(detailProps.message!).maxLength,
    });
  });
});

describe('clipText and clipPointer', () => {
  it('keep any text within the limit, never splitting a character, and leave short text alone', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', 'é', '😀', '~', '/'), maxLength: 300 }),
        fc.integer({ min: 2, max: 200 }),
        (text, max) => {
          const clipped = clipText(text, max);
          expect(clipped.length).toBeLessThanOrEqual(max);
          expect(hasLoneSurrogate(clipped)).toBe(false);
          if (text.length <= max) expect(clipped).toBe(text);
          else expect(clipped.endsWith('…') && text.startsWith(clipped.slice(0, -1))).toBe(true);
        },
      ),
      { seed: 20261127, numRuns: 500 },
    );
  });

  it('cut a JSON pointer to a well-formed pointer that is its start (never half an escape)', () => {
    const token = fc.string({ unit: fc.constantFrom('a', '~', '/', '😀'), maxLength: 40 });
    fc.assert(
      fc.property(fc.array(token, { minLength: 1, maxLength: 8 }), fc.integer({ min: 1, max: 120 }), (tokens, max) => {
        const pointer = tokens.map((t) => `/${escapeToken(t)}`).join('');
        const clipped = clipPointer(pointer, max);
        expect(clipped.length).toBeLessThanOrEqual(max);
        expect(pointer.startsWith(clipped)).toBe(true);
        expect(isPointer(clipped)).toBe(true);
        expect(hasLoneSurrogate(clipped)).toBe(false);
        if (pointer.length <= max) expect(clipped).toBe(pointer);
      }),
      { seed: 20261127, numRuns: 500 },
    );
  });
});

describe('errors.invalidParameter', () => {
  it("quotes a parameter name of any length within the contract's limits", () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 20_000 }), fc.string({ maxLength: 200 }), (name, message) => {
        const e = errors.invalidParameter(`/${escapeToken(name)}`, message);
        const detail = e.details![0]!;
        expect(chars(e.message)).toBeLessThanOrEqual(ERROR_TEXT_LIMITS.message);
        expect(chars(detail.parameter)).toBeLessThanOrEqual(ERROR_TEXT_LIMITS.parameter);
        expect(chars(detail.message)).toBeLessThanOrEqual(ERROR_TEXT_LIMITS.detailMessage);
        expect(isPointer(detail.parameter)).toBe(true);
        expect(`/${escapeToken(name)}`.startsWith(detail.parameter)).toBe(true);
      }),
      { seed: 20261127, numRuns: 200 },
    );
  });

  it('is unchanged for a short name', () => {
    const e = errors.invalidParameter('/amount', 'must be an amount');
    expect([e.message, e.details]).toEqual([
      "Invalid parameter '/amount': must be an amount",
      [{ parameter: '/amount', message: 'must be an amount' }],
    ]);
  });
});

describe('errors.invalidParameters', () => {
  const p = (parameter: string, message = `${parameter} is wrong`) => ({ parameter, message });
  it.each([
    ['one problem: as invalidParameter', [p('page')], [p('page')], "Invalid parameter 'page': page is wrong"],
    [
      'two: both listed in order, the message quoting the first',
      [p('per_page'), p('page')],
      [p('per_page'), p('page')],
      "Invalid parameter 'per_page': per_page is wrong (and 1 more in error.details)",
    ],
    [
      'a name given twice keeps its first problem',
      [p('/url'), p('/events'), p('/url', 'again')],
      [p('/url'), p('/events')],
      "Invalid parameter '/url': /url is wrong (and 1 more in error.details)",
    ],
    [
      "more than the contract's 32: the first 32, and the message says so",
      Array.from({ length: 40 }, (_, i) => p(`/m${i}`)),
      Array.from({ length: 32 }, (_, i) => p(`/m${i}`)),
      "Invalid parameter '/m0': /m0 is wrong (and 39 more; error.details lists the first 32)",
    ],
  ])('%s', (_what, problems, details, message) => {
    const e = errors.invalidParameters(problems);
    expect([e.status, e.code, e.details, e.message]).toEqual([400, 'INVALID_PARAMETER', details, message]);
  });
});

describe('errors.idempotencyKeyRequired', () => {
  it.each([
    ['missing', 0, /is missing/],
    ['repeated', 0, /sent more than once/],
    ['empty', 0, /is empty/],
    ['too_long', 300, /is too long \(300 characters\)/],
    ['not_printable', 0, /not printable ASCII/],
  ] as const)('says what is wrong: %s', (problem, length, says) => {
    const e = errors.idempotencyKeyRequired(problem, length);
    expect([e.status, e.code]).toEqual([400, 'IDEMPOTENCY_KEY_REQUIRED']);
    expect(e.message).toMatch(says);
    expect(e.message).toMatch(/1 to 255 printable ASCII characters/);
    expect(e.details).toEqual([{ parameter: 'Idempotency-Key', message: expect.stringMatching(says) as unknown }]);
  });
});
