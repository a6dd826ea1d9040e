/**
 * startServer: open the store, load the catalogue (and the demo data and keys in demo mode), listen, and return a
 * handle whose close() shuts down gracefully: stop accepting, let in-flight requests finish, close the store.
 */
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { pino, type Logger } from 'pino';
import { createApp } from './app.ts';
import type { Config } from './config.ts';
import { BASE_PATH, ENVIRONMENTS, type Environment } from './domain.ts';
import { ensureDemoKeys, type DemoKeyRole } from './demo/keys.ts';
import { ensureCatalogue, loadDemo } from './demo/seed.ts';
import { writeDemoKeysFile } from './demo/demo-keys-file.ts';
import { openStore } from './store/open.ts';
import type { Store } from './store/types.ts';

export const PROJECT_ROOT = new URL('..', import.meta.url).pathname;
export const BUNDLE_FILE = `${PROJECT_ROOT}generated/openapi.json`;
export const DOCS_FILE = `${PROJECT_ROOT}dist/docs/index.html`;
/** Seed of the demo data: the same seed gives the same accounts, transactions and ids on every machine. */
export const DEMO_SEED = 20261123;

export type DemoKeys = Record<Environment, { base_url: string; keys: Record<DemoKeyRole, string> }>;

export interface RunningServer {
  url: string;
  server: Server;
  store: Store;
  logger: Logger;
  demoKeys: DemoKeys | null;
  close(): Promise<void>;
}

export async function startServer(config: Config, logger: Logger = pino({ level: config.logLevel })): Promise<RunningServer> {
  const bundle = JSON.parse(readFileSync(BUNDLE_FILE, 'utf8')) as Record<string, unknown>;
  const store = await openStore({
    ...(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir }),
    log: (msg, err) => logger.warn({ err }, msg),
  });
  try {
    await ensureCatalogue(store);
    const accounts = config.demo ? (await loadDemo(store, { now: new Date(), seed: DEMO_SEED })).accounts : null;

    const draining = { on: false };
    const app = createApp({
      store, logger, bundle, trustProxy: config.trustProxy, validateResponses: config.validateResponses, docsFile: DOCS_FILE,
      isDraining: () => draining.on,
    });
    const server = await new Promise<Server>((resolve, reject) => {
      const s = app.listen(config.port, config.host, (err?: Error) => (err ? reject(err) : resolve(s)));
      s.once('error', reject);
    });
    const url = originOf(server.address() as AddressInfo);

    let demoKeys: DemoKeys | null = null;
    if (accounts) {
      const entries = await Promise.all(
        ENVIRONMENTS.map(async (env) => [env, { base_url: url + BASE_PATH[env], keys: await ensureDemoKeys(store, env, accounts[env].id) }] as const),
      );
      demoKeys = Object.fromEntries(entries) as DemoKeys;
      if (config.demoKeysFile) writeDemoKeysFile(config.demoKeysFile, demoKeys);
    }

    let closing: Promise<void> | null = null;
    const close = () =>
      (closing ??= (async () => {
        draining.on = true;
        await drain(server);
        await store.close();
      })());
    return { url, server, store, logger, demoKeys, close };
  } catch (e) {
    await store.close().catch(() => undefined);
    throw e;
  }
}

/** How long a stopping server still accepts connections: see drain(). */
export const ACCEPT_GRACE_MS = 300;

/**
 * Graceful stop. Connections the kernel has already accepted for us may still sit in the listen backlog (and
 * requests unread in socket buffers) while the event loop is busy: closing the listener at once would reset them,
 * failing requests that were sent before the signal. So for ACCEPT_GRACE_MS the server keeps accepting while every
 * response carries `Connection: close`; then it closes the listener (new connections are refused), closes idle
 * keep-alive connections every 250 ms until none is left, and cuts everything after 10 s.
 */
function drain(server: Server): Promise<void> {
  return new Promise((resolve) => {
    setTimeout(() => {
      const idle = setInterval(() => server.closeIdleConnections(), 250);
      const hard = setTimeout(() => server.closeAllConnections(), 10_000);
      net.Server.prototype.close.call(server, () => {
        clearInterval(idle);
        clearTimeout(hard);
        resolve();
      });
    }, ACCEPT_GRACE_MS);
  });
}

function originOf(a: AddressInfo): string {
  const host = a.family === 'IPv6' ? `[${a.address}]` : a.address;
  return `http://${host}:${a.port}`;
}
