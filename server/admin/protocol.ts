/**
 * The admin socket's protocol: one JSON line each way, then the server closes the connection.
 *
 *   request   {"argv": ["key", "list", "--json"]}\n       the console's own arguments
 *   response  {"code": 0, "lines": ["…", "…"]}\n         its exit status and what it prints, line by line
 *
 * The console prints the lines and exits with the code, so its output is the same as when it runs the command on
 * the store itself. Lines are read by hand (a few lines below) because the request must be bounded in size, which
 * node:readline cannot do: it buffers a line of any length.
 */
import path from 'node:path';
import type { Socket } from 'node:net';

/** The socket's file name inside the data directory (next to the store's lock, .store.lock). */
export const ADMIN_SOCKET_NAME = '.admin.sock';
export const adminSocketPath = (dataDir: string): string => path.join(dataDir, ADMIN_SOCKET_NAME);

/** A request is a command line: 64 KiB is far more than any. */
export const MAX_REQUEST_BYTES = 64 * 1024;

export interface AdminRequest {
  argv: string[];
}

export interface AdminResponse {
  code: number;
  lines: string[];
}

export function parseRequest(line: string): AdminRequest | null {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return null;
  }
  const argv = (value as { argv?: unknown } | null)?.argv;
  return Array.isArray(argv) && argv.every((a) => typeof a === 'string') ? { argv } : null;
}

export function parseResponse(line: string): AdminResponse | null {
  try {
    const v = JSON.parse(line) as Partial<AdminResponse> | null;
    return Number.isInteger(v?.code) && Array.isArray(v?.lines) && v.lines.every((l) => typeof l === 'string')
      ? { code: v.code!, lines: v.lines }
      : null;
  } catch {
    return null;
  }
}

export class LineTooLongError extends Error {}

/** The first line the peer sends (without its newline); rejects when the peer ends first or sends over `maxBytes`. */
export function readLine(socket: Socket, maxBytes: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = (error: Error | null, line?: string) => {
      socket.off('data', onData).off('end', onEnd).off('error', done).off('close', onEnd);
      if (error) reject(error);
      else resolve(line!);
    };
    const onData = (chunk: Buffer) => {
      const nl = chunk.indexOf(0x0a);
      const part = nl === -1 ? chunk : chunk.subarray(0, nl);
      size += part.length;
      if (size > maxBytes) return done(new LineTooLongError(`a line over ${maxBytes} bytes`));
      chunks.push(part);
      if (nl !== -1) done(null, Buffer.concat(chunks).toString('utf8'));
    };
    const onEnd = () => done(new Error('the connection ended before a whole line'));
    socket.on('data', onData).on('end', onEnd).on('error', done).on('close', onEnd);
  });
}
