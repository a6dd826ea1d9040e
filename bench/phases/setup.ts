/**
 * Before any measurement: the server bundle (`npm run build`, what `npm start` runs) and the datasets the plan
 * needs. Embedded datasets and PostgreSQL schemas are built once and kept for later runs (lib/dataset.ts).
 */
import { spawnSync } from 'node:child_process';
import { embeddedDataset, postgresDataset, PROJECT_ROOT, sizeLabel, type Dataset } from '../lib/dataset.ts';
import { realisticEmbedded, realisticPostgres, type RealisticDataset } from '../lib/realistic-dataset.ts';
import { FULL_SHAPE, QUICK_SHAPE } from '../lib/realistic-rows.ts';
import type { PhaseContext } from './common.ts';

export function buildServer(ctx: PhaseContext): void {
  const built = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], {
    cwd: PROJECT_ROOT,
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error(`npm run build failed:\n${built.stdout}${built.stderr}`);
  ctx.log('built dist/server.mjs (what npm start runs)');
}

export interface Datasets {
  /** By size; also what the baseline and Prism take their key and lookup reference from. */
  embedded: Map<number, Dataset>;
  postgres: Map<number, Dataset>;
  /** The many-account dataset of the realistic mix, on each store (target `realistic`). */
  realistic: { embedded?: RealisticDataset; postgres?: RealisticDataset };
}

export async function prepareDatasets(ctx: PhaseContext): Promise<Datasets> {
  const { plan, log } = ctx;
  const embedded = new Map<number, Dataset>();
  if (plan.targets.has('embedded') || plan.targets.has('baseline') || plan.targets.has('prism')) {
    for (const size of plan.sizes) embedded.set(size, await embeddedDataset(size, log));
  }
  const postgres = new Map<number, Dataset>();
  if (plan.postgresUrl && plan.targets.has('postgres')) {
    for (const size of plan.postgresSizes) {
      const d = await postgresDataset(plan.postgresUrl, size, log);
      postgres.set(size, d);
      if (d.build_seconds > 0) log(`  postgres ${sizeLabel(size)} loaded in ${d.build_seconds.toFixed(1)} s`);
    }
  }
  for (const d of embedded.values())
    if (d.build_seconds > 0) log(`  embedded ${sizeLabel(d.size)} built in ${d.build_seconds.toFixed(1)} s`);
  const realistic: Datasets['realistic'] = {};
  if (plan.targets.has('realistic')) {
    const shape = plan.quick ? QUICK_SHAPE : FULL_SHAPE;
    realistic.embedded = await realisticEmbedded(shape, log);
    if (plan.postgresUrl) realistic.postgres = await realisticPostgres(plan.postgresUrl, shape, log);
    for (const d of Object.values(realistic))
      if (d.build_seconds > 0) log(`  realistic ${d.driver} built in ${d.build_seconds.toFixed(1)} s`);
  }
  return { embedded, postgres, realistic };
}
