/**
 * Where a request's CPU goes: the production server under a V8 CPU profile (`--cpu-prof`) while it serves the
 * 100-row page, summarised by package and function (lib/profile.ts). The evidence behind P1's figure. A failure
 * becomes a note in the results, not the end of the run.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Part } from '../lib/collect.ts';
import { sizeLabel, type Dataset } from '../lib/dataset.ts';
import { BASE, ENDPOINTS } from '../lib/endpoints.ts';
import { measure, type LoadResult } from '../lib/load.ts';
import { summarizeProfile } from '../lib/profile.ts';
import { startReferenceServer } from '../lib/procs.ts';
import { requestFor, type PhaseContext } from './common.ts';

export async function profileList(ctx: PhaseContext, dataset: Dataset): Promise<Part> {
  const { plan, log } = ctx;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-profile-'));
  try {
    const proc = await startReferenceServer({ ...dataset.serverEnv }, `${BASE}/health`, {}, [
      '--cpu-prof',
      '--cpu-prof-dir',
      dir,
    ]);
    const ep = ENDPOINTS.find((e) => e.id === 'list100')!;
    let load: LoadResult;
    try {
      load = await measure({
        origin: proc.origin,
        requests: [requestFor(ep, BASE, dataset)],
        connections: plan.connections,
        durationSec: plan.durationSec * 3,
        warmupSec: plan.warmupSec,
        rss: () => proc.rssMiB(),
      });
    } finally {
      await proc.stop(); // the profile is written when the process exits
    }
    const files = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.cpuprofile'))
      .map((f) => path.join(dir, f));
    const main = files.sort((a, b) => fs.statSync(b).size - fs.statSync(a).size)[0];
    if (!main) throw new Error('no profile was written');
    const profile = {
      endpoint: 'list100' as const,
      size: dataset.size,
      rps_under_profile: load.rps,
      requests: load.requests,
      summary: summarizeProfile(main, 15),
    };
    log(
      `profile of list100 (${sizeLabel(dataset.size)}): ${load.requests} requests; top packages: ${profile.summary.self_by_package
        .slice(0, 6)
        .map((x) => `${x.name} ${(x.share * 100).toFixed(0)} %`)
        .join(', ')}`,
    );
    return { profile };
  } catch (e) {
    return { notes: [`CPU profile not taken: ${(e as Error).message.split('\n')[0]}`] };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
