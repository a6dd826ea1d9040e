/**
 * The server as operators run it — `node --import tsx server/main.ts` (not the tsx CLI, whose signal relay would
 * kill it before it drains), or with `bundle: true` the bundle `npm start` runs (`node dist/server.mjs`, built once
 * per suite run by global-setup.ts) — on a free port, with its output captured and its demo keys read from
 * --demo-keys.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DemoKeys } from '../../../server/server.ts';
import { freePort, startUntilReady, type Started } from '../../helpers/processes.ts';
import { projectRoot } from '../../helpers/run.ts';

export interface MainProcess extends Started {
  port: number;
  /** Origin to call it on (loopback of the bound family). */
  url: string;
  keys: DemoKeys | null;
  /** The data directory: the embedded store's, and with any store the admin socket's (server/admin/socket.ts). */
  dataDir: string;
  exited: Promise<number | null>;
  /** Removes the temporary directory (after stop). */
  cleanup(): void;
}

export interface StartMainOptions {
  env?: Record<string, string>;
  host?: string;
  demo?: boolean;
  timeoutMs?: number;
  /** Run `dist/server.mjs` (what `npm start` runs) instead of the sources through tsx. */
  bundle?: boolean;
}

/** The bundle of `npm run build`, which `npm start` runs with plain node. */
export const BUNDLE = join(projectRoot, 'dist/server.mjs');

export async function startMain(opts: StartMainOptions = {}): Promise<MainProcess> {
  const dir = mkdtempSync(join(tmpdir(), 'robust-main-'));
  const port = await freePort();
  const host = opts.host ?? '127.0.0.1';
  const demo = opts.demo ?? true;
  const keysFile = join(dir, 'keys.json');
  const env: Record<string, string> = { LOG_LEVEL: 'warn', ...opts.env };
  const entry = opts.bundle
    ? ['--enable-source-maps', BUNDLE]
    : ['--import', 'tsx', join(projectRoot, 'server/main.ts')];
  const args = [...entry, '--port', String(port), '--host', host];
  // Always its own: with DATABASE_URL too, the admin socket lives there, and two servers cannot share one.
  args.push('--data-dir', join(dir, 'data'));
  args.push(...(demo ? ['--demo', '--demo-keys', keysFile] : ['--no-demo']));
  const probeHost = host === '::' || host === '0.0.0.0' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  const url = `http://${probeHost}:${port}`;
  const started = await startUntilReady(process.execPath, args, `${url}/api/partners/v1/health`, {
    cwd: projectRoot,
    env,
    timeoutMs: opts.timeoutMs ?? 60_000,
    ready: (r) => r.status === 200,
  });
  const exited = new Promise<number | null>((resolve) => {
    if (started.child.exitCode !== null) resolve(started.child.exitCode);
    else started.child.once('exit', (code) => resolve(code));
  });
  let keys: DemoKeys | null = null;
  for (let i = 0; demo && i < 100 && !keys; i++) {
    try {
      keys = JSON.parse(readFileSync(keysFile, 'utf8')) as DemoKeys;
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  if (demo && !keys) throw new Error(`no demo keys file from the server:\n${started.output()}`);
  return {
    ...started,
    port,
    url,
    keys,
    exited,
    dataDir: join(dir, 'data'),
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}
