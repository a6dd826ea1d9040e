/**
 * P1 in interleaved rounds: the server and the baseline measured back to back on the 100-row page, the plan's
 * number of times, so that the machine's drift over a run (it is shared) weighs on both sides of the ratio alike;
 * P1 is the median of the rounds' ratios (lib/report.ts).
 */
import type { Dataset } from '../lib/dataset.ts';
import { BASE, ENDPOINTS } from '../lib/endpoints.ts';
import { startBaseline, type Proc } from '../lib/procs.ts';
import type { Part } from '../lib/collect.ts';
import type { Measurement } from '../lib/report.ts';
import { measureEndpoint, type PhaseContext } from './common.ts';

export async function p1Rounds(ctx: PhaseContext, server: Proc, dataset: Dataset, recordings: string): Promise<Part> {
  const ep = ENDPOINTS.find((e) => e.id === 'list100')!;
  const measurements: Measurement[] = [];
  const rounds: NonNullable<Part['p1_rounds']> = [];
  const base = await startBaseline(recordings);
  try {
    for (let round = 1; round <= ctx.plan.p1Rounds; round++) {
      const variant = `P1 round ${round}`;
      const s = await measureEndpoint(
        ctx,
        { proc: server, target: 'embedded', size: dataset.size, base: BASE, dataset, variant },
        ep,
      );
      const b = await measureEndpoint(
        ctx,
        { proc: base, target: 'baseline', size: null, base: BASE, dataset, variant },
        ep,
      );
      measurements.push(s, b);
      rounds.push({ round, server_rps: s.rps, baseline_rps: b.rps, ratio: s.rps / b.rps });
    }
  } finally {
    await base.stop();
  }
  return { measurements, p1_rounds: rounds };
}
