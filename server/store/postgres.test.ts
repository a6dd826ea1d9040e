/**
 * Losing PostgreSQL: connection failures become StoreUnavailableError (HTTP 503), never a crash, and the store
 * works again as soon as the database is back.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openStore } from './open.ts';
import { loadFunctionSources, loadMigrations } from './migrate.ts';
import { openPostgres } from './postgres.ts';
import { StoreMisuseError, StoreUnavailableError } from './errors.ts';
import type { Store } from './types.ts';

const PG_URL = process.env['TEST_DATABASE_URL'];
const CLOSED_PORT_URL = 'postgres://postgres@127.0.0.1:1/nowhere';

describe('PostgreSQL unreachable', () => {
  it('openStore on a closed port fails fast with StoreUnavailableError', async () => {
    const started = Date.now();
    const err = await openStore({ databaseUrl: CLOSED_PORT_URL, schema: 'x', log: () => {} }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StoreUnavailableError);
    expect((err as StoreUnavailableError).code).toBe('ECONNREFUSED');
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('queries and transactions on a closed port raise StoreUnavailableError', async () => {
    const driver = await openPostgres(CLOSED_PORT_URL, { log: () => {} }); // connects lazily
    try {
      await expect(driver.sql.query('SELECT 1')).rejects.toBeInstanceOf(StoreUnavailableError);
      await expect(driver.sql.transaction((tx) => tx.query('SELECT 1'))).rejects.toBeInstanceOf(StoreUnavailableError);
    } finally {
      await driver.close();
    }
  });

  it('rejects a schema name that is not a plain identifier', async () => {
    await expect(openPostgres(CLOSED_PORT_URL, { schema: 'a;drop' })).rejects.toThrow(/invalid schema name/);
    await expect(openPostgres(CLOSED_PORT_URL, { schema: 'a;drop' })).rejects.toBeInstanceOf(StoreMisuseError);
  });
});

/** A TCP proxy in front of PostgreSQL that the test can cut and restore. */
function proxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  const start = () =>
    new Promise<number>((resolve, reject) => {
      server = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => {});
        }
        client.pipe(upstream).pipe(client);
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as net.AddressInfo).port;
        resolve(port);
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      if (server) server.close(() => resolve());
      else resolve();
    });
  return { start, stop };
}

describe.skipIf(!PG_URL)(
  `PostgreSQL outage and recovery${PG_URL ? '' : ' (skipped: TEST_DATABASE_URL not set)'}`,
  () => {
    const schema = `store_outage_${process.pid}_${Date.now()}`;
    const logged: string[] = [];
    let store: Store;
    let admin: Store;
    let p: ReturnType<typeof proxy>;
    /** Until the store's `SELECT pg_sleep(…)` is running on the server (a fixed pause could end before it starts). */
    const sleeping = (appName: string) =>
      vi.waitFor(
        async () => {
          const [r] = await admin.sql.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM pg_stat_activity
             WHERE application_name = $1 AND state = 'active' AND query LIKE 'SELECT pg_sleep%' AND pid <> pg_backend_pid()`,
            [appName],
          );
          expect(r!.n).toBeGreaterThan(0);
        },
        { timeout: 15_000, interval: 20 },
      );

    beforeAll(async () => {
      const u = new URL(PG_URL!);
      p = proxy({ host: u.hostname, port: Number(u.port || 5432) });
      const port = await p.start();
      u.hostname = '127.0.0.1';
      u.port = String(port);
      store = await openStore({ databaseUrl: u.toString(), schema, log: (m) => logged.push(m) });
      admin = await openStore({ databaseUrl: PG_URL!, schema, log: () => {} });
    });

    afterAll(async () => {
      await store?.close();
      await p?.stop();
      await admin?.sql.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin?.close();
    });

    it('answers 503-style errors while the database is gone and works again when it returns', async () => {
      const a = await store.createAccount({
        environment: 'sandbox',
        name: 'n',
        email: 'e',
        business_name: 'b',
        role: 'r',
      });
      await p.stop(); // every connection cut, port closed
      // pool 'error' handled, not thrown
      await vi.waitFor(() => expect(logged.some((m) => /idle connection error/.test(m))).toBe(true), {
        timeout: 15_000,
      });

      await expect(store.ping()).rejects.toBeInstanceOf(StoreUnavailableError);
      await expect(store.getAccount(a.id)).rejects.toBeInstanceOf(StoreUnavailableError);
      await expect(store.sql.transaction((tx) => tx.query('SELECT 1'))).rejects.toBeInstanceOf(StoreUnavailableError);

      await p.start(); // same port
      await expect(store.ping()).resolves.toBeUndefined();
      expect(await store.getAccount(a.id)).toEqual(a);
    });

    it('maps an administrator terminating the connection (57P01) to StoreUnavailableError and recovers', async () => {
      const appName = 'bill-payment-partner-api';
      const running = store.sql.query('SELECT pg_sleep(5)').catch((e: unknown) => e); // settle-handled at once
      await sleeping(appName);
      await admin.sql.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
       WHERE application_name = $1 AND query LIKE 'SELECT pg_sleep%' AND pid <> pg_backend_pid()`,
        [appName],
      );
      const err = await running;
      expect(err).toBeInstanceOf(StoreUnavailableError);
      await expect(store.ping()).resolves.toBeUndefined();

      // The same inside a transaction: the broken client is discarded, the next transaction gets a fresh one.
      const inTx = store.sql.transaction((tx) => tx.query('SELECT pg_sleep(5)')).catch((e: unknown) => e);
      await sleeping(appName);
      await admin.sql.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
       WHERE application_name = $1 AND query LIKE 'SELECT pg_sleep%' AND pid <> pg_backend_pid()`,
        [appName],
      );
      expect(await inTx).toBeInstanceOf(StoreUnavailableError);
      expect(await store.sql.transaction((tx) => tx.query('SELECT 1 AS one'))).toEqual([{ one: 1 }]);
    });

    it('runs migrations from two instances at once without racing', async () => {
      const s2 = `${schema}_race`;
      const [x, y] = await Promise.all([
        openStore({ databaseUrl: PG_URL!, schema: s2, log: () => {} }),
        openStore({ databaseUrl: PG_URL!, schema: s2, log: () => {} }),
      ]);
      try {
        expect(await x.sql.query('SELECT version FROM schema_migrations ORDER BY version')).toEqual(
          loadMigrations().map((m) => ({ version: m.version })),
        );
        expect(await x.sql.query('SELECT name FROM schema_functions ORDER BY name')).toEqual(
          loadFunctionSources()
            .map((f) => ({ name: f.name }))
            .sort((a, b) => (a.name < b.name ? -1 : 1)),
        );
      } finally {
        await x.sql.query(`DROP SCHEMA ${s2} CASCADE`);
        await Promise.all([x.close(), y.close()]);
      }
    });
  },
);
