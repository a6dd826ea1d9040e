/**
 * `npm run workflows -- [--server URL --key sk_test_… [--low-balance-key sk_test_…]] [--read-only] [--workflow ID]…
 * [--json-output FILE] [--verbose]`: runs the Arazzo workflows of arazzo/bill-payment.arazzo.yaml and
 * arazzo/published-api.arazzo.yaml with `redocly respect` (a runner independent of the conformance suite and Newman),
 * in one run of respect and so one report.
 * Without --server it starts the reference server itself (demo data, fresh demo keys, temporary store).
 * Production (a `sk_live_` key, or a base URL under `/production/` or not under `/sandbox/` — the contract's
 * production base path is `/api/partners/v1`) runs only `read-only-tour`: any writing workflow is refused before a
 * request is sent. Exit 0: every workflow passed; 1: a workflow failed; 2: bad usage or refused.
 */
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startTestServer } from '../test/helpers/server.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE = 'api';
const REDOCLY = join(ROOT, 'node_modules/@redocly/cli/bin/cli.js');

export const READ_ONLY_WORKFLOWS = ['read-only-tour'] as const;
export const WRITING_WORKFLOWS = [
  'electricity-purchase',
  'idempotent-retry',
  'insufficient-balance',
  'lost-answer-recovery',
] as const;
export const WORKFLOWS: readonly string[] = [...READ_ONLY_WORKFLOWS, ...WRITING_WORKFLOWS];
/** The Arazzo file of each workflow; respect runs the files in this order. */
const FILE_OF: Record<(typeof WORKFLOWS)[number], string> = {
  'read-only-tour': 'arazzo/bill-payment.arazzo.yaml',
  'electricity-purchase': 'arazzo/bill-payment.arazzo.yaml',
  'idempotent-retry': 'arazzo/bill-payment.arazzo.yaml',
  'insufficient-balance': 'arazzo/bill-payment.arazzo.yaml',
  'lost-answer-recovery': 'arazzo/published-api.arazzo.yaml',
};

/**
 * A partner reference of the published form, new for each run: Unix seconds, then 6 letters or digits (random, so
 * two runs in one second against one sandbox account do not meet).
 */
export const newExternalReference = (now = Date.now()) =>
  `${Math.floor(now / 1000)}${randomBytes(3).toString('hex').toUpperCase()}`;

const USAGE = `usage: npm run workflows -- [--server URL --key KEY [--low-balance-key KEY]] [--read-only]
                              [--workflow ID]... [--json-output FILE] [--verbose]
  --server URL           the environment's base URL (…/api/partners/sandbox/v1); default: start the reference server
  --key KEY              an API key with all scopes (required with --server)
  --low-balance-key KEY  a key of an account holding less than 1000.00 NGN, for insufficient-balance
                         (without it, with --server, that workflow is skipped)
  --read-only            run read-only-tour only (the only workflow allowed against production)
  --workflow ID          run only these workflows (${WORKFLOWS.join(', ')})
  --json-output FILE     keep respect's JSON report there`;

class UsageError extends Error {}

/** Production: a live key, a `/production/` URL, or a base URL that is not the sandbox's. */
export function isProduction(baseUrl: string, key: string): boolean {
  if (key.startsWith('sk_live_')) return true;
  const path = new URL(baseUrl).pathname;
  return path.includes('/production/') || !path.includes('/sandbox/');
}

interface Plan {
  baseUrl: string;
  key: string;
  lowBalanceKey?: string;
  workflows: string[];
  jsonOutput?: string;
  verbose: boolean;
  start: boolean;
}

function plan(argv: string[]): Plan {
  const { values } = parseArgs({
    args: argv,
    options: {
      server: { type: 'string' },
      key: { type: 'string' },
      'low-balance-key': { type: 'string' },
      'read-only': { type: 'boolean' },
      workflow: { type: 'string', multiple: true },
      'json-output': { type: 'string' },
      verbose: { type: 'boolean' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) throw new UsageError('');
  if (values.server && !values.key) throw new UsageError('--key is required with --server');
  if (!values.server && values.key) throw new UsageError('--key needs --server');
  const unknown = (values.workflow ?? []).filter((w) => !WORKFLOWS.includes(w));
  if (unknown.length) throw new UsageError(`unknown workflow: ${unknown.join(', ')}`);
  let workflows = values.workflow?.length ? [...new Set(values.workflow)] : [...WORKFLOWS];
  if (values['read-only']) workflows = workflows.filter((w) => (READ_ONLY_WORKFLOWS as readonly string[]).includes(w));
  if (workflows.length === 0) throw new UsageError('no workflow left to run');
  if (values.server) {
    try {
      new URL(values.server);
    } catch {
      throw new UsageError(`--server is not a URL: ${values.server}`);
    }
    const writing = workflows.filter((w) => (WRITING_WORKFLOWS as readonly string[]).includes(w));
    if (writing.length && isProduction(values.server, values.key!)) {
      throw new UsageError(
        `refused: ${writing.join(', ')} write (purchase) and the target is production; use --read-only, or a sandbox URL and sk_test_ key`,
      );
    }
    if (!values['low-balance-key'] && workflows.includes('insufficient-balance')) {
      if (values.workflow?.includes('insufficient-balance'))
        throw new UsageError('insufficient-balance needs --low-balance-key');
      console.error('workflows: no --low-balance-key, skipping insufficient-balance');
      workflows = workflows.filter((w) => w !== 'insufficient-balance');
    }
  }
  return {
    baseUrl: values.server ?? '',
    key: values.key ?? '',
    lowBalanceKey: values['low-balance-key'],
    workflows,
    jsonOutput: values['json-output'],
    verbose: values.verbose ?? false,
    start: !values.server,
  };
}

interface RespectReport {
  status: string;
  files: Record<string, { executedWorkflows: { workflowId: string; status: string }[] }>;
}

/** Runs respect once; resolves with its exit code and the per-workflow statuses read from its JSON report. */
export async function runRespect(p: Omit<Plan, 'start'>): Promise<{ code: number; statuses: Record<string, string> }> {
  const dir = mkdtempSync(join(tmpdir(), 'workflows-'));
  const json = p.jsonOutput ?? join(dir, 'respect.json');
  const inputs: Record<string, string> = {
    api_key: p.key,
    run_id: randomUUID(),
    external_reference: newExternalReference(),
  };
  if (p.lowBalanceKey) inputs.low_balance_api_key = p.lowBalanceKey;
  // Only the files that hold a selected workflow: respect refuses a --workflow that a file it runs does not hold.
  const files = [...new Set(Object.values(FILE_OF))].filter((f) => p.workflows.some((w) => FILE_OF[w] === f));
  const args = [
    REDOCLY,
    'respect',
    ...files,
    '--server',
    `${SOURCE}=${p.baseUrl}`,
    '--input',
    JSON.stringify(inputs),
    '--json-output',
    json,
  ];
  for (const w of p.workflows) args.push('--workflow', w);
  if (p.verbose) args.push('--verbose');
  try {
    const code = await new Promise<number>((resolve, reject) => {
      const child = spawn(process.execPath, args, {
        cwd: ROOT,
        stdio: ['ignore', 'inherit', 'inherit'],
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
      });
      child.on('error', reject);
      child.on('exit', (c, signal) => resolve(c ?? (signal ? 1 : 0)));
    });
    const statuses: Record<string, string> = {};
    try {
      const report = JSON.parse(readFileSync(json, 'utf8')) as RespectReport;
      for (const f of Object.values(report.files))
        for (const w of f.executedWorkflows) statuses[w.workflowId] = w.status;
    } catch {
      /* no report: respect failed before running */
    }
    return { code, statuses };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(argv: string[]): Promise<number> {
  let p: Plan;
  try {
    p = plan(argv);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    if (err.message) console.error(`workflows: ${err.message}`);
    console.error(USAGE);
    return 2;
  }
  let stop = async () => {};
  if (p.start) {
    // The tests' helper: demo data on a fresh embedded store in a temporary directory, no rate limits, removed at stop.
    const running = await startTestServer();
    stop = () => running.stop();
    const sandbox = running.demoKeys!.sandbox;
    p = { ...p, baseUrl: sandbox.base_url, key: sandbox.keys.full, lowBalanceKey: sandbox.keys.low_balance };
    console.error(`workflows: started the reference server at ${running.url}`);
  }
  try {
    const { code, statuses } = await runRespect(p);
    const missing = p.workflows.filter((w) => statuses[w] !== 'success');
    console.error(`workflows: ${p.workflows.map((w) => `${w}=${statuses[w] ?? 'not run'}`).join(' ')}`);
    return code === 0 && missing.length === 0 ? 0 : 1;
  } finally {
    await stop();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (err: unknown) => {
      console.error(err);
      process.exitCode = 1;
    },
  );
}
