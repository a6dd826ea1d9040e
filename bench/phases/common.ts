/**
 * What every phase shares: its context (the plan and the log, passed in, never global), one autocannon
 * measurement of one endpoint, and a reference server started for the length of a callback with its cold start.
 */
import { sizeLabel, type Dataset } from '../lib/dataset.ts';
import { BASE, type Endpoint } from '../lib/endpoints.ts';
import { measure } from '../lib/load.ts';
import type { BenchPlan } from '../lib/plan.ts';
import { startReferenceServer, type Proc } from '../lib/procs.ts';
import { READ_CACHE_OFF, type BenchResults, type Measurement, type TargetKind } from '../lib/report.ts';

export type Log = (line: string) => void;

export interface PhaseContext {
  plan: BenchPlan;
  log: Log;
}

/** What a measurement needs of a dataset: the bench key and an external reference for the lookup. */
export type DatasetKeys = Pick<Dataset, 'key' | 'external_reference'>;

export type ColdStart = BenchResults['cold_start'][number];

export const authHeaders = (key: string) => ({ authorization: `Bearer ${key}` });

/** A request for `ep` under `base` (the server's base path, or '' for Prism), with the key when it needs one. */
export const requestFor = (ep: Endpoint, base: string, dataset: DatasetKeys) => ({
  path: base + ep.path(dataset.external_reference),
  headers: ep.auth ? authHeaders(dataset.key) : {},
});

export interface Target {
  proc: Proc;
  target: TargetKind;
  size: number | null;
  /** Base path of the endpoints on this target. */
  base: string;
  dataset: DatasetKeys;
  variant?: string | undefined;
}

/** One endpoint under load at the plan's connections, warm-up and duration; logs one line and returns it. */
export async function measureEndpoint(ctx: PhaseContext, t: Target, ep: Endpoint): Promise<Measurement> {
  const { plan, log } = ctx;
  const r = await measure({
    origin: t.proc.origin,
    requests: [requestFor(ep, t.base, t.dataset)],
    connections: plan.connections,
    durationSec: plan.durationSec,
    warmupSec: plan.warmupSec,
    rss: () => t.proc.rssMiB(),
  });
  const m: Measurement = {
    target: t.target,
    size: t.size,
    endpoint: ep.id,
    ...r,
    ...(t.variant ? { variant: t.variant } : {}),
  };
  const where = `${t.target}${t.size ? ` ${sizeLabel(t.size)}` : ''}${t.variant ? ` [${t.variant}]` : ''}`;
  log(
    `${where.padEnd(28)} ${ep.id.padEnd(10)} ${r.rps.toFixed(0).padStart(6)} req/s  p50 ${r.p50_ms.toFixed(1).padStart(6)} ms  p99 ${r.p99_ms.toFixed(1).padStart(6)} ms  errors ${r.errors}  rss ${r.rss_mib_max?.toFixed(0) ?? '?'} MiB`,
  );
  if (r.errors > 0) log(`  status codes: ${JSON.stringify(r.status_codes)}`);
  return m;
}

/** The endpoints one after another on one target. */
export async function measureEndpoints(ctx: PhaseContext, t: Target, eps: Endpoint[]): Promise<Measurement[]> {
  const out: Measurement[] = [];
  for (const ep of eps) out.push(await measureEndpoint(ctx, t, ep));
  return out;
}

/**
 * The production server (lib/procs.ts) on `dataset` with `env` on top, for the length of `fn`; ready when it answers
 * an authenticated 100-row page, which is also its cold start.
 */
export async function withServer<T>(
  ctx: PhaseContext,
  env: Record<string, string>,
  dataset: Dataset,
  what: string,
  fn: (p: Proc) => Promise<T>,
): Promise<{ value: T; coldStart: ColdStart }> {
  const proc = await startReferenceServer(
    { ...dataset.serverEnv, ...env },
    `${BASE}/account/transactions?per_page=100`,
    authHeaders(dataset.key),
  );
  ctx.log(`${what}: first authenticated 200 after ${proc.readyMs.toFixed(0)} ms (cold start, pid ${proc.pid})`);
  const variant =
    env.VALIDATE_RESPONSES === 'true' ? 'validation on' : env.STORE_READ_CACHE === 'false' ? READ_CACHE_OFF : undefined;
  const coldStart: ColdStart = {
    target: dataset.driver === 'pglite' ? 'embedded' : 'postgres',
    size: dataset.size,
    variant,
    ms_to_first_200: proc.readyMs,
  };
  try {
    return { value: await fn(proc), coldStart };
  } finally {
    await proc.stop();
  }
}
