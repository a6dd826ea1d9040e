/**
 * A server on PostgreSQL without WEBHOOK_SIGNING_KEY (webhooks/runtime.ts: no secrets) cannot derive a signing
 * secret or sign a delivery. Every webhook POST answers 501 WEBHOOKS_NOT_CONFIGURED, a permanent answer naming the
 * setting (no Retry-After: the typed client and a partner's own retry loop must not read it as an outage), and says
 * so at start. A replay of a creation that an instance with the key recorded is a 501 too: the secret it would
 * repeat cannot be derived. Skipped without TEST_DATABASE_URL.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContractSchemas, loadBundle } from '../../conformance/contract-schemas.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import {
  createSchema,
  databaseUrl,
  dropSchema,
  noDatabase,
  schemaName,
  withSchema,
} from '../robustness/support/postgres.ts';

const schemas = new ContractSchemas(loadBundle());
const schema = schemaName('no_signing_key');
const ENDPOINT = { url: 'https://hooks.shop.example/billpay/events', events: ['transaction.successful'] };

interface Answer {
  status: number;
  code: string | undefined;
  retryAfter: string | null;
  replayed: string | null;
  body: { error?: { code?: string; message?: string } };
}

async function post(srv: TestServer, path: string, body: unknown, key = randomUUID()): Promise<Answer> {
  const r = await fetch(`${srv.demoKeys!.sandbox.base_url}${path}`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${srv.demoKeys!.sandbox.keys.full}`,
      'Content-Type': 'application/json',
      'Idempotency-Key': key,
    },
    body: JSON.stringify(body),
  });
  const parsed = (await r.json()) as Answer['body'];
  return {
    status: r.status,
    code: parsed.error?.code,
    retryAfter: r.headers.get('retry-after'),
    replayed: r.headers.get('idempotent-replayed'),
    body: parsed,
  };
}

/** The answer every webhook POST of a server without the key gives. */
const NOT_CONFIGURED = { status: 501, code: 'WEBHOOKS_NOT_CONFIGURED', retryAfter: null, replayed: null };

describe.skipIf(noDatabase)(
  `webhooks on PostgreSQL without WEBHOOK_SIGNING_KEY${noDatabase ? ` (skipped: ${noDatabase})` : ''}`,
  () => {
    let keyless: TestServer;
    const warnings: string[] = [];
    /** The Idempotency-Key of a creation recorded by a server that had the key, and its body. */
    const recorded = { key: randomUUID(), status: 0, id: '' };

    beforeAll(async () => {
      await createSchema(schema);
      const env = { DATABASE_URL: withSchema(databaseUrl!, schema) };
      // First an instance with the key records a creation under `recorded.key` (the schema's one 201 with a secret).
      const keyed = await startTestServer(['--no-settlement'], {
        ...env,
        WEBHOOK_SIGNING_KEY: randomBytes(32).toString('base64'),
      });
      try {
        const created = await post(keyed, '/webhooks', ENDPOINT, recorded.key);
        recorded.status = created.status;
        recorded.id = (created.body as { data?: { id?: string } }).data?.id ?? '';
      } finally {
        await keyed.stop();
      }
      const log = new Writable({
        write(chunk: Buffer, _encoding, done) {
          const line = JSON.parse(chunk.toString()) as { level: number; msg: string };
          if (line.level === 40) warnings.push(line.msg);
          done();
        },
      });
      keyless = await startTestServer(['--no-settlement'], env, pino({ level: 'warn' }, log));
    }, 90_000);
    afterAll(async () => {
      await keyless?.stop();
      await dropSchema(schema);
    });

    // A random endpoint id: the key is checked before the endpoint (each operation's "Checks, in order").
    const id = randomUUID();
    it.each([
      ['createWebhookEndpoint', '/webhooks', ENDPOINT],
      ['createWebhookSecretRotation', `/webhooks/${id}/secret_rotations`, {}],
      ['createWebhookDelivery', `/webhooks/${id}/deliveries`, { event_id: randomUUID() }],
    ])('%s answers 501 WEBHOOKS_NOT_CONFIGURED naming the setting, without Retry-After', async (_op, path, body) => {
      const answer = await post(keyless, path, body);
      expect(answer).toMatchObject(NOT_CONFIGURED);
      expect(answer.body.error?.message).toContain('WEBHOOK_SIGNING_KEY');
      expect(answer.body.error?.message).toContain('Retrying will not help');
      expect(schemas.validate('#/components/schemas/ErrorResponse', answer.body)).toEqual([]);
      expect(answer.body).toMatchObject({ status: { code: 501, message: 'Not Implemented' } });
    });

    it('answers the same 501 to a retry under the same Idempotency-Key: nothing was kept under it', async () => {
      const key = randomUUID();
      expect(await post(keyless, '/webhooks', ENDPOINT, key)).toMatchObject(NOT_CONFIGURED);
      expect(await post(keyless, '/webhooks', ENDPOINT, key)).toMatchObject(NOT_CONFIGURED);
    });

    it('answers 501 to a replay of a creation recorded with the key, never a secret it cannot derive', async () => {
      expect(recorded.status).toBe(201);
      expect(await post(keyless, '/webhooks', ENDPOINT, recorded.key)).toMatchObject(NOT_CONFIGURED);
    });

    it('still serves the webhook reads', async () => {
      const r = await fetch(`${keyless.demoKeys!.sandbox.base_url}/webhooks`, {
        headers: { Authorization: `Bearer ${keyless.demoKeys!.sandbox.keys.full}` },
      });
      expect(r.status).toBe(200);
      const listed = ((await r.json()) as { data: { id: string }[] }).data.map((e) => e.id);
      expect(listed).toContain(recorded.id); // the endpoint the server with the key added
    });

    it('warns at start in the words of the 501', () => {
      expect(warnings.filter((w) => w.includes('WEBHOOK_SIGNING_KEY'))).toEqual([
        expect.stringContaining('501 WEBHOOKS_NOT_CONFIGURED'),
      ]);
      expect(warnings.join('\n')).toContain('Retrying will not help');
    });
  },
);
