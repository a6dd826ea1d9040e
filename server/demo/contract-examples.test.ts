/**
 * The demo holds what the contract's examples name (contract-examples.ts, catalogue.ts CONTRACT_PRODUCT_IDS): the
 * ids here are the contract's, and after loadDemo each example id answers, on PGlite and on PostgreSQL
 * (TEST_DATABASE_URL). test/contract/portman-stock.test.ts runs the examples over HTTP.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENVIRONMENTS, type Environment } from '../domain.ts';
import { PG_URL, pgliteStores, postgresStores, type Stores } from '../../test/helpers/store-fixtures.ts';
import type { Store } from '../store/types.ts';
import { endpointSecrets, secretRecord } from '../webhooks/secrets.ts';
import { buildCatalogue, CONTRACT_PRODUCT_IDS } from './catalogue.ts';
import { CONTRACT_EXAMPLE_IDS, exampleTransaction, exampleTransactionId } from './contract-examples.ts';
import { loadDemo } from './seed.ts';
import { DEMO_WEBHOOK_URL, demoEndpointId } from './webhooks.ts';

type Json = Record<string, unknown>;
const bundle = JSON.parse(readFileSync(new URL('../../generated/openapi.json', import.meta.url), 'utf8')) as Json;
const components = bundle.components as Record<string, Record<string, Json>>;
const exampleValue = (name: string) => components.examples![name]!.value as Json;
const parameterExamples = (name: string) =>
  Object.values(components.parameters![name]!.examples as Record<string, Json>).map((e) => e.value);

describe("the contract's example ids", () => {
  it('are the ones the demo seeds', () => {
    expect(parameterExamples('WebhookEndpointId')[0]).toBe(CONTRACT_EXAMPLE_IDS.webhookEndpoint);
    expect(parameterExamples('WebhookEventId')[0]).toBe(CONTRACT_EXAMPLE_IDS.event);
    expect(parameterExamples('WebhookDeliveryId')[0]).toBe(CONTRACT_EXAMPLE_IDS.delivery);
    // The first example of a transaction lookup is the external reference: it is in both environments.
    expect(parameterExamples('TransactionId')).toEqual([
      CONTRACT_EXAMPLE_IDS.externalReference,
      CONTRACT_EXAMPLE_IDS.transaction,
      `txn_${CONTRACT_EXAMPLE_IDS.transaction}`,
    ]);
  });

  it("give the catalogue examples' products their ids in both environments, and every product id a request example names is one", () => {
    const listed = ['AirtimeListOk', 'DataPlanListOk', 'ElectricityListOk', 'CableTvListOk'].flatMap(
      (name) => exampleValue(name).data as { id: string; attributes: Json }[],
    );
    expect(listed.map((p) => p.id).sort()).toEqual(Object.values(CONTRACT_PRODUCT_IDS).sort());
    const named = [
      ...['DataPurchaseBody', 'ElectricityPurchaseBody', 'CableTvPurchaseBody'].map(
        (name) => exampleValue(name).product_id,
      ),
      ...['ElectricityProductId', 'CableTvProductId'].flatMap(parameterExamples),
    ];
    for (const env of ENVIRONMENTS) {
      const catalogue = new Map(buildCatalogue(env).map((p) => [p.id, p]));
      // As listed: `available` is the product's own column (migration 012), true in the catalogue as loaded.
      for (const p of listed) {
        const product = catalogue.get(p.id);
        expect(product && { ...product.attributes, available: product.available ?? true }, `${env} ${p.id}`).toEqual(
          p.attributes,
        );
      }
      for (const id of named) expect(catalogue.has(String(id)), `${env} ${String(id)}`).toBe(true);
    }
  });

  it('seed the example transaction as the contract shows it (TransactionDataPlan)', () => {
    const example = exampleValue('TransactionDataPlan').data as { id: string; attributes: Json & { price: Json } };
    const { price, created_at: _c, updated_at: _u, ...attributes } = example.attributes;
    const row = exampleTransaction('sandbox', 'account', new Date('2026-11-21T09:15:42.123Z'));
    expect(row.id).toBe(example.id);
    expect(row).toMatchObject({
      ...attributes,
      product_amount: price.product_amount,
      fee_amount: price.fee_amount,
      total_debit: price.total_debit,
      price_basis: price.basis,
    });
    expect(row.updated_at.getTime() - row.created_at.getTime()).toBe(
      Date.parse(String(example.attributes.updated_at)) - Date.parse(String(example.attributes.created_at)),
    );
  });
});

const NOW = new Date('2026-11-23T10:00:00.000Z');
const DRIVERS: [string, () => Promise<Stores>][] = [
  ['PGlite', pgliteStores],
  ...(PG_URL ? [['PostgreSQL', () => postgresStores('contract_examples', 1)] as [string, () => Promise<Stores>]] : []),
];

describe.each(DRIVERS)('loadDemo on %s', (_name, open) => {
  let stores: Stores;
  let store: Store;
  let accounts: Record<Environment, { id: string }>;
  beforeAll(async () => {
    stores = await open();
    store = stores.store;
    ({ accounts } = await loadDemo(store, {
      now: NOW,
      seed: 1,
      transactionCount: 40,
      webhookSecrets: endpointSecrets(Buffer.alloc(32, 7)),
    }));
  }, 60_000);
  afterAll(async () => stores?.close());

  it.each(ENVIRONMENTS)(
    '%s: the example external reference names the example transaction; the example products exist',
    async (env) => {
      const t = await store.getTransactionByExternalReference(accounts[env].id, CONTRACT_EXAMPLE_IDS.externalReference);
      expect(t?.id).toBe(exampleTransactionId(env));
      for (const id of Object.values(CONTRACT_PRODUCT_IDS)) expect(await store.getProduct(env, id), id).not.toBeNull();
    },
  );

  it('sandbox: the example transaction, event, endpoint and delivery, each under its example id', async () => {
    const id = accounts.sandbox.id;
    expect((await store.getTransactionById(id, CONTRACT_EXAMPLE_IDS.transaction))?.external_reference).toBe(
      CONTRACT_EXAMPLE_IDS.externalReference,
    );
    const event = await store.getWebhookEvent(
      id,
      CONTRACT_EXAMPLE_IDS.event,
      new Date(NOW.getTime() - 30 * 86_400_000),
    );
    expect(event).toMatchObject({ type: 'transaction.successful' });
    expect(event?.transaction?.id).toBe(CONTRACT_EXAMPLE_IDS.transaction);
    expect(await store.getWebhookEndpoint(id, CONTRACT_EXAMPLE_IDS.webhookEndpoint)).not.toBeNull();
    expect(
      await store.getWebhookDelivery(id, CONTRACT_EXAMPLE_IDS.webhookEndpoint, CONTRACT_EXAMPLE_IDS.delivery),
    ).toMatchObject({ event_id: CONTRACT_EXAMPLE_IDS.event });
  });

  it("production: its own ids (they are unique across environments); the sandbox's are not found", async () => {
    const id = accounts.production.id;
    expect(await store.getWebhookEndpoint(id, CONTRACT_EXAMPLE_IDS.webhookEndpoint)).toBeNull();
    expect(await store.getWebhookEvent(id, CONTRACT_EXAMPLE_IDS.event, new Date(0))).toBeNull();
    expect((await store.listWebhookEndpoints(id, { page: 1, per_page: 10 })).items).toHaveLength(1);
  });

  it('a second loadDemo changes nothing', async () => {
    await loadDemo(store, {
      now: new Date(NOW.getTime() + 60_000),
      seed: 1,
      transactionCount: 40,
      webhookSecrets: endpointSecrets(Buffer.alloc(32, 7)),
    });
    expect(await store.countTransactions(accounts.sandbox.id)).toBe(40 + 1);
    expect(
      (await store.listWebhookEndpoints(accounts.sandbox.id, { page: 1, per_page: 10 })).items.map((e) => e.id),
    ).toEqual([CONTRACT_EXAMPLE_IDS.webhookEndpoint]);
  });

  it('the next start seeds the example endpoint and its delivery again once deleted (a stock run deletes it)', async () => {
    const id = accounts.sandbox.id;
    expect(await store.deleteWebhookEndpoint(id, CONTRACT_EXAMPLE_IDS.webhookEndpoint)).toBe(true);
    await loadDemo(store, {
      now: new Date(NOW.getTime() + 120_000),
      seed: 1,
      transactionCount: 40,
      webhookSecrets: endpointSecrets(Buffer.alloc(32, 7)),
    });
    expect(
      await store.getWebhookDelivery(id, CONTRACT_EXAMPLE_IDS.webhookEndpoint, CONTRACT_EXAMPLE_IDS.delivery),
    ).toMatchObject({ event_id: CONTRACT_EXAMPLE_IDS.event });
  });
});

describe('a sandbox seeded before the examples were', () => {
  it('(its endpoint under its own id, no example event) starts again as it was, without a second endpoint', async () => {
    const { store, close } = await pgliteStores();
    try {
      const secrets = endpointSecrets(Buffer.alloc(32, 7));
      const {
        accounts: { sandbox: account },
      } = await loadDemo(store, { now: NOW, seed: 1, transactionCount: 40 });
      await store.sql.query('DELETE FROM webhook_events WHERE id = $1', [CONTRACT_EXAMPLE_IDS.event]);
      // What the demo seeded then: its endpoint under demoEndpointId, with a delivery of the newest event.
      const id = demoEndpointId(account.id);
      await store.createWebhookEndpoint(
        {
          id,
          account_id: account.id,
          url: DEMO_WEBHOOK_URL,
          description: 'Demo endpoint (an example URL; disabled)',
          events: ['transaction.successful'],
          ...secretRecord(secrets.secretOf(id, 1)),
          at: NOW,
        },
        10,
      );
      const [event] = (await store.listWebhookEvents(account.id, { since: new Date(0) }, { page: 1, per_page: 1 }))
        .items;
      await store.createWebhookRedelivery({
        account_id: account.id,
        endpoint_id: id,
        event_id: event!.id,
        id: demoEndpointId(event!.id),
        at: NOW,
        since: new Date(0),
      });

      await loadDemo(store, { now: NOW, seed: 1, transactionCount: 40, webhookSecrets: secrets });
      expect((await store.listWebhookEndpoints(account.id, { page: 1, per_page: 10 })).items.map((e) => e.id)).toEqual([
        id,
      ]);
    } finally {
      await close();
    }
  });
});
