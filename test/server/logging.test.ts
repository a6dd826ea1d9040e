/** Request logs at debug level carry request ids and never an API key secret (header, query string or echo). */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let srv: TestServer;
let logs = '';
const sink = new Writable({ write(chunk, _enc, cb) { logs += chunk.toString(); cb(); } });

beforeAll(async () => { srv = await startTestServer([], {}, pino({ level: 'debug' }, sink)); }, 60_000);
afterAll(async () => { await srv?.stop(); });

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
    await new Promise((r) => setTimeout(r, 100));
    for (const id of ids) expect(logs).toContain(id);
    for (const key of secrets) expect(logs).not.toContain(key.slice(8));
    expect(logs).toContain('[REDACTED]');
  });
});
