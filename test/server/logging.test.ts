/** Request logs at debug level carry request ids and never an API key secret (header, query string or echo). */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pino } from 'pino';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let srv: TestServer;
let logs = '';
const sink = new Writable({
  write(chunk, _enc, cb) {
    logs += chunk.toString();
    cb();
  },
});

beforeAll(async () => {
  srv = await startTestServer([], {}, pino({ level: 'debug' }, sink));
}, 60_000);
afterAll(async () => {
  await srv?.stop();
});

describe('request logging', () => {
  it('logs every request with its id and no secret, whatever the client sends', async () => {
    const secrets = Object.values(srv.demoKeys!.sandbox.keys).concat(Object.values(srv.demoKeys!.production.keys));
    const base = srv.demoKeys!.sandbox.base_url;
    const ids: string[] = [];
    for (const key of secrets) {
      for (const path of ['/account/transactions?per_page=5', `/account?api_key=${key}`, `/products?${key}=1`]) {
        const r = await fetch(base + path, { headers: { Authorization: `Bearer ${key}` } });
        ids.push(r.headers.get('x-request-id')!);
        const body = await r.text();
        expect(body).not.toContain(key.slice(8));
      }
    }
    // A request's line is written when its response has finished, which can be after the client read the response.
    await vi.waitFor(() => {
      for (const id of ids) expect(logs).toContain(id);
    });
    for (const key of secrets) expect(logs).not.toContain(key.slice(8));
    expect(logs).toContain('[REDACTED]');
  });
});

describe('request logging at the default level (info)', () => {
  it('writes no line for a success, one line for a client error, with the request id and no secret', async () => {
    let info = '';
    const infoSink = new Writable({
      write(chunk, _enc, cb) {
        info += chunk.toString();
        cb();
      },
    });
    const s = await startTestServer([], {}, pino({ level: 'info' }, infoSink));
    try {
      const base = s.demoKeys!.sandbox.base_url;
      const key = s.demoKeys!.sandbox.keys.full;
      const okRes = await fetch(`${base}/account/balance`, {
        headers: { Authorization: `Bearer ${key}`, 'X-Request-Id': 'ok-request-1' },
      });
      const bad = await fetch(`${base}/account/transactions?per_page=0`, {
        headers: { Authorization: `Bearer ${key}`, 'X-Request-Id': 'bad-request-1' },
      });
      expect([okRes.status, bad.status]).toEqual([200, 400]);
      // The client error's line (written when its response has finished); the success before it has none.
      await vi.waitFor(() => expect(info).toContain('bad-request-1'));
      const lines = info
        .trim()
        .split('\n')
        .map(
          (l) =>
            JSON.parse(l) as {
              msg: string;
              level: number;
              req?: { id: string; headers: Record<string, string> };
              res?: { statusCode: number };
            },
        );
      const requestLines = lines.filter((l) => l.msg === 'request completed');
      expect(requestLines.map((l) => [l.req!.id, l.res!.statusCode, l.level])).toEqual([['bad-request-1', 400, 30]]);
      expect(requestLines[0]!.req!.headers['authorization']).toBe('[REDACTED]');
      expect(info).not.toContain(key.slice(8));
    } finally {
      await s.stop();
    }
  });
});
