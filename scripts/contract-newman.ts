/**
 * `npm run contract:newman -- --keys FILE [--base-url URL] [--env sandbox|production] [--rate-limit-headers …]`:
 * generates the Portman contract suite from the bundle (offline) and runs it with Newman against any target.
 * Exit 0: every assertion passed and every request ran its checks; 1: failures; 2: bad usage.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Environment } from '../server/domain.ts';
import { failureLines, generateCollection, runCollection, type NewmanResult, type Target } from './newman/run.ts';

const USAGE = `usage: npm run contract:newman -- --keys FILE [--base-url URL] [--env sandbox|production]
                                 [--rate-limit-headers required|optional]
  --keys FILE            demo keys file (npm start -- --demo-keys FILE): roles full, balance_only, products_only
                         of the environment, and the other environment's full key when present
  --base-url URL         base URL of the environment (default: the file's base_url for --env)
  --env ENV              default: sandbox when the base URL contains /sandbox/, else production
  --rate-limit-headers   required (default: every response must carry RateLimit fields) or optional (a server
                         started with RATE_LIMIT_RPS=0)`;

/** Every request runs at least the contract checks (status, content type, JSON body, schema, X-Request-Id). */
export const MIN_ASSERTIONS_PER_REQUEST = 5;

/** Problems of a run beyond failed assertions: requests without a response or with too few checks. */
export function emptinessProblems(r: NewmanResult): string[] {
  if (r.requests.length === 0) return ['the collection ran no request'];
  return r.requests
    .filter((q) => q.assertions.length < MIN_ASSERTIONS_PER_REQUEST)
    .map((q) => `${q.name}: ran ${q.assertions.length} assertions (a test script failed to run?)`);
}

class UsageError extends Error {}

function targetOf(argv: string[]): Target {
  const { values } = parseArgs({
    args: argv,
    options: {
      keys: { type: 'string' },
      'base-url': { type: 'string' },
      env: { type: 'string' },
      'rate-limit-headers': { type: 'string' },
    },
  });
  if (!values.keys) throw new UsageError('--keys is required');
  const file = JSON.parse(readFileSync(values.keys, 'utf8')) as Record<
    string,
    { base_url?: string; keys?: Record<string, string> }
  >;
  if (values.env !== undefined && values.env !== 'sandbox' && values.env !== 'production')
    throw new UsageError('--env must be sandbox or production');
  const baseUrl = values['base-url'] ?? file[values.env ?? 'sandbox']?.base_url;
  if (!baseUrl) throw new UsageError('--base-url is required when the keys file has no base_url');
  const env = (values.env ??
    (new URL(baseUrl).pathname.includes('/sandbox/') ? 'sandbox' : 'production')) as Environment;
  const other: Environment = env === 'sandbox' ? 'production' : 'sandbox';
  const rate = values['rate-limit-headers'] ?? 'required';
  if (rate !== 'required' && rate !== 'optional')
    throw new UsageError('--rate-limit-headers must be required or optional');
  return {
    baseUrl,
    env,
    keys: file[env]?.keys ?? {},
    otherEnvironmentKey: file[other]?.keys?.full,
    rateLimitHeaders: rate,
  };
}

async function main(): Promise<number> {
  if (process.argv.includes('--help') || process.argv.includes('-h')) {
    console.log(USAGE);
    return 0;
  }
  let target: Target;
  try {
    target = targetOf(process.argv.slice(2));
  } catch (e) {
    if (!(e instanceof UsageError) && !(e instanceof TypeError)) throw e;
    console.error(`contract:newman: ${e.message}\n${USAGE}`);
    return 2;
  }
  const dir = mkdtempSync(join(tmpdir(), 'newman-'));
  try {
    const result = await runCollection(generateCollection(dir), target);
    const problems = [...failureLines(result), ...emptinessProblems(result)];
    for (const line of problems) console.log(`✗ ${line}`);
    console.log(
      `newman (${target.env}): ${result.requests.length} requests, ${result.assertions} assertions, ${result.failed} failed`,
    );
    return problems.length === 0 ? 0 : 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith('contract-newman.ts')) process.exitCode = await main();
