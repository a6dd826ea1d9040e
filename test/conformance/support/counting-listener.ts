/** A local HTTP listener that counts what reaches it (method and path) and answers every request 404 in JSON. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface CountingListener {
  origin: string;
  /** `METHOD path` of every request received, in order. */
  requests: string[];
  close(): Promise<void>;
}

export async function startCountingListener(): Promise<CountingListener> {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    requests.push(`${req.method ?? '?'} ${req.url ?? '?'}`);
    req.resume();
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        status: { code: 404, message: 'Not Found' },
        error: { code: 'NOT_FOUND', message: 'counting listener' },
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
