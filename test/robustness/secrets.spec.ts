/**
 * Secrets: after a full run at debug log level — every demo key on every operation, keys in the query string, as
 * a parameter name, a filter value, a path id and an X-Request-Id, two Authorization headers, bursts into the rate
 * limits, console moves (create, regenerate, revoke) — no key secret appears in the server's log lines, in the
 * database (pg_dump of the schema on PostgreSQL; every row of every table on the embedded store) or in any
 * response body or header. The start-up banner prints the demo keys by design (demo mode) and is not a log line.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { createKey, moveKey, regenerateKey } from '../../server/console/commands.ts';
import { openStore } from '../../server/store/open.ts';
import type { Store } from '../../server/store/types.ts';
import { rawGet } from '../helpers/raw-http.ts';
import { recordFigures } from './support/figures.ts';
import { startMain, type MainProcess } from './support/main-process.ts';
import { createSchema, databaseUrl, dropSchema, noDatabase, schemaName, withSchema } from './support/postgres.ts';

const OPS = [
  '/health',
  '/account',
  '/account/balance',
  '/account/transactions?per_page=3',
  '/products',
  '/products/airtimes',
  '/products/dataplans?network=mtn',
  '/products/electricity',
  '/products/cabletv',
];

describe('secrets', () => {
  it(`leaves no key secret in logs, database or responses (${noDatabase ? 'embedded store' : 'PostgreSQL'})`, async () => {
    const schema = schemaName('secrets');
    const dbUrl = noDatabase ? undefined : withSchema(databaseUrl!, schema);
    if (dbUrl) await createSchema(schema);
    let srv: MainProcess | undefined;
    let store: Store | undefined;
    let figures: Record<string, number | string> = {};
    let passed = false;
    try {
      srv = await startMain({
        env: { LOG_LEVEL: 'debug', RATE_LIMIT_RPS: '50', ...(dbUrl ? { DATABASE_URL: dbUrl } : {}) },
      });
      const secrets: string[] = [];
      const bodies: string[] = [];
      let requests = 0;
      const send = async (url: string, headers: Record<string, string> = {}) => {
        requests++;
        const r = await fetch(url, { headers });
        r.headers.forEach((value, name) => bodies.push(`${name}: ${value}`));
        bodies.push(await r.text());
      };
      for (const env of ['production', 'sandbox'] as const) {
        const { base_url: base, keys } = srv.keys![env];
        for (const key of Object.values(keys)) {
          secrets.push(key);
          for (const op of OPS) await send(base + op, { Authorization: `Bearer ${key}` });
          await send(`${base}/account?api_key=${key}`);
          await send(`${base}/account?${key}=1`, { Authorization: `Bearer ${keys.full}` });
          await send(`${base}/account/transactions?reference=${key}`, { Authorization: `Bearer ${keys.full}` });
          await send(`${base}/account/transactions/${key}`, { Authorization: `Bearer ${keys.full}` });
          await send(`${base}/account/balance`, { Authorization: `Bearer ${key}`, 'X-Request-Id': key });
          await send(`${base}/account`, { Authorization: `Basic ${Buffer.from(`${key}:`).toString('base64')}` });
          const u = new URL(base);
          requests++;
          const two = await rawGet(u.hostname, Number(u.port), `${u.pathname}/account`, [
            `Authorization: Bearer ${key}`,
            `Authorization: Bearer ${key}`,
          ]);
          bodies.push(two.raw);
        }
        // Bursts past the per-key and per-address limits (429 paths log too).
        await Promise.all(
          Array.from({ length: 80 }, () => send(`${base}/account/balance`, { Authorization: `Bearer ${keys.full}` })),
        );
        await Promise.all(
          Array.from({ length: 30 }, () => send(`${base}/account`, { Authorization: `Bearer ${keys.revoked}` })),
        );
      }
      // Console moves on the live database: a created, a regenerated and a revoked secret, each used once.
      if (dbUrl) {
        store = await openStore({ databaseUrl: dbUrl, log: () => {} });
        const account = (await store.listAccounts('sandbox'))[0]!;
        const created = await createKey(store, {
          account_id: account.id,
          name: 'secrets-check',
          scopes: 'read_balance',
        });
        const regenerated = await regenerateKey(store, created.key.id);
        secrets.push(created.secret, regenerated.secret);
        await new Promise((r) => setTimeout(r, 1100)); // out of the burst's rate-limit window
        for (const s of [created.secret, regenerated.secret])
          await send(`${srv.keys!.sandbox.base_url}/account/balance`, { Authorization: `Bearer ${s}` });
        await moveKey(store, created.key.id, 'revoke');
        await send(`${srv.keys!.sandbox.base_url}/account/balance`, { Authorization: `Bearer ${regenerated.secret}` });
      }
      await srv.stop();

      const output = srv.output();
      const logLines = output.split('\n').filter((l) => l.startsWith('{'));
      const banner = output
        .split('\n')
        .filter((l) => !l.startsWith('{'))
        .join('\n');
      let dump: string;
      let dumpKind: string;
      if (dbUrl) {
        const url = new URL(databaseUrl!);
        const r = spawnSync(
          'pg_dump',
          [
            '--schema',
            schema,
            '--data-only',
            '-d',
            `${url.protocol}//${url.username || 'postgres'}@${url.hostname}:${url.port || 5432}${url.pathname}`,
          ],
          { encoding: 'utf8' },
        );
        expect(r.status, r.stderr).toBe(0);
        dump = r.stdout;
        dumpKind = 'pg_dump';
      } else {
        // The embedded store, reopened after the server let go of it: every row of every table.
        store = await openStore({ dataDir: srv.dataDir, log: () => {} });
        const tables = await store.sql.query<{ table_name: string }>(
          "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'",
        );
        const rows = await Promise.all(
          tables.map(async (t) => [t.table_name, await store!.sql.query(`SELECT * FROM "${t.table_name}"`)]),
        );
        dump = JSON.stringify(rows);
        dumpKind = `select * from ${tables.length} tables`;
      }
      const leaksIn = (text: string) => secrets.filter((s) => text.includes(s.slice(8))).length;
      figures = {
        requests,
        secrets: secrets.length,
        log_lines: logLines.length,
        dump: dumpKind,
        dump_bytes: dump.length,
        leaks_in_logs: leaksIn(logLines.join('\n')),
        leaks_in_dump: leaksIn(dump),
        leaks_in_responses: leaksIn(bodies.join('\n')),
        demo_keys_in_banner: leaksIn(banner),
      };
      expect(logLines.length).toBeGreaterThan(requests); // debug logs every request
      expect(figures.leaks_in_logs).toBe(0);
      expect(figures.leaks_in_responses).toBe(0);
      expect(figures.leaks_in_dump).toBe(0);
      if (dbUrl) expect(dump).toContain('COPY'); // the dump is real
      passed = true;
    } finally {
      await srv?.stop();
      srv?.cleanup();
      await store?.close();
      if (dbUrl) await dropSchema(schema);
      recordFigures({ check: 'secrets', passed, figures });
    }
  });
});
