/**
 * PGlite's Date codec (pglite-codec.ts) against PGlite itself: every instant PostgreSQL holds, 4713 BC to
 * 294276 AD as far as JS Dates reach, goes in and comes back unchanged — also in a session time zone whose old
 * offsets have seconds (local mean time), where the text PostgreSQL writes is at its most irregular.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgliteMemory, type PgliteDriver } from './pglite.ts';
import { parseTimestamptz, timestampText } from './pglite-codec.ts';

const PG_MIN = Date.parse('-004713-11-24T00:00:00Z');
const JS_MAX = 8.64e15;
const instants = fc
  .oneof(
    fc.integer({ min: PG_MIN, max: JS_MAX }),
    fc.integer({ min: Date.parse('-000002-01-01T00:00:00Z'), max: Date.parse('0101-01-01T00:00:00Z') }),
    fc.integer({ min: Date.parse('9998-01-01T00:00:00Z'), max: Date.parse('+010001-01-01T00:00:00Z') }),
  )
  .map((t) => new Date(t));

let driver: PgliteDriver;
beforeAll(async () => {
  driver = await openPgliteMemory({ readCache: false });
});
afterAll(async () => {
  await driver?.close();
});

describe.each(['UTC', 'Asia/Kathmandu', 'America/St_Johns'])(
  'PGlite timestamptz codec, session time zone %s',
  (zone) => {
    beforeAll(async () => {
      await driver.sql.exec(`SET TimeZone = '${zone}'`);
    });

    it('sends and reads back every instant unchanged, alone and in arrays', async () => {
      await fc.assert(
        fc.asyncProperty(instants, async (d) => {
          const [r] = await driver.sql.query<{ t: Date; a: Date[]; text: string }>(
            'SELECT $1::timestamptz AS t, $2::timestamptz[] AS a, $1::timestamptz::text AS text',
            [d, [d]],
          );
          expect([r!.t.getTime(), r!.a[0]!.getTime(), (parseTimestamptz(r!.text) as Date).getTime()], r!.text).toEqual([
            d.getTime(),
            d.getTime(),
            d.getTime(),
          ]);
        }),
        { numRuns: 300, seed: 11 },
      );
    });
  },
);

describe('timestampText', () => {
  it.each([
    ['0000-01-01T00:00:00.000Z', '0001-01-01T00:00:00.000Z BC'],
    ['-000001-12-31T10:00:00.000Z', '0002-12-31T10:00:00.000Z BC'],
    ['0001-01-01T00:00:00.000Z', '0001-01-01T00:00:00.000Z'],
    ['+010000-01-01T13:59:59.000Z', '10000-01-01T13:59:59.000Z'],
  ])('writes %s as %s', (iso, text) => {
    expect(timestampText(new Date(iso))).toBe(text);
  });

  it('reads infinity and rejects text it cannot read as an Invalid Date, not a wrong one', () => {
    expect(parseTimestamptz('infinity')).toBe(Infinity);
    expect(parseTimestamptz('-infinity')).toBe(-Infinity);
    expect((parseTimestamptz('0001-13-01 garbage') as Date).getTime()).toBeNaN();
  });
});
