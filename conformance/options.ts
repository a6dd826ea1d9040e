/**
 * Command line and environment variables → RunOptions. Flags win over variables; the keys file (a flag) wins over
 * CONFORMANCE_KEY_* variables. Bad usage throws UsageError with a one-line reason (exit 2).
 */
import { parseArgs } from 'node:util';
import { checkPrefixes, keysFromEnv, readKeysFile, UsageError, type KeysFile } from './keys.ts';
import { ENVIRONMENTS, otherEnvironment, ROLES, type Environment, type Profile } from './model.ts';
import type { RunOptions } from './runner.ts';

export { UsageError };

export const USAGE =
  'usage: npm run conformance -- --keys FILE --env sandbox|production [--base-url URL] [--report DIR] [--rate N] ' +
  '[--profile full|contract] [--min-coverage P] [--timeout MS] [--read-only] [--webhook-url URL [--webhook-port N]]';

/** What the parser accepts (parseArgs' options): HELP describes each one, which test/conformance/help.test.ts checks. */
export const OPTIONS = {
  keys: { type: 'string' },
  env: { type: 'string' },
  'base-url': { type: 'string' },
  report: { type: 'string' },
  rate: { type: 'string' },
  profile: { type: 'string' },
  'min-coverage': { type: 'string' },
  timeout: { type: 'string' },
  'read-only': { type: 'boolean' },
  'webhook-url': { type: 'string' },
  'webhook-port': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

const ROLE_VARIABLES = ROLES.map((r) => `CONFORMANCE_KEY_${r.toUpperCase()}`);

/** `npm run conformance -- --help`: every option, its variable and default, the exit codes and examples. */
export const HELP = [
  USAGE,
  '',
  'Runs the conformance suite of the Bill-Payment Partner API against a running server: every operation, its auth',
  'matrix, validation, pagination, purchases and webhooks, checked against the contract. Flags win over variables.',
  '',
  'options:',
  "  --keys FILE             keys file written by the server's --demo-keys FILE:",
  '                          { "sandbox": { "base_url", "keys": { "full", … } }, "production": … }',
  '  --env sandbox|production',
  '                          the environment under test (required; CONFORMANCE_ENV)',
  "  --base-url URL          the base URL of that environment, up to /v1; overrides the keys file's (CONFORMANCE_BASE_URL)",
  '  --report DIR            write junit.xml, summary.md and results.json to DIR (CONFORMANCE_REPORT)',
  '  --rate N                requests per second, all keys together; 0 = no cap (CONFORMANCE_RATE; default 50, no cap',
  '                          for a loopback target); the budgets the target announces in RateLimit-Policy are kept anyway',
  '  --profile full|contract full: every case, writes included; contract: one documented answer per operation',
  '                          (CONFORMANCE_PROFILE; default full)',
  '  --min-coverage P        fail below P percent coverage (CONFORMANCE_MIN_COVERAGE; default 100)',
  '  --timeout MS            per request, in milliseconds (default 10000)',
  '  --read-only             skip every write case (CONFORMANCE_READ_ONLY=1); required for a target that is not a sandbox:',
  '                          a run that would write elsewhere is refused (exit 2) before its first request',
  "  --webhook-url URL       for a target not on this machine: a public URL that reaches this machine's webhook receiver",
  "                          (CONFORMANCE_WEBHOOK_URL); without it a remote target's webhook cases are skipped",
  '  --webhook-port N        the port the receiver listens on, on every interface (CONFORMANCE_WEBHOOK_PORT; default the',
  '                          port of --webhook-url)',
  '  -h, --help              print this help',
  '',
  'keys without a keys file (the file wins), one variable per role:',
  ...ROLE_VARIABLES.map((v) => `  ${v}`),
  '  CONFORMANCE_OTHER_BASE_URL, CONFORMANCE_OTHER_KEY_FULL: the other environment (ENVIRONMENT_MISMATCH, isolation)',
  'A role without a key skips its cases (and a full-profile run then falls short of 100 percent coverage).',
  '',
  'exit status: 0 every executed case passed and coverage is at least the minimum; 1 a case failed or coverage is',
  'below it; 2 bad usage, or a run that would write to something that is not a sandbox (nothing was sent).',
  '',
  'examples:',
  '  # a local reference server with demo keys (node --import tsx server/main.ts --demo-keys /tmp/keys.json):',
  '  npm run conformance -- --keys /tmp/keys.json --env sandbox --report /tmp/conformance',
  '  # a staging deployment: its sandbox with writes, webhooks delivered through a public URL to port 8787 here',
  '  npm run conformance -- --keys staging-keys.json --env sandbox --base-url https://staging.api.billpay.ng/api/partners/sandbox/v1 --webhook-url https://hooks.ci.billpay.ng/conformance --webhook-port 8787 --report reports/staging',
  "  # staging's production environment: never written to",
  '  npm run conformance -- --keys staging-keys.json --env production --base-url https://staging.api.billpay.ng/api/partners/v1 --read-only',
  '',
  'More: conformance/README.md.',
].join('\n');

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
      options: OPTIONS,
    }));
  } catch (e) {
    throw new UsageError((e as Error).message.split('\n')[0]!);
  }
  const envName = values.env ?? env.CONFORMANCE_ENV;
  if (!envName) throw new UsageError('--env sandbox|production is required (or CONFORMANCE_ENV)');
  if (!(ENVIRONMENTS as readonly string[]).includes(envName))
    throw new UsageError(`--env must be sandbox or production, got '${envName}'`);
  const target = envName as Environment;
  const other = otherEnvironment(target);
  const profile = values.profile ?? env.CONFORMANCE_PROFILE ?? 'full';
  if (profile !== 'full' && profile !== 'contract')
    throw new UsageError(`--profile must be full or contract, got '${profile}'`);

  const file: KeysFile = values.keys ? readKeysFile(values.keys) : {};
  if (values.keys && !file[target]) throw new UsageError(`the keys file ${values.keys} has no "${target}" entry`);
  const keys = { ...keysFromEnv(env), ...file[target]?.keys };
  checkPrefixes(keys, target, values.keys ? `keys file / CONFORMANCE_KEY_*` : 'CONFORMANCE_KEY_*');
  const baseUrl =
    url('--base-url', values['base-url']) ??
    url('CONFORMANCE_BASE_URL', env.CONFORMANCE_BASE_URL) ??
    url(`the keys file's ${target}.base_url`, file[target]?.base_url);
  if (!baseUrl)
    throw new UsageError(`no base URL: give --base-url, CONFORMANCE_BASE_URL or a keys file with ${target}.base_url`);

  const otherFull = file[other]?.keys.full ?? env.CONFORMANCE_OTHER_KEY_FULL;
  if (otherFull) checkPrefixes({ full: otherFull }, other, `the ${other} key`);
  const otherUrl =
    url(`the keys file's ${other}.base_url`, file[other]?.base_url) ??
    url('CONFORMANCE_OTHER_BASE_URL', env.CONFORMANCE_OTHER_BASE_URL);

  const rate = number('--rate', values.rate ?? env.CONFORMANCE_RATE, 0, 10_000);
  const minCoverage = number('--min-coverage', values['min-coverage'] ?? env.CONFORMANCE_MIN_COVERAGE, 0, 100);
  const timeoutMs = number('--timeout', values.timeout, 1, 600_000, true);
  const reportDir = values.report ?? env.CONFORMANCE_REPORT;
  const readOnly = values['read-only'] === true || flag('CONFORMANCE_READ_ONLY', env.CONFORMANCE_READ_ONLY);
  const webhook = webhookReceiver(
    values['webhook-url'] ?? env.CONFORMANCE_WEBHOOK_URL,
    values['webhook-port'] ?? env.CONFORMANCE_WEBHOOK_PORT,
  );
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
function webhookReceiver(
  text: string | undefined,
  portText: string | undefined,
): { url: string; port: number } | undefined {
  if (portText !== undefined && !text)
    throw new UsageError('--webhook-port needs --webhook-url (the public URL that reaches that port)');
  const u = url('--webhook-url', text);
  if (!u) return undefined;
  const parsed = new URL(u);
  const port = number('--webhook-port', portText, 1, 65_535, true) ?? (parsed.port ? Number(parsed.port) : undefined);
  if (port === undefined)
    throw new UsageError('--webhook-url has no port: give --webhook-port N, the port the receiver listens on');
  return { url: u, port };
}

/** A boolean variable: `1` / `true` / `0` / `false` / unset (anything else is a usage error, not a silent "no"). */
function flag(name: string, text: string | undefined): boolean {
  if (text === undefined || text === '' || text === '0' || text.toLowerCase() === 'false') return false;
  if (text === '1' || text.toLowerCase() === 'true') return true;
  throw new UsageError(`${name} must be 1 or 0 (true or false), got '${text}'`);
}
