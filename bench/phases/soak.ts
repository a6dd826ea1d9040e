/** Memory soak: every endpoint in rotation for the plan's soak time on one server, its RSS sampled every second. */
import { sizeLabel, type Dataset } from '../lib/dataset.ts';
import { BASE, ENDPOINTS } from '../lib/endpoints.ts';
import { measure } from '../lib/load.ts';
import type { Proc } from '../lib/procs.ts';
import type { BenchResults } from '../lib/report.ts';
import { requestFor, type PhaseContext } from './common.ts';

export async function soak(
  ctx: PhaseContext,
  proc: Proc,
  dataset: Dataset,
): Promise<NonNullable<BenchResults['soak']>> {
  const { plan, log } = ctx;
  log(
    `soak: ${plan.soakSec} s of mixed requests on the embedded ${sizeLabel(dataset.size)} server, RSS sampled every second`,
  );
  const samples: { t: number; rss_mib: number }[] = [];
  const r = await measure({
    origin: proc.origin,
    requests: ENDPOINTS.map((ep) => requestFor(ep, BASE, dataset)),
    connections: plan.connections,
    durationSec: plan.soakSec,
    warmupSec: 0,
    onSecond: (t) => {
      const v = proc.rssMiB();
      if (v !== null) samples.push({ t, rss_mib: v });
      if (t % 10 === 0) log(`  soak ${t} s: rss ${v?.toFixed(0)} MiB`);
    },
  });
  // Growth is judged after a warm-up (a third of a short soak): start-up allocations are not a leak.
  const warm = Math.min(10, Math.floor(plan.soakSec / 3));
  const afterWarm = samples.filter((s) => s.t >= warm);
  const base = afterWarm[0]?.rss_mib ?? NaN;
  const end = samples[samples.length - 1]?.rss_mib ?? NaN;
  const max = Math.max(...afterWarm.map((s) => s.rss_mib));
  log(
    `soak: ${r.rps.toFixed(0)} req/s, rss ${base.toFixed(0)} → ${end.toFixed(0)} MiB (max ${max.toFixed(0)}), errors ${r.errors}`,
  );
  return {
    size: dataset.size,
    seconds: plan.soakSec,
    warmup_sec: warm,
    rps: r.rps,
    p99_ms: r.p99_ms,
    errors: r.errors,
    rss_after_warmup_mib: base,
    rss_end_mib: end,
    rss_max_mib: max,
    growth_pct: ((end - base) / base) * 100,
    max_growth_pct: ((max - base) / base) * 100,
    samples,
  };
}
