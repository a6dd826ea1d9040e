/**
 * bench/compare.ts's arguments and summary: what it measures is decided here (which builds, how long, which loads),
 * and the table is what a before/after judgement is read from.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareSummary, parseCompareArgs, type CompareSample } from '../../bench/lib/compare.ts';

describe('parseCompareArgs', () => {
  it('takes the defaults of the purchases phase and labels each build by its directory', () => {
    const o = parseCompareArgs(['/tmp/before', '/tmp/after']);
    expect(o).toMatchObject({ rounds: 5, seconds: 10, warmupSec: 3, partners: 200, connections: 50 });
    expect(o.loads).toEqual(['many', 'hot']);
    expect(o.builds).toEqual([
      { dir: '/tmp/before', label: 'before' },
      { dir: '/tmp/after', label: 'after' },
    ]);
  });

  it('labels two builds of one directory name by their paths', () => {
    const o = parseCompareArgs(['/a/main', '/b/main']);
    expect(o.builds.map((b) => b.label)).toEqual(['/a/main', '/b/main']);
    expect(parseCompareArgs(['rel']).builds[0]!.dir).toBe(path.resolve('rel'));
  });

  it.each([
    [['--rounds', '3', '--seconds', '2', '--warmup', '0', '--partners', '7', '--loads', 'hot', 'x'], 'hot'],
    [['--loads', 'many,hot', 'x'], 'many,hot'],
  ])('reads %j', (argv, loads) => {
    const o = parseCompareArgs(argv);
    expect(o.loads.join(',')).toBe(loads);
    if (argv[0] === '--rounds') expect(o).toMatchObject({ rounds: 3, seconds: 2, warmupSec: 0, partners: 7 });
  });

  it.each([
    [[], /at least one checkout/],
    [['--rounds', '0', 'x'], /--rounds takes a whole number from 1/],
    [['--seconds', '1.5', 'x'], /whole number/],
    [['--warmup', '-1', 'x'], /--warmup takes a whole number from 0/],
    [['--loads', 'all', 'x'], /--loads takes/],
    [['--load', 'hot', 'x'], /unknown option --load/],
    [['/a/x', '/a/x'], /named twice/],
  ])('refuses %j', (argv, message) => {
    expect(() => parseCompareArgs(argv)).toThrow(message);
  });
});

describe('compareSummary', () => {
  const sample = (build: string, round: number, rps: number, server: number | null): CompareSample => ({
    build,
    load: 'many',
    round,
    rps,
    errors: round === 2 ? 1 : 0,
    server_cpu_us: server,
    postgres_cpu_us: 1000 + round,
  });

  it('gives each build its rounds in order, their median and mean, mean CPU per purchase and errors', () => {
    const table = compareSummary(
      [
        sample('after', 2, 900, 400),
        sample('before', 1, 800, 500),
        sample('after', 1, 1000, null),
        sample('before', 2, 700, 300),
      ],
      ['before', 'after'],
      ['many', 'hot'],
    );
    const rows = table.split('\n').slice(2);
    expect(rows).toEqual([
      '| many wallets | before | 800, 700 | 750 | 750 | 400 | 1002 | 1 |',
      '| many wallets | after | 1000, 900 | 950 | 950 | 400 | 1002 | 1 |',
    ]);
  });
});
