/** Starts the reference server in-process with demo data on a fresh embedded store, for integration tests. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino, type Logger } from 'pino';
import { parseConfig } from '../../server/config.ts';
import { startServer, type RunningServer } from '../../server/server.ts';

export interface TestServer extends RunningServer {
  dataDir: string;
  stop(): Promise<void>;
}

export async function startTestServer(args: string[] = [], env: Record<string, string> = {}, logger?: Logger): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'partner-api-'));
  const config = parseConfig(['--port', '0', '--data-dir', dataDir, '--demo', ...args], { LOG_LEVEL: 'silent', ...env });
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
