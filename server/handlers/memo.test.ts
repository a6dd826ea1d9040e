import { describe, expect, it } from 'vitest';
import { mapOnce } from './memo.ts';

describe('mapOnce', () => {
  it('maps a frozen input once and hands out the same frozen output', () => {
    let calls = 0;
    const f = mapOnce((r: { v: number }) => { calls++; return { w: r.v * 2 }; });
    const row = Object.freeze({ v: 2 });
    const a = f(row);
    const b = f(row);
    expect(calls).toBe(1);
    expect(b).toBe(a);
    expect(Object.isFrozen(a)).toBe(true);
    expect(a).toEqual({ w: 4 });
  });

  it('maps an unfrozen input (no read cache behind it) every time', () => {
    let calls = 0;
    const f = mapOnce((r: { v: number }) => { calls++; return { w: r.v }; });
    const row = { v: 1 };
    f(row);
    row.v = 5;
    expect(f(row)).toEqual({ w: 5 });
    expect(calls).toBe(2);
  });
});
