/**
 * Server configuration from flags and environment variables. Bad configuration throws ConfigError with a
 * one-line reason, and main.ts stops the start with it.
 */
import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import { parseTrustProxy, type TrustedProxies } from './auth/client-ip.ts';

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
  production: boolean;
}

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
      },
    }));
  } catch (e) {
    throw new ConfigError((e as Error).message.split('\n')[0]!);
  }
  const production = env.NODE_ENV === 'production';

  const portText = values.port ?? env.PORT ?? '8080';
  if (!/^\d+$/.test(portText) || Number(portText) > 65535) throw new ConfigError(`port must be an integer 0..65535 (0 = any free port), got '${portText}'`);

  const host = values.host ?? env.HOST ?? '127.0.0.1';
  if (!host.trim()) throw new ConfigError('host must not be empty');

  const logLevel = (env.LOG_LEVEL ?? 'info').toLowerCase();
  if (!LOG_LEVELS.includes(logLevel)) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got '${env.LOG_LEVEL}'`);

  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) throw new ConfigError('DATABASE_URL must be a postgres:// or postgresql:// URL');

  let trustProxy: TrustedProxies;
  try {
    trustProxy = parseTrustProxy(env.TRUST_PROXY);
  } catch (e) {
    throw new ConfigError(`TRUST_PROXY: ${(e as Error).message}`);
  }

  const validateResponses = values['validate-responses'] ?? bool('VALIDATE_RESPONSES', env.VALIDATE_RESPONSES) ?? !production;

  return {
    port: Number(portText),
    host,
    dataDir: resolve(values['data-dir'] ?? env.DATA_DIR ?? '.data'),
    databaseUrl,
    trustProxy,
    logLevel,
    demo: values.demo ?? !production,
    demoKeysFile: values['demo-keys'] ? resolve(values['demo-keys']) : undefined,
    validateResponses,
    production,
  };
}
