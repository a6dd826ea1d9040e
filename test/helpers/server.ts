/**
 * Starts the reference server in-process with demo data on a fresh embedded store, for integration tests (no rate
 * limits by default). The store's data directory starts as a copy of a migrated one, with the demo data already loaded
 * when the server loads it (prepared-store.ts): the server still runs its migrations and its demo start and finds
 * them done.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino, type Logger } from 'pino';
import { parseConfig } from '../../server/config.ts';
import { startServer, type RunningServer } from '../../server/server.ts';
import { prepareDataDir } from './prepared-store.ts';

export interface TestServer extends RunningServer {
  dataDir: string;
  stop(): Promise<void>;
}

export async function startTestServer(
  args: string[] = [],
  env: Record<string, string> = {},
  logger?: Logger,
): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'partner-api-'));
  // Rate limiting is off unless a test asks for it (RATE_LIMIT_RPS): tests send bursts from one address and key.
  const config = parseConfig(['--port', '0', '--data-dir', dataDir, '--demo', ...args], {
    LOG_LEVEL: 'silent',
    RATE_LIMIT_RPS: '0',
    ...env,
  });
  if (config.dataDir === dataDir) await prepareDataDir(config);
  const running = await startServer(config, logger ?? pino({ level: 'silent' }));
  return {
    ...running,
    dataDir,
    async stop() {
      await running.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
