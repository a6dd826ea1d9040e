/** The Prism mock of the same contract (what a partner would otherwise use as a sandbox) on the plan's endpoints. */
import type { Measurement } from '../lib/report.ts';
import { startPrism } from '../lib/procs.ts';
import { measureEndpoints, type DatasetKeys, type PhaseContext } from './common.ts';

export async function measurePrism(ctx: PhaseContext, dataset: DatasetKeys): Promise<Measurement[]> {
  ctx.log('Prism mock: starting');
  const prism = await startPrism();
  ctx.log(`Prism mock ready after ${prism.readyMs.toFixed(0)} ms`);
  try {
    // Prism serves the operations at the root: no base path.
    return await measureEndpoints(
      ctx,
      { proc: prism, target: 'prism', size: null, base: '', dataset },
      ctx.plan.prismEndpoints,
    );
  } finally {
    await prism.stop();
  }
}
