/**
 * Server configuration from flags and environment variables. Bad configuration throws ConfigError with a
 * one-line reason, and main.ts stops the start with it.
 */
import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import { parseTrustProxy, type TrustedProxies } from './auth/client-ip.ts';
import type { Environment } from './domain.ts';

export class ConfigError extends Error {}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  trustProxy: TrustedProxies;
  logLevel: string;
  demo: boolean;
  demoKeysFile: string | undefined;
  validateResponses: boolean;
  /** Embedded store: the exact read cache (store/read-cache.ts); `STORE_READ_CACHE=false` turns it off. */
  readCache: boolean;
  production: boolean;
  /** Requests per second per API key in each environment (DEFAULT_RATE_LIMIT unless RATE_LIMIT_RPS); null = off (`RATE_LIMIT_RPS=0`). */
  rateLimit: RateLimitPolicy | null;
  /** `redis://…`: rate-limit counts shared by every instance; unset = counts in this process's memory. */
  redisUrl: string | undefined;
  /** Timeouts against slow clients (see RELIABILITY.md). */
  timeouts: HttpTimeouts;
  /**
   * The biller of production (`BILLER`): the simulator, or none (production purchases and verifications then answer
   * 503 BILLER_UNAVAILABLE). Sandbox always uses the simulator.
   */
  biller: 'simulated' | null;
  /** The settlement worker (server/biller/settlement.ts); off = this instance settles nothing (tests). */
  settlement: { enabled: boolean; intervalMs: number };
  webhooks: WebhookConfig;
  /** RUNTIME_STATS_INTERVAL_MS: a `runtime stats` log line this often (server/runtime-stats.ts); 0 = off. */
  runtimeStatsMs: number;
}

/** Webhook delivery (server/webhooks/). */
export interface WebhookConfig {
  /** The delivery worker (WEBHOOK_WORKER); off = this instance delivers nothing (events still queue). */
  worker: boolean;
  intervalMs: number;
  /** WEBHOOK_SIGNING_KEY (base64, ≥ 32 bytes, the same on every instance); unset: the embedded store keeps its own. */
  signingKey: string | undefined;
  /** WEBHOOKS_ALLOW_PRIVATE: sandbox endpoints may be http and private / loopback addresses (demo and tests). */
  allowPrivate: boolean;
  /** WEBHOOK_RETRY_SCALE (0 < s <= 1): compresses the retry schedule and the failing window (sandbox tests). */
  retryScale: number;
  /** WEBHOOK_LEASE_MS: how long a claimed delivery is another worker's to leave alone (above the 15 s send timeout). */
  leaseMs: number;
}

export type RateLimitPolicy = Record<Environment, number>;

export interface HttpTimeouts {
  /** Complete request headers must arrive within this time (slowloris): Node answers 408 and closes. */
  headersMs: number;
  /** The whole request must arrive within this time. */
  requestMs: number;
  /** An idle keep-alive connection is closed after this time. */
  keepAliveMs: number;
  /** After SIGTERM / SIGINT, in-flight requests get this long before their connections are cut (server.ts drain). */
  shutdownMs: number;
}

/** The documented defaults: 100 requests per second per key on production, 25 on sandbox. */
export const DEFAULT_RATE_LIMIT: RateLimitPolicy = Object.freeze({ production: 100, sandbox: 25 });

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function bool(name: string, v: string | undefined): boolean | undefined {
  if (v === undefined || v === '') return undefined;
  if (/^(1|true|yes|on)$/i.test(v)) return true;
  if (/^(0|false|no|off)$/i.test(v)) return false;
  throw new ConfigError(`${name} must be true or false, got '${v}'`);
}

export function parseConfig(argv: string[], env: NodeJS.ProcessEnv): Config {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowNegative: true,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        'data-dir': { type: 'string' },
        demo: { type: 'boolean' },
        'demo-keys': { type: 'string' },
        'validate-responses': { type: 'boolean' },
        settlement: { type: 'boolean' },
      },
    }));
  } catch (e) {
    throw new ConfigError((e as Error).message.split('\n')[0]!);
  }
  const production = env.NODE_ENV === 'production';

  const portText = values.port ?? env.PORT ?? '8080';
  if (!/^\d+$/.test(portText) || Number(portText) > 65535)
    throw new ConfigError(`port must be an integer 0..65535 (0 = any free port), got '${portText}'`);

  const host = values.host ?? env.HOST ?? '127.0.0.1';
  if (!host.trim()) throw new ConfigError('host must not be empty');

  const logLevel = (env.LOG_LEVEL ?? 'info').toLowerCase();
  if (!LOG_LEVELS.includes(logLevel))
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got '${env.LOG_LEVEL}'`);

  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl))
    throw new ConfigError('DATABASE_URL must be a postgres:// or postgresql:// URL');

  let trustProxy: TrustedProxies;
  try {
    trustProxy = parseTrustProxy(env.TRUST_PROXY);
  } catch (e) {
    throw new ConfigError(`TRUST_PROXY: ${(e as Error).message}`);
  }

  const validateResponses =
    values['validate-responses'] ?? bool('VALIDATE_RESPONSES', env.VALIDATE_RESPONSES) ?? !production;

  let rateLimit: RateLimitPolicy | null = DEFAULT_RATE_LIMIT;
  if (env.RATE_LIMIT_RPS !== undefined && env.RATE_LIMIT_RPS !== '') {
    const rps = int('RATE_LIMIT_RPS', env.RATE_LIMIT_RPS, 0, 1_000_000, 'requests per second per key (0 = off)');
    rateLimit = rps === 0 ? null : { production: rps, sandbox: rps };
  }
  const redisUrl = env.REDIS_URL || undefined;
  if (redisUrl && !/^rediss?:\/\/[^\s]+$/.test(redisUrl))
    throw new ConfigError('REDIS_URL must be a redis:// or rediss:// URL');

  const timeouts: HttpTimeouts = {
    headersMs: int('HEADERS_TIMEOUT_MS', env.HEADERS_TIMEOUT_MS ?? '10000', 100, 600_000, 'milliseconds'),
    requestMs: int('REQUEST_TIMEOUT_MS', env.REQUEST_TIMEOUT_MS ?? '30000', 100, 3_600_000, 'milliseconds'),
    keepAliveMs: int('KEEP_ALIVE_TIMEOUT_MS', env.KEEP_ALIVE_TIMEOUT_MS ?? '5000', 100, 600_000, 'milliseconds'),
    shutdownMs: int('SHUTDOWN_TIMEOUT_MS', env.SHUTDOWN_TIMEOUT_MS ?? '10000', 1_000, 3_600_000, 'milliseconds'),
  };
  if (timeouts.headersMs > timeouts.requestMs) {
    throw new ConfigError(
      `HEADERS_TIMEOUT_MS (${timeouts.headersMs}) must not exceed REQUEST_TIMEOUT_MS (${timeouts.requestMs})`,
    );
  }

  const demo = values.demo ?? !production;
  // The demo (npm start) and the test servers buy from the simulator in production too; a real deployment has no
  // biller unless it asks for the simulator, and `none` takes it away from a demo (to reach BILLER_UNAVAILABLE).
  const billerText = (env.BILLER ?? '').toLowerCase();
  if (!['', 'simulated', 'none'].includes(billerText))
    throw new ConfigError(`BILLER must be simulated or none, got '${env.BILLER}'`);
  const biller = billerText === 'simulated' || (billerText === '' && demo) ? 'simulated' : null;
  const settlement = {
    enabled: values.settlement ?? bool('SETTLEMENT', env.SETTLEMENT) ?? true,
    intervalMs: int('SETTLEMENT_INTERVAL_MS', env.SETTLEMENT_INTERVAL_MS ?? '1000', 10, 3_600_000, 'milliseconds'),
  };

  const retryScale = Number(env.WEBHOOK_RETRY_SCALE ?? '1');
  if (!(retryScale > 0 && retryScale <= 1))
    throw new ConfigError(
      `WEBHOOK_RETRY_SCALE must be a number above 0 and at most 1, got '${env.WEBHOOK_RETRY_SCALE}'`,
    );
  const webhooks: WebhookConfig = {
    worker: bool('WEBHOOK_WORKER', env.WEBHOOK_WORKER) ?? true,
    intervalMs: int('WEBHOOK_INTERVAL_MS', env.WEBHOOK_INTERVAL_MS ?? '500', 10, 3_600_000, 'milliseconds'),
    signingKey: env.WEBHOOK_SIGNING_KEY || undefined,
    allowPrivate: bool('WEBHOOKS_ALLOW_PRIVATE', env.WEBHOOKS_ALLOW_PRIVATE) ?? demo,
    retryScale,
    leaseMs: int('WEBHOOK_LEASE_MS', env.WEBHOOK_LEASE_MS ?? '60000', 1000, 3_600_000, 'milliseconds'),
  };

  return {
    port: Number(portText),
    host,
    dataDir: resolve(values['data-dir'] ?? env.DATA_DIR ?? '.data'),
    databaseUrl,
    trustProxy,
    logLevel,
    demo,
    demoKeysFile: values['demo-keys'] ? resolve(values['demo-keys']) : undefined,
    validateResponses,
    readCache: bool('STORE_READ_CACHE', env.STORE_READ_CACHE) ?? true,
    production,
    rateLimit,
    redisUrl,
    timeouts,
    biller,
    settlement,
    webhooks,
    runtimeStatsMs: int(
      'RUNTIME_STATS_INTERVAL_MS',
      env.RUNTIME_STATS_INTERVAL_MS ?? '0',
      0,
      3_600_000,
      'milliseconds',
    ),
  };
}

function int(name: string, text: string, min: number, max: number, unit: string): number {
  const n = Number(text);
  if (!/^\d+$/.test(text) || n < min || n > max)
    throw new ConfigError(`${name} must be a whole number ${min}..${max} (${unit}), got '${text}'`);
  return n;
}
