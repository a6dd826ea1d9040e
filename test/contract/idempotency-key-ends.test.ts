/**
 * Spaces at either end of an Idempotency-Key (issue 21): the contract states the rule — they are not part of the key,
 * because HTTP removes them from every header value (RFC 9110 §5.5) — and the reference server keeps it over a bare
 * socket (fetch() would trim the value before sending it, so it could not show what the server does): a key sent
 * padded with spaces or tabs is the same key as the bare one, and a key of spaces only is an empty key.
 */
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawExchange, type RawResponse } from '../helpers/raw-http.ts';
import { projectRoot } from '../helpers/run.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

type Parameter = { description: string; schema: { pattern: string } };
const bundle = JSON.parse(readFileSync(join(projectRoot, 'generated/openapi.json'), 'utf8')) as {
  components: { parameters: Record<string, Parameter> };
};
const parameter = bundle.components.parameters['IdempotencyKey']!;

describe('the contract', () => {
  it('states that spaces at either end are not part of the key, and why', () => {
    const text = parameter.description.replace(/\s+/g, ' ');
    expect(text).toContain('Spaces at either end are not part of the key');
    expect(text).toContain('RFC 9110 §5.5');
    expect(text).toContain('a key of spaces only arrives empty');
  });

  it('keeps the pattern of version 1 (narrowing it would refuse keys clients may already send)', () => {
    expect(parameter.schema.pattern).toBe('^[\\x20-\\x7E]{1,255}$');
  });
});

describe('the reference server', () => {
  let server: TestServer;
  let port: number;
  let path: string;
  let key: string;
  beforeAll(async () => {
    server = await startTestServer();
    const base = new URL(server.demoKeys!.sandbox.base_url);
    port = Number(base.port);
    path = `${base.pathname}/purchases/airtime`;
    key = server.demoKeys!.sandbox.keys.full;
  }, 30_000);
  afterAll(async () => {
    await server?.stop();
  });

  const post = (idempotencyKey: string, body: string): Promise<RawResponse> =>
    rawExchange(
      '127.0.0.1',
      port,
      `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\n` +
        `Idempotency-Key:${idempotencyKey}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );

  const visible = fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c));
  const inner = fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c));
  /** A key as the server can receive it: printable ASCII, no space at either end. */
  const bareKey = fc
    .tuple(visible, fc.array(inner, { maxLength: 40 }), visible)
    .map(([a, m, b]) => `${a}${m.join('')}${b}`);
  const padding = fc.array(fc.constantFrom(' ', '\t'), { maxLength: 4 }).map((p) => p.join(''));

  it('a key sent with spaces or tabs at its ends is the same key as the bare one', async () => {
    let n = 0;
    const RUN = Date.now().toString(36);
    await fc.assert(
      fc.asyncProperty(bareKey, padding, padding, async (generated, before, after) => {
        fc.pre(before.length + after.length > 0);
        const bare = `${generated} ${RUN}-${n}`; // unique per run: a repeated key with another amount would be a reuse
        const body = JSON.stringify({ network: 'MTN', phone_number: '08031234567', amount: `${100 + (n++ % 50)}.00` });
        const padded = await post(`${before}${bare}${after}`, body);
        expect(padded.status, padded.body).toBe(201);
        const again = await post(` ${bare}`, body);
        expect(again.status, again.body).toBe(201);
        expect(again.headers['idempotent-replayed']).toBe('true');
        expect(JSON.parse(again.body).data.id).toBe(JSON.parse(padded.body).data.id);
      }),
      { numRuns: 8 },
    );
  }, 60_000);

  it('a key of spaces only is an empty key: 400 IDEMPOTENCY_KEY_REQUIRED', async () => {
    for (const blank of [' ', '   ', '\t', ' \t ']) {
      const r = await post(blank, JSON.stringify({ network: 'MTN', phone_number: '08031234567', amount: '100.00' }));
      expect(r.status, r.body).toBe(400);
      expect(JSON.parse(r.body).error.code).toBe('IDEMPOTENCY_KEY_REQUIRED');
    }
  });
});
