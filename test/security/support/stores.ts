/**
 * The reference server with demo data on each store the tests must hold for: the embedded store (PGlite) and
 * PostgreSQL in a throwaway schema of TEST_DATABASE_URL. PostgreSQL is skipped, visibly, without the variable.
 */
import { randomBytes } from 'node:crypto';
import { admin, withSchema } from '../../robustness/support/postgres.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';

export interface StoreUnderTest {
  name: string;
  /** Why the store is skipped, or null when it runs. */
  skip: string | null;
  start(tag: string): Promise<TestServer>;
}

const databaseUrl = process.env.TEST_DATABASE_URL;

export const STORES: StoreUnderTest[] = [
  { name: 'embedded store', skip: null, start: () => startTestServer() },
  {
    name: 'PostgreSQL',
    skip: databaseUrl ? null : 'TEST_DATABASE_URL not set',
    async start(tag) {
      // Other agents share the database: a schema of our own, unique per process and start.
      const schema = `security_${tag}_${process.pid}_${Date.now()}`;
      await admin((c) => c.query(`CREATE SCHEMA ${schema}`));
      // A signing key, as every PostgreSQL deployment with webhooks has one (the embedded store keeps its own).
      const srv = await startTestServer([], {
        DATABASE_URL: withSchema(databaseUrl!, schema),
        WEBHOOK_SIGNING_KEY: randomBytes(32).toString('base64'),
      });
      return {
        ...srv,
        async stop() {
          await srv.stop();
          await admin((c) => c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`));
        },
      };
    },
  },
];

/** The describe title: the store's name, and why it is skipped when it is. */
export const storeTitle = (s: StoreUnderTest) => (s.skip ? `${s.name} (skipped: ${s.skip})` : s.name);
