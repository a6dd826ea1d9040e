/** Runs a project command and captures its exit code and output (for tests of the toolchain). */
import { spawnSync } from 'node:child_process';

export const projectRoot = new URL('../..', import.meta.url).pathname;

export function run(cmd: string, args: string[], opts: { cwd?: string; env?: Record<string, string> } = {}) {
  const r = spawnSync(cmd, args, {
    cwd: opts.cwd ?? projectRoot,
    encoding: 'utf8',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', ...opts.env },
    timeout: 120_000,
  });
  return { code: r.status, out: `${r.stdout}${r.stderr}` };
}

export const bin = (name: string) => `${projectRoot}node_modules/.bin/${name}`;
