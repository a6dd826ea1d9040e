/** Runs a project command and captures its exit code and output (for tests of the toolchain). */
import { spawn, spawnSync } from 'node:child_process';

export const projectRoot = new URL('../..', import.meta.url).pathname;

type RunOptions = { cwd?: string; env?: Record<string, string> };

const runEnv = (opts: RunOptions) => ({
  ...process.env,
  REDOCLY_TELEMETRY: 'off',
  REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
  ...opts.env,
});

export function run(cmd: string, args: string[], opts: RunOptions = {}) {
  const r = spawnSync(cmd, args, {
    cwd: opts.cwd ?? projectRoot,
    encoding: 'utf8',
    env: runEnv(opts),
    timeout: 120_000,
  });
  return { code: r.status, out: `${r.stdout}${r.stderr}` };
}

/**
 * `run` without blocking this process while the command runs: for a test whose server runs in this process. (A
 * blocked event loop holds the server's keep-alive timers too; when it frees, the client can reuse a connection in
 * the very tick the server closes it as idle, and the request fails with ECONNRESET.)
 */
export function runAsync(
  cmd: string,
  args: string[],
  opts: RunOptions = {},
): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: opts.cwd ?? projectRoot, env: runEnv(opts), timeout: 120_000 });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, out }));
  });
}

export const bin = (name: string) => `${projectRoot}node_modules/.bin/${name}`;
