/**
 * `npm run bench` (full, about 15 min once the datasets exist) and `npm run bench -- --quick` (about a minute): builds
 * the server (`npm run build`, what `npm start` runs), then measures in one run, with autocannon at a fixed
 * connection count, the baseline (bare node:http replaying the reference server's recorded responses) and Express
 * alone replaying the same, the reference server on the embedded store (10k / 100k / 1M transactions; with its read
 * cache off; with response validation on), on PostgreSQL when DATABASE_URL or TEST_DATABASE_URL is set, and the
 * Prism mock; then single store calls (the cost of the auth lookup), a CPU profile, cold start, a memory soak and
 * (full run) the conformance suite. Writes Markdown, JSON and an SVG chart, each naming the machine and Node version.
 *
 * Flags (for development; results of a quick or restricted run go to bench/tmp/, never to bench/results/):
 *   --quick                 about a minute: sizes 10k and 100k, 1 s measurements, every endpoint at 100k and the
 *                           lists elsewhere, PostgreSQL at 10k only, 3 s soak; no P1 rounds, validation-on, store
 *                           timings, profile or conformance run
 *   --sizes 10000,100000    dataset sizes;  --targets embedded,postgres,prism,baseline,purchases,realistic,storm
 *   --duration S --warmup S --connections N
 *   --tag NAME              name the results NAME.{json,md,svg} (default: full, quick or partial)
 *
 * This file only composes: lib/plan.ts decides what to measure, phases/ measure (each phase takes what it needs and
 * returns what it found), lib/collect.ts assembles the findings, lib/results-files.ts and lib/report.ts write them.
 */
import path from 'node:path';
import { assemble, type Part } from './lib/collect.ts';
import { BENCH_ROOT, PROJECT_ROOT, sizeLabel, type Dataset } from './lib/dataset.ts';
import { machineInfo } from './lib/machine.ts';
import { planFromArgs, redactUrl } from './lib/plan.ts';
import { goalsSummary, readBefore, writeResults } from './lib/results-files.ts';
import type { PhaseContext } from './phases/common.ts';
import { runConformance } from './phases/conformance.ts';
import { embeddedSize } from './phases/embedded.ts';
import { postgresSize } from './phases/postgres.ts';
import { measurePrism } from './phases/prism.ts';
import { measurePurchases } from './phases/purchases.ts';
import { measureDeepPages } from './phases/deep-pages.ts';
import { measureRealistic } from './phases/realistic.ts';
import { measureStorm } from './phases/storm.ts';
import { measureReplays } from './phases/replay.ts';
import { buildServer, prepareDatasets } from './phases/setup.ts';

async function main(): Promise<void> {
  const started = performance.now();
  const elapsed = () => `${((performance.now() - started) / 1000).toFixed(0).padStart(3)} s`;
  const ctx: PhaseContext = {
    plan: planFromArgs(process.argv.slice(2), process.env, BENCH_ROOT),
    log: (line) => process.stdout.write(`[bench ${elapsed()}] ${line}\n`),
  };
  const { plan, log } = ctx;
  const machine = machineInfo();
  const head = {
    generated_at: new Date().toISOString(),
    mode: plan.quick ? ('quick' as const) : ('full' as const),
    restricted: plan.restricted,
    machine,
    settings: {
      connections: plan.connections,
      duration_sec: plan.durationSec,
      warmup_sec: plan.warmupSec,
      sizes: plan.sizes,
      soak_sec: plan.soakSec,
      postgres: plan.postgresUrl ? redactUrl(plan.postgresUrl) : null,
    },
  };
  log(
    `${head.mode} run: ${machine.cpu_model}, ${machine.cores} cores, ${machine.memory_gib} GiB, Node ${machine.node}, load average ${machine.load_average_at_start.join(' ')}`,
  );
  log(
    `autocannon: ${plan.connections} connections, ${plan.warmupSec} s warm-up + ${plan.durationSec} s per measurement; sizes ${plan.sizes.map(sizeLabel).join(', ')}; PostgreSQL ${plan.postgresUrl ? `yes (${plan.postgresSizes.map(sizeLabel).join(', ')})` : 'no (set DATABASE_URL or TEST_DATABASE_URL)'}`,
  );

  buildServer(ctx);
  const { embedded, postgres, realistic } = await prepareDatasets(ctx);
  // The dataset whose key and lookup reference the baseline and Prism use; the replays are recorded from it.
  const mid = embedded.get(plan.mid) ?? [...embedded.values()][0];
  const recordings = path.join(BENCH_ROOT, 'tmp', 'recordings.json');
  let recorded = false;
  const parts: Part[] = [];

  if (plan.targets.has('prism') && mid) parts.push({ measurements: await measurePrism(ctx, mid) });
  if (plan.targets.has('embedded') || plan.targets.has('baseline')) {
    for (const d of embedded.values()) {
      parts.push(...(await embeddedSize(ctx, d, recordings)));
      recorded ||= d.size === plan.mid;
    }
  }
  if (plan.targets.has('baseline') && recorded && mid)
    parts.push({ measurements: await measureReplays(ctx, recordings, mid) });
  for (const d of postgres.values()) parts.push(await postgresSize(ctx, d));
  // Deep pages on the largest history of each store.
  const largest = (m: Map<number, Dataset>) => [...m.values()].sort((a, b) => b.size - a.size)[0];
  for (const d of [largest(postgres), plan.targets.has('embedded') ? largest(embedded) : undefined]) {
    if (d) parts.push({ deep_pages: await measureDeepPages(ctx, d) });
  }
  if (plan.targets.has('purchases')) {
    parts.push(
      plan.postgresUrl
        ? await measurePurchases(ctx, plan.postgresUrl)
        : { notes: ['purchases not measured: set DATABASE_URL or TEST_DATABASE_URL'] },
    );
  }
  if (plan.targets.has('realistic'))
    parts.push({ realistic: await measureRealistic(ctx, realistic, plan.quick ? 1 : 3) });
  if (plan.targets.has('storm')) {
    parts.push(
      plan.postgresUrl
        ? await measureStorm(ctx, plan.postgresUrl)
        : { notes: ['retry storm not measured: set DATABASE_URL or TEST_DATABASE_URL'] },
    );
  }
  parts.push(
    plan.conformance
      ? { conformance: await runConformance(ctx) }
      : { notes: ['conformance run not measured in this mode (full run only)'] },
  );

  const results = assemble(head, parts, (performance.now() - started) / 1000);
  const before = readBefore(BENCH_ROOT, plan);
  const written = writeResults(results, plan, before);
  log(`done in ${results.total_seconds!.toFixed(0)} s: ${path.relative(PROJECT_ROOT, written)}.{md,json,svg}`);
  process.stdout.write(`\n${goalsSummary(results, plan, before)}\n`);
}

await main();
