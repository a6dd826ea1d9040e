/**
 * Command line and environment variables → RunOptions. Flags win over variables; the keys file (a flag) wins over
 * CONFORMANCE_KEY_* variables. Bad usage throws UsageError with a one-line reason (exit 2).
 */
import { parseArgs } from 'node:util';
import { checkPrefixes, keysFromEnv, readKeysFile, UsageError, type KeysFile } from './keys.ts';
import { ENVIRONMENTS, otherEnvironment, type Environment, type Profile } from './model.ts';
import type { RunOptions } from './runner.ts';

export { UsageError };

export const USAGE =
  'usage: npm run conformance -- --keys FILE --env sandbox|production [--base-url URL] [--report DIR] [--rate N] ' +
  '[--profile full|contract] [--min-coverage P] [--timeout MS] [--read-only] [--webhook-url URL [--webhook-port N]]';

function number(name: string, text: string | undefined, min: number, max: number, integer = false): number | undefined {
  if (text === undefined || text === '') return undefined;
  const n = Number(text);
  if (!Number.isFinite(n) || n < min || n > max || (integer && !Number.isInteger(n))) {
    throw new UsageError(`${name} must be ${integer ? 'an integer' : 'a number'} from ${min} to ${max}, got '${text}'`);
  }
  return n;
}

function url(name: string, text: string | undefined): string | undefined {
  if (!text) return undefined;
  try {
    const u = new URL(text);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error();
  } catch {
    throw new UsageError(`${name} must be an http(s) URL, got '${text}'`);
  }
  return text.replace(/\/+$/, '');
}

export function parseOptions(argv: string[], env: NodeJS.ProcessEnv): RunOptions {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        keys: { type: 'string' }, env: { type: 'string' }, 'base-url': { type: 'string' }, report: { type: 'string' },
        rate: { type: 'string' }, profile: { type: 'string' }, 'min-coverage': { type: 'string' }, timeout: { type: 'string' },
        'read-only': { type: 'boolean' }, 'webhook-url': { type: 'string' }, 'webhook-port': { type: 'string' },
      },
    }));
  } catch (e) {
    throw new UsageError((e as Error).message.split('\n')[0]!);
  }
  const envName = values.env ?? env.CONFORMANCE_ENV;
  if (!envName) throw new UsageError('--env sandbox|production is required (or CONFORMANCE_ENV)');
  if (!(ENVIRONMENTS as readonly string[]).includes(envName)) throw new UsageError(`--env must be sandbox or production, got '${envName}'`);
  const target = envName as Environment;
  const other = otherEnvironment(target);
  const profile = values.profile ?? env.CONFORMANCE_PROFILE ?? 'full';
  if (profile !== 'full' && profile !== 'contract') throw new UsageError(`--profile must be full or contract, got '${profile}'`);

  const file: KeysFile = values.keys ? readKeysFile(values.keys) : {};
  if (values.keys && !file[target]) throw new UsageError(`the keys file ${values.keys} has no "${target}" entry`);
  const keys = { ...keysFromEnv(env), ...file[target]?.keys };
  checkPrefixes(keys, target, values.keys ? `keys file / CONFORMANCE_KEY_*` : 'CONFORMANCE_KEY_*');
  const baseUrl = url('--base-url', values['base-url']) ?? url('CONFORMANCE_BASE_URL', env.CONFORMANCE_BASE_URL) ?? url(`the keys file's ${target}.base_url`, file[target]?.base_url);
  if (!baseUrl) throw new UsageError(`no base URL: give --base-url, CONFORMANCE_BASE_URL or a keys file with ${target}.base_url`);

  const otherFull = file[other]?.keys.full ?? env.CONFORMANCE_OTHER_KEY_FULL;
  if (otherFull) checkPrefixes({ full: otherFull }, other, `the ${other} key`);
  const otherUrl = url(`the keys file's ${other}.base_url`, file[other]?.base_url) ?? url('CONFORMANCE_OTHER_BASE_URL', env.CONFORMANCE_OTHER_BASE_URL);

  const rate = number('--rate', values.rate ?? env.CONFORMANCE_RATE, 0, 10_000);
  const minCoverage = number('--min-coverage', values['min-coverage'] ?? env.CONFORMANCE_MIN_COVERAGE, 0, 100);
  const timeoutMs = number('--timeout', values.timeout, 1, 600_000, true);
  const reportDir = values.report ?? env.CONFORMANCE_REPORT;
  const readOnly = values['read-only'] === true || flag('CONFORMANCE_READ_ONLY', env.CONFORMANCE_READ_ONLY);
  const webhook = webhookReceiver(values['webhook-url'] ?? env.CONFORMANCE_WEBHOOK_URL, values['webhook-port'] ?? env.CONFORMANCE_WEBHOOK_PORT);
  return {
    env: target,
    baseUrl,
    keys,
    other: { ...(otherUrl ? { baseUrl: otherUrl } : {}), ...(otherFull ? { full: otherFull } : {}) },
    profile: profile as Profile,
    ...(rate !== undefined ? { rate } : {}),
    ...(minCoverage !== undefined ? { minCoverage } : {}),
    ...(timeoutMs !== undefined ? { timeoutMs } : {}),
    ...(reportDir ? { reportDir } : {}),
    ...(readOnly ? { readOnly } : {}),
    ...(webhook ? { webhook } : {}),
  };
}

/**
 * `--webhook-url URL [--webhook-port N]`: a remote target delivers the run's webhooks to URL (a public address that
 * forwards to this machine), and the receiver listens on port N of every interface (default: URL's port).
 */
function webhookReceiver(text: string | undefined, portText: string | undefined): { url: string; port: number } | undefined {
  if (portText !== undefined && !text) throw new UsageError('--webhook-port needs --webhook-url (the public URL that reaches that port)');
  const u = url('--webhook-url', text);
  if (!u) return undefined;
  const parsed = new URL(u);
  const port = number('--webhook-port', portText, 1, 65_535, true) ?? (parsed.port ? Number(parsed.port) : undefined);
  if (port === undefined) throw new UsageError('--webhook-url has no port: give --webhook-port N, the port the receiver listens on');
  return { url: u, port };
}

/** A boolean variable: `1` / `true` / `0` / `false` / unset (anything else is a usage error, not a silent "no"). */
function flag(name: string, text: string | undefined): boolean {
  if (text === undefined || text === '' || text === '0' || text.toLowerCase() === 'false') return false;
  if (text === '1' || text.toLowerCase() === 'true') return true;
  throw new UsageError(`${name} must be 1 or 0 (true or false), got '${text}'`);
}
