/**
 * The running server's admin socket: a Unix domain socket in its data directory on which the console sends the
 * commands it cannot run itself while the server holds the embedded store (protocol.ts; the server runs them with
 * the console's own code, console/execute.ts).
 *
 * Authentication is the file system's: the socket is created with mode 0600 (umask 0177 around the bind, then
 * chmod, then checked), so only the user the server runs as — and root — can connect; anyone else gets EACCES
 * before a byte is read. There is no TCP port and no token. Anyone who can connect could as well open the data
 * directory itself once the server stops, so the socket gives no one a power they do not already have.
 *
 * One server per directory: a socket file that accepts a connection belongs to a live server, and this one
 * refuses to start (AdminSocketInUseError); one that refuses connections is the leftover of a killed server
 * (SIGKILL, OOM, power loss) and is replaced. Closing removes the file.
 */
import fs from 'node:fs';
import net from 'node:net';
import {
  adminSocketPath,
  MAX_REQUEST_BYTES,
  parseRequest,
  readLine,
  type AdminRequest,
  type AdminResponse,
} from './protocol.ts';

/** sun_path holds 108 bytes with the final NUL on Linux (104 on macOS): longer paths cannot be bound. */
export const MAX_SOCKET_PATH_BYTES = 103;
/** A connection that sends no whole request within this time is closed. */
const REQUEST_TIMEOUT_MS = 10_000;

export class AdminSocketInUseError extends Error {}

export interface AdminSocket {
  readonly path: string;
  /** Stops accepting, lets commands in progress answer, removes the file. Idempotent. */
  close(): Promise<void>;
}

export interface AdminSocketOptions {
  handle: (request: AdminRequest) => Promise<AdminResponse>;
  log: (message: string, err?: unknown) => void;
}

/** Listens in `dataDir`, or returns null (logged) when the path is too long for a socket. */
export async function listenAdminSocket(dataDir: string, opts: AdminSocketOptions): Promise<AdminSocket | null> {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = adminSocketPath(fs.realpathSync(dataDir));
  if (Buffer.byteLength(file) > MAX_SOCKET_PATH_BYTES) {
    opts.log(
      `no admin socket: its path ${file} is over ${MAX_SOCKET_PATH_BYTES} bytes; use a shorter --data-dir to reach this server with the console`,
    );
    return null;
  }
  // Commands in progress (a close waits for them) and connections still sending their request (a close cuts them).
  const running = new Set<Promise<AdminResponse>>();
  const waiting = new Set<net.Socket>();
  const handle = (request: AdminRequest) => {
    const work = opts.handle(request);
    running.add(work);
    void work.catch(() => undefined).finally(() => running.delete(work));
    return work;
  };
  const server = net.createServer((socket) => {
    socket.on('error', () => socket.destroy()); // a client that went away: nothing to answer, never a crash
    waiting.add(socket);
    socket.once('close', () => waiting.delete(socket));
    void serve(socket, handle, opts.log, () => waiting.delete(socket));
  });
  await bind(server, file, opts.log);
  fs.chmodSync(file, 0o600);
  if ((fs.statSync(file).mode & 0o777) !== 0o600) throw new Error(`admin socket ${file} is not mode 0600`);

  let closing: Promise<void> | null = null;
  return {
    path: file,
    close: () =>
      (closing ??= (async () => {
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        for (const socket of waiting) socket.destroy();
        await Promise.allSettled([...running]);
        await closed;
      })()),
  };
}

async function serve(
  socket: net.Socket,
  handle: AdminSocketOptions['handle'],
  log: AdminSocketOptions['log'],
  received: () => void,
): Promise<void> {
  socket.setTimeout(REQUEST_TIMEOUT_MS, () => socket.destroy());
  let line: string;
  try {
    line = await readLine(socket, MAX_REQUEST_BYTES);
  } catch {
    socket.destroy();
    return;
  }
  received();
  socket.setTimeout(0);
  const request = parseRequest(line);
  let response: AdminResponse;
  try {
    response = request
      ? await handle(request)
      : {
          code: 2,
          lines: ['error: the admin socket takes one JSON line {"argv": [the console\'s arguments as strings]}'],
        };
  } catch (err) {
    log('admin command failed', err);
    response = { code: 3, lines: ['error: the server could not run the command (see its log)'] };
  }
  socket.end(`${JSON.stringify(response)}\n`);
}

/** Binds `file` with mode 0600 from the start, replacing the socket of a dead server; refuses a live one. */
async function bind(server: net.Server, file: string, log: AdminSocketOptions['log']): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await listenOnce(server, file);
      return;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt === 3) throw err;
    }
    if (await answers(file)) {
      throw new AdminSocketInUseError(
        `admin socket ${file} answers: another server holds this data directory; stop it or give this one its own --data-dir`,
      );
    }
    const stat = fs.lstatSync(file, { throwIfNoEntry: false });
    if (stat === undefined) continue; // removed meanwhile
    if (!stat.isSocket()) throw new Error(`${file} exists and is not a socket; remove it or use another --data-dir`);
    log(`replacing the admin socket ${file} left by a server that is no longer running`);
    fs.rmSync(file, { force: true });
  }
}

function listenOnce(server: net.Server, file: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (err: Error) => reject(err);
    server.once('error', onError);
    // The bind happens inside listen(), synchronously: the umask makes the file 0600 from its first instant.
    // (process.umask cannot be set in a worker thread; the chmod after listening covers that case.)
    let previous: number | undefined;
    try {
      previous = process.umask(0o177);
    } catch {
      /* worker thread */
    }
    try {
      server.listen(file, () => {
        server.off('error', onError);
        resolve();
      });
    } finally {
      if (previous !== undefined) process.umask(previous);
    }
  });
}

/** Whether something accepts connections on `file` (a live server); false when refused or gone. */
function answers(file: string): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const probe = net.connect(file);
    probe.once('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.once('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ECONNREFUSED' || err.code === 'ENOENT') resolve(false);
      else reject(err);
    });
  });
}
