/**
 * Test support: a webhook receiver on node:net that answers with exactly the bytes a test gives it — any status line
 * (999, 0, 65535, no reason phrase, binary), any header names and values, any body, framed or cut as the test says —
 * which node:http's server could never be made to send. Each connection reads the request in full (its head and
 * Content-Length bytes) before answering, so the sender always gets to the answer.
 */
import net from 'node:net';

/**
 * How the body is delimited: 'length' a correct Content-Length; 'close' none, the connection's end; 'cut' a
 * Content-Length promising more, then the connection destroyed; 'stall' as 'cut' but left open (the sender's deadline
 * ends it); 'endless' chunked, never finished; 'raw' the head and body written as they are, nothing added.
 */
export type Framing = 'length' | 'close' | 'cut' | 'stall' | 'endless' | 'raw';
export const FRAMINGS: readonly Framing[] = ['length', 'close', 'cut', 'stall', 'endless', 'raw'];

export interface RawAnswer {
  /** The status line and header lines, each with its CRLF, without the blank line that ends the head. */
  head: Uint8Array;
  body: Uint8Array;
  framing: Framing;
}

export interface RawReceiver {
  port: number;
  url: (path?: string) => string;
  /** Requests answered, in order: the request line's path of each. */
  answered: string[];
  close: () => Promise<void>;
}

const CRLF2 = Buffer.from('\r\n\r\n');

/** `answer(n, path)` decides the answer to the n-th request (from 1) and its path. */
export async function startRawReceiver(
  answer: (n: number, path: string) => RawAnswer,
  host = '127.0.0.1',
): Promise<RawReceiver> {
  const sockets = new Set<net.Socket>();
  const answered: string[] = [];
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {}); // the sender hangs up when it has read enough or its deadline passed
    let got = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      got = Buffer.concat([got, chunk]);
      const end = got.indexOf(CRLF2);
      if (end === -1) return;
      const head = got.subarray(0, end).toString('latin1');
      const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1] ?? 0);
      if (got.length < end + 4 + length) return;
      socket.off('data', onData);
      const path = head.split(' ')[1] ?? '';
      answered.push(path);
      write(socket, answer(answered.length, path));
    };
    socket.on('data', onData);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve());
  });
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    url: (path = '/hooks') => `http://${host}:${port}${path}`,
    answered,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

function write(socket: net.Socket, a: RawAnswer): void {
  const head = Buffer.from(a.head);
  const body = Buffer.from(a.body);
  const line = (s: string) => Buffer.from(`${s}\r\n`, 'latin1');
  switch (a.framing) {
    case 'length':
      socket.end(Buffer.concat([head, line(`Content-Length: ${body.length}`), line(''), body]));
      return;
    case 'close':
      socket.end(Buffer.concat([head, line('Connection: close'), line(''), body]));
      return;
    case 'cut':
      socket.write(Buffer.concat([head, line(`Content-Length: ${body.length + 100}`), line(''), body]), () =>
        socket.destroy(),
      );
      return;
    case 'stall':
      socket.write(Buffer.concat([head, line(`Content-Length: ${body.length + 100}`), line(''), body]));
      return;
    case 'endless': {
      const chunk = Buffer.concat([
        line((body.length || 1).toString(16)),
        body.length ? body : Buffer.from('x'),
        line(''),
      ]);
      socket.write(Buffer.concat([head, line('Transfer-Encoding: chunked'), line('')]));
      const more = () => {
        while (!socket.destroyed && socket.write(chunk));
      };
      socket.on('drain', more);
      more();
      return;
    }
    case 'raw':
      socket.end(Buffer.concat([head, body]));
  }
}

/** The head of an answer: `HTTP/1.1 <code>[ <reason>]` and the header lines given, as bytes. */
export function rawHead(
  code: string | Uint8Array,
  reason: Uint8Array | null,
  headers: readonly (readonly [Uint8Array | string, Uint8Array | string])[] = [],
): Uint8Array {
  const b = (x: Uint8Array | string) => (typeof x === 'string' ? Buffer.from(x, 'latin1') : Buffer.from(x));
  const parts = [Buffer.from('HTTP/1.1 '), b(code)];
  if (reason !== null) parts.push(Buffer.from(' '), b(reason));
  parts.push(Buffer.from('\r\n'));
  for (const [name, value] of headers) parts.push(b(name), Buffer.from(': '), b(value), Buffer.from('\r\n'));
  return Buffer.concat(parts);
}
