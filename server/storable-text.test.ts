/**
 * storableText over any string (UTF-16 units at random: U+0000, lone surrogates, pairs): the result has neither,
 * counts at most the bound in code points, and keeps every character it can — the text itself when it fits.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REPLACEMENT_CHARACTER, storableText } from './storable-text.ts';

const anyUnits = fc.string({
  unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)),
  maxLength: 300,
});
const anyText = fc.oneof(
  anyUnits,
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.string({ unit: 'grapheme', maxLength: 100 }),
);
const codePoints = (s: string) => [...s].length;
/** What the string would be with each unstorable unit replaced (the reference, one code point at a time). */
const cleaned = (s: string) =>
  [...s]
    .map((c) => (c === '\u0000' || (c.length === 1 && c >= '\uD800' && c <= '\uDFFF') ? REPLACEMENT_CHARACTER : c))
    .join('');

describe('storableText', () => {
  it('no U+0000, no lone surrogate, at most max code points, a prefix of the cleaned text (then … when asked)', () => {
    fc.assert(
      fc.property(anyText, fc.integer({ min: 0, max: 320 }), fc.boolean(), (text, max, ellipsis) => {
        const out = storableText(text, max, { ellipsis });
        expect(out.includes('\u0000')).toBe(false);
        expect(Buffer.from(out, 'utf8').toString('utf8')).toBe(out);
        expect(codePoints(out)).toBeLessThanOrEqual(max);
        const reference = cleaned(text);
        if (codePoints(reference) <= max) expect(out).toBe(reference);
        else if (ellipsis && max > 0) expect(`${[...reference].slice(0, max - 1).join('')}…`).toBe(out);
        else expect(out).toBe([...reference].slice(0, max).join(''));
      }),
      { numRuns: 2000 },
    );
  });

  it('cuts a huge string with a pair and U+0000 at the bound', () => {
    const huge = `${'a'.repeat(9)}\uD83D\uDE00\u0000${'b'.repeat(10_000_000)}`;
    expect(storableText(huge, 10)).toBe(`${'a'.repeat(9)}\uD83D\uDE00`);
    expect(storableText(huge, 11)).toBe(`${'a'.repeat(9)}\uD83D\uDE00\uFFFD`);
    expect(storableText(huge, 10, { ellipsis: true })).toBe(`${'a'.repeat(9)}…`);
  });

  it.each([
    ['x\u0000y', 10, 'x\uFFFDy'],
    ['\uD83D\uDE00\uD83D\uDE00', 1, '\uD83D\uDE00'],
    ['a\uD800', 5, 'a\uFFFD'],
    ['\uDC00b', 5, '\uFFFDb'],
  ])('%j cut to %i → %j', (text, max, want) => {
    expect(storableText(text, max)).toBe(want);
  });
});
