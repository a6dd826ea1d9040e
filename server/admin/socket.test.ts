/**
 * The admin socket on its own (an echo handler instead of the console): mode 0600 and what it keeps out, one answer
 * per connection, a dead server's socket replaced, a live one refused, a file that is no socket left alone, bad and
 * oversized requests, a close that waits for running commands but not for idle connections.
 */
import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AdminUnreachableError, sendAdminRequest } from './client.ts';
import { adminSocketPath, type AdminRequest, type AdminResponse } from './protocol.ts';
import { AdminSocketInUseError, listenAdminSocket, MAX_SOCKET_PATH_BYTES, type AdminSocket } from './socket.ts';

const NOBODY = 65534;
/** A node binary user `nobody` may run (ours may sit under a directory only root can enter), when we are root. */
const nodeForNobody =
  process.getuid?.() !== 0
    ? undefined
    : [process.execPath, '/usr/bin/node', '/usr/local/bin/node'].find(
        (bin) => spawnSync(bin, ['-e', ''], { uid: NOBODY, gid: NOBODY }).status === 0,
      );

let dir: string;
let logs: string[];
const open: AdminSocket[] = [];
const echo = async ({ argv }: AdminRequest): Promise<AdminResponse> => ({ code: 0, lines: argv });
const listen = async (handle = echo, at = dir) => {
  const s = await listenAdminSocket(at, { handle, log: (m) => logs.push(m) });
  if (s) open.push(s);
  return s;
};

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'admin-'));
  logs = [];
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
  rmSync(dir, { recursive: true, force: true });
});

/** Sends raw bytes and collects everything the server sends back until it closes the connection. */
function raw(path: string, bytes: string | Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const c = net.connect(path);
    let got = '';
    c.on('data', (d) => {
      got += d;
    });
    c.on('close', () => resolve(got));
    c.on('error', reject);
    c.on('connect', () => c.write(bytes));
  });
}

describe('admin socket', () => {
  it('is a socket of mode 0600 in the data directory, answers one JSON line, and is removed on close', async () => {
    const s = (await listen())!;
    expect(s.path).toBe(adminSocketPath(dir));
    expect(lstatSync(s.path).isSocket()).toBe(true);
    expect(statSync(s.path).mode & 0o777).toBe(0o600);
    expect(await sendAdminRequest(s.path, { argv: ['key', 'list', 'ünï ✓'] })).toEqual({
      code: 0,
      lines: ['key', 'list', 'ünï ✓'],
    });
    expect(await raw(s.path, '{"argv":["a"]}\n')).toBe('{"code":0,"lines":["a"]}\n');
    await s.close();
    expect(existsSync(s.path)).toBe(false);
    await expect(sendAdminRequest(s.path, { argv: [] })).rejects.toEqual(new AdminUnreachableError(s.path, 'ENOENT'));
  });

  // Root can act as another user (nobody, 65534): the socket's mode, not the directory's, must keep that user out.
  it.skipIf(!nodeForNobody)(
    `keeps out another local user (EACCES), who gets in when the mode is widened${nodeForNobody ? '' : ' (skipped: not root, or no node that user may run)'}`,
    async () => {
      const s = (await listen())!;
      chmodSync(dir, 0o755); // the directory is searchable by all: only the socket's own mode protects it
      const tryAs = () =>
        spawnSync(
          nodeForNobody!,
          [
            '-e',
            `
      const c = require('net').connect(${JSON.stringify(s.path)});
      c.on('connect', () => { console.log('connected'); c.destroy(); });
      c.on('error', (e) => console.log(e.code));`,
          ],
          { uid: NOBODY, gid: NOBODY, encoding: 'utf8' },
        ).stdout.trim();
      expect(tryAs()).toBe('EACCES');
      chmodSync(s.path, 0o666); // the mutant: what a socket without the 0600 would allow
      expect(tryAs()).toBe('connected');
      // A budget for the work: two starts of node as another user (spawned processes).
    },
    60_000,
  );

  it('replaces the socket a killed server left behind, and says so', async () => {
    const file = adminSocketPath(dir);
    const killed = spawn(process.execPath, [
      '-e',
      `require('net').createServer().listen(${JSON.stringify(file)}, () => process.kill(process.pid, 'SIGKILL'))`,
    ]);
    await new Promise((r) => killed.once('exit', r));
    expect(lstatSync(file).isSocket()).toBe(true);
    await expect(sendAdminRequest(file, { argv: [] })).rejects.toEqual(new AdminUnreachableError(file, 'ECONNREFUSED'));
    const s = (await listen())!;
    expect(logs).toEqual([`replacing the admin socket ${file} left by a server that is no longer running`]);
    expect(await sendAdminRequest(s.path, { argv: ['ok'] })).toEqual({ code: 0, lines: ['ok'] });
    // A budget for the work: a node process that starts, listens and is killed.
  }, 60_000);

  it('refuses to start on a socket a live server answers on, which keeps working', async () => {
    const first = (await listen())!;
    await expect(listen(async () => ({ code: 9, lines: ['second'] }))).rejects.toThrow(AdminSocketInUseError);
    await expect(listen()).rejects.toThrow(
      /admin socket .*\.admin\.sock answers: another server holds this data directory/,
    );
    expect(await sendAdminRequest(first.path, { argv: ['first'] })).toEqual({ code: 0, lines: ['first'] });
  });

  it('leaves alone a file of that name that is not a socket', async () => {
    writeFileSync(adminSocketPath(dir), 'mine');
    await expect(listen()).rejects.toThrow(/exists and is not a socket/);
    expect(readFileSync(adminSocketPath(dir), 'utf8')).toBe('mine');
  });

  it('opens no socket, and says why, when the path is too long to bind', async () => {
    const deep = join(dir, 'd'.repeat(Math.max(1, MAX_SOCKET_PATH_BYTES - dir.length - 10)));
    mkdirSync(deep);
    expect(await listen(echo, deep)).toBeNull();
    expect(logs).toEqual([
      expect.stringMatching(/^no admin socket: its path .* is over 103 bytes; use a shorter --data-dir/),
    ]);
    expect(existsSync(adminSocketPath(deep))).toBe(false);
  });

  it.each([
    ['not JSON', 'key list\n'],
    ['no argv', '{"args":["key","list"]}\n'],
    ['an argv that is not strings', '{"argv":["key",1]}\n'],
    ['JSON null', 'null\n'],
  ])('answers a request that is %s with status 2 and the form it takes', async (_name, line) => {
    const s = (await listen())!;
    expect(JSON.parse(await raw(s.path, line))).toEqual({
      code: 2,
      lines: [expect.stringContaining('one JSON line {"argv"')],
    });
  });

  it('cuts a request over 64 KiB without answering, and keeps serving', async () => {
    const s = (await listen())!;
    expect(await raw(s.path, Buffer.alloc(70 * 1024, 'a'))).toBe('');
    expect(await sendAdminRequest(s.path, { argv: ['still'] })).toEqual({ code: 0, lines: ['still'] });
  });

  it('answers status 3 when the command throws, and logs it', async () => {
    const s = (await listen(async () => {
      throw new Error('boom');
    }))!;
    expect(await sendAdminRequest(s.path, { argv: [] })).toEqual({
      code: 3,
      lines: ['error: the server could not run the command (see its log)'],
    });
    expect(logs).toEqual(['admin command failed']);
  });

  it('closes after the commands in progress have answered, without waiting for idle connections', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    let arrived!: () => void;
    const inProgress = new Promise<void>((r) => {
      arrived = r;
    });
    const s = (await listen(async (req) => {
      arrived();
      await gate;
      return echo(req);
    }))!;
    const idle = net.connect(s.path);
    await new Promise((r) => idle.once('connect', r));
    const answer = sendAdminRequest(s.path, { argv: ['slow'] });
    await inProgress; // the request has arrived
    let closed = false;
    const closing = s.close().then(() => {
      closed = true;
    });
    await new Promise((r) => setTimeout(r, 200));
    expect(closed).toBe(false);
    release();
    expect(await answer).toEqual({ code: 0, lines: ['slow'] });
    await closing;
    expect(idle.destroyed || idle.readableEnded).toBe(true);
  });
});
