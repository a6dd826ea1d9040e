/** The arguments and the summary of bench/compare.ts (before and after in one run). */
import path from 'node:path';
import { f0, median } from './stats.ts';

export type CompareLoad = 'many' | 'hot';

export interface CompareOptions {
  builds: { dir: string; label: string }[];
  rounds: number;
  seconds: number;
  warmupSec: number;
  partners: number;
  connections: number;
  loads: CompareLoad[];
}

export interface CompareSample {
  build: string;
  load: CompareLoad;
  round: number;
  rps: number;
  errors: number;
  server_cpu_us: number | null;
  postgres_cpu_us: number | null;
}

const NUMBERS = {
  '--rounds': 'rounds',
  '--seconds': 'seconds',
  '--warmup': 'warmupSec',
  '--partners': 'partners',
  '--connections': 'connections',
} as const;

/** `[--rounds N] [--seconds N] [--warmup N] [--partners N] [--connections N] [--loads many,hot] DIR …`. */
export function parseCompareArgs(argv: string[]): CompareOptions {
  const o: CompareOptions = {
    builds: [],
    rounds: 5,
    seconds: 10,
    warmupSec: 3,
    partners: 200,
    connections: 50,
    loads: ['many', 'hot'],
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a in NUMBERS) {
      const v = Number(argv[++i]);
      const min = a === '--warmup' ? 0 : 1;
      if (!Number.isInteger(v) || v < min) throw new Error(`${a} takes a whole number from ${min}`);
      o[NUMBERS[a as keyof typeof NUMBERS]] = v;
    } else if (a === '--loads') {
      const loads = (argv[++i] ?? '').split(',');
      if (loads.length === 0 || loads.some((l) => l !== 'many' && l !== 'hot'))
        throw new Error('--loads takes many, hot or many,hot');
      o.loads = loads as CompareLoad[];
    } else if (a.startsWith('--')) throw new Error(`unknown option ${a}`);
    else o.builds.push({ dir: path.resolve(a), label: '' });
  }
  if (o.builds.length === 0) throw new Error('name at least one checkout (a directory with dist/server.mjs built)');
  // Each build by its directory's name, or by its path when two share a name.
  const names = o.builds.map((b) => path.basename(b.dir));
  for (const [i, b] of o.builds.entries()) b.label = names.filter((n) => n === names[i]).length > 1 ? b.dir : names[i]!;
  if (new Set(o.builds.map((b) => b.label)).size < o.builds.length) throw new Error('a checkout is named twice');
  return o;
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const present = (xs: (number | null)[]) => xs.filter((x): x is number => x !== null);

/** A Markdown table: per load and build, purchases/s (every round, median, mean) and CPU per purchase (means). */
export function compareSummary(samples: CompareSample[], builds: string[], loads: CompareLoad[]): string {
  const lines = [
    '| load | build | purchases/s by round | median | mean | server CPU µs / purchase | PostgreSQL CPU µs / purchase | errors |',
    '|---|---|---|--:|--:|--:|--:|--:|',
  ];
  for (const load of loads)
    for (const build of builds) {
      const s = samples.filter((x) => x.build === build && x.load === load).sort((a, b) => a.round - b.round);
      if (s.length === 0) continue;
      const rps = s.map((x) => x.rps);
      const server = present(s.map((x) => x.server_cpu_us));
      const postgres = present(s.map((x) => x.postgres_cpu_us));
      lines.push(
        `| ${load === 'many' ? 'many wallets' : 'one hot wallet'} | ${build} | ${rps.map((x) => x.toFixed(0)).join(', ')} | ${f0(median(rps))} | ${f0(mean(rps))} | ${f0(mean(server))} | ${f0(mean(postgres))} | ${s.reduce((a, x) => a + x.errors, 0)} |`,
      );
    }
  return lines.join('\n');
}
