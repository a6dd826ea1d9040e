/**
 * planCount must split [from, to] into parts that cover every instant of the range exactly once and nothing
 * outside it: checked on fixed edge cases and on random ranges against every instant of interest (the bounds, the
 * midnights and month starts around them, ±1 ms). The SQL side is checked on both drivers in store.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { DAY_MS, planCount, type CountPart } from './transaction-count.ts';

const dayOf = (t: number) => Math.floor(t / DAY_MS) * DAY_MS;
/** Independent of the code under test: the UTC month start through the ISO string. */
const monthOf = (t: number) => Date.parse(`${new Date(t).toISOString().slice(0, 7)}-01T00:00:00Z`);

/** How many parts count a transaction created at instant t. */
function coverage(parts: CountPart[], t: number): number {
  let n = 0;
  for (const p of parts) {
    if (p.kind === 'rows') {
      if ((p.from === null || t >= p.from) && (p.to === null || (p.toInclusive ? t <= p.to : t < p.to))) n++;
    } else {
      const bucket = p.grain === 0 ? 0 : p.grain === 1 ? monthOf(t) : dayOf(t);
      if (p.grain === 0 || ((p.from === null || bucket >= p.from) && (p.to === null || bucket < p.to))) n++;
    }
  }
  return n;
}

function probes(...ts: (number | null)[]): number[] {
  const out: number[] = [];
  for (const t of ts) {
    if (t === null) continue;
    for (const base of [t, dayOf(t), dayOf(t) + DAY_MS, monthOf(t), monthOf(t + 32 * DAY_MS), monthOf(t - DAY_MS)]) {
      out.push(base - 1, base, base + 1);
    }
  }
  return out;
}

function check(from: number | null, to: number | null) {
  const parts = planCount(from, to);
  for (const t of probes(from, to, from !== null && to !== null ? Math.floor((from + to) / 2) : null)) {
    const inside = (from === null || t >= from) && (to === null || t <= to);
    expect(
      coverage(parts, t),
      `t=${new Date(t).toISOString()} from=${from && new Date(from).toISOString()} to=${to && new Date(to).toISOString()}`,
    ).toBe(inside ? 1 : 0);
  }
  return parts;
}

const T = (s: string) => Date.parse(s);

describe('planCount', () => {
  it('reads the all-time counters when there is no range', () => {
    expect(planCount(null, null)).toEqual([{ kind: 'counters', grain: 0, from: null, to: null }]);
  });

  it('counts a range shorter than two days on the rows only', () => {
    expect(check(T('2026-10-24T05:17:00Z'), T('2026-10-25T18:00:00Z'))).toEqual([
      { kind: 'rows', from: T('2026-10-24T05:17:00Z'), to: T('2026-10-25T18:00:00Z'), toInclusive: true },
    ]);
  });

  it('uses day counters inside a week and exact rows at both partial ends', () => {
    const parts = check(T('2026-10-24T05:17:00Z'), T('2026-10-30T18:42:59Z'));
    expect(parts.filter((p) => p.kind === 'counters')).toEqual([
      { kind: 'counters', grain: 2, from: T('2026-10-25T00:00:00Z'), to: T('2026-10-30T00:00:00Z') },
    ]);
  });

  it('uses month counters for whole months and day counters around them', () => {
    const parts = check(T('2025-01-15T10:00:00Z'), T('2026-03-03T01:00:00Z'));
    expect(parts).toContainEqual({
      kind: 'counters',
      grain: 1,
      from: T('2025-02-01T00:00:00Z'),
      to: T('2026-03-01T00:00:00Z'),
    });
    expect(parts).toContainEqual({
      kind: 'counters',
      grain: 2,
      from: T('2025-01-16T00:00:00Z'),
      to: T('2025-02-01T00:00:00Z'),
    });
    expect(parts).toContainEqual({
      kind: 'counters',
      grain: 2,
      from: T('2026-03-01T00:00:00Z'),
      to: T('2026-03-03T00:00:00Z'),
    });
  });

  it.each([
    ['from only', T('2026-10-24T05:17:00Z'), null],
    ['to only', null, T('2026-10-30T18:42:59Z')],
    ['bounds at midnight', T('2026-10-01T00:00:00Z'), T('2026-11-01T00:00:00Z')],
    ['bounds one ms around midnight', T('2026-09-30T23:59:59.999Z'), T('2026-11-01T00:00:00.001Z')],
    ['a single instant', T('2026-10-24T05:17:00Z'), T('2026-10-24T05:17:00Z')],
    ['an empty range (from after to)', T('2026-10-25T00:00:00Z'), T('2026-10-24T00:00:00Z')],
    ['a leap day', T('2024-02-28T12:00:00Z'), T('2024-03-02T00:00:00Z')],
    ['years', T('2019-12-31T23:59:59.999Z'), T('2026-01-01T00:00:00Z')],
    ['two-digit years (Date.UTC would read them as 19xx)', T('0050-01-15T10:00:00Z'), T('0050-04-02T00:00:00Z')],
  ])('covers %s exactly once', (_name, from, to) => {
    check(from, to);
  });

  it('covers random ranges exactly once (2000 ranges, deterministic)', () => {
    let s = 0x2f6b3a1d;
    const rnd = () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
    const base = T('2023-01-01T00:00:00Z');
    for (let i = 0; i < 2000; i++) {
      const snap = (t: number) => (rnd() < 0.3 ? dayOf(t) : rnd() < 0.2 ? monthOf(t) : t);
      const a = snap(base + Math.floor(rnd() * 1200 * DAY_MS));
      const b = snap(a + Math.floor(rnd() * (rnd() < 0.5 ? 3 : 500) * DAY_MS));
      check(rnd() < 0.1 ? null : a, rnd() < 0.1 ? null : b);
    }
  });
});
