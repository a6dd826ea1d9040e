/**
 * The console's webhook commands over a store: an account's endpoints (hints, never secrets), an endpoint's delivery
 * log, and a redelivery queued for the worker; what the data refuses exits 1 and writes nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runConsole } from '../../server/console/main.ts';
import { openStore } from '../../server/store/open.ts';
import { fundedAccount, purchase, snapshot } from '../helpers/store-fixtures.ts';
import { endpointSecrets, secretRecord } from '../../server/webhooks/secrets.ts';

let dir: string;
let account: string;
let endpoint: string;
let event: string;
const secret = endpointSecrets(Buffer.alloc(32, 1)).secretOf('e', 1);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'console-webhooks-'));
  const store = await openStore({ dataDir: dir });
  try {
    account = await fundedAccount(store, '1000.00');
    endpoint = (await store.createWebhookEndpoint(
      {
        id: '5c1d7e9a-3b2f-4a6c-8d0e-1f2a3b4c5d6e',
        account_id: account,
        url: 'https://hooks.shop.ng/x',
        events: ['transaction.pending'],
        description: null,
        ...secretRecord(secret),
        at: new Date(),
      },
      16,
    ))!.id;
    // Created pending: recorded, then left pending by the biller's first answer (its transaction.pending event).
    const rec = await store.recordPurchase(purchase(account, '100.00', '0.00', { created_at: new Date() }), null);
    if (rec.kind !== 'recorded') throw new Error(rec.kind);
    await store.settlePurchase({
      id: rec.row.id,
      from: 'pending',
      to: 'pending',
      next_check_at: null,
      at: new Date(),
      snapshot,
    });
    event = (await store.listWebhookEvents(account, { since: new Date(0) }, { page: 1, per_page: 1 })).items[0]!.id;
  } finally {
    await store.close();
  }
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function cli(...args: string[]) {
  const lines: string[] = [];
  const code = await runConsole([...args, '--data-dir', dir, '--json'], {}, (l) => lines.push(l), { adminWaitMs: 0 });
  return { code, out: lines.join('\n') };
}

describe('console webhook commands', () => {
  it('webhook list: the endpoints with their secret hints, never a secret', async () => {
    const r = await cli('webhook', 'list', '--account', account);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toEqual([
      expect.objectContaining({
        id: endpoint,
        url: 'https://hooks.shop.ng/x',
        enabled: true,
        secret_hint: `whsec_…${secret.slice(-4)}`,
      }),
    ]);
    expect(r.out).not.toContain(secret.slice(6, 30));
  });

  it('webhook deliveries, then webhook redeliver queues the event again', async () => {
    const before = JSON.parse(
      (await cli('webhook', 'deliveries', '--account', account, '--webhook', endpoint)).out,
    ) as { event_id: string; trigger: string }[];
    expect(before).toEqual([expect.objectContaining({ event_id: event, trigger: 'automatic', status: 'pending' })]);
    const r = await cli('webhook', 'redeliver', '--account', account, '--webhook', endpoint, '--event', event);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toMatchObject({ event_id: event, trigger: 'redelivery', status: 'pending' });
    expect(
      JSON.parse((await cli('webhook', 'deliveries', '--account', account, '--webhook', endpoint)).out),
    ).toHaveLength(2);
  });

  it.each([
    ['an unknown account', ['webhook', 'list', '--account', '00000000-0000-4000-8000-000000000000'], /no account/],
    [
      'an unknown endpoint',
      ['webhook', 'deliveries', '--account', '@A', '--webhook', '00000000-0000-4000-8000-000000000000'],
      /no webhook endpoint/,
    ],
    [
      'an unknown event',
      ['webhook', 'redeliver', '--account', '@A', '--webhook', '@E', '--event', '00000000-0000-4000-8000-000000000000'],
      /no event/,
    ],
  ])('%s: exit 1, nothing written', async (_name, args, message) => {
    const real = args.map((a) => (a === '@A' ? account : a === '@E' ? endpoint : a));
    const lines: string[] = [];
    const code = await runConsole([...real, '--data-dir', dir], {}, (l) => lines.push(l), { adminWaitMs: 0 });
    expect(code).toBe(1);
    expect(lines.join('\n')).toMatch(message);
    expect(
      JSON.parse((await cli('webhook', 'deliveries', '--account', account, '--webhook', endpoint)).out),
    ).toHaveLength(2);
  });
});
