/** The reference server on PostgreSQL (DATABASE_URL) behaves like on the embedded store. Skipped without TEST_DATABASE_URL. */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const url = process.env.TEST_DATABASE_URL;
const schema = `server_test_${process.pid}_${Date.now()}`;

describe.skipIf(!url)(`reference server on PostgreSQL${url ? '' : ' (skipped: TEST_DATABASE_URL not set)'}`, () => {
  let srv: TestServer;
  const withSchema = () =>
    `${url}${url!.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;

  beforeAll(async () => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(`CREATE SCHEMA ${schema}`);
    await c.end();
    // Without the settlement worker: a demo purchase still pending comes due while a test reads it twice (seen once: a
    // transaction listed pending, then read failed), and nothing here is about settling.
    srv = await startTestServer(['--no-settlement'], { DATABASE_URL: withSchema() });
  }, 60_000);
  afterAll(async () => {
    await srv?.stop();
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await c.end();
  });

  it('runs on the postgres driver with demo data in both environments', async () => {
    expect(srv.store.driver).toBe('postgres');
    for (const env of ['production', 'sandbox'] as const) {
      const r = await fetch(`${srv.demoKeys![env].base_url}/account/transactions?per_page=100&status=successful`, {
        headers: { Authorization: `Bearer ${srv.demoKeys![env].keys.full}` },
      });
      const body = (await r.json()) as any;
      expect(r.status).toBe(200);
      expect(body.pagination.total_count).toBeGreaterThan(100);
      for (const t of body.data) expect(t.attributes.status).toBe('successful');
    }
  });

  it('authenticates every demo role as on the embedded store', async () => {
    const keys = srv.demoKeys!.sandbox.keys;
    const want: Record<string, string> = {
      full: '200',
      balance_only: '403 INSUFFICIENT_SCOPE',
      products_only: '200',
      disabled: '401 TOKEN_DISABLED',
      revoked: '401 TOKEN_REVOKED',
      expired: '401 TOKEN_EXPIRED',
      regenerated_old: '401 INVALID_CREDENTIALS',
      ip_restricted: '403 IP_NOT_ALLOWED',
      ip_loopback: '200',
    };
    for (const [role, expected] of Object.entries(want)) {
      const r = await fetch(`${srv.demoKeys!.sandbox.base_url}/products/cabletv?provider=dstv`, {
        headers: { Authorization: `Bearer ${keys[role as keyof typeof keys]}` },
      });
      const body = (await r.json()) as any;
      expect(`${r.status}${body.error ? ` ${body.error.code}` : ''}`, role).toBe(expected);
    }
  });

  it('finds a transaction by all three forms and keeps money exact', async () => {
    const base = srv.demoKeys!.sandbox.base_url;
    const auth = { Authorization: `Bearer ${srv.demoKeys!.sandbox.keys.full}` };
    const list = (await (await fetch(`${base}/account/transactions?per_page=100`, { headers: auth })).json()) as any;
    const tx = list.data.find((t: any) => t.attributes.external_reference);
    for (const id of [tx.id, `txn_${tx.id}`, tx.attributes.external_reference]) {
      const r = (await (await fetch(`${base}/account/transactions/${id}`, { headers: auth })).json()) as any;
      expect(r.data).toEqual(tx);
    }
    expect(tx.attributes.amount).toMatch(/^\d+\.\d{2}$/);
  });
});
