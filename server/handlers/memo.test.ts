import { describe, expect, it } from 'vitest';
import { deepFreeze, isDeepFrozen } from '../frozen.ts';
import { mapOnce } from './memo.ts';

describe('mapOnce', () => {
  it('maps a deep-frozen input once and hands out the same deep-frozen output', () => {
    let calls = 0;
    const f = mapOnce((r: { v: number }) => {
      calls++;
      return { w: r.v * 2, nested: { list: [r.v] } };
    });
    const row = deepFreeze({ v: 2 });
    const a = f(row);
    const b = f(row);
    expect(calls).toBe(1);
    expect(b).toBe(a);
    expect(isDeepFrozen(a)).toBe(true);
    expect(Object.isFrozen(a.nested.list)).toBe(true);
    expect(a).toEqual({ w: 4, nested: { list: [2] } });
  });

  it('maps an unfrozen input (no read cache behind it) every time', () => {
    let calls = 0;
    const f = mapOnce((r: { v: number }) => {
      calls++;
      return { w: r.v };
    });
    const row = { v: 1 };
    f(row);
    row.v = 5;
    expect(f(row)).toEqual({ w: 5 });
    expect(calls).toBe(2);
  });

  it('maps an input frozen only at the top every time: its insides could still change', () => {
    let calls = 0;
    const f = mapOnce((r: { inner: { v: number } }) => {
      calls++;
      return { w: r.inner.v };
    });
    const inner = { v: 1 };
    const row = Object.freeze({ inner });
    expect(f(row)).toEqual({ w: 1 });
    inner.v = 7;
    expect(f(row)).toEqual({ w: 7 });
    expect(calls).toBe(2);
  });
});
