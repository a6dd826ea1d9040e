/**
 * HTTP/1.1 over a bare socket, for requests fetch() will not send: two Authorization headers, malformed
 * percent-encoding, oversized header blocks, no Host, garbage bytes. One request per connection.
 */
import net from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** The whole answer as received (latin1), e.g. for answers that are not HTTP. */
  raw: string;
}

export function rawExchange(
  host: string,
  port: number,
  request: string | Buffer,
  timeoutMs = 10_000,
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host, port });
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within ${timeoutMs} ms`));
    }, timeoutMs);
    socket.on('data', (d) => chunks.push(d));
    socket.on('error', () => {
      /* a reset after the answer is fine; 'close' follows */
    });
    socket.on('close', () => {
      clearTimeout(timer);
      const raw = Buffer.concat(chunks).toString('latin1');
      resolve(parse(raw));
    });
    socket.end(request);
  });
}

function parse(raw: string): RawResponse {
  const end = raw.indexOf('\r\n\r\n');
  const head = end === -1 ? raw : raw.slice(0, end);
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  const bodyBytes = end === -1 ? Buffer.alloc(0) : Buffer.from(raw.slice(end + 4), 'latin1');
  return {
    status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0),
    headers,
    body: bodyBytes.toString('utf8'),
    raw,
  };
}

/** `GET target` with the given header lines, Host and `Connection: close` added. */
export function rawGet(host: string, port: number, target: string, headerLines: string[] = []): Promise<RawResponse> {
  const lines = ['Host: test', ...headerLines, 'Connection: close'];
  return rawExchange(host, port, `GET ${target} HTTP/1.1\r\n${lines.map((l) => `${l}\r\n`).join('')}\r\n`);
}
