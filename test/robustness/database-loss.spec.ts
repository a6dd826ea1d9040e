/**
 * Database loss on PostgreSQL: the server (a process) reaches PostgreSQL through a TCP proxy this test controls.
 * Under steady traffic, (1) the server's backends are terminated (pg_terminate_backend), then (2) the proxy refuses
 * every connection for a while ("the database is down") and comes back. Only 200s or 503 SERVICE_UNAVAILABLE
 * envelopes with Retry-After are ever answered, the process never dies, and the first 200 comes within 5 s of the
 * database's return. Skipped, visibly, without TEST_DATABASE_URL.
 */
import { describe, expect, it } from 'vitest';
import { ContractSchemas, loadBundle } from '../../conformance/contract-schemas.ts';
import { recordFigures } from './support/figures.ts';
import { openLoop, type Sample } from './support/load.ts';
import { startMain } from './support/main-process.ts';
import {
  admin,
  createSchema,
  databaseUrl,
  dropSchema,
  noDatabase,
  schemaName,
  withSchema,
} from './support/postgres.ts';
import { startTcpProxy } from './support/tcp-proxy.ts';

const schemas = new ContractSchemas(loadBundle());
const RPS = 60;
const OUTAGE_MS = 3000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!!noDatabase)(`database loss on PostgreSQL${noDatabase ? ` (skipped: ${noDatabase})` : ''}`, () => {
  it('answers only 200 or 503 with Retry-After while the database goes away, and recovers within 5 s', async () => {
    const url = new URL(databaseUrl!);
    const proxy = await startTcpProxy(url.hostname, Number(url.port || 5432));
    const schema = schemaName('dbloss');
    await createSchema(schema);
    const proxied = new URL(databaseUrl!);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    const srv = await startMain({ env: { RATE_LIMIT_RPS: '0', DATABASE_URL: withSchema(proxied.toString(), schema) } });
    let figures: Record<string, number | null> = {};
    let passed = false;
    try {
      const k = srv.keys!.sandbox;
      const paths = ['/account/balance', '/account/transactions?per_page=5', '/health', '/products/airtimes'];
      const events: Record<string, number> = {};
      const t0 = Date.now();
      const mark = (name: string) => {
        events[name] = Date.now() - t0;
      };
      const load = openLoop(RPS, 14_000, (i) => ({
        url: `${k.base_url}${paths[i % paths.length]}`,
        headers: { Authorization: `Bearer ${k.keys.full}` },
      }));
      await sleep(2000);
      const ports = proxy.upstreamPorts();
      const terminated = await admin(
        async (c) =>
          (
            await c.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE client_port = ANY($1::int[])', [
              ports,
            ])
          ).rowCount,
      );
      mark('terminated');
      await sleep(3000);
      proxy.cut();
      mark('cut');
      await sleep(OUTAGE_MS);
      proxy.restore();
      mark('restored');
      const samples: Sample[] = await load;
      const exitedEarly = srv.child.exitCode !== null;

      const bad = samples
        .filter((s) => s.status !== 200 && s.status !== 503)
        .map((s) => `${s.sentAt} ms: ${s.status} ${s.error ?? ''} ${s.body.slice(0, 100)}`);
      const unavailable = samples.filter((s) => s.status === 503);
      const badEnvelope = unavailable.filter((s) => {
        const body = JSON.parse(s.body);
        return (
          !/^\d+$/.test(String(s.headers['retry-after'] ?? '')) ||
          body.error?.code !== 'SERVICE_UNAVAILABLE' ||
          schemas.validate('#/components/schemas/ErrorResponse', body).length > 0
        );
      });
      const during = samples.filter((s) => s.sentAt > events.cut! + 200 && s.doneAt < events.restored!);
      const firstOk = samples
        .filter((s) => s.status === 200 && s.sentAt >= events.restored!)
        .sort((a, b) => a.doneAt - b.doneAt)[0];
      const afterTerminate = samples.filter((s) => s.sentAt >= events.terminated! && s.sentAt < events.cut!);
      const firstOkAfterTerminate = afterTerminate
        .filter((s) => s.status === 200)
        .sort((a, b) => a.doneAt - b.doneAt)[0];
      figures = {
        requests: samples.length,
        backends_terminated: terminated ?? 0,
        '200': samples.filter((s) => s.status === 200).length,
        '503': unavailable.length,
        other_statuses: bad.length,
        '503_without_retry_after_or_envelope': badEnvelope.length,
        answered_200_during_outage: during.filter((s) => s.status === 200).length,
        outage_ms: OUTAGE_MS,
        recovery_after_terminate_ms: firstOkAfterTerminate ? firstOkAfterTerminate.doneAt - events.terminated! : null,
        recovery_after_restore_ms: firstOk ? firstOk.doneAt - events.restored! : null,
        server_exited: exitedEarly ? 1 : 0,
      };
      expect(bad.slice(0, 5)).toEqual([]);
      expect(badEnvelope.length).toBe(0);
      expect(terminated).toBeGreaterThan(0);
      expect(during.length).toBeGreaterThan(50);
      expect(during.every((s) => s.status === 503)).toBe(true);
      expect(figures.recovery_after_restore_ms).not.toBeNull();
      expect(figures.recovery_after_restore_ms!).toBeLessThan(5000);
      expect(exitedEarly).toBe(false);
      passed = true;
    } finally {
      await srv.stop();
      srv.cleanup();
      await proxy.close();
      await dropSchema(schema);
      recordFigures({ check: 'database-loss', passed, figures });
    }
  });
});

if (noDatabase) recordFigures({ check: 'database-loss', passed: false, skipped: noDatabase, figures: {} });
