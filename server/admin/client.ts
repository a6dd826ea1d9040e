/**
 * The console's side of the admin socket (protocol.ts): send the command line, read the one-line answer. Errors
 * that mean "no server answers here" (no file, a dead server's file, a path that is not a socket) are an
 * AdminUnreachableError, so the console can tell them from a server that answered.
 */
import net from 'node:net';
import { parseResponse, readLine, type AdminRequest, type AdminResponse } from './protocol.ts';

/** The answer may hold every key of a big store: bounded only against a runaway peer. */
const MAX_RESPONSE_BYTES = 256 * 1024 * 1024;
const UNREACHABLE = new Set(['ENOENT', 'ECONNREFUSED', 'ENOTSOCK']);

export class AdminUnreachableError extends Error {
  constructor(
    readonly socketPath: string,
    readonly code: string,
  ) {
    super(`no server answers on ${socketPath} (${code})`);
  }
}

export function sendAdminRequest(
  socketPath: string,
  request: AdminRequest,
  timeoutMs = 120_000,
): Promise<AdminResponse> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath);
    let settled = false;
    const finish = (error: Error | null, response?: AdminResponse) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      if (error) reject(error);
      else resolve(response!);
    };
    socket.setTimeout(timeoutMs, () =>
      finish(new Error(`the server did not answer on ${socketPath} within ${timeoutMs / 1000} s`)),
    );
    socket.once('error', (err: NodeJS.ErrnoException) => {
      finish(err.code && UNREACHABLE.has(err.code) ? new AdminUnreachableError(socketPath, err.code) : err);
    });
    socket.once('connect', () => {
      readLine(socket, MAX_RESPONSE_BYTES).then(
        (line) => {
          const response = parseResponse(line);
          finish(
            response ? null : new Error(`the server's answer on ${socketPath} is not an admin response`),
            response ?? undefined,
          );
        },
        () => finish(new Error(`the server closed ${socketPath} without an answer`)),
      );
      socket.write(`${JSON.stringify(request)}\n`);
    });
  });
}
