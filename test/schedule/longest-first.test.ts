import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { longestFirst, readDurations } from './longest-first.ts';
import { merged, MIN_SECONDS, suiteSeconds } from '../../scripts/test-durations.ts';

const root = new URL('../..', import.meta.url).pathname;

describe('the order of a test run', () => {
  it('starts the longest files first and keeps the given order among files of equal or no duration', () => {
    const files = ['a', 'b', 'c', 'd', 'e'];
    const order = longestFirst(files, (f) => f, { c: 30, e: 30, b: 2 });
    expect(order).toEqual(['c', 'e', 'b', 'a', 'd']);
  });

  it('names only files that exist, each with a whole number of seconds, longest first', () => {
    const durations = readDurations();
    const entries = Object.entries(durations);
    expect(entries.length).toBeGreaterThan(10);
    expect(entries.filter(([path]) => !existsSync(`${root}${path}`))).toEqual([]);
    expect(entries.every(([, s]) => Number.isInteger(s) && s >= MIN_SECONDS)).toBe(true);
    const seconds = entries.map(([, s]) => s);
    expect(seconds).toEqual([...seconds].sort((a, b) => b - a));
  });

  it("reads each file's whole time from a JUnit report as vitest writes it", () => {
    // Two lines as vitest 5's JUnit reporter wrote them (reports/vitest-junit.xml), the second name escaped.
    const junit = [
      '<testsuites name="vitest tests" tests="2" failures="0" errors="0" time="30.1">',
      '<testsuite name="test/contract/portman-stock.test.ts" timestamp="2026-11-28T04:07:49.365Z" hostname="vm" tests="7" failures="0" errors="0" skipped="0" time="28.99017274">',
      '<testcase classname="test/contract/portman-stock.test.ts" name="x" time="0.02"></testcase>',
      '</testsuite>',
      '<testsuite name="test/a &amp; b.test.ts" timestamp="2026-11-28T04:07:49.365Z" hostname="vm" tests="1" failures="0" errors="0" skipped="0" time="1.5">',
    ].join('\n');
    expect(suiteSeconds(junit)).toEqual({
      'test/contract/portman-stock.test.ts': 28.99017274,
      'test/a & b.test.ts': 1.5,
    });
  });

  it('refreshes from a report: new durations replace old ones, unreported files keep theirs, gone or short ones leave', () => {
    const report = { 'x.test.ts': 40.4, 'short.test.ts': 1.4, 'new.test.ts': 5 };
    const old = { 'x.test.ts': 9, 'y.test.ts': 12, 'gone.test.ts': 50, 'short.test.ts': 3 };
    const next = merged(old, report, (p) => p !== 'gone.test.ts');
    expect(Object.entries(next)).toEqual([
      ['x.test.ts', 40],
      ['y.test.ts', 12],
      ['new.test.ts', 5],
    ]);
  });
});
