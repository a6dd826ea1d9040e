/**
 * Every operation of the contract is reachable through the client: client.operations has a method per operationId
 * of generated/openapi.json, and calling it (against the real reference server) sends that operation's method and
 * path. A new operation in the contract fails this test until the client has a method for it.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/helpers/server.ts';
import { expandServers } from '../../test/helpers/servers.ts';
import { createBillPaymentClient, SERVERS } from '../src/index.ts';

interface Bundle {
  servers: { url: string; description?: string; variables?: Record<string, { enum?: string[]; default: string }> }[];
  paths: Record<string, Record<string, { operationId?: string }>>;
}
const bundle = JSON.parse(readFileSync(new URL('../../generated/openapi.json', import.meta.url), 'utf8')) as Bundle;
const contractOps = Object.entries(bundle.paths).flatMap(([path, item]) =>
  Object.entries(item).flatMap(([method, op]) =>
    op.operationId ? [{ id: op.operationId, method: method.toUpperCase(), path }] : [],
  ),
);

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer(['--no-settlement']);
});
afterAll(async () => srv?.stop());

/** Arguments for each operation (a new operation has none here: the test then fails, naming it). */
const ELECTRICITY = '6d7e8f9a-0b1c-4d2e-9f3a-4b5c6d7e8f9a';
const CABLE = '8f9a0b1c-2d3e-4f4a-9b5c-6d7e8f9a0b1c';
const NONE = '00000000-0000-4000-8000-000000000000';
const ARGS: Record<string, unknown[]> = {
  getHealth: [],
  getAccount: [],
  getAccountBalance: [],
  listTransactions: [{ per_page: 1 }],
  getTransaction: ['00000000-0000-4000-8000-000000000000'],
  listProductCategories: [],
  listAirtimeProducts: [{}],
  listDataPlanProducts: [{}],
  listElectricityProducts: [{}],
  listCableTvProducts: [{}],
  getElectricityMeter: [ELECTRICITY, '45678901234'],
  getCableTvSmartcard: [CABLE, '1234567890'],
  createAirtimePurchase: [{ network: 'MTN', phone_number: '08031234567', amount: '100.00' }],
  createDataPurchase: [{ product_id: '4b5c6d7e-8f9a-4b0c-9d1e-2f3a4b5c6d7e', phone_number: '08031234567' }],
  createElectricityPurchase: [{ product_id: ELECTRICITY, meter_number: '45678901234', amount: '1000.00' }],
  createCableTvPurchase: [{ product_id: CABLE, smartcard_number: '1234567890' }],
  createPurchase: [{ product_id: CABLE, smart_number: '1234567890' }],
  verifyPurchase: [{ product_id: ELECTRICITY, meter_number: '45678901234' }],
  getPurchase: [NONE],
  queryPurchase: [NONE],
  listWebhookEndpoints: [{ per_page: 1 }],
  createWebhookEndpoint: [{ url: 'https://hooks.shop.ng/billpay', events: ['transaction.failed'] }],
  getWebhookEndpoint: [NONE],
  updateWebhookEndpoint: [NONE, { enabled: false }],
  deleteWebhookEndpoint: [NONE],
  createWebhookSecretRotation: [NONE],
  listWebhookDeliveries: [NONE, {}],
  createWebhookDelivery: [NONE, NONE],
  getWebhookDelivery: [NONE, NONE],
  listEvents: [{}],
  getEvent: [NONE],
};

const templateRegex = (path: string) => new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`);

describe('operation coverage', () => {
  it('the contract has operations, and the client a method for each operationId (and none other)', () => {
    expect(contractOps.length).toBeGreaterThanOrEqual(16);
    const client = createBillPaymentClient({ apiKey: 'sk_test_x' });
    const missing = contractOps.filter(
      (op) => typeof (client.operations as Record<string, unknown>)[op.id] !== 'function',
    );
    expect(missing.map((op) => op.id)).toEqual([]);
    expect(Object.keys(client.operations).sort()).toEqual(contractOps.map((op) => op.id).sort());
  });

  it('each method sends its operation: the contract method and path, to the real server', async () => {
    const base = srv.demoKeys!.sandbox.base_url;
    const sent: { method: string; path: string }[] = [];
    const client = createBillPaymentClient({
      apiKey: srv.demoKeys!.sandbox.keys.full,
      baseUrl: base,
      maxRetries: 0,
      fetch: (req, init) => {
        sent.push({ method: req.method, path: new URL(req.url).pathname.slice(new URL(base).pathname.length) });
        return fetch(req, init);
      },
    });
    for (const op of contractOps) {
      const args = ARGS[op.id];
      expect(args, `no arguments for ${op.id}: add a client method and its arguments`).toBeDefined();
      sent.length = 0;
      const method = (client.operations as Record<string, (...a: unknown[]) => Promise<unknown>>)[op.id]!;
      await method(...args!).catch(() => undefined); // 404s and 422s are answers too: only the request matters here
      expect(sent, op.id).toHaveLength(1);
      expect(sent[0]!.method, op.id).toBe(op.method);
      expect(sent[0]!.path, op.id).toMatch(templateRegex(op.path));
    }
    // One request per operation, one after another, some of them purchases: over 30 s on a loaded machine.
  }, 120_000);

  it("SERVERS are hosted servers of the contract, each of its key's environment", () => {
    const urls = expandServers(bundle.servers as never);
    for (const [env, url] of Object.entries(SERVERS)) {
      expect(
        urls.filter((u) => u.url === url && url.startsWith('https://')).map((u) => u.environment),
        url,
      ).toContain(env);
    }
  });
});
