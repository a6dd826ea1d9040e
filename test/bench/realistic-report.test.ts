import { describe, expect, it } from 'vitest';
import type { RealisticResults, RealisticRun } from '../../bench/phases/realistic.ts';
import { MIX_WEIGHTS } from '../../bench/lib/realistic-mix.ts';
import { realisticGoals, realisticRatios, realisticSection } from '../../bench/lib/realistic-report.ts';

const run = (
  store: RealisticRun['store'],
  variant: RealisticRun['variant'],
  round: number,
  rps: number,
): RealisticRun => ({
  store,
  variant,
  round,
  figures: {
    rps,
    requests: rps * 10,
    errors: 0,
    p50_ms: 10,
    p99_ms: 50,
    by_kind: { balance: { requests: 10, p50_ms: 2, p99_ms: 9, errors: 0 } },
  },
  cpu_us_per_request: { node: 500, postgres: 300 },
  read_cache: variant === 'server' && store === 'embedded' ? { hits: 90, misses: 10, hit_rate: 0.9 } : null,
  event_loop_delay_ms: variant === 'direct queries' ? null : { p99_median: 12, p99_max: 30, max: 41 },
});

const results = (pg: [number, number][]): RealisticResults => ({
  shape: { accounts: 1000, largest: 1_000_000, smallest: 10 },
  total_rows: 1_640_000,
  mix_requests: 60_000,
  weights: MIX_WEIGHTS,
  load: { connections: 50, durationSec: 10, warmupSec: 3 },
  runs: [
    run('embedded', 'server', 1, 3000),
    run('embedded', 'server, read cache off', 1, 400),
    run('embedded', 'direct queries', 1, 800),
    ...pg.flatMap(([server, direct], i) => [
      run('postgres', 'server', i + 1, server),
      run('postgres', 'direct queries', i + 1, direct),
    ]),
  ],
});

describe('the realistic mix in the results', () => {
  it.each([
    [
      'met: median of the rounds at or above 0.5×',
      [
        [600, 1000],
        [400, 1000],
        [550, 1000],
      ],
      '0.55×',
      true,
    ],
    [
      'missed: the median below 0.5× though one round is above',
      [
        [600, 1000],
        [400, 1000],
        [450, 1000],
      ],
      '0.45×',
      false,
    ],
    ['met at exactly 0.5×', [[500, 1000]], '0.50×', true],
  ] as const)('%s', (_, pg, measured, met) => {
    const [goal] = realisticGoals(results(pg.map((x) => [...x] as [number, number])));
    expect(goal!.measured.startsWith(measured)).toBe(true);
    expect(goal!.met).toBe(met);
  });

  it('is not measured without a PostgreSQL pair', () => {
    expect(realisticGoals(null)[0]!.met).toBeNull();
    expect(realisticGoals(results([]))[0]!.met).toBeNull();
  });

  it('pairs each server run with the direct run of its round, per store and variant', () => {
    const r = results([
      [600, 1000],
      [300, 1000],
    ]);
    expect(realisticRatios(r, 'postgres')).toEqual([0.6, 0.3]);
    expect(realisticRatios(r, 'embedded')).toEqual([3000 / 800]);
    expect(realisticRatios(r, 'embedded', 'server, read cache off')).toEqual([0.5]);
  });

  it('reports every run, the cache hit rate and the loop delay, and every operation of the mix', () => {
    const md = realisticSection(results([[600, 1000]])).join('\n');
    expect(md).toContain('| embedded | server | 1 | 3000 |');
    expect(md).toContain('90 %');
    expect(md).toContain('12.0 / 30.0');
    for (const kind of Object.keys(MIX_WEIGHTS)) expect(md).toContain(`| ${kind} |`);
  });

  it("shows where the PostgreSQL server's CPU goes when the run has a profile", () => {
    const r = {
      ...results([[600, 1000]]),
      profile: {
        rps_under_profile: 900,
        requests: 9000,
        summary: {
          total_ms: 10_000,
          self_by_package: [
            { name: 'pg-protocol', ms: 1500, share: 0.15 },
            { name: '(idle)', ms: 3000, share: 0.3 },
          ],
          self_by_function: [{ name: 'parse pg-protocol:10', ms: 900, share: 0.09 }],
          total_by_function: [],
        },
      },
    };
    const md = realisticSection(r).join('\n');
    expect(md).toContain('9000 requests at 900 req/s');
    expect(md).toContain('| pg-protocol | 15.0 % |');
    expect(md).toContain('| parse pg-protocol:10 | 9.0 % |');
    expect(realisticSection(results([[600, 1000]])).join('\n')).not.toContain('--cpu-prof');
  });
});
