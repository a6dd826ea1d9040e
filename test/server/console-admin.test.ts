/**
 * The console while a server runs: a real server process (`node --import tsx server/main.ts`, as the robustness
 * suite starts it) holds the embedded store, and the console's commands go through its admin socket, with their
 * effect visible through the HTTP API at once. Then: the same output as the console run directly (server stopped),
 * the socket a SIGKILLed server leaves behind (the console still works, the next server replaces it), and a second
 * server on the same data directory refused by the live socket (a PostgreSQL server: it takes no store lock).
 */
import { existsSync, lstatSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runConsole } from '../../server/console/main.ts';
import { freePort, startUntilReady, type Started } from '../helpers/processes.ts';
import { projectRoot, run } from '../helpers/run.ts';

const ID0 = '00000000-0000-4000-8000-000000000000';
let root: string;
let dataDir: string;
let server: (Started & { base: string }) | undefined;

/** The server on `dataDir`, in demo mode, logging at info (so a logged secret would show). */
async function startServer(env: Record<string, string> = {}) {
  const port = await freePort();
  const s = await startUntilReady(
    process.execPath,
    ['--import', 'tsx', join(projectRoot, 'server/main.ts'), '--port', String(port), '--data-dir', dataDir, '--demo'],
    `http://127.0.0.1:${port}/api/partners/v1/health`,
    {
      cwd: projectRoot,
      env: { DATABASE_URL: '', LOG_LEVEL: 'info', RATE_LIMIT_RPS: '0', SETTLEMENT: 'off', ...env },
      timeoutMs: 150_000,
      ready: (r) => r.status === 200,
    },
  );
  return { ...s, base: `http://127.0.0.1:${port}/api/partners/sandbox/v1` };
}

async function cli(...args: string[]) {
  const lines: string[] = [];
  const code = await runConsole([...args, '--data-dir', dataDir], {}, (l) => lines.push(l));
  return { code, out: lines.join('\n') };
}
const json = async (...args: string[]) => {
  const r = await cli(...args, '--json');
  expect(r.code, r.out).toBe(0);
  return JSON.parse(r.out);
};
/** The console as a process: `npm run console` runs exactly this. */
const cliProcess = (...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', 'server/console/main.ts', ...args, '--data-dir', dataDir], {
    env: { DATABASE_URL: '' },
  });

/** The server's log reaches us through a pipe, a moment after its answer. */
async function until(ok: () => boolean, ms = 10_000) {
  for (const end = Date.now() + ms; !ok(); await new Promise((r) => setTimeout(r, 50))) {
    if (Date.now() > end) throw new Error(`not seen within ${ms} ms:\n${server?.output()}`);
  }
}

async function call(path: string, secret: string) {
  const r = await fetch(`${server!.base}${path}`, { headers: { Authorization: `Bearer ${secret}` } });
  const body = (await r.json()) as { data?: { balance?: string }; error?: { code: string } };
  return { status: r.status, code: body.error?.code ?? 'OK', balance: body.data?.balance };
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'console-admin-'));
  dataDir = join(root, 'data');
  server = await startServer();
}, 180_000);
afterAll(async () => {
  await server?.stop();
  rmSync(root, { recursive: true, force: true });
});

describe('the console while the server holds the embedded store', () => {
  let account: string;
  let key: { id: string; secret: string };
  const secrets: string[] = [];
  /** Command lines compared through the socket and directly (filled as the test creates what they name). */
  const compared: string[][] = [];
  const throughSocket = new Map<string, { code: number; out: string }>();

  it('listens on .admin.sock in the data directory, a socket only its user may use (0600)', () => {
    const file = join(dataDir, '.admin.sock');
    expect(lstatSync(file).isSocket()).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('creates an account and funds its wallet; the API shows the balance', async () => {
    [{ id: account }] = await json(
      'account',
      'create',
      '--name',
      'Ngozi Eze',
      '--email',
      'ngozi@example.ng',
      '--business-name',
      'Eze Ventures',
      '--env',
      'sandbox',
    );
    expect(
      await json('wallet', 'fund', '--account', account, '--amount', '1234.50', '--reference', 'TRF-1'),
    ).toMatchObject({ category: 'funding', amount: '1234.50', balance: '1234.50' });
  });

  it('key create: the secret works at once, with exactly the scopes of its role', async () => {
    const created = await json('key', 'create', '--account', account, '--name', 'pos', '--role', 'balance_only');
    expect(created).toMatchObject({
      account_id: account,
      environment: 'sandbox',
      status: 'active',
      scopes: ['read_balance'],
    });
    key = { id: created.id, secret: created.secret };
    secrets.push(key.secret);
    expect(await call('/account/balance', key.secret)).toEqual({ status: 200, code: 'OK', balance: '1234.50' });
    expect(await call('/account/transactions', key.secret)).toMatchObject({ status: 403 });
  });

  it('key list: the new key, never a secret', async () => {
    const r = await cli('key', 'list', '--account', account, '--json');
    expect(JSON.parse(r.out)).toEqual([
      expect.objectContaining({ id: key.id, status: 'active', prefix: `${key.secret.slice(0, 12)}…` }),
    ]);
    expect(r.out).not.toContain(key.secret);
  });

  it('wallet fund: the API shows the new balance on the next request', async () => {
    expect((await json('wallet', 'fund', '--account', account, '--amount', '100')).balance).toBe('1334.50');
    expect((await call('/account/balance', key.secret)).balance).toBe('1334.50');
  });

  it('key revoke: the next request with the key is refused', async () => {
    const regenerated = await json('key', 'regenerate', key.id);
    secrets.push(regenerated.secret);
    expect(await call('/account/balance', regenerated.secret)).toMatchObject({ status: 200 });
    expect(await json('key', 'revoke', key.id)).toMatchObject({ id: key.id, status: 'revoked' });
    expect(await call('/account/balance', regenerated.secret)).toEqual({
      status: 401,
      code: 'TOKEN_REVOKED',
      balance: undefined,
    });
  });

  it('runs them in the server (its log names each command), which never logs a secret', async () => {
    await until(() => server!.output().includes('"command":"key revoke"'));
    const log = server!.output();
    const commands = log
      .split('\n')
      .filter((l) => l.includes('console command through the admin socket'))
      .map((l) => JSON.parse(l) as { command: string; code: number });
    expect(commands.map((c) => `${c.command} ${c.code}`)).toEqual([
      'account create 0',
      'wallet fund 0',
      'key create 0',
      'key list 0',
      'wallet fund 0',
      'key regenerate 0',
      'key revoke 0',
    ]);
    for (const secret of secrets) expect(log).not.toContain(secret);
  });

  it('as a process, with the exit status of the command', () => {
    expect(cliProcess('key', 'enable', key.id)).toEqual({
      code: 1,
      out: 'error: cannot enable a key that is revoked (allowed from: disabled)\n',
    });
    // A budget for the work: the console as a process of its own, under tsx.
  }, 120_000);

  it('prints the same as when it opens the store itself (server stopped)', async () => {
    compared.push(
      ['key', 'list', '--account', account, '--json'],
      ['key', 'list', '--account', account],
      ['account', 'list'],
      ['key', 'enable', key.id],
      ['wallet', 'fund', '--account', ID0, '--amount', '1.00'],
      ['key', 'disable', 'nope'],
    );
    for (const args of compared) throughSocket.set(args.join(' '), await cli(...args));
    const processThroughSocket = cliProcess('key', 'list', '--account', account);
    expect([...throughSocket.values()].map((r) => r.code)).toEqual([0, 0, 0, 1, 1, 1]);

    await server!.stop();
    expect(existsSync(join(dataDir, '.admin.sock'))).toBe(false); // removed on shutdown
    for (const args of compared)
      expect({ args, ...(await cli(...args)) }).toEqual({ args, ...throughSocket.get(args.join(' ')) });
    expect(cliProcess('key', 'list', '--account', account)).toEqual(processThroughSocket);
  }, 180_000);

  it('after a SIGKILL: the console opens the store itself, and the next server replaces the stale socket', async () => {
    server = await startServer();
    server.child.kill('SIGKILL');
    await new Promise((r) => server!.child.once('exit', r));
    expect(lstatSync(join(dataDir, '.admin.sock')).isSocket()).toBe(true); // left behind
    expect(await cli(...compared[0]!)).toEqual(throughSocket.get(compared[0]!.join(' ')));

    server = await startServer();
    expect(server.output()).toContain('replacing the admin socket');
    expect(await cli(...compared[0]!)).toEqual(throughSocket.get(compared[0]!.join(' ')));
    await until(() => /"command":"key list","code":0/.test(server!.output()));
  }, 360_000);
});

const pgUrl = process.env.TEST_DATABASE_URL;
describe.skipIf(!pgUrl)(
  `a second server on the same data directory${pgUrl ? '' : ' (skipped: TEST_DATABASE_URL not set)'}`,
  () => {
    const schema = `console_admin_${process.pid}_${Date.now()}`;
    const admin = async (sql: string) => {
      const c = new pg.Client({ connectionString: pgUrl });
      await c.connect();
      try {
        await c.query(sql);
      } finally {
        await c.end();
      }
    };
    beforeAll(() => admin(`CREATE SCHEMA ${schema}`));
    afterAll(() => admin(`DROP SCHEMA IF EXISTS ${schema} CASCADE`));

    // On PostgreSQL a server takes no lock on the data directory: only the live socket stops it.
    it('is refused by the live socket, and the running server keeps answering on it', async () => {
      const url = `${pgUrl}${pgUrl!.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
      const second = run(
        process.execPath,
        ['--import', 'tsx', 'server/main.ts', '--port', '0', '--data-dir', dataDir, '--no-demo'],
        { env: { DATABASE_URL: url, LOG_LEVEL: 'silent' } },
      );
      expect(second.code).toBe(1);
      expect(second.out).toMatch(
        /^cannot start: admin socket .*\/\.admin\.sock answers: another server holds this data directory; stop it or give this one its own --data-dir$/m,
      );
      expect((await cli('account', 'list')).code).toBe(0);
    }, 120_000);
  },
);
