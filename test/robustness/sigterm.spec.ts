/**
 * SIGTERM under load: the server (node --import tsx server/main.ts) takes a steady stream of requests, each on a
 * new connection; SIGTERM arrives mid-stream. Every request sent before the signal completes with 200, requests
 * sent after it are refused (ECONNREFUSED), nothing is cut mid-answer, and the process exits 0.
 *
 * The server handles the signal when its event loop gets to it (here busy with a burst of heavy pages) and keeps
 * accepting for ACCEPT_GRACE_MS (server.ts), so requests sent just after the signal may still be accepted — and
 * are then served in full. Once it refuses, it never serves again. A connection sent after the signal that was
 * still in the kernel's backlog (the event loop busy) when the listening socket closed is reset without being
 * processed: a refusal by another name, counted as backlog_resets (usually none on PostgreSQL, which this check uses
 * when TEST_DATABASE_URL is set; the embedded store is used otherwise).
 */
import { describe, expect, it } from 'vitest';
import { recordFigures } from './support/figures.ts';
import { get, openLoop, type Sample } from './support/load.ts';
import { startMain } from './support/main-process.ts';
import { createSchema, databaseUrl, dropSchema, noDatabase, schemaName, withSchema } from './support/postgres.ts';

const RPS = 120;
const DURATION_MS = 3000;
const SIGNAL_AT_MS = 1500;
const BOUNDARY_MS = 25;
const BURST = 40;

describe('SIGTERM under load', () => {
  it('completes every request sent before the signal, refuses the ones after, and exits 0', async () => {
    // On PostgreSQL when there is one (the production set-up), else on the embedded store.
    const schema = schemaName('sigterm');
    if (!noDatabase) await createSchema(schema);
    const srv = await startMain({
      env: { RATE_LIMIT_RPS: '0', ...(noDatabase ? {} : { DATABASE_URL: withSchema(databaseUrl!, schema) }) },
    });
    let signalAt = Infinity;
    let figures: Record<string, number | string | null> = {};
    let passed = false;
    try {
      const key = srv.keys!.sandbox.keys.full;
      const t0 = Date.now();
      const timer = setTimeout(() => {
        signalAt = Date.now() - t0;
        srv.child.kill('SIGTERM');
      }, SIGNAL_AT_MS);
      // Work in flight when the signal comes: a burst of the heaviest page, queued behind the store just before it.
      const heavy: Promise<Sample>[] = [];
      const burst = setTimeout(() => {
        for (let i = 0; i < BURST; i++)
          heavy.push(
            get(
              {
                url: `${srv.keys!.sandbox.base_url}/account/transactions?per_page=100&page=${(i % 3) + 1}`,
                headers: { Authorization: `Bearer ${key}` },
              },
              false,
              t0,
            ),
          );
      }, SIGNAL_AT_MS - 60);
      const streamed = await openLoop(RPS, DURATION_MS, (i) => ({
        url: `${srv.keys!.sandbox.base_url}/account/transactions?per_page=${i % 2 ? 100 : 20}&page=${(i % 3) + 1}`,
        headers: { Authorization: `Bearer ${key}` },
      }));
      clearTimeout(timer);
      clearTimeout(burst);
      const samples = [...streamed, ...(await Promise.all(heavy))];
      const before = samples.filter((s) => s.sentAt < signalAt);
      const after = samples.filter((s) => s.sentAt >= signalAt).sort((a, b) => a.sentAt - b.sentAt);
      // The server handles the signal when its event loop gets to it: until then it still accepts (and serves).
      const firstRefused = after.find((s) => s.error === 'ECONNREFUSED')?.sentAt ?? Infinity;
      const servedAfter = after.filter((s) => s.status === 200);
      // Sent after the signal, still in the kernel's backlog when the listener closed: reset, never processed.
      const raced = after.filter((s) => s.error === 'ECONNRESET' && s.sentAt <= firstRefused + BOUNDARY_MS);
      const exitCode = await Promise.race([srv.exited, new Promise<null>((r) => setTimeout(() => r(null), 15_000))]);
      figures = {
        store: noDatabase ? 'embedded' : 'postgres',
        requests: samples.length,
        sent_before: before.length,
        before_completed_200: before.filter((s) => s.status === 200).length,
        in_flight_at_signal: before.filter((s) => s.doneAt > signalAt).length,
        sent_after: after.length,
        after_served_before_stop: servedAfter.length,
        after_refused: after.filter((s) => s.error === 'ECONNREFUSED').length,
        backlog_resets: raced.length,
        stop_latency_ms: Number.isFinite(firstRefused) ? firstRefused - signalAt : null,
        '5xx': samples.filter((s) => s.status >= 500).length,
        exit_code: exitCode,
        drain_ms: Math.max(0, ...before.map((s) => s.doneAt - signalAt)),
      };
      expect(before.length).toBeGreaterThan(100);
      expect(before.filter((s) => s.status !== 200).map((s) => `${s.sentAt} ms: ${s.status} ${s.error ?? ''}`)).toEqual(
        [],
      );
      expect(figures.in_flight_at_signal).toBeGreaterThan(0);
      expect(figures.after_refused).toBeGreaterThan(50);
      // After the signal: served (not yet stopped) or refused, never cut; once refused, never served again.
      const bad = after.filter(
        (s) => !(s.status === 200 && s.sentAt < firstRefused) && s.error !== 'ECONNREFUSED' && !raced.includes(s),
      );
      expect(bad.slice(0, 5).map((s) => `${s.sentAt} ms: ${s.status} ${s.error ?? ''}`)).toEqual([]);
      // Resets are counted, not refused: a connection still in the kernel's backlog when the listener closes was never
      // read, so nothing of it ran and the client's retry is safe. How many depends on whether the event loop is busy at
      // that moment: the embedded store runs queued queries back to back on it; on PostgreSQL there are usually none,
      // but a loaded 2-core CI machine has stalled the loop there too (RELIABILITY.md).
      expect(exitCode).toBe(0);
      passed = true;
    } finally {
      await srv.stop();
      srv.cleanup();
      if (!noDatabase) await dropSchema(schema);
      recordFigures({ check: 'sigterm-under-load', passed, figures });
    }
  });
});
