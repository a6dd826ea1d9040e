/**
 * Any syntactically valid date-time is a 200, never a 5xx (decision record: year 0000 and 9999 with any offset),
 * over HTTP on the embedded store and, with TEST_DATABASE_URL, on PostgreSQL: with the rows the bounds select.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const PG_URL = process.env.TEST_DATABASE_URL;

/** Query → the part of the account's transactions it selects (the demo data lies in the last 90 days). */
const CASES: [string, 'all' | 'none'][] = [
  ['from=0000-01-01T00:00:00Z', 'all'],
  ['to=0000-01-01T00:00:00Z', 'none'],
  ['from=9999-12-31T00:00:00Z', 'none'],
  ['from=9999-12-31T23:59:59-14:00', 'none'],
  ['from=0000-01-01T00:00:00%2B14:00&to=9999-12-31T23:59:59-14:00', 'all'],
  ['from=0000-01-01T00:00:00-14:00&to=0000-12-31T23:59:59%2B14:00', 'none'],
  ['to=9999-12-31T23:59:59.999999999Z', 'all'],
];

function suite(
  title: string,
  env: () => Record<string, string>,
  before?: () => Promise<void>,
  after?: () => Promise<void>,
) {
  describe(title, () => {
    let srv: TestServer;
    let base: string;
    let auth: Record<string, string>;
    const list = async (query: string) => {
      const r = await fetch(`${base}/account/transactions?${query}`, { headers: auth });
      return {
        status: r.status,
        body: (await r.json()) as { data?: { id: string }[]; pagination?: { total_count: number } },
      };
    };

    beforeAll(async () => {
      await before?.();
      srv = await startTestServer(['--no-settlement'], env());
      base = srv.demoKeys!.sandbox.base_url;
      auth = { Authorization: `Bearer ${srv.demoKeys!.sandbox.keys.full}` };
    }, 60_000);
    afterAll(async () => {
      await srv?.stop();
      await after?.();
    });

    it.each(CASES)('GET /account/transactions?%s is a 200 with the rows the bounds select', async (query, selects) => {
      const all = await list('per_page=100');
      expect(all.body.pagination!.total_count).toBeGreaterThan(0);
      const r = await list(`${query}&per_page=100`);
      expect(r.status).toBe(200);
      if (selects === 'all') expect(r.body).toMatchObject({ data: all.body.data, pagination: all.body.pagination });
      else expect(r.body).toMatchObject({ data: [], pagination: { total_count: 0 } });
    });
  });
}

suite('extreme date-times on the embedded store', () => ({}));

const schema = `dates_test_${process.pid}_${Date.now()}`;
const admin = async (text: string) => {
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
};
describe.skipIf(!PG_URL)(
  `extreme date-times on PostgreSQL${PG_URL ? '' : ' (skipped: TEST_DATABASE_URL not set)'}`,
  () => {
    suite(
      'extreme date-times on PostgreSQL',
      () => ({
        DATABASE_URL: `${PG_URL}${PG_URL!.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`,
      }),
      () => admin(`CREATE SCHEMA ${schema}`),
      () => admin(`DROP SCHEMA IF EXISTS ${schema} CASCADE`),
    );
  },
);
