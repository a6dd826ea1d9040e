/**
 * A start is quiet: after the banner of server/main.ts (what `npm start` runs, here under tsx: the same code), the
 * demo data's pending purchases settle in one info line that lists them (server/biller/settlement.ts), not one line
 * each. Waits until the demo has no pending purchase left in either environment, then counts the info lines.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ENVIRONMENTS } from '../../server/domain.ts';
import { freePort, startUntilReady, type Started } from '../helpers/processes.ts';
import { projectRoot } from '../helpers/run.ts';

const dir = mkdtempSync(join(tmpdir(), 'start-log-'));
let server: Started | undefined;
afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** The JSON log lines of the output (the banner is plain text). */
const logLines = (out: string): Record<string, any>[] =>
  out
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, any>);

describe('the log of a start with demo data', () => {
  it(
    'settles the demo purchases in one info line after the banner, listing each of them',
    async () => {
      const port = await freePort();
      const keysFile = join(dir, 'keys.json');
      server = await startUntilReady(
        process.execPath,
        [
          '--import',
          'tsx',
          join(projectRoot, 'server/main.ts'),
          '--port',
          String(port),
          '--data-dir',
          join(dir, 'data'),
          '--demo-keys',
          keysFile,
        ],
        `http://127.0.0.1:${port}/api/partners/v1/health`,
        { env: { LOG_LEVEL: 'info', RATE_LIMIT_RPS: '0' }, timeoutMs: 90_000, ready: (r) => r.status === 200 },
      );
      await expect.poll(() => readFileSync(keysFile, 'utf8').length, { timeout: 30_000 }).toBeGreaterThan(0);
      const keys = JSON.parse(readFileSync(keysFile, 'utf8')) as Record<
        string,
        { base_url: string; keys: { full: string } }
      >;
      const pending = async () => {
        let n = 0;
        for (const env of ENVIRONMENTS) {
          const r = await fetch(
            `${keys[env]!.base_url}/account/transactions?category=purchase&status=pending&per_page=100`,
            {
              headers: { authorization: `Bearer ${keys[env]!.keys.full}` },
            },
          );
          expect(r.status).toBe(200);
          n += ((await r.json()) as { data: unknown[] }).data.length;
        }
        return n;
      };
      // The demo's pending purchases settle within a few seconds of the start (server/demo/purchases.ts).
      await expect.poll(pending, { timeout: 60_000, interval: 250 }).toBe(0);

      const info = logLines(server.output()).filter((l) => l.level === 30);
      const settlement = info.filter((l) => l.component === 'settlement');
      expect(settlement.map((l) => l.msg)).toEqual([
        expect.stringMatching(/^\d+ purchase\(s\) pending since before the start settled$/),
      ]);
      expect(settlement[0]!.transactions.length).toBe(settlement[0]!.settled);
      expect(settlement[0]!.settled).toBeGreaterThan(0);
      // Besides it, at most one other info line (the webhook worker's first purge of the demo's old events).
      expect(info.length, JSON.stringify(info.map((l) => l.msg))).toBeLessThanOrEqual(2);
    },
    // A budget for the work: a server start under tsx (PGlite, the demo data) and its first settlement rounds.
    150_000,
  );
});
