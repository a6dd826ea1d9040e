/**
 * One dataset size on the embedded store: the production server (at the middle size also the recordings for the
 * replays, P1's rounds, the auth-only /products and the soak), the same server with its read cache off, and at the
 * middle size of a full run response validation on, single store calls and the CPU profile.
 */
import type { Part } from '../lib/collect.ts';
import { sizeLabel, type Dataset } from '../lib/dataset.ts';
import { BASE, ENDPOINTS, PRODUCTS } from '../lib/endpoints.ts';
import { READ_CACHE_OFF, type BenchResults, type Measurement } from '../lib/report.ts';
import { measureEndpoint, measureEndpoints, withServer, type PhaseContext, type Target } from './common.ts';
import { p1Rounds } from './p1.ts';
import { profileList } from './profile.ts';
import { record } from './replay.ts';
import { soak } from './soak.ts';
import { storeTimings } from './store-timings.ts';

/** `recordings`: where the middle size records the responses the baseline replays (needed by P1 and the replays). */
export async function embeddedSize(ctx: PhaseContext, d: Dataset, recordings: string): Promise<Part[]> {
  const { plan } = ctx;
  const isMid = d.size === plan.mid;
  const measuring = plan.targets.has('embedded');
  if (!measuring && !isMid) return [];
  const parts: Part[] = [];
  const target = (proc: Target['proc'], variant?: string): Target => ({
    proc,
    target: 'embedded',
    size: d.size,
    base: BASE,
    dataset: d,
    variant,
  });

  const main = await withServer(ctx, {}, d, `embedded ${sizeLabel(d.size)}`, async (proc) => {
    if (isMid) await record(proc, d, recordings);
    if (!measuring) return [];
    const found: Part[] = [];
    // Quick: every endpoint at the middle size, the lists at the others.
    found.push({
      measurements: await measureEndpoints(
        ctx,
        target(proc),
        ENDPOINTS.filter((e) => !plan.quick || isMid || plan.lists.includes(e.id)),
      ),
    });
    if (isMid && plan.targets.has('baseline') && plan.p1Rounds > 0)
      found.push(await p1Rounds(ctx, proc, d, recordings));
    if (isMid) {
      if (!plan.quick) found.push({ measurements: [await measureEndpoint(ctx, target(proc), PRODUCTS)] });
      found.push({ soak: await soak(ctx, proc, d) });
    }
    return found;
  });
  parts.push({ cold_start: [main.coldStart] }, ...main.value);
  if (!measuring) return parts;

  // The same server without its read cache (STORE_READ_CACHE=false): what every request costs when it reaches the
  // database — the store's own design (indexes, counters), and the figure P2 is judged on.
  const uncached = await withServer(
    ctx,
    { STORE_READ_CACHE: 'false' },
    d,
    `embedded ${sizeLabel(d.size)} (${READ_CACHE_OFF})`,
    (proc) =>
      measureEndpoints(
        ctx,
        target(proc, READ_CACHE_OFF),
        ENDPOINTS.filter((e) => (isMid ? plan.uncachedMid : plan.lists).includes(e.id)),
      ),
  );
  parts.push({ cold_start: [uncached.coldStart], measurements: uncached.value });

  if (isMid && !plan.quick) {
    const off = parts.flatMap((p) => p.measurements ?? []);
    parts.push(await validationOn(ctx, d, off));
    parts.push({ auth: await storeTimings(ctx, d) });
    parts.push(await profileList(ctx, d));
  }
  return parts;
}

/**
 * Response validation on (the development default) on the same data, right after, for the ratio with `off` (this
 * size's measurements with the production configuration) on the two lists.
 */
async function validationOn(ctx: PhaseContext, d: Dataset, off: Measurement[]): Promise<Part> {
  const r = await withServer(
    ctx,
    { VALIDATE_RESPONSES: 'true' },
    d,
    `embedded ${sizeLabel(d.size)} (validation on)`,
    async (proc) => {
      const measurements: Measurement[] = [];
      const validation: BenchResults['validation'] = [];
      for (const ep of ENDPOINTS.filter((e) => ctx.plan.lists.includes(e.id))) {
        const on = await measureEndpoint(
          ctx,
          { proc, target: 'embedded', size: d.size, base: BASE, dataset: d, variant: 'validation on' },
          ep,
        );
        const o = off.find((m) => m.target === 'embedded' && m.size === d.size && m.endpoint === ep.id && !m.variant)!;
        measurements.push(on);
        validation.push({
          endpoint: ep.id,
          rps_off: o.rps,
          rps_on: on.rps,
          p50_off_ms: o.p50_ms,
          p50_on_ms: on.p50_ms,
          errors_on: on.errors,
        });
      }
      return { measurements, validation };
    },
  );
  return { cold_start: [r.coldStart], ...r.value };
}
