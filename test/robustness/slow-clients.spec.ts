/**
 * Slow clients (slowloris): hundreds of connections that trickle their headers and never finish are closed by the
 * server within the header timeout (reconnecting attackers keep the pressure on), while normal traffic keeps its
 * latency: p50 under attack / p50 without, as a ratio of one run.
 */
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { recordFigures } from './support/figures.ts';
import { closedLoop, percentile } from './support/load.ts';
import { startMain } from './support/main-process.ts';

const HEADERS_TIMEOUT_MS = 2000;
/** The server checks timeouts every headersTimeout / 4 (server.ts); plus scheduling slack on a busy 2-core box. */
const CLOSE_BOUND_MS = HEADERS_TIMEOUT_MS + HEADERS_TIMEOUT_MS / 4 + 1500;
const ATTACKERS = 400;
const REQUESTS = 400;

interface Attack {
  stop(): Promise<void>;
  closures: number[];
  gotAnswer: number;
  open: () => number;
}

function slowloris(port: number, connections: number): Attack {
  const closures: number[] = [];
  let gotAnswer = 0;
  let stopping = false;
  const live = new Set<net.Socket>();
  const open = () => {
    if (stopping) return;
    const startedAt = Date.now();
    const s = net.connect(port, '127.0.0.1');
    live.add(s);
    let drip: NodeJS.Timeout | undefined;
    s.on('connect', () => {
      s.write('GET /api/partners/v1/health HTTP/1.1\r\nHost: x\r\n');
      drip = setInterval(() => {
        if (s.writable) s.write(`X-Slow-${Math.random().toString(36).slice(2, 6)}: 1\r\n`);
      }, 400);
    });
    s.on('data', (d) => {
      if (/^HTTP\/1\.1 [23]/.test(d.toString())) gotAnswer++;
    });
    s.on('error', () => {});
    s.on('close', () => {
      clearInterval(drip);
      live.delete(s);
      if (!stopping) {
        closures.push(Date.now() - startedAt);
        open(); // a real attacker reconnects
      }
    });
  };
  for (let i = 0; i < connections; i++) open();
  return {
    closures,
    get gotAnswer() {
      return gotAnswer;
    },
    open: () => live.size,
    async stop() {
      stopping = true;
      for (const s of live) s.destroy();
    },
  };
}

describe('slow clients', () => {
  it('closes slowloris connections within the header timeout while normal traffic keeps its latency', async () => {
    const srv = await startMain({
      env: { RATE_LIMIT_RPS: '0', HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS), REQUEST_TIMEOUT_MS: '4000' },
    });
    const target = () => ({
      url: `${srv.keys!.sandbox.base_url}/account/balance`,
      headers: { Authorization: `Bearer ${srv.keys!.sandbox.keys.full}` },
    });
    let figures: Record<string, number> = {};
    let passed = false;
    try {
      await closedLoop(100, 4, target); // warm-up
      const calm = await closedLoop(REQUESTS, 4, target);
      const attack = slowloris(srv.port, ATTACKERS);
      await new Promise((r) => setTimeout(r, 300));
      const openDuring = attack.open();
      const t = Date.now();
      // Long enough for every first-generation attacker to be closed and replaced.
      const stormy: typeof calm = [];
      while (Date.now() - t < CLOSE_BOUND_MS + 500) stormy.push(...(await closedLoop(REQUESTS / 4, 4, target)));
      await attack.stop();
      const p50 = (xs: typeof calm) =>
        percentile(
          xs.map((s) => s.doneAt - s.sentAt),
          50,
        );
      const p99 = (xs: typeof calm) =>
        percentile(
          xs.map((s) => s.doneAt - s.sentAt),
          99,
        );
      figures = {
        attack_connections: ATTACKERS,
        open_during_attack: openDuring,
        closed_by_server: attack.closures.length,
        max_close_ms: Math.max(...attack.closures),
        header_timeout_ms: HEADERS_TIMEOUT_MS,
        slow_answered_2xx: attack.gotAnswer,
        requests: calm.length + stormy.length,
        '5xx': [...calm, ...stormy].filter((s) => s.status >= 500 || s.status === 0).length,
        p50_calm_ms: p50(calm),
        p50_attack_ms: p50(stormy),
        p50_ratio: Math.round((p50(stormy) / Math.max(1, p50(calm))) * 100) / 100,
        p99_calm_ms: p99(calm),
        p99_attack_ms: p99(stormy),
      };
      expect(openDuring).toBeGreaterThan(ATTACKERS * 0.9);
      expect(attack.closures.length).toBeGreaterThanOrEqual(ATTACKERS);
      expect(figures.max_close_ms).toBeLessThanOrEqual(CLOSE_BOUND_MS);
      expect(attack.gotAnswer).toBe(0);
      expect(figures['5xx']).toBe(0);
      expect([...calm, ...stormy].every((s) => s.status === 200)).toBe(true);
      expect(figures.p50_ratio).toBeLessThan(3);
      passed = true;
    } finally {
      await srv.stop();
      srv.cleanup();
      recordFigures({ check: 'slow-clients', passed, figures });
    }
  });
});
