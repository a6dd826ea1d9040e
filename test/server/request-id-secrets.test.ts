/** A key pasted into X-Request-Id or another header is neither echoed nor logged (RELIABILITY.md, secrets). */
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

describe('key-shaped request ids and headers', () => {
  it('replaces a key-shaped X-Request-Id with a new id and keeps any key out of the logged headers', async () => {
    const key = srv.demoKeys!.sandbox.keys.full;
    const r = await fetch(`${srv.demoKeys!.sandbox.base_url}/account/balance`, {
      headers: {
        Authorization: `Bearer ${key}`,
        'X-Request-Id': key,
        'X-Api-Key': key,
        Referer: `https://x.example/?k=${key}`,
      },
    });
    expect(r.status).toBe(200);
    const id = r.headers.get('x-request-id')!;
    expect(id).not.toContain(key.slice(8));
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await new Promise((res) => setTimeout(res, 50));
    expect(logs).toContain(id);
    expect(logs).not.toContain(key.slice(8));
  });

  it('still echoes an ordinary client id', async () => {
    const r = await fetch(`${srv.demoKeys!.sandbox.base_url}/health`, {
      headers: { 'X-Request-Id': 'sk_other-123.abc' },
    });
    expect(r.headers.get('x-request-id')).toBe('sk_other-123.abc');
  });
});
