/** The server as `npm start` runs it (dist/server.mjs): banner and demo-keys file, bad configuration, the data-directory lock, SIGTERM. */
import { request } from 'node:http';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCEPT_GRACE_MS } from '../../server/server.ts';
import { projectRoot, run } from '../helpers/run.ts';
import { freePort, startUntilReady, type Started } from '../helpers/processes.ts';

// A budget for the work of a test that starts server/main.ts as a process (under tsx) and waits for its exit.
const MAIN_BUDGET = 120_000;

// What `npm start` runs: the bundle of `npm run build` under plain node (built in beforeAll). The robustness suite
// runs the sources (`node --import tsx server/main.ts`); both are the same code.
const main = join(projectRoot, 'dist/server.mjs');
const node = process.execPath;
const nodeArgs = (...args: string[]) => ['--enable-source-maps', main, ...args];
let dir: string;
let server: Started;
let keysFile: string;
let keys: any;

/** Starts main.ts on a free port and reads the bound URL from its demo-keys file. */
async function startMain(dataDir: string, file: string, env: Record<string, string> = {}) {
  // A port the kernel just handed out as free: a random one could be in use, even by another test file's server
  // (which would then answer the readiness probe in this one's place).
  const port = await freePort();
  const s = await startUntilReady(
    node,
    nodeArgs('--port', String(port), '--data-dir', dataDir, '--demo-keys', file),
    `http://127.0.0.1:${port}/api/partners/v1/health`,
    {
      env: { LOG_LEVEL: 'warn', ...env },
      timeoutMs: 60_000,
      ready: (r) => r.status === 200,
    },
  );
  // The keys file is written right after listen, so the probe can win the race: wait for the file itself (a fixed
  // number of polls ran out on a loaded machine), or stop at once if the server ended; the caller's timeout bounds it.
  while (!safeRead(file)) {
    if (s.child.exitCode !== null) throw new Error(`the server exited before writing ${file}:\n${s.output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return { s, port };
}
const safeRead = (f: string) => {
  try {
    return JSON.parse(readFileSync(f, 'utf8'));
  } catch {
    return null;
  }
};

beforeAll(async () => {
  const built = run(node, ['--import', 'tsx', join(projectRoot, 'scripts/build.ts')]);
  if (built.code !== 0) throw new Error(`npm run build failed:\n${built.out}`);
  dir = mkdtempSync(join(tmpdir(), 'main-'));
  keysFile = join(dir, 'keys.json');
  ({ s: server } = await startMain(join(dir, 'data'), keysFile));
  keys = safeRead(keysFile);
}, 90_000);
afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('start-up', () => {
  it('writes the demo-keys file with mode 0600, every role in both environments, and bound base URLs', () => {
    expect(statSync(keysFile).mode & 0o777).toBe(0o600);
    const roles = [
      'full',
      'balance_only',
      'products_only',
      'disabled',
      'revoked',
      'expired',
      'regenerated_old',
      'ip_restricted',
      'ip_loopback',
      'low_balance',
      'api_disabled',
    ];
    expect(Object.keys(keys)).toEqual(['production', 'sandbox']);
    expect(Object.keys(keys.production.keys).sort()).toEqual([...roles].sort());
    expect(Object.keys(keys.sandbox.keys).sort()).toEqual([...roles].sort());
    for (const k of Object.values(keys.production.keys)) expect(k).toMatch(/^sk_live_[0-9A-Za-z]{40}$/);
    for (const k of Object.values(keys.sandbox.keys)) expect(k).toMatch(/^sk_test_[0-9A-Za-z]{40}$/);
    expect(keys.production.base_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/partners\/v1$/);
    expect(keys.sandbox.base_url).toBe(keys.production.base_url.replace('/v1', '/sandbox/v1'));
  });

  it('prints the base URLs, the docs URL and the keys', () => {
    const out = server.output();
    expect(out).toContain(keys.sandbox.base_url);
    expect(out).toContain('/docs');
    expect(out).toContain(keys.sandbox.keys.full);
  });

  it('serves with the printed keys', async () => {
    const r = await fetch(`${keys.sandbox.base_url}/account/balance`, {
      headers: { Authorization: `Bearer ${keys.sandbox.keys.full}` },
    });
    expect(r.status).toBe(200);
  });

  it(
    'refuses a second process on the same data directory at once, with a clear message',
    () => {
      const t = Date.now();
      const r = run(node, nodeArgs('--port', '0', '--data-dir', join(dir, 'data')), { env: { LOG_LEVEL: 'silent' } });
      expect(r.code).not.toBe(0);
      expect(r.out).toMatch(/in use by another process/);
      expect(Date.now() - t).toBeLessThan(15_000);
    },
    MAIN_BUDGET,
  );

  it.each([
    ['a non-numeric port', ['--port', 'abc'], {}, /port must be an integer/],
    ['an unknown flag', ['--colour'], {}, /Unknown option '--colour'/],
    ['a bad LOG_LEVEL', [], { LOG_LEVEL: 'loud' }, /LOG_LEVEL must be one of/],
    ['a TRUST_PROXY that trusts everyone', [], { TRUST_PROXY: '0.0.0.0/0' }, /TRUST_PROXY/],
    ['a non-postgres DATABASE_URL', [], { DATABASE_URL: 'mysql://x' }, /DATABASE_URL must be a postgres/],
    ['a bad RATE_LIMIT_RPS', [], { RATE_LIMIT_RPS: 'fast' }, /RATE_LIMIT_RPS must be a whole number/],
  ])(
    'stops on %s with a one-line reason',
    (_n, args, env, message) => {
      const r = run(node, nodeArgs(...args), { env });
      expect(r.code).toBe(2);
      const lines = r.out.split('\n').filter((l) => l.trim() && !/npm warn/.test(l));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(message);
    },
    MAIN_BUDGET,
  );
});

describe('graceful shutdown', () => {
  it('finishes in-flight requests on SIGTERM, refuses new ones, and exits 0', async () => {
    const d = mkdtempSync(join(tmpdir(), 'term-'));
    const file = join(d, 'keys.json');
    // 30 requests at once on one key; SHUTDOWN_TIMEOUT_MS: what is tested is that they finish, however long a loaded
    // machine takes to answer them, not that they finish within the default 10 s.
    const { s, port } = await startMain(join(d, 'data'), file, { RATE_LIMIT_RPS: '0', SHUTDOWN_TIMEOUT_MS: '80000' });
    const k = safeRead(file);
    try {
      const written: Promise<unknown>[] = [];
      const inFlight = Array.from(
        { length: 30 },
        (_, i) =>
          new Promise<number>((resolve, reject) => {
            const req = request(
              {
                host: '127.0.0.1',
                port,
                path: `/api/partners/sandbox/v1/account/transactions?per_page=100&page=${(i % 3) + 1}`,
                headers: { Authorization: `Bearer ${k.sandbox.keys.full}` },
                agent: false,
              },
              (res) => {
                res.resume();
                res.on('end', () => resolve(res.statusCode ?? 0));
              },
            );
            req.on('error', reject);
            written.push(new Promise((ok) => req.once('finish', ok)));
            req.end();
          }),
      );
      // Every request is written: its connection is at least in the listener's backlog, which the server accepts
      // during its grace period after the signal. (A fixed pause could end before a loaded machine has sent them all;
      // a connection made after the listener closed would be refused.)
      await Promise.all(written);
      const exited = new Promise<number | null>((resolve) => s.child.once('exit', (code) => resolve(code)));
      s.child.kill('SIGTERM');
      const statuses = await Promise.all(inFlight);
      expect(statuses).toEqual(Array(30).fill(200));
      // Once the grace (ACCEPT_GRACE_MS) is over, a new connection is refused; until then one is still answered, with
      // Connection: close. Waited for as a condition: a loaded machine ends the grace late.
      const fresh = () =>
        new Promise<string>((resolve) => {
          const req = request({ host: '127.0.0.1', port, path: '/api/partners/v1/health', agent: false }, (res) => {
            res.resume();
            resolve(`HTTP ${res.statusCode} ${res.headers.connection}`);
          });
          req.on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? 'error'));
          req.end();
        });
      const during: string[] = [];
      for (let answer = await fresh(); answer !== 'ECONNREFUSED'; answer = await fresh()) {
        during.push(answer);
        await new Promise((r) => setTimeout(r, ACCEPT_GRACE_MS / 3));
      }
      // A connection made after the signal is answered with Connection: close, or reset unread if it was still in the
      // backlog when the listener closed (nothing of it ran: RELIABILITY.md, "backlog resets").
      expect(during.filter((a) => a !== 'HTTP 200 close' && a !== 'ECONNRESET')).toEqual([]);
      expect(await exited).toBe(0);
    } finally {
      await s.stop();
      rmSync(d, { recursive: true, force: true });
    }
  }, 90_000);
});
