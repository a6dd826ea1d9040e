/**
 * One describe block per store: the reference server on the embedded store (PGlite), and on PostgreSQL in a schema
 * of its own when TEST_DATABASE_URL is set (skipped visibly otherwise). `body` gets a function that returns the
 * running server once beforeAll has started it.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import { startTestServer, type TestServer } from './server.ts';

const PG_URL = process.env.TEST_DATABASE_URL;

async function admin(statement: string): Promise<void> {
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  try {
    await c.query(statement);
  } finally {
    await c.end();
  }
}

export function onBothStores(
  title: string,
  env: Record<string, string>,
  body: (server: () => TestServer, store: 'embedded' | 'postgres') => void,
  args: string[] = [],
): void {
  const suite = (store: 'embedded' | 'postgres', label: string) =>
    describe(label, () => {
      let srv: TestServer | undefined;
      const schema = `${title.replace(/\W+/g, '_').toLowerCase().slice(0, 30)}_${process.pid}_${Date.now()}`;
      beforeAll(async () => {
        let extra: Record<string, string> = {};
        if (store === 'postgres') {
          await admin(`CREATE SCHEMA ${schema}`);
          const options = encodeURIComponent(`-c search_path=${schema}`);
          extra = { DATABASE_URL: `${PG_URL}${PG_URL!.includes('?') ? '&' : '?'}options=${options}` };
        }
        srv = await startTestServer(args, { ...env, ...extra });
      }, 90_000);
      afterAll(async () => {
        await srv?.stop();
        if (store === 'postgres') await admin(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      });
      body(() => srv!, store);
    });
  suite('embedded', `${title}, embedded store`);
  describe.skipIf(!PG_URL)(`${title}, PostgreSQL${PG_URL ? '' : ' (skipped: TEST_DATABASE_URL not set)'}`, () => {
    suite('postgres', 'on PostgreSQL');
  });
}
