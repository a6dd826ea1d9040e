/** The reference server on PostgreSQL: the lists at every loaded size, plus the balance and the lookup at the middle one. */
import type { Part } from '../lib/collect.ts';
import { sizeLabel, type Dataset } from '../lib/dataset.ts';
import { BASE, ENDPOINTS, type EndpointId } from '../lib/endpoints.ts';
import { measureEndpoints, withServer, type PhaseContext } from './common.ts';

export async function postgresSize(ctx: PhaseContext, d: Dataset): Promise<Part> {
  const ids: EndpointId[] = d.size === ctx.plan.mid ? [...ctx.plan.lists, 'balance', 'lookup'] : ctx.plan.lists;
  const r = await withServer(ctx, {}, d, `postgres ${sizeLabel(d.size)}`, (proc) =>
    measureEndpoints(
      ctx,
      { proc, target: 'postgres', size: d.size, base: BASE, dataset: d },
      ENDPOINTS.filter((e) => ids.includes(e.id)),
    ),
  );
  return { cold_start: [r.coldStart], measurements: r.value };
}
