/**
 * The realistic mix's part of a run's results (phases/realistic.ts): its goal — on PostgreSQL, the server's req/s
 * at least half of the same requests sent straight to the database through the store's pool (median of the
 * interleaved rounds) — and its section of the Markdown report.
 */
import type { RealisticResults, RealisticRun } from '../phases/realistic.ts';
import type { MixKind } from './realistic-mix.ts';
import type { Goal } from './report.ts';
import { f0, f1, f2, median } from './stats.ts';

export const REALISTIC_TARGET = 0.5;

const runOf = (r: RealisticResults, store: RealisticRun['store'], variant: RealisticRun['variant'], round = 1) =>
  r.runs.find((x) => x.store === store && x.variant === variant && x.round === round);

/** Server ÷ direct queries on `store`, per round that has both. */
export function realisticRatios(
  r: RealisticResults,
  store: RealisticRun['store'],
  variant: RealisticRun['variant'] = 'server',
): number[] {
  const rounds = [...new Set(r.runs.filter((x) => x.store === store).map((x) => x.round))];
  return rounds.flatMap((round) => {
    const s = runOf(r, store, variant, round);
    const d = runOf(r, store, 'direct queries', round);
    return s && d && d.figures.rps > 0 ? [s.figures.rps / d.figures.rps] : [];
  });
}

export function realisticGoals(r: RealisticResults | null | undefined): Goal[] {
  const what = `realistic mix (${r?.shape.accounts ?? 1000} accounts, Zipf), PostgreSQL: server req/s vs the same requests as direct queries through the store's pool, median of interleaved rounds`;
  const ratios = r ? realisticRatios(r, 'postgres') : [];
  if (!r || ratios.length === 0)
    return [{ id: 'P7 realistic mix', what, measured: 'not measured', target: `≥ ${REALISTIC_TARGET}×`, met: null }];
  const m = median(ratios);
  const each = ratios.map((x) => `${f2(x)}×`).join(', ');
  return [
    {
      id: 'P7 realistic mix',
      what,
      measured: `${f2(m)}× (rounds ${each})`,
      target: `≥ ${REALISTIC_TARGET}×`,
      met: m >= REALISTIC_TARGET,
    },
  ];
}

function runsTable(r: RealisticResults): string[] {
  const L = [
    '| store | variant | round | req/s | p50 ms | p99 ms | errors | node CPU µs / req | PostgreSQL CPU µs / req | cache hits | event-loop delay p99 ms (median / max of 1 s intervals) | max delay ms |',
    '|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|',
  ];
  for (const x of r.runs) {
    const e = x.event_loop_delay_ms;
    L.push(
      `| ${x.store} | ${x.variant} | ${x.round} | ${f0(x.figures.rps)} | ${f1(x.figures.p50_ms)} | ${f1(x.figures.p99_ms)} | ${x.figures.errors} | ${f0(x.cpu_us_per_request.node)} | ${f0(x.cpu_us_per_request.postgres)} | ${x.read_cache ? `${(x.read_cache.hit_rate * 100).toFixed(0)} %` : '–'} | ${e ? `${f1(e.p99_median)} / ${f1(e.p99_max)}` : '–'} | ${e ? f0(e.max) : '–'} |`,
    );
  }
  return L;
}

function kindsTable(r: RealisticResults): string[] {
  const cols = (
    [
      ['embedded', 'server'],
      ['embedded', 'server, read cache off'],
      ['embedded', 'direct queries'],
      ['postgres', 'server'],
      ['postgres', 'direct queries'],
    ] as const
  )
    .map(([store, variant]) => ({
      label: `${store === 'embedded' ? 'emb.' : 'pg'} ${variant === 'server, read cache off' ? 'cache off' : variant === 'direct queries' ? 'direct' : 'server'}`,
      run: runOf(r, store, variant),
    }))
    .filter((c) => c.run);
  const L = [
    `| operation | share | ${cols.map((c) => `${c.label} p50 / p99 ms`).join(' | ')} |`,
    `|---|--:|${cols.map(() => '--:').join('|')}|`,
  ];
  for (const [kind, weight] of Object.entries(r.weights) as [MixKind, number][]) {
    L.push(
      `| ${kind} | ${weight} % | ${cols
        .map((c) => {
          const k = c.run!.figures.by_kind[kind];
          return k ? `${f1(k.p50_ms)} / ${f1(k.p99_ms)}${k.errors ? ` (${k.errors} errors)` : ''}` : '–';
        })
        .join(' | ')} |`,
    );
  }
  return L;
}

export function realisticSection(r: RealisticResults | null | undefined): string[] {
  if (!r) return ['## Realistic mix', '', 'Not measured in this run.', ''];
  const pg = realisticRatios(r, 'postgres');
  const embOn = realisticRatios(r, 'embedded');
  const embOff = realisticRatios(r, 'embedded', 'server, read cache off');
  return [
    '## Realistic mix',
    '',
    `${r.shape.accounts} sandbox partners, histories from ${r.shape.smallest} to ${r.shape.largest.toLocaleString('en')} transactions (rank k holds largest / k², ${r.total_rows.toLocaleString('en')} rows in all), requests from rank k ∝ 1/k (Zipf); a fixed-seed sequence of ${r.mix_requests.toLocaleString('en')} requests whose ids, references, date windows and pages are drawn from each account's data (bench/lib/realistic-mix.ts). ${r.load.connections} connections, ${r.load.warmupSec} s warm-up, ${r.load.durationSec} s measured. "direct queries" = the same requests' database calls (the key lookup by hash, then the handler's read) through the store from ${r.load.connections} concurrent loops in the bench process: the database's own limit for this mix.`,
    '',
    ...runsTable(r),
    '',
    `Server ÷ direct queries: PostgreSQL ${pg.map((x) => `${f2(x)}×`).join(', ') || '–'}; embedded, read cache on ${embOn.map((x) => `${f2(x)}×`).join(', ') || '–'}, off ${embOff.map((x) => `${f2(x)}×`).join(', ') || '–'}.`,
    '',
    'Per operation (round 1):',
    '',
    ...kindsTable(r),
    '',
    ...profileTable(r),
  ];
}

function profileTable(r: RealisticResults): string[] {
  const p = r.profile;
  if (!p) return [];
  const row = (x: { name: string; share: number }) =>
    `| ${x.name.replace(/\|/g, '\\|')} | ${(x.share * 100).toFixed(1)} % |`;
  return [
    `Where the PostgreSQL server's CPU goes under this mix (\`--cpu-prof\`, ${p.requests} requests at ${f0(p.rps_under_profile)} req/s; self time, idle included):`,
    '',
    '| package / file | share |',
    '|---|--:|',
    ...p.summary.self_by_package.slice(0, 12).map(row),
    '',
    '| function | share |',
    '|---|--:|',
    ...p.summary.self_by_function.slice(0, 15).map(row),
    '',
  ];
}
