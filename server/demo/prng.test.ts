import { describe, expect, it } from 'vitest';
import { createRng } from './prng.ts';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const draw = (seed: string | number, n = 50) => {
  const rng = createRng(seed);
  return Array.from({ length: n }, () => rng.u32());
};

describe('createRng (seeded PRNG for demo data)', () => {
  it('gives the same sequence for the same seed', () => {
    expect(draw(42)).toEqual(draw(42));
    expect(draw('demo')).toEqual(draw('demo'));
  });

  it('gives different sequences for different seeds, even adjacent ones', () => {
    expect(draw(42)).not.toEqual(draw(43));
    expect(draw('a')).not.toEqual(draw('b'));
  });

  it('pins the sequence of a known seed, so demo data does not drift between versions', () => {
    expect(draw(20261123, 3)).toEqual([181481638, 1285322761, 3337908368]);
    expect(createRng('pin').alnum(8)).toBe('3ALIRIV5');
    expect(createRng(20261123).uuid()).toBe('0ad130a6-4c9c-4809-86f4-70903ee82d2b');
  });

  it('keeps next() in [0, 1) and int() within its inclusive bounds, reaching both ends', () => {
    const rng = createRng(7);
    const seen = new Set<number>();
    for (let i = 0; i < 5_000; i++) {
      const f = rng.next();
      expect(f).toBeGreaterThanOrEqual(0);
      expect(f).toBeLessThan(1);
      const n = rng.int(-2, 2);
      expect(n).toBeGreaterThanOrEqual(-2);
      expect(n).toBeLessThanOrEqual(2);
      seen.add(n);
    }
    expect([...seen].sort()).toEqual([-1, -2, 0, 1, 2]);
  });

  it('draws v4-shaped UUIDs, alphanumerics and digits of the requested length', () => {
    const rng = createRng(1);
    for (let i = 0; i < 200; i++) {
      expect(rng.uuid()).toMatch(UUID_V4);
      expect(rng.alnum(13)).toMatch(/^[0-9A-Z]{13}$/);
      expect(rng.digits(7)).toMatch(/^[0-9]{7}$/);
    }
  });

  it('respects weights roughly and never picks a zero weight', () => {
    const rng = createRng(3);
    const counts = { a: 0, b: 0, c: 0 };
    for (let i = 0; i < 10_000; i++) counts[rng.weighted({ a: 3, b: 1, c: 0 })]++;
    expect(counts.c).toBe(0);
    expect(counts.a / counts.b).toBeGreaterThan(2.5);
    expect(counts.a / counts.b).toBeLessThan(3.5);
  });

  it('shuffles into a permutation without touching the input', () => {
    const input = [1, 2, 3, 4, 5, 6, 7, 8];
    const out = createRng(9).shuffle(input);
    expect(input).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect([...out].sort()).toEqual(input);
  });
});
