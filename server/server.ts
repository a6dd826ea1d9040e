/**
 * startServer: open the store, open the admin socket in the data directory (the console's way in while this process
 * holds the store: server/admin/), load the catalogue (and the demo data and keys in demo mode), listen, and return
 * a handle whose close() shuts down gracefully: stop accepting, let in-flight requests and console commands finish,
 * close the store.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { pino, type Logger } from 'pino';
import { createApp } from './app.ts';
import { SettlementWorker } from './biller/settlement.ts';
import type { PurchaseSnapshot } from './biller/settlement-decision.ts';
import { SimulatedBiller } from './biller/simulator.ts';
import type { Billers } from './biller/types.ts';
import { assertHandlersReadTheirQuery } from './contract/handler-reads.ts';
import { handlers } from './handlers/index.ts';
import { purchaseResponse } from './handlers/purchase-flow.ts';
import type { Config } from './config.ts';
import { BASE_PATH, ENVIRONMENTS, type Environment } from './domain.ts';
import { WEBHOOKS_NOT_CONFIGURED_MESSAGE } from './errors.ts';
import { ensureDemoKeys, type DemoKeyRole } from './demo/keys.ts';
import { ensureCatalogue, loadDemo, seedingAlone } from './demo/seed.ts';
import { writeDemoKeysFile } from './demo/demo-keys-file.ts';
import { onClientError } from './http/client-errors.ts';
import { trackConnections, type Connections } from './http/connections.ts';
import { memoryBackend, redisBackend, type RateLimitBackend } from './http/rate-limit-store.ts';
import { MAX_HEADER_BYTES } from './http/request-limits.ts';
import { openStore } from './store/open.ts';
import { listenAdminSocket, type AdminSocket } from './admin/socket.ts';
import { executeRequest } from './console/execute.ts';
import { webhookRuntime } from './webhooks/runtime.ts';
import { sendWebhook } from './webhooks/send.ts';
import { WebhookWorker } from './webhooks/worker.ts';
import { startRuntimeStats } from './runtime-stats.ts';
import type { Store, TransactionRow } from './store/types.ts';

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
  /** The biller of each environment (sandbox: the simulator; production: the simulator only with BILLER=simulated). */
  billers: Billers;
  /** The settlement worker, or null (turned off, or a store without the settlement functions). */
  settlement: SettlementWorker | null;
  /** Path of the admin socket in the data directory, or null when the path is too long for a socket. */
  adminSocket: string | null;
  /** The webhook delivery worker, or null (turned off, or no signing key). */
  webhookWorker: WebhookWorker | null;
  close(): Promise<void>;
}

export async function startServer(
  config: Config,
  logger: Logger = pino({ level: config.logLevel }),
): Promise<RunningServer> {
  assertHandlersReadTheirQuery(handlers); // before the store opens (seconds): a build whose handlers miss a parameter stops at once
  const bundle = JSON.parse(readFileSync(BUNDLE_FILE, 'utf8')) as Record<string, unknown>;
  const store = await openStore({
    ...(config.databaseUrl
      ? { databaseUrl: config.databaseUrl }
      : { dataDir: config.dataDir, readCache: config.readCache }),
    log: (msg, err) => logger.warn({ err }, msg),
  });
  let rateLimitBackend: RateLimitBackend | null = null;
  let admin: AdminSocket | null = null;
  try {
    admin = await openAdminSocket(config.dataDir, store, logger.child({ component: 'admin' }));
    const webhooks = webhookRuntime(config);
    const accounts = await seedingAlone(store, async (seeding) => {
      await ensureCatalogue(seeding);
      return config.demo
        ? (await loadDemo(seeding, { now: new Date(), seed: DEMO_SEED, webhookSecrets: webhooks.secrets })).accounts
        : null;
    });

    if (config.rateLimit) {
      rateLimitBackend = config.redisUrl
        ? redisBackend(config.redisUrl, logger.child({ component: 'rate-limit' }))
        : memoryBackend();
    }
    const draining = { on: false };
    const simulator = new SimulatedBiller();
    const billers: Billers = { sandbox: simulator, production: config.biller === 'simulated' ? simulator : null };
    if (!webhooks.secrets)
      logger.warn(
        `webhooks: no WEBHOOK_SIGNING_KEY with PostgreSQL, so nothing is delivered and the webhook POSTs answer 501 WEBHOOKS_NOT_CONFIGURED: "${WEBHOOKS_NOT_CONFIGURED_MESSAGE}"`,
      );
    const app = createApp({
      handlers,
      billers,
      webhooks,
      store,
      logger,
      bundle,
      trustProxy: config.trustProxy,
      validateResponses: config.validateResponses,
      docsFile: DOCS_FILE,
      isDraining: () => draining.on,
      rateLimit:
        config.rateLimit && rateLimitBackend ? { policy: config.rateLimit, backend: rateLimitBackend } : undefined,
    });
    // Limits against slow and oversized requests (RELIABILITY.md): the timeouts are checked every second (Node's
    // default is every 30 s, which would let a slowloris connection live up to 30 s past its deadline).
    const server = createServer(
      {
        maxHeaderSize: MAX_HEADER_BYTES,
        requireHostHeader: false, // checked by http/request-limits.ts, which answers in the envelope
        headersTimeout: config.timeouts.headersMs,
        requestTimeout: config.timeouts.requestMs,
        keepAliveTimeout: config.timeouts.keepAliveMs,
        connectionsCheckingInterval: Math.min(1_000, Math.max(50, Math.floor(config.timeouts.headersMs / 4))),
      },
      app,
    );
    server.on('clientError', onClientError);
    const connections = trackConnections(server);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.port, config.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    const url = originOf(server.address() as AddressInfo);

    let demoKeys: DemoKeys | null = null;
    if (accounts) {
      const entries = await Promise.all(
        ENVIRONMENTS.map(
          async (env) =>
            [
              env,
              { base_url: url + BASE_PATH[env], keys: await ensureDemoKeys(store, env, accounts[env].id) },
            ] as const,
        ),
      );
      demoKeys = Object.fromEntries(entries) as DemoKeys;
      if (config.demoKeysFile) writeDemoKeysFile(config.demoKeysFile, demoKeys);
    }

    // Started last (nothing after it can fail), stopped before the store closes: a round in progress finishes.
    const settlement = config.settlement.enabled
      ? new SettlementWorker({
          store,
          billers,
          snapshot: purchaseSnapshot,
          intervalMs: config.settlement.intervalMs,
          logger: logger.child({ component: 'settlement' }),
        })
      : null;
    settlement?.start();
    const secrets = webhooks.secrets;
    const webhookWorker =
      config.webhooks.worker && secrets
        ? new WebhookWorker({
            store,
            secrets,
            intervalMs: config.webhooks.intervalMs,
            scale: config.webhooks.retryScale,
            apiVersion: (bundle as { info: { version: string } }).info.version,
            leaseMs: config.webhooks.leaseMs,
            send: (r) =>
              sendWebhook({ url: r.url, headers: r.headers, body: r.body, policy: webhooks.policy[r.environment] }),
            logger: logger.child({ component: 'webhooks' }),
          })
        : null;
    webhookWorker?.start();
    const stopStats = startRuntimeStats({
      intervalMs: config.runtimeStatsMs,
      store,
      logger: logger.child({ component: 'runtime' }),
    });

    let closing: Promise<void> | null = null;
    const close = () =>
      (closing ??= (async () => {
        draining.on = true;
        stopStats();
        await Promise.all([
          drain(server, connections, config.timeouts.shutdownMs),
          settlement?.stop(),
          webhookWorker?.stop(),
          admin?.close(),
        ]);
        await rateLimitBackend?.close();
        await store.close();
      })());
    return {
      url,
      server,
      store,
      logger,
      demoKeys,
      billers,
      settlement,
      webhookWorker,
      adminSocket: admin?.path ?? null,
      close,
    };
  } catch (e) {
    await admin?.close().catch(() => undefined);
    await rateLimitBackend?.close().catch(() => undefined);
    await store.close().catch(() => undefined);
    throw e;
  }
}

/**
 * The console's commands on this server's store, through the admin socket. The log line names the command and its
 * exit status only: never its arguments or its output, which holds the secret of `key create` / `key regenerate`.
 */
function openAdminSocket(dataDir: string, store: Store, logger: Logger): Promise<AdminSocket | null> {
  return listenAdminSocket(dataDir, {
    log: (msg, err) => logger.warn({ err }, msg),
    handle: async ({ argv }) => {
      const { command, code, lines } = await executeRequest(store, argv);
      logger.info({ command, code }, 'console command through the admin socket');
      return { code, lines };
    },
  });
}

/** The 201 of a purchase for an idempotency record the settlement worker completes: the handlers' own 201 bytes. */
function purchaseSnapshot(row: TransactionRow, environment: Environment): PurchaseSnapshot {
  const { body, location } = purchaseResponse(row, BASE_PATH[environment]);
  return { status: 201, body: JSON.stringify(body), location };
}

/** How long a stopping server still accepts connections: see drain(). */
export const ACCEPT_GRACE_MS = 300;

/**
 * Graceful stop. Connections the kernel has already accepted for us may still sit in the listen backlog (and
 * requests unread in socket buffers) while the event loop is busy: closing the listener at once would reset them,
 * failing requests that were sent before the signal. So for ACCEPT_GRACE_MS the server keeps accepting while every
 * response carries `Connection: close`; then it closes the listener (new connections are refused), closes idle
 * keep-alive connections (quiet for 1 s, see http/connections.ts) every 250 ms until none is left, and cuts
 * everything after `cutAfterMs` (SHUTDOWN_TIMEOUT_MS).
 */
function drain(server: Server, connections: Connections, cutAfterMs: number): Promise<void> {
  return new Promise((resolve) => {
    const stopAccepting = (fn: () => void) => setTimeout(() => untilNoneAccepted(connections, fn), ACCEPT_GRACE_MS);
    stopAccepting(() => {
      // Not server.closeIdleConnections(): it would reset a just-accepted connection whose request is still unread.
      const idle = setInterval(() => connections.closeIdle(), 250);
      const hard = setTimeout(() => server.closeAllConnections(), cutAfterMs);
      net.Server.prototype.close.call(server, () => {
        clearInterval(idle);
        clearTimeout(hard);
        resolve();
      });
    });
  });
}

/**
 * Runs `fn` once a turn of the event loop has passed without accepting a connection: each setImmediate callback runs
 * after a poll phase, which accepts what the kernel has queued. A loop that was busy when the grace ended may still
 * have a backlog of connections sent before the signal; closing the listener then would reset them.
 */
function untilNoneAccepted(connections: Connections, fn: () => void): void {
  let before = connections.accepted();
  const check = () => {
    const now = connections.accepted();
    if (now === before) return fn();
    before = now;
    setImmediate(check);
  };
  setImmediate(() => setImmediate(check));
}

function originOf(a: AddressInfo): string {
  const host = a.family === 'IPv6' ? `[${a.address}]` : a.address;
  return `http://${host}:${a.port}`;
}
