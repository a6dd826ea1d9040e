/** Child processes of the benchmark: the reference server, the Prism mock and the baseline, each on its own port. */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { freePort } from '../../test/helpers/processes.ts';
import { PROJECT_ROOT } from './dataset.ts';

export interface Proc {
  child: ChildProcess;
  pid: number;
  port: number;
  origin: string;
  /** Milliseconds from spawn to the first ready answer. */
  readyMs: number;
  output(): string;
  /** Resident set size of the process now, in MiB (from /proc; null when unknown). */
  rssMiB(): number | null;
  stop(): Promise<void>;
}

export function rssMiBOf(pid: number): number | null {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : null;
  } catch {
    return null;
  }
}

export interface StartOptions {
  env?: Record<string, string>;
  /** URL path (on the process's origin) polled until it answers `ready`. */
  readyPath: string;
  ready?: (status: number) => boolean;
  headers?: Record<string, string>;
  timeoutMs?: number;
}

/** Spawns `node …args` (so the pid IS the server) with `--port <free port>` appended by the caller's args. */
export async function startProcess(args: (port: number) => string[], opts: StartOptions): Promise<Proc> {
  const port = await freePort();
  let out = '';
  const t0 = performance.now();
  const child = spawn(process.execPath, args(port), {
    cwd: PROJECT_ROOT,
    env: { ...process.env, ...opts.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (d: Buffer) => {
    out += d.toString();
    if (out.length > 200_000) out = out.slice(-100_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const origin = `http://127.0.0.1:${port}`;
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const hard = setTimeout(() => child.kill('SIGKILL'), 8000);
      child.once('exit', () => {
        clearTimeout(hard);
        resolve();
      });
      child.kill('SIGTERM');
    });
  const deadline = Date.now() + (opts.timeoutMs ?? 60_000);
  const ready = opts.ready ?? ((s: number) => s === 200);
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`process exited with ${child.exitCode} before it was ready:\n${out.slice(-3000)}`);
    try {
      const r = await fetch(origin + opts.readyPath, { headers: opts.headers ?? {} });
      await r.arrayBuffer();
      if (ready(r.status)) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(
        `not ready at ${origin}${opts.readyPath} within ${opts.timeoutMs ?? 60_000} ms:\n${out.slice(-3000)}`,
      );
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  const readyMs = performance.now() - t0;
  return {
    child,
    pid: child.pid!,
    port,
    origin,
    readyMs,
    output: () => out,
    rssMiB: () => rssMiBOf(child.pid!),
    stop,
  };
}

/**
 * The server as `npm start` runs it: the bundle of `npm run build` under plain node (phases/setup.ts builds it first).
 * `bundle`: another checkout's (bench/compare.ts), by default this one's.
 */
const serverArgs = (bundle = 'dist/server.mjs') => ['--enable-source-maps', bundle];
export const SERVER_ARGS = serverArgs();

/**
 * The bench's own DATABASE_URL says where the PostgreSQL datasets live; a server inheriting it would run on that
 * database instead of the data directory it was given (and answer 401 to the dataset's key). A server's store is
 * only ever the one its `env` names: DATA_DIR, or DATABASE_URL with the dataset's schema.
 */
export const NO_INHERITED_DATABASE = { DATABASE_URL: '' };

/** The reference server as in production: the bundle (`serverArgs`), NODE_ENV=production, no rate limit. */
export function startReferenceServer(
  env: Record<string, string>,
  readyPath: string,
  headers: Record<string, string> = {},
  nodeArgs: string[] = [],
  bundle?: string,
): Promise<Proc> {
  const args = (port: number) => [...nodeArgs, ...serverArgs(bundle), '--port', String(port), '--host', '127.0.0.1'];
  return startProcess(args, {
    env: { NODE_ENV: 'production', RATE_LIMIT_RPS: '0', ...NO_INHERITED_DATABASE, ...env },
    readyPath,
    headers,
  });
}

/** `prism mock generated/openapi.json` (routes at the root, any bearer accepted). */
export function startPrism(): Promise<Proc> {
  const cli = `${PROJECT_ROOT}node_modules/@stoplight/prism-cli/dist/index.js`;
  return startProcess(
    (port) => [cli, 'mock', 'generated/openapi.json', '--host', '127.0.0.1', '--port', String(port)],
    { readyPath: '/health', timeoutMs: 60_000 },
  );
}

/** The bare node:http server replaying recorded responses (baseline-server.mjs); `express`: the same in Express 5. */
export function startBaseline(recordingsFile: string, express = false): Promise<Proc> {
  return startProcess(
    (port) => [
      `${PROJECT_ROOT}bench/baseline-server.mjs`,
      recordingsFile,
      String(port),
      ...(express ? ['express'] : []),
    ],
    { readyPath: '/__ready' },
  );
}
