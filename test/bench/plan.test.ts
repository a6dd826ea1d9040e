/** What a benchmark run measures and where its results go, from its flags alone. */
import { describe, expect, it } from 'vitest';
import { planFromArgs, redactUrl } from '../../bench/lib/plan.ts';

const ROOT = '/b';
const ids = (eps: { id: string }[]) => eps.map((e) => e.id);

describe('planFromArgs', () => {
  it('a full run: three sizes, every endpoint replayed and on Prism, P1 rounds and conformance, into bench/results/full', () => {
    const p = planFromArgs([], {}, ROOT);
    expect(p).toMatchObject({
      quick: false,
      restricted: false,
      sizes: [10_000, 100_000, 1_000_000],
      mid: 100_000,
      durationSec: 3,
      warmupSec: 1,
      soakSec: 60,
      p1Rounds: 3,
      conformance: true,
      outDir: '/b/results',
      name: 'full',
    });
    expect(ids(p.replayed)).toEqual(['health', 'balance', 'list100', 'filtered', 'lookup', 'dataplans']);
    expect(ids(p.prismEndpoints)).toEqual(ids(p.replayed));
    expect(p.uncachedMid).toEqual(['balance', 'list100', 'filtered', 'lookup']);
    expect([...p.targets].sort()).toEqual([
      'baseline',
      'embedded',
      'postgres',
      'prism',
      'purchases',
      'realistic',
      'storm',
    ]);
  });

  it('--quick: two sizes, short measurements, the lists (and /health on Prism), no P1 rounds or conformance, into bench/tmp/quick', () => {
    const p = planFromArgs(['--quick'], { TEST_DATABASE_URL: 'postgres://u@h/db' }, ROOT);
    expect(p).toMatchObject({
      quick: true,
      restricted: false,
      sizes: [10_000, 100_000],
      durationSec: 1,
      warmupSec: 0.3,
      soakSec: 3,
      p1Rounds: 0,
      conformance: false,
      outDir: '/b/tmp',
      name: 'quick',
    });
    expect(ids(p.replayed)).toEqual(['list100', 'filtered']);
    expect(ids(p.prismEndpoints)).toEqual(['health', 'list100', 'filtered']);
    expect(p.postgresSizes).toEqual([10_000]);
    expect(p.postgresUrl).toBe('postgres://u@h/db');
  });

  it('a restricted run never writes bench/results/, and --tag names the files', () => {
    const p = planFromArgs(['--sizes', '1000,5000,20000', '--targets', 'embedded', '--duration', '2'], {}, ROOT);
    expect(p).toMatchObject({
      restricted: true,
      sizes: [1000, 5000, 20000],
      mid: 5000,
      durationSec: 2,
      conformance: false,
      outDir: '/b/tmp',
      name: 'partial',
    });
    expect([...p.targets]).toEqual(['embedded']);
    expect(planFromArgs(['--tag', 'before'], {}, ROOT)).toMatchObject({ outDir: '/b/results', name: 'before' });
  });

  it('prefers DATABASE_URL over TEST_DATABASE_URL, and measures no PostgreSQL without either', () => {
    expect(
      planFromArgs([], { DATABASE_URL: 'postgres://a/x', TEST_DATABASE_URL: 'postgres://b/y' }, ROOT).postgresUrl,
    ).toBe('postgres://a/x');
    expect(planFromArgs([], {}, ROOT).postgresUrl).toBeUndefined();
  });

  it('refuses an unknown flag', () => {
    expect(() => planFromArgs(['--fast'], {}, ROOT)).toThrow(/--fast/);
  });
});

describe('redactUrl', () => {
  it('masks the password and keeps the rest', () => {
    expect(redactUrl('postgres://bench:s3cret@db:5432/x')).toBe('postgres://bench:***@db:5432/x');
    expect(redactUrl('postgres://bench@db/x')).toBe('postgres://bench@db/x');
  });
});
