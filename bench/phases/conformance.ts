/**
 * P4's second half: the wall time of `npm run conformance` against a local server with demo data and keys, rate
 * limiting off (the README's conformance target, not the production configuration). Never throws: a run that
 * could not be measured says why in its summary.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT } from '../lib/dataset.ts';
import { BASE } from '../lib/endpoints.ts';
import { NO_INHERITED_DATABASE, SERVER_ARGS, startProcess, type Proc } from '../lib/procs.ts';
import type { BenchResults } from '../lib/report.ts';
import type { PhaseContext } from './common.ts';

export async function runConformance(ctx: PhaseContext): Promise<NonNullable<BenchResults['conformance']>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-conformance-'));
  const keys = path.join(dir, 'keys.json');
  let proc: Proc | undefined;
  try {
    proc = await startProcess(
      (port) => [
        ...SERVER_ARGS,
        '--port',
        String(port),
        '--host',
        '127.0.0.1',
        '--data-dir',
        path.join(dir, 'data'),
        '--demo',
        '--demo-keys',
        keys,
      ],
      // Its own data directory with demo data, never the bench's DATABASE_URL (it would seed demo data there).
      { env: { ...NO_INHERITED_DATABASE, RATE_LIMIT_RPS: '0', LOG_LEVEL: 'warn' }, readyPath: `${BASE}/health` },
    );
    const t0 = performance.now();
    const child = spawn(
      'npm',
      ['run', '-s', 'conformance', '--', '--keys', keys, '--env', 'sandbox', '--report', path.join(dir, 'report')],
      {
        cwd: PROJECT_ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      out += d;
    });
    const code = await new Promise<number | null>((r) => child.on('close', r));
    const seconds = (performance.now() - t0) / 1000;
    const summary = out
      .split('\n')
      .filter((l) => /passed|failed|coverage/i.test(l))
      .slice(-3)
      .join(' | ');
    ctx.log(`conformance: exit ${code} after ${seconds.toFixed(1)} s — ${summary.slice(0, 200)}`);
    return { seconds, exit_code: code, summary: summary.slice(0, 400) };
  } catch (e) {
    ctx.log(`conformance: not measured (${(e as Error).message.split('\n')[0]})`);
    return { seconds: null, exit_code: null, summary: `not measured: ${(e as Error).message.split('\n')[0]}` };
  } finally {
    await proc?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
