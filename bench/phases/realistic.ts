/**
 * Issue 14's realistic workload (lib/realistic-mix.ts) on both stores, each against the database's own limit:
 * - embedded: the production server with the read cache on, then off, then the same requests straight through the
 *   store in this process (PGlite, no cache) — with the server's event-loop delay and cache hit rate from its
 *   `runtime stats` lines (server/runtime-stats.ts);
 * - PostgreSQL: the server and the same requests straight through a pool of the server's size, in interleaved
 *   rounds (the machine's noise moves both alike); the goal takes the median of the rounds' ratios.
 * CPU per request: the server process (or this process, for the direct runs) and PostgreSQL's processes.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hashSecret } from '../../server/auth/keys.ts';
import { openStore } from '../../server/store/open.ts';
import { processCpuSeconds, postgresCpu } from '../lib/cpu.ts';
import { BASE } from '../lib/endpoints.ts';
import { summarizeProfile, type ProfileSummary } from '../lib/profile.ts';
import { startReferenceServer, type Proc } from '../lib/procs.ts';
import type { RealisticDataset } from '../lib/realistic-dataset.ts';
import { mixDirect, mixOverHttp, type MixFigures, type MixLoad } from '../lib/realistic-load.ts';
import { MIX_WEIGHTS, realisticMix, type MixRequest } from '../lib/realistic-mix.ts';
import type { RealisticShape } from '../lib/realistic-rows.ts';
import { percentileOf } from '../lib/stats.ts';
import { authHeaders, type PhaseContext } from './common.ts';

export type RealisticVariant = 'server' | 'server, read cache off' | 'direct queries';

export interface RealisticRun {
  store: 'embedded' | 'postgres';
  variant: RealisticVariant;
  round: number;
  figures: MixFigures;
  cpu_us_per_request: { node: number | null; postgres: number | null };
  read_cache: { hits: number; misses: number; hit_rate: number } | null;
  event_loop_delay_ms: { p99_median: number; p99_max: number; max: number } | null;
}

export interface RealisticResults {
  shape: RealisticShape;
  total_rows: number;
  mix_requests: number;
  weights: typeof MIX_WEIGHTS;
  load: MixLoad;
  runs: RealisticRun[];
  /** The PostgreSQL server under `--cpu-prof` serving the mix (full runs): where its CPU goes. */
  profile?: { rps_under_profile: number; requests: number; summary: ProfileSummary } | null;
}

const MIX_SIZE = 60_000;
const STATS_INTERVAL_MS = 1000;

interface StatsLine {
  time: number;
  runtime: { event_loop_delay_ms: { p99: number; max: number }; read_cache: { hits: number; misses: number } | null };
}

/** The server's `runtime stats` lines whose interval lies inside [from, to] (epoch ms). */
function statsWithin(proc: Proc, from: number, to: number): StatsLine[] {
  return proc
    .output()
    .split('\n')
    .filter((l) => l.includes('"runtime stats"'))
    .flatMap((l) => {
      try {
        return [JSON.parse(l) as StatsLine];
      } catch {
        return [];
      }
    })
    .filter((s) => s.time - STATS_INTERVAL_MS >= from && s.time <= to);
}

function serverStats(lines: StatsLine[]): Pick<RealisticRun, 'read_cache' | 'event_loop_delay_ms'> {
  if (lines.length === 0) return { read_cache: null, event_loop_delay_ms: null };
  const first = lines[0]!.runtime.read_cache;
  const last = lines[lines.length - 1]!.runtime.read_cache;
  const read_cache =
    first && last && lines.length > 1
      ? (() => {
          const hits = last.hits - first.hits;
          const misses = last.misses - first.misses;
          return { hits, misses, hit_rate: hits + misses ? hits / (hits + misses) : 0 };
        })()
      : null;
  const p99s = lines.map((s) => s.runtime.event_loop_delay_ms.p99);
  return {
    read_cache,
    event_loop_delay_ms: {
      p99_median: percentileOf(p99s, 50),
      p99_max: Math.max(...p99s),
      max: Math.max(...lines.map((s) => s.runtime.event_loop_delay_ms.max)),
    },
  };
}

async function overHttp(
  ctx: PhaseContext,
  d: RealisticDataset,
  requests: MixRequest[],
  load: MixLoad,
  variant: RealisticVariant,
  round: number,
): Promise<RealisticRun> {
  const env = {
    ...d.serverEnv,
    RUNTIME_STATS_INTERVAL_MS: String(STATS_INTERVAL_MS),
    ...(variant === 'server, read cache off' ? { STORE_READ_CACHE: 'false' } : {}),
  };
  const proc = await startReferenceServer(env, `${BASE}/account/balance`, authHeaders(d.accounts[0]!.key));
  const keys = d.accounts.map((a) => a.key);
  try {
    if (load.warmupSec > 0)
      await mixOverHttp(proc.origin, BASE, keys, requests, { ...load, durationSec: load.warmupSec, warmupSec: 0 });
    const from = Date.now();
    const cpu0 = processCpuSeconds(proc.pid);
    const pg = d.driver === 'postgres' ? postgresCpu() : null;
    const figures = await mixOverHttp(proc.origin, BASE, keys, requests, { ...load, warmupSec: 0 });
    const pgSeconds = pg?.stop() ?? null;
    const cpu1 = processCpuSeconds(proc.pid);
    const to = Date.now();
    await new Promise((r) => setTimeout(r, STATS_INTERVAL_MS + 200));
    const per = (s: number | null) => (s === null || figures.requests === 0 ? null : (s * 1e6) / figures.requests);
    const run: RealisticRun = {
      store: d.driver === 'pglite' ? 'embedded' : 'postgres',
      variant,
      round,
      figures,
      cpu_us_per_request: { node: per(cpu0 === null || cpu1 === null ? null : cpu1 - cpu0), postgres: per(pgSeconds) },
      ...serverStats(statsWithin(proc, from, to)),
    };
    logRun(ctx, run);
    return run;
  } finally {
    await proc.stop();
  }
}

/** The PostgreSQL server under a V8 CPU profile while it serves the mix; null (and a log line) when it fails. */
async function profileServer(
  ctx: PhaseContext,
  d: RealisticDataset,
  requests: MixRequest[],
  load: MixLoad,
): Promise<RealisticResults['profile']> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-realistic-profile-'));
  try {
    const proc = await startReferenceServer(d.serverEnv, `${BASE}/account/balance`, authHeaders(d.accounts[0]!.key), [
      '--cpu-prof',
      '--cpu-prof-dir',
      dir,
    ]);
    let figures: MixFigures;
    try {
      figures = await mixOverHttp(
        proc.origin,
        BASE,
        d.accounts.map((a) => a.key),
        requests,
        load,
      );
    } finally {
      await proc.stop(); // the profile is written when the process exits
    }
    const file = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.cpuprofile'))
      .map((f) => path.join(dir, f))
      .sort((a, b) => fs.statSync(b).size - fs.statSync(a).size)[0];
    if (!file) throw new Error('no profile was written');
    const summary = summarizeProfile(file, 20);
    ctx.log(
      `realistic postgres profile: ${figures.requests} requests; top: ${summary.self_by_package
        .slice(0, 6)
        .map((x) => `${x.name} ${(x.share * 100).toFixed(0)} %`)
        .join(', ')}`,
    );
    return { rps_under_profile: figures.rps, requests: figures.requests, summary };
  } catch (e) {
    ctx.log(`realistic postgres profile not taken: ${(e as Error).message.split('\n')[0]}`);
    return null;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function direct(
  ctx: PhaseContext,
  d: RealisticDataset,
  requests: MixRequest[],
  load: MixLoad,
  round: number,
): Promise<RealisticRun> {
  const store = await openStore({
    ...(d.databaseUrl ? { databaseUrl: d.databaseUrl } : { dataDir: d.dataDir!, readCache: false }),
    log: () => {},
  });
  const accounts = d.accounts.map((a) => ({ id: a.id, hash: hashSecret(a.key) }));
  try {
    if (load.warmupSec > 0)
      await mixDirect(store, accounts, requests, { ...load, durationSec: load.warmupSec, warmupSec: 0 });
    const cpu0 = process.cpuUsage();
    const pg = d.driver === 'postgres' ? postgresCpu() : null;
    const figures = await mixDirect(store, accounts, requests, { ...load, warmupSec: 0 });
    const pgSeconds = pg?.stop() ?? null;
    const cpu = process.cpuUsage(cpu0);
    const per = (s: number | null) => (s === null || figures.requests === 0 ? null : (s * 1e6) / figures.requests);
    const run: RealisticRun = {
      store: d.driver === 'pglite' ? 'embedded' : 'postgres',
      variant: 'direct queries',
      round,
      figures,
      cpu_us_per_request: { node: per((cpu.user + cpu.system) / 1e6), postgres: per(pgSeconds) },
      read_cache: null,
      event_loop_delay_ms: null,
    };
    logRun(ctx, run);
    return run;
  } finally {
    await store.close();
  }
}

function logRun(ctx: PhaseContext, r: RealisticRun): void {
  const f = r.figures;
  const extra = [
    r.read_cache ? `cache hits ${(r.read_cache.hit_rate * 100).toFixed(0)} %` : '',
    r.event_loop_delay_ms
      ? `loop delay p99 ${r.event_loop_delay_ms.p99_median.toFixed(1)} ms (max ${r.event_loop_delay_ms.max.toFixed(0)})`
      : '',
  ]
    .filter(Boolean)
    .join(', ');
  ctx.log(
    `realistic ${r.store} [${r.variant}] round ${r.round}: ${f.rps.toFixed(0)} req/s  p50 ${f.p50_ms.toFixed(1)} ms  p99 ${f.p99_ms.toFixed(1)} ms  errors ${f.errors}${extra ? `  ${extra}` : ''}`,
  );
}

export async function measureRealistic(
  ctx: PhaseContext,
  datasets: { embedded?: RealisticDataset | undefined; postgres?: RealisticDataset | undefined },
  rounds: number,
): Promise<RealisticResults> {
  const some = (datasets.embedded ?? datasets.postgres)!;
  const requests = realisticMix(some.accounts, MIX_SIZE);
  const load: MixLoad = {
    connections: ctx.plan.connections,
    durationSec: ctx.plan.quick ? 3 : 10,
    warmupSec: ctx.plan.quick ? 1 : 3,
  };
  const runs: RealisticRun[] = [];
  if (datasets.embedded) {
    const d = datasets.embedded;
    runs.push(await overHttp(ctx, d, requests, load, 'server', 1));
    runs.push(await overHttp(ctx, d, requests, load, 'server, read cache off', 1));
    runs.push(await direct(ctx, d, requests, load, 1));
  }
  if (datasets.postgres) {
    for (let round = 1; round <= rounds; round++) {
      runs.push(await overHttp(ctx, datasets.postgres, requests, load, 'server', round));
      runs.push(await direct(ctx, datasets.postgres, requests, load, round));
    }
  }
  const profile =
    datasets.postgres && !ctx.plan.quick ? await profileServer(ctx, datasets.postgres, requests, load) : null;
  return {
    shape: some.shape,
    total_rows: some.total_rows,
    mix_requests: requests.length,
    weights: MIX_WEIGHTS,
    load,
    runs,
    profile,
  };
}
