/**
 * fast-check arbitraries derived from the contract's parameter schemas (walked in the bundle: type, minimum,
 * maximum, enum, pattern, format, minLength). Each parameter gets a mix of valid values, boundary values, textual
 * integer forms (`+5`, `1e1`, ` 5`), extreme date-times and junk (unicode, NUL, malformed percent-escapes, long
 * strings). Whether a drawn value is valid is NOT decided here: the oracle asks AJV against the same schema.
 */
import { unescape as formUnescape } from 'node:querystring';
import fc from 'fast-check';
import type { JsonObject } from '../../../conformance/contract/bundle.ts';

/** A parameter value: the text put in the URL and the value a server reads from it. */
export interface Drawn {
  wire: string;
  value: string;
}

/** A value sent percent-encoded: the server reads exactly `value`. */
export const plain = (value: string): Drawn => ({ wire: encodeURIComponent(value), value });
/**
 * A value sent as it is, malformed escapes included. What a server reads from a malformed escape is not defined by
 * any standard; the lenient form decoding (valid escapes decoded, invalid ones kept) is the usual reading, and it
 * keeps the `%` — which no schema of the contract accepts, so such a value is invalid whatever the exact reading.
 */
export const raw = (wire: string): Drawn => ({ wire, value: formUnescape(wire) });

/** Lone surrogates cannot be put in a URL (encodeURIComponent throws): no client can send them. */
const encodable = (s: string) => {
  try {
    encodeURIComponent(s);
    return true;
  } catch {
    return false;
  }
};

const MALFORMED = ['%', '%zz', '%E0%A4%A', 'a%', '%%', '%C0%AF%', '%u0041'];
const ODD = [
  '\u0000',
  '\uFEFF',
  '\u202E',
  'é',
  '😀',
  '１２',
  '<script>',
  "' OR 1=1--",
  'null',
  '[]',
  '{}',
  'undefined',
  ' ',
  '',
];

/** Junk for any parameter: unicode and control characters, odd constants, malformed escapes, long strings. */
export const junk: fc.Arbitrary<Drawn> = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 24 }).map(plain),
  fc.string({ unit: 'binary', maxLength: 24 }).filter(encodable).map(plain),
  fc.constantFrom(...ODD).map(plain),
  fc.constantFrom(...MALFORMED).map(raw),
  // Long, but the whole request line stays well under the server's 16 KiB header limit.
  fc.string({ unit: fc.constantFrom('a', 'Z', '9', '-', '_'), minLength: 200, maxLength: 1200 }).map(plain),
);

function integerArb(s: JsonObject): fc.Arbitrary<Drawn> {
  const min = typeof s.minimum === 'number' ? s.minimum : 0;
  const max = typeof s.maximum === 'number' ? s.maximum : 2 ** 31 - 1;
  return fc.oneof(
    { weight: 3, arbitrary: fc.integer({ min, max }).map((n) => plain(String(n))) },
    {
      weight: 3,
      arbitrary: fc
        .constantFrom(min, min + 1, max, max - 1, min - 1, max + 1, 0, 1, -1, 1e16)
        .map((n) => plain(String(n))),
    },
    {
      weight: 2,
      arbitrary: fc
        .constantFrom(
          '+5',
          '1e1',
          ' 5',
          '5 ',
          '1.0',
          '1.5',
          '0x10',
          '007',
          '-0',
          '1_0',
          'NaN',
          'Infinity',
          '9007199254740993',
        )
        .map(plain),
    },
    { weight: 1, arbitrary: junk },
  );
}

function enumArb(values: string[]): fc.Arbitrary<Drawn> {
  const v = fc.constantFrom(...values);
  return fc.oneof(
    { weight: 4, arbitrary: v.map(plain) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(v, fc.constantFrom('upper', 'capital', 'suffix', 'space'))
        .map(([x, how]) =>
          plain(
            how === 'upper'
              ? x.toUpperCase()
              : how === 'capital'
                ? x[0]!.toUpperCase() + x.slice(1)
                : how === 'suffix'
                  ? `${x}x`
                  : ` ${x}`,
          ),
        ),
    },
    { weight: 1, arbitrary: junk },
  );
}

function patternArb(pattern: string): fc.Arbitrary<Drawn> {
  const matching = fc.stringMatching(new RegExp(pattern));
  return fc.oneof(
    { weight: 4, arbitrary: matching.map(plain) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(matching, fc.constantFrom('suffix', 'chop', 'upper', 'lower', 'é'))
        .map(([x, how]) =>
          plain(
            how === 'suffix'
              ? `${x}x`
              : how === 'chop'
                ? x.slice(1)
                : how === 'upper'
                  ? x.toUpperCase()
                  : how === 'lower'
                    ? x.toLowerCase()
                    : `${x}é`,
          ),
        ),
    },
    { weight: 1, arbitrary: junk },
  );
}

const two = (n: number) => String(n).padStart(2, '0');

/**
 * RFC 3339-shaped date-times pushed to their edges: years 0000 and 9999, any offset up to ±23:59 (and just
 * beyond), leap seconds, up to 12 fraction digits (the contract allows 9), lower-case `t`/`z`, impossible days.
 * Mostly valid: the edges are what the server must still accept.
 */
export const dateTime: fc.Arbitrary<string> = fc
  .record({
    year: fc.oneof(fc.constantFrom(0, 1, 1969, 1970, 2026, 9998, 9999), fc.integer({ min: 0, max: 9999 })),
    month: fc.integer({ min: 1, max: 12 }),
    day: fc.oneof(
      { weight: 8, arbitrary: fc.integer({ min: 1, max: 28 }) },
      { weight: 1, arbitrary: fc.integer({ min: 29, max: 31 }) },
    ),
    time: fc.oneof(
      {
        weight: 8,
        arbitrary: fc.tuple(
          fc.oneof(fc.constantFrom(0, 23), fc.integer({ min: 0, max: 23 })),
          fc.oneof(fc.constantFrom(0, 59), fc.integer({ min: 0, max: 59 })),
          fc.integer({ min: 0, max: 59 }),
        ),
      },
      // A leap second is valid only at 23:59:60 UTC: with Z it is, with most other offsets it is not.
      { weight: 1, arbitrary: fc.constant([23, 59, 60] as [number, number, number]) },
    ),
    fraction: fc.oneof(
      { weight: 6, arbitrary: fc.constant('') },
      { weight: 5, arbitrary: fc.stringMatching(/^[0-9]{1,9}$/) },
      { weight: 1, arbitrary: fc.stringMatching(/^[0-9]{10,12}$/) },
    ),
    t: fc.oneof({ weight: 6, arbitrary: fc.constant('T') }, { weight: 1, arbitrary: fc.constant('t') }),
    offset: fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom('Z', 'z', '+23:59', '-23:59', '-14:00', '+14:00', '+00:00', '-00:00') },
      {
        weight: 3,
        arbitrary: fc
          .tuple(fc.constantFrom('+', '-'), fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
          .map(([s, h, m]) => `${s}${two(h)}:${two(m)}`),
      },
      { weight: 1, arbitrary: fc.constantFrom('+24:00', '+05:60', '+0530', '+05') },
    ),
  })
  .map(
    (d) =>
      `${String(d.year).padStart(4, '0')}-${two(d.month)}-${two(d.day)}${d.t}${d.time.map(two).join(':')}${d.fraction ? `.${d.fraction}` : ''}${d.offset}`,
  );

function dateTimeArb(): fc.Arbitrary<Drawn> {
  return fc.oneof(
    { weight: 6, arbitrary: dateTime.map(plain) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(
          '2026-01-01',
          '2026-01-01T00:00:00',
          '2026-01-01 00:00:00Z',
          '01/02/2026',
          'yesterday',
          '2026-01-01T00:00Z',
        )
        .map(plain),
    },
    { weight: 1, arbitrary: junk },
  );
}

/** The arbitrary of one query parameter, from its (dereferenced) schema. */
export function queryValueArb(name: string, s: JsonObject): fc.Arbitrary<Drawn> {
  if (s.type === 'integer') return integerArb(s);
  if (Array.isArray(s.enum)) return enumArb(s.enum.map(String));
  if (s.format === 'date-time') return dateTimeArb();
  if (typeof s.pattern === 'string') return patternArb(s.pattern);
  if (s.type === 'string')
    return fc.oneof(
      fc.string({ minLength: Number(s.minLength ?? 0), maxLength: Number(s.maxLength ?? 40) }).map(plain),
      junk,
    );
  throw new Error(`no arbitrary for query parameter ${name}: ${JSON.stringify(s)}`);
}

/** Query parameter names the operation does not declare, some of them a declared name in another case. */
export function unknownNameArb(declared: string[]): fc.Arbitrary<string> {
  const near = declared.flatMap((n) => [
    n.toUpperCase(),
    n[0]!.toUpperCase() + n.slice(1),
    `${n}[]`,
    `${n}[0]`,
    ` ${n}`,
    `${n} `,
  ]);
  return fc
    .oneof(
      fc.constantFrom('foo', '__proto__', 'constructor', 'toString', 'hasOwnProperty', 'api_key', 'é', ...near),
      fc.stringMatching(/^[a-z_]{1,12}$/),
    )
    .filter((n) => !declared.includes(n));
}

/**
 * A path parameter value: the known ids (which exist), random UUIDs, unicode, characters that need escaping
 * (`/`, `;`, `?`, `#`), ids just over 128 characters, and malformed escapes sent as they are. Never empty, `.`
 * or `..`: those are routing questions (tests of routing-differential.test.ts), not values of the parameter.
 */
export function pathValueArb(known: string[]): fc.Arbitrary<Drawn> {
  return fc
    .oneof(
      { weight: 3, arbitrary: fc.constantFrom(...known).map(plain) },
      {
        weight: 2,
        arbitrary: fc.tuple(fc.uuid(), fc.boolean()).map(([u, prefixed]) => plain(prefixed ? `txn_${u}` : u)),
      },
      { weight: 2, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }).map(plain) },
      { weight: 1, arbitrary: fc.constantFrom('a/b', 'a;x=1', 'a?b=1', 'a#b', '%2e', '\u0000', ' ', '+').map(plain) },
      {
        weight: 1,
        arbitrary: fc.string({ unit: fc.constantFrom('a', 'Z', '9', '-'), minLength: 129, maxLength: 400 }).map(plain),
      },
      { weight: 1, arbitrary: fc.constantFrom(...MALFORMED, 'abc;x=1', 'abc%E0%A4%A').map(raw) },
    )
    .filter((d) => d.value !== '' && d.value !== '.' && d.value !== '..');
}
