/**
 * The baseline side: the reference server's responses recorded once, then replayed byte for byte by a bare
 * node:http server (the machine's limit for these payloads) and by one Express 5 route (the framework's ceiling).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Dataset } from '../lib/dataset.ts';
import { BASE, ENDPOINTS } from '../lib/endpoints.ts';
import { startBaseline, type Proc } from '../lib/procs.ts';
import type { Measurement } from '../lib/report.ts';
import { authHeaders, measureEndpoints, type DatasetKeys, type PhaseContext } from './common.ts';

/** Records status, headers and body of every endpoint from the reference server into `file`, for the replays. */
export async function record(proc: Proc, dataset: Dataset, file: string): Promise<void> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const out: Record<string, { status: number; headers: [string, string][]; body_base64: string }> = {};
  for (const ep of ENDPOINTS) {
    const p = BASE + ep.path(dataset.external_reference);
    const r = await fetch(proc.origin + p, { headers: ep.auth ? authHeaders(dataset.key) : {} });
    const body = Buffer.from(await r.arrayBuffer());
    if (r.status !== 200) throw new Error(`recording ${p}: status ${r.status}: ${body.toString().slice(0, 300)}`);
    const headers: [string, string][] = [];
    r.headers.forEach((v, k) => {
      if (!['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(k)) headers.push([k, v]);
    });
    out[p] = { status: r.status, headers, body_base64: body.toString('base64') };
  }
  fs.writeFileSync(file, JSON.stringify(out));
}

/** The plan's replayed endpoints on the baseline, then on Express alone, from the recordings. */
export async function measureReplays(
  ctx: PhaseContext,
  recordings: string,
  dataset: DatasetKeys,
): Promise<Measurement[]> {
  ctx.log('baseline: bare node:http replaying the recorded responses');
  const base = await startBaseline(recordings);
  let out: Measurement[];
  try {
    out = await measureEndpoints(
      ctx,
      { proc: base, target: 'baseline', size: null, base: BASE, dataset },
      ctx.plan.replayed,
    );
  } finally {
    await base.stop();
  }
  ctx.log('Express alone: the same replay as one Express 5 route');
  const bare = await startBaseline(recordings, true);
  try {
    return [
      ...out,
      ...(await measureEndpoints(
        ctx,
        { proc: bare, target: 'express', size: null, base: BASE, dataset },
        ctx.plan.replayed,
      )),
    ];
  } finally {
    await bare.stop();
  }
}
