/** The engines-range matcher the runtime test relies on: the edges of each caret alternative, and refusal of other syntax. */
import { describe, expect, it } from 'vitest';
import { satisfiesCaretRange } from './caret-range.ts';

const RANGE = '^22.13.0 || ^24.0.0 || ^26.0.0';

describe('satisfiesCaretRange', () => {
  it.each(['v22.13.0', 'v22.13.1', 'v22.14.0', 'v24.0.0', 'v24.21.0', '26.1.2'])('accepts %s', (v) => {
    expect(satisfiesCaretRange(v, RANGE)).toBe(true);
  });

  it.each(['v22.12.1', 'v22.11.9', 'v22.9.0', 'v20.20.2', 'v23.5.0', 'v25.0.0', 'v27.0.0', 'v21.99.99'])(
    'rejects %s',
    (v) => {
      expect(satisfiesCaretRange(v, RANGE)).toBe(false);
    },
  );

  it('refuses range syntax it does not understand instead of guessing', () => {
    expect(() => satisfiesCaretRange('v24.0.0', '>=22')).toThrow(/unsupported range/);
    expect(() => satisfiesCaretRange('v24.0.0-nightly', RANGE)).toThrow(/not a plain version/);
  });
});
