/**
 * Test support for server/webhooks/send.ts: real webhook receivers on loopback addresses that record every connection
 * and request (method, path, headers, exact body) and answer as each test tells them — or never.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}
export type Answer = (req: Received, res: http.ServerResponse) => void;

export interface Receiver {
  port: number;
  /** Requests received in full, in order. */
  requests: Received[];
  /** TCP connections accepted, whether or not a request followed. */
  connections: () => number;
  close: () => Promise<void>;
}

export async function startReceiver(answer: Answer, host = '127.0.0.1', port = 0): Promise<Receiver> {
  const requests: Received[] = [];
  let connections = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const received = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(received);
      answer(received, res);
    });
  });
  server.on('connection', () => {
    connections += 1;
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    requests,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port nothing listens on (for a moment): taken from the system, then released. */
export async function closedPort(): Promise<number> {
  const receiver = await startReceiver(() => {});
  await receiver.close();
  return receiver.port;
}
