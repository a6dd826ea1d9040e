/** The reference server started in-process with demo data in a temporary directory, and its demo keys. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { parseConfig } from '../../../server/config.ts';
import { startServer, type DemoKeys } from '../../../server/server.ts';
import type { RunOptions } from '../../../conformance/runner.ts';
import type { Environment } from '../../../conformance/model.ts';

export interface Reference {
  url: string;
  keys: DemoKeys;
  close(): Promise<void>;
}

/** `env` adds variables of the server's configuration (e.g. VALIDATE_RESPONSES). */
export async function startReference(env: Record<string, string> = {}): Promise<Reference> {
  const dataDir = mkdtempSync(join(tmpdir(), 'conformance-ref-'));
  const config = parseConfig(['--port', '0', '--data-dir', dataDir], { LOG_LEVEL: 'silent', RATE_LIMIT_RPS: '0', ...env }); // no rate limit: the suite replays 8 cases at a time on one key
  const running = await startServer(config, pino({ level: 'silent' }));
  if (!running.demoKeys) throw new Error('the reference server started without demo keys');
  return {
    url: running.url,
    keys: running.demoKeys,
    async close() {
      await running.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Options for a full run of `env` against `origin` (the server itself or a proxy in front of it). */
export function optionsFor(ref: Reference, env: Environment, origin = ref.url): RunOptions {
  const other: Environment = env === 'sandbox' ? 'production' : 'sandbox';
  const rebase = (u: string) => origin + new URL(u).pathname;
  return {
    env,
    baseUrl: rebase(ref.keys[env].base_url),
    keys: ref.keys[env].keys,
    other: { baseUrl: rebase(ref.keys[other].base_url), full: ref.keys[other].keys.full },
    rate: 0,
    concurrency: 8,
    log: () => {},
  };
}
