/**
 * patches/@stoplight+prism-http+5.12.0.patch: a malformed percent-encoding in a request no longer ends the Prism mock
 * (uncaught URIError). In a path parameter it is an invalid request, answered the way Prism answers any invalid
 * parameter: the contract's 400 (its documented example; the contract has no 422) with an `sl-violations` header.
 * In a form body's field name (a second mock, on a small form-body document) it is kept undecoded and validated.
 * Requests go over raw sockets: fetch() would normalise the URL.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startUntilReady, type Started } from '../helpers/processes.ts';
import { rawExchange, rawGet } from '../helpers/raw-http.ts';
import { bin } from '../helpers/run.ts';

const HOST = '127.0.0.1';
const KEY = ['Authorization: Bearer sk_test_prismmock', 'Accept: application/json'];
const dir = mkdtempSync(join(tmpdir(), 'prism-form-'));
let contractMock: Started & { port: number };
let formMock: Started & { port: number };

/** A POST with a urlencoded body whose fields must have lower-case names (no `properties`: Prism then keeps every field). */
const formDocument = {
  openapi: '3.1.0',
  info: { title: 'form body', version: '1' },
  paths: {
    '/items': {
      post: {
        requestBody: {
          required: true,
          content: {
            'application/x-www-form-urlencoded': {
              schema: { type: 'object', propertyNames: { pattern: '^[a-z]+$' } },
            },
          },
        },
        responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' }, example: { ok: true } } } } },
      },
    },
  },
};

async function mock(document: string): Promise<Started & { port: number }> {
  const port = await freePort();
  const started = await startUntilReady(bin('prism'), ['mock', document, '--host', HOST, '--port', String(port)], `http://${HOST}:${port}/`);
  return { ...started, port };
}

function alive(m: Started) {
  return m.child.exitCode === null && m.child.signalCode === null && !/URIError/.test(m.output());
}

beforeAll(async () => {
  writeFileSync(join(dir, 'form.json'), JSON.stringify(formDocument));
  [contractMock, formMock] = await Promise.all([mock('generated/openapi.json'), mock(join(dir, 'form.json'))]);
  // A budget for the work: two starts of Prism, spawned processes.
}, 120_000);
afterAll(async () => {
  await Promise.all([contractMock?.stop(), formMock?.stop()]);
  rmSync(dir, { recursive: true, force: true });
});

describe('the patched Prism mock of the bundle', () => {
  it.each(['%', '%zz', '%E0%A4%A', '%ED%A0%80', 'txn_%', 'a%2'])(
    'answers the path parameter %s with the contract’s 400 and stays up',
    async (id) => {
      const r = await rawGet(HOST, contractMock.port, `/account/transactions/${id}`, KEY);
      expect(r.status).toBe(400);
      expect(JSON.parse(r.body)).toMatchObject({ error: { code: 'INVALID_PARAMETER' } });
      expect(JSON.parse(r.headers['sl-violations']!)).toEqual([
        expect.objectContaining({ location: ['request', 'path'], code: 'malformedUri', severity: 'Error' }),
      ]);
      expect(alive(contractMock)).toBe(true);
    },
  );

  it.each(['/%', '/%zz', '/products/%E0%A4%A', '/account/%/balance'])('answers %s, which no path matches, with 404', async (target) => {
    const r = await rawGet(HOST, contractMock.port, target, KEY);
    expect(r.status).toBe(404);
    expect(alive(contractMock)).toBe(true);
  });

  it('still answers a well-formed request afterwards', async () => {
    const r = await rawGet(HOST, contractMock.port, '/account/transactions/txn_3f6c2a9e-8b1d-4c7a-9e2f-5a4b3c2d1e0f', KEY);
    expect(r.status).toBe(200);
    expect(JSON.parse(r.body)).toHaveProperty('data.type', 'transaction');
    expect(alive(contractMock)).toBe(true);
  });
});

describe('the patched Prism mock of a form body', () => {
  const post = (body: string) =>
    rawExchange(HOST, formMock.port, `POST /items HTTP/1.1\r\nHost: test\r\nContent-Type: application/x-www-form-urlencoded\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);

  it('answers a malformed field name as an invalid request (422: the document has no 400/422) and stays up', async () => {
    const r = await post('%zz=1');
    expect(r.status).toBe(422);
    expect(JSON.parse(r.body)).toMatchObject({ status: 422, validation: expect.arrayContaining([expect.objectContaining({ code: 'propertyNames' })]) });
    expect(alive(formMock)).toBe(true);
  });

  it('keeps a malformed value as sent, and still answers a well-formed body', async () => {
    expect((await post('name=%zz')).status).toBe(200);
    expect((await post('name=a%20b')).status).toBe(200);
    expect(alive(formMock)).toBe(true);
  });
});
