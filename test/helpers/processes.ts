/** Child processes for tests: start a command, wait until an HTTP endpoint answers, stop it cleanly. */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

export interface Started {
  child: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
}

export async function startUntilReady(
  cmd: string,
  args: string[],
  readyUrl: string,
  opts: { cwd?: string; env?: Record<string, string>; timeoutMs?: number; ready?: (r: Response) => boolean } = {},
): Promise<Started> {
  let out = '';
  const child = spawn(cmd, args, {
    cwd: opts.cwd,
    env: { ...process.env, ...opts.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => {
    out += d;
  });
  child.stderr!.on('data', (d) => {
    out += d;
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 5000).unref();
    });
  const deadline = Date.now() + (opts.timeoutMs ?? 30_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${cmd} exited with ${child.exitCode} before it was ready:\n${out}`);
    try {
      const r = await fetch(readyUrl);
      if (opts.ready ? opts.ready(r) : r.status < 500) return { child, output: () => out, stop };
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  await stop();
  throw new Error(`${cmd} not ready at ${readyUrl} within ${opts.timeoutMs ?? 30_000} ms:\n${out}`);
}
