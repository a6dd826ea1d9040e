/** deepFreeze: frozen at every depth (mutation throws in strict mode), Dates included; only it makes a Frozen. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deepFreeze, isDeepFrozen } from './frozen.ts';
import { survivingMutations } from '../test/helpers/mutation-probe.ts';

/** Row-like values: nested objects and arrays of primitives and Dates (what the caches hold). */
const { value } = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.oneof(fc.string(), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.date({ noInvalidDate: true })),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.string({ maxLength: 6 }), tie('value'), { maxKeys: 4 }),
  ),
}));

describe('deepFreeze', () => {
  it('leaves nothing a caller can change, at any depth', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string({ maxLength: 6 }), value, { maxKeys: 5 }), (v) => {
        const before = structuredClone(v);
        const frozen = deepFreeze(v);
        expect(frozen).toBe(v);
        expect(survivingMutations(frozen)).toEqual([]);
        expect(frozen).toEqual(before); // and the failed attempts changed nothing
        expect(isDeepFrozen(frozen)).toBe(true);
      }),
      { numRuns: 200, seed: 3 },
    );
  });

  it('keeps a frozen Date a Date: same instant, same text, same JSON; only its setters throw', () => {
    const d = new Date('2025-06-01T12:34:56.789Z');
    const { at } = deepFreeze({ at: d });
    expect(at).toBe(d);
    expect(at).toBeInstanceOf(Date);
    expect([at.getTime(), at.toISOString(), JSON.stringify({ at })]).toEqual([
      Date.parse('2025-06-01T12:34:56.789Z'),
      '2025-06-01T12:34:56.789Z',
      '{"at":"2025-06-01T12:34:56.789Z"}',
    ]);
    expect(() => d.setTime(0)).toThrow(/frozen Date/);
    expect(() => d.setUTCFullYear(2000)).toThrow(TypeError);
    expect(d.getTime()).toBe(Date.parse('2025-06-01T12:34:56.789Z'));
    expect(new Date(0).setTime(5)).toBe(5); // other Dates untouched
  });

  it('handles shared and cyclic references', () => {
    const shared = { n: 1 };
    const cyclic: Record<string, unknown> = { a: shared, b: [shared] };
    cyclic['self'] = cyclic;
    deepFreeze(cyclic);
    expect(survivingMutations(cyclic)).toEqual([]);
  });

  it.each([
    ['a Buffer', { bytes: Buffer.from('abc') }],
    ['a Map', { m: new Map() }],
    ['a Set', [new Set([1])]],
  ])('refuses %s rather than hand out something half frozen', (_name, v) => {
    expect(() => deepFreeze(v)).toThrow(/cannot be frozen/);
    expect(isDeepFrozen(v)).toBe(false);
  });

  it('tells a deep-frozen value from one frozen only at the top', () => {
    const shallow = Object.freeze({ inner: { v: 1 } });
    expect(isDeepFrozen(shallow)).toBe(false);
    expect(survivingMutations(shallow)).toEqual(expect.arrayContaining(['$.inner.v = …']));
    expect(isDeepFrozen(deepFreeze({ inner: { v: 1 } }))).toBe(true);
    expect(isDeepFrozen('text')).toBe(true); // primitives cannot change
  });
});
