/**
 * The delivery worker end to end on the embedded store, with a real receiver on 127.0.0.1 and the real sender:
 * a purchase's events arrive signed (verified with the standardwebhooks package), a failure is retried on the
 * (compressed) schedule with the same webhook-id, 410 disables the endpoint, and every attempt is in the log.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedAccount, pgliteStores, purchase, snapshot, type Stores } from '../../test/helpers/store-fixtures.ts';
import type { Store } from '../store/types.ts';
import { endpointSecrets, secretRecord } from './secrets.ts';
import { sendWebhook } from './send.ts';
import { WebhookWorker } from './worker.ts';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A receiver answering each request with the next status of `script` (then 204). */
function receiver(): { url: () => string; got: Received[]; script: number[]; server: Server } {
  const got: Received[] = [];
  const script: number[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => {
      body += c;
    });
    req.on('end', () => {
      got.push({ headers: req.headers, body });
      res.statusCode = script.shift() ?? 204;
      res.end(res.statusCode === 500 ? 'receiver broke' : '');
    });
  });
  return { url: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, got, script, server };
}

const secrets = endpointSecrets(Buffer.alloc(32, 7));

describe('WebhookWorker', () => {
  let h: Stores;
  let store: Store;
  const r = receiver();
  beforeAll(async () => {
    h = await pgliteStores();
    store = h.store;
    await new Promise<void>((resolve) => r.server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    r.server.close();
    await h.close();
  });

  const worker = () =>
    new WebhookWorker({
      apiVersion: '1.2.0',
      store,
      secrets,
      intervalMs: 10,
      scale: 0.0001,
      send: (x) =>
        sendWebhook({
          url: x.url,
          headers: x.headers,
          body: x.body,
          policy: { requireHttps: false, allowPrivate: true },
        }),
    });
  async function endpointFor(acc: string) {
    const id = randomUUID();
    return (await store.createWebhookEndpoint(
      {
        id,
        account_id: acc,
        url: r.url(),
        events: ['transaction.pending'],
        description: null,
        ...secretRecord(secrets.secretOf(id, 1)),
        at: new Date(),
      },
      16,
    ))!;
  }
  /** A purchase created pending: recorded, then left pending by the biller's first answer (its pending event). */
  const buy = async (acc: string) => {
    const rec = await store.recordPurchase(purchase(acc, '100.00', '0.00', { created_at: new Date() }), null);
    if (rec.kind !== 'recorded') throw new Error(rec.kind);
    await store.settlePurchase({
      id: rec.row.id,
      from: 'pending',
      to: 'pending',
      next_check_at: new Date(Date.now() + 60_000),
      at: new Date(),
      snapshot,
    });
    return rec.row;
  };

  it("delivers a purchase's event signed with the endpoint's secret, and logs the attempt", async () => {
    const acc = await fundedAccount(store, '1000.00');
    const e = await endpointFor(acc);
    const row = await buy(acc);
    const before = r.got.length;
    expect((await worker().runOnce()).map((a) => 'outcome' in a && a.outcome)).toEqual(['delivered']);
    const got = r.got.slice(before);
    expect(got).toHaveLength(1);
    const payload = new Webhook(secrets.secretOf(e.id, 1)).verify(
      got[0]!.body,
      got[0]!.headers as Record<string, string>,
    ) as { type: string; data: { id: string } };
    expect(payload).toMatchObject({
      type: 'transaction.pending',
      data: { id: row.id, attributes: { status: 'pending' } },
    });
    expect(() =>
      new Webhook(secrets.secretOf(e.id, 2)).verify(got[0]!.body, got[0]!.headers as Record<string, string>),
    ).toThrow();
    const [d] = (await store.listWebhookDeliveries(acc, e.id, {}, { page: 1, per_page: 10 }))!.items;
    expect(d).toMatchObject({ status: 'delivered', attempts: 1 });
    expect(d!.attempt_log[0]).toMatchObject({ attempt: 1, response_status_code: 204, error: null });
  });

  it('retries a failure on the schedule with the same webhook-id and body; a later 2xx delivers', async () => {
    const acc = await fundedAccount(store, '1000.00');
    const e = await endpointFor(acc);
    await buy(acc);
    r.script.push(500);
    const before = r.got.length;
    const w = worker();
    expect((await w.runOnce()).map((a) => 'outcome' in a && a.outcome)).toEqual(['retry']);
    await new Promise((res) => setTimeout(res, 20)); // 5 s × 0.0001
    expect((await w.runOnce()).map((a) => 'outcome' in a && a.outcome)).toEqual(['delivered']);
    const got = r.got.slice(before);
    expect(got.map((g) => g.headers['webhook-id'])).toEqual([
      got[0]!.headers['webhook-id'],
      got[0]!.headers['webhook-id'],
    ]);
    expect(got[1]!.body).toBe(got[0]!.body);
    const [d] = (await store.listWebhookDeliveries(acc, e.id, {}, { page: 1, per_page: 10 }))!.items;
    expect(d!.attempt_log.map((a) => [a.attempt, a.response_status_code, a.response_body])).toEqual([
      [1, 500, 'receiver broke'],
      [2, 204, null],
    ]);
  });

  it('a 410 disables the endpoint: no further deliveries are claimed for it', async () => {
    const acc = await fundedAccount(store, '1000.00');
    const e = await endpointFor(acc);
    await buy(acc);
    r.script.push(410);
    expect((await worker().runOnce()).map((a) => 'outcome' in a && a.outcome)).toEqual(['gone']);
    expect(await store.getWebhookEndpoint(acc, e.id)).toMatchObject({
      enabled: false,
      disabled_reason: 'endpoint_gone',
    });
    await buy(acc);
    expect(await worker().runOnce()).toEqual([]);
  });
});
