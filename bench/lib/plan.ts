/**
 * What one benchmark run measures, decided once from its flags and environment: sizes, targets, load settings, the
 * subsets of endpoints each variant measures, and where the results go. Nothing here measures anything.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ENDPOINTS, type Endpoint, type EndpointId } from './endpoints.ts';

export interface BenchPlan {
  quick: boolean;
  /** Any of --sizes, --targets, --duration, --warmup, --connections: results go to bench/tmp/, never bench/results/. */
  restricted: boolean;
  sizes: number[];
  targets: ReadonlySet<string>;
  connections: number;
  durationSec: number;
  warmupSec: number;
  soakSec: number;
  /** PostgreSQL to measure (DATABASE_URL, else TEST_DATABASE_URL), with the sizes loaded there. */
  postgresUrl: string | undefined;
  postgresSizes: number[];
  /** The size every endpoint is measured at (100k when measured, else the middle one). */
  mid: number;
  /** The read cache off: the endpoints measured at the middle size (the lists at the other sizes). */
  uncachedMid: EndpointId[];
  /** The two list endpoints: measured at every size and by every variant (P2, the history ratio). */
  lists: EndpointId[];
  /** P1's interleaved server/baseline rounds (0: the quick run has none). */
  p1Rounds: number;
  /** The endpoints the baseline and Express alone replay, and those measured on Prism. */
  replayed: Endpoint[];
  prismEndpoints: Endpoint[];
  /** Measure the conformance run (full, unrestricted runs only). */
  conformance: boolean;
  /** Results: `<outDir>/<name>.{json,md,svg}`. */
  outDir: string;
  name: string;
}

const DEFAULT_TARGETS = ['baseline', 'embedded', 'postgres', 'prism', 'purchases', 'realistic', 'storm'];

/**
 * The plan for `npm run bench -- <argv>` (the flags are listed in run.ts). `benchRoot` is the bench/ directory; `env`
 * supplies DATABASE_URL / TEST_DATABASE_URL.
 */
export function planFromArgs(argv: string[], env: Record<string, string | undefined>, benchRoot: string): BenchPlan {
  const { values: flags } = parseArgs({
    args: argv,
    options: {
      quick: { type: 'boolean', default: false },
      sizes: { type: 'string' },
      targets: { type: 'string' },
      duration: { type: 'string' },
      warmup: { type: 'string' },
      connections: { type: 'string' },
      tag: { type: 'string' },
    },
  });
  const quick = flags.quick!;
  const sizes = flags.sizes
    ? flags.sizes.split(',').map(Number)
    : quick
      ? [10_000, 100_000]
      : [10_000, 100_000, 1_000_000];
  const restricted = Boolean(flags.sizes || flags.targets || flags.duration || flags.warmup || flags.connections);
  const lists: EndpointId[] = ['list100', 'filtered'];
  return {
    quick,
    restricted,
    sizes,
    targets: new Set(flags.targets ? flags.targets.split(',') : DEFAULT_TARGETS),
    connections: Number(flags.connections ?? 50),
    durationSec: Number(flags.duration ?? (quick ? 1 : 3)),
    warmupSec: Number(flags.warmup ?? (quick ? 0.3 : 1)),
    soakSec: quick ? 3 : 60,
    postgresUrl: env.DATABASE_URL || env.TEST_DATABASE_URL || undefined,
    postgresSizes: quick ? sizes.filter((s) => s === Math.min(...sizes)) : sizes,
    mid: sizes.includes(100_000) ? 100_000 : sizes[Math.floor(sizes.length / 2)]!,
    // To keep a full run near 5 minutes, the variants measure what their comparison needs: the read cache off and
    // PostgreSQL the balance, the lists and the lookup at the middle size and the lists at the others (P2 and the
    // history ratio); validation on the lists (phases/embedded.ts, phases/postgres.ts).
    uncachedMid: quick ? lists : ['balance', 'list100', 'filtered', 'lookup'],
    lists,
    p1Rounds: quick ? 0 : 3,
    // Quick: the baseline and Express alone replay the lists; Prism answers the lists and /health.
    replayed: ENDPOINTS.filter((e) => !quick || lists.includes(e.id)),
    prismEndpoints: ENDPOINTS.filter((e) => !quick || e.id === 'health' || lists.includes(e.id)),
    conformance: !quick && !restricted,
    outDir: restricted || quick ? path.join(benchRoot, 'tmp') : path.join(benchRoot, 'results'),
    name: flags.tag ?? (quick ? 'quick' : restricted ? 'partial' : 'full'),
  };
}

/** The PostgreSQL URL as the results show it: the password masked. */
export function redactUrl(u: string): string {
  const url = new URL(u);
  if (url.password) url.password = '***';
  return url.toString();
}
