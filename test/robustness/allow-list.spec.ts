/**
 * IP allow-lists as deployed: the server process bound to `::` (dual stack) and to `0.0.0.0`, callers over IPv4,
 * IPv6 and IPv4-mapped IPv6 (`::ffff:127.0.0.1`), and X-Forwarded-For spoofed with and without TRUST_PROXY.
 * With PostgreSQL (TEST_DATABASE_URL) two more keys are made in the console: one allowing only 127.0.0.1 (an
 * IPv4-mapped caller must match it) and one allowing only ::1.
 */
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createKey } from '../../server/console/commands.ts';
import { openStore } from '../../server/store/open.ts';
import { recordFigures } from './support/figures.ts';
import { startMain, type MainProcess } from './support/main-process.ts';
import { createSchema, databaseUrl, dropSchema, noDatabase, schemaName, withSchema } from './support/postgres.ts';

type Case = { bind: string; from: string; key: string; xff?: string; trust?: boolean; want: string };

function call(host: string, port: number, key: string, xff?: string): Promise<string> {
  return new Promise((resolve) => {
    const headers: Record<string, string> = { Authorization: `Bearer ${key}` };
    if (xff) headers['X-Forwarded-For'] = xff;
    const req = request(
      {
        host,
        port,
        family: host.includes(':') ? 6 : 4,
        path: '/api/partners/sandbox/v1/account',
        headers,
        agent: false,
      },
      (res) => {
        let body = '';
        res.on('data', (d) => {
          body += d;
        });
        res.on('end', () =>
          resolve(`${res.statusCode}${res.statusCode === 200 ? '' : ` ${JSON.parse(body).error.code}`}`),
        );
      },
    );
    req.on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? e.message));
    req.end();
  });
}

const CASES: Case[] = [
  { bind: '::', from: '127.0.0.1', key: 'ip_loopback', want: '200' },
  { bind: '::', from: '::1', key: 'ip_loopback', want: '200' },
  { bind: '::', from: '::ffff:127.0.0.1', key: 'ip_loopback', want: '200' },
  { bind: '::', from: '::ffff:127.0.0.1', key: 'ip_restricted', want: '403 IP_NOT_ALLOWED' },
  { bind: '::', from: '::1', key: 'ip_restricted', want: '403 IP_NOT_ALLOWED' },
  { bind: '::', from: '::ffff:127.0.0.1', key: 'v4only', want: '200' },
  { bind: '::', from: '127.0.0.1', key: 'v4only', want: '200' },
  { bind: '::', from: '::1', key: 'v4only', want: '403 IP_NOT_ALLOWED' },
  { bind: '::', from: '::1', key: 'v6only', want: '200' },
  { bind: '::', from: '::ffff:127.0.0.1', key: 'v6only', want: '403 IP_NOT_ALLOWED' },
  { bind: '::', from: '127.0.0.1', key: 'ip_restricted', xff: '203.0.113.9', want: '403 IP_NOT_ALLOWED' },
  { bind: '::', from: '::1', key: 'ip_loopback', xff: '198.51.100.99', want: '200' },
  { bind: '0.0.0.0', from: '127.0.0.1', key: 'ip_loopback', want: '200' },
  { bind: '0.0.0.0', from: '127.0.0.1', key: 'ip_restricted', want: '403 IP_NOT_ALLOWED' },
  { bind: '0.0.0.0', from: '127.0.0.1', key: 'v4only', want: '200' },
  { bind: '0.0.0.0', from: '127.0.0.1', key: 'ip_restricted', xff: '203.0.113.9', want: '403 IP_NOT_ALLOWED' },
  {
    bind: '0.0.0.0',
    from: '127.0.0.1',
    key: 'ip_restricted',
    xff: '203.0.113.9, 198.51.100.7',
    want: '403 IP_NOT_ALLOWED',
  },
  // Behind a trusted proxy (TRUST_PROXY=127.0.0.1,::1): X-Forwarded-For names the caller.
  { bind: '::', from: '::ffff:127.0.0.1', trust: true, key: 'ip_restricted', xff: '203.0.113.9', want: '200' },
  { bind: '::', from: '::1', trust: true, key: 'ip_restricted', xff: '2001:db8::1', want: '200' },
  { bind: '::', from: '127.0.0.1', trust: true, key: 'ip_loopback', xff: '198.51.100.99', want: '403 IP_NOT_ALLOWED' },
  {
    bind: '::',
    from: '127.0.0.1',
    trust: true,
    key: 'ip_restricted',
    xff: '203.0.113.9, 10.9.9.9',
    want: '403 IP_NOT_ALLOWED',
  },
  {
    bind: '::',
    from: '127.0.0.1',
    trust: true,
    key: 'ip_loopback',
    xff: 'unknown, 203.0.113.9',
    want: '403 IP_NOT_ALLOWED',
  },
  { bind: '::', from: '127.0.0.1', trust: true, key: 'ip_loopback', xff: '203.0.113.9, unknown', want: '200' },
  { bind: '0.0.0.0', from: '127.0.0.1', trust: true, key: 'ip_restricted', xff: '::ffff:203.0.113.9', want: '200' },
  { bind: '0.0.0.0', from: '127.0.0.1', trust: true, key: 'ip_loopback', xff: '127.0.0.1', want: '200' },
];

describe('allow-lists by bind address and caller family', () => {
  it('matches callers by family, maps IPv4-mapped callers to IPv4 entries, and trusts X-Forwarded-For only from listed proxies', async () => {
    const schema = schemaName('allow');
    const dbUrl = noDatabase ? undefined : withSchema(databaseUrl!, schema);
    if (dbUrl) await createSchema(schema);
    const problems: string[] = [];
    let run = 0;
    let skipped = 0;
    try {
      for (const bind of ['::', '0.0.0.0']) {
        for (const trust of [false, true]) {
          const cases = CASES.filter((c) => c.bind === bind && !!c.trust === trust);
          if (!cases.length) continue;
          let srv: MainProcess | undefined;
          try {
            const env: Record<string, string> = {
              RATE_LIMIT_RPS: '0',
              ...(dbUrl ? { DATABASE_URL: dbUrl } : {}),
              ...(trust ? { TRUST_PROXY: '127.0.0.1,::1' } : {}),
            };
            srv = await startMain({ host: bind, env });
            const keys: Record<string, string> = { ...srv.keys!.sandbox.keys };
            if (dbUrl) {
              const store = await openStore({ databaseUrl: dbUrl, log: () => {} });
              const account = (await store.listAccounts('sandbox'))[0]!;
              keys.v4only = (
                await createKey(store, {
                  account_id: account.id,
                  name: 'v4',
                  scopes: 'read_balance',
                  allow_list: '127.0.0.1',
                })
              ).secret;
              keys.v6only = (
                await createKey(store, {
                  account_id: account.id,
                  name: 'v6',
                  scopes: 'read_balance',
                  allow_list: '::1',
                })
              ).secret;
              await store.close();
            }
            for (const c of cases) {
              if (!keys[c.key]) {
                skipped++;
                continue;
              }
              run++;
              const got = await call(c.from, srv.port, keys[c.key]!, c.xff);
              if (got !== c.want)
                problems.push(
                  `bound ${c.bind}${c.trust ? ' (TRUST_PROXY)' : ''}, from ${c.from}, key ${c.key}${c.xff ? `, XFF '${c.xff}'` : ''}: ${got}, want ${c.want}`,
                );
            }
            // Bound to 0.0.0.0 nothing listens on IPv6.
            if (bind === '0.0.0.0') expect(await call('::1', srv.port, keys.full!)).toBe('ECONNREFUSED');
          } finally {
            await srv?.stop();
            srv?.cleanup();
          }
        }
      }
    } finally {
      if (dbUrl) await dropSchema(schema);
      recordFigures({
        check: 'allow-list',
        passed: problems.length === 0,
        figures: { cases: run, skipped_without_database: skipped, failures: problems.length },
      });
    }
    expect(problems).toEqual([]);
  });
});
