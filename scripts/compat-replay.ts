/**
 * `npm run contract:replay -- [--release X] [--keys FILE [--base-url URL]] [--env sandbox|production] [--read-only]
 * [--report DIR] [--root DIR]`: the compatibility replay. "Old clients still work" is tested, not assumed: the
 * conformance suite of a released contract (default: the newest release) — its bundle, cases and checks, from the
 * release's own tree (lib/compat-replay/release-tree.ts) — runs against the current server.
 *
 * Without --keys it starts the current reference server itself, as the tests do (demo data and demo keys on a
 * temporary embedded store, rate limits off: the suite sends bursts from one key), and replays the sandbox with its
 * write cases. With --keys (a keys file of the server's `--demo-keys`) it replays against that target (--base-url
 * overrides the file's base URL); a production target runs read-only.
 * The release suite's reports (junit.xml, summary.md, results.json) go to --report DIR, else to a new directory under
 * the system's temp directory, which is kept: the suite prints their paths, and the replay names the directory last.
 * Exit 0: every case of the release passed, or failed only where a later contract deliberately changed the promise
 * (lib/compat-replay/superseded.ts: named, with the reason, not counted); 1: a case failed or coverage fell short
 * (each failed case is named);
 * 2: bad usage, or the release's tree is not to be had (a shallow clone, a missing commit: the message says what to
 * fetch), or the release's suite did not run to its end.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { locateRelease, materialise, TreeUnavailable, type ReleaseTree } from './lib/compat-replay/release-tree.ts';
import { runReleaseSuite, type SuiteRun } from './lib/compat-replay/run-suite.ts';
import { supersededBy } from './lib/compat-replay/superseded.ts';

const TOOL_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const USAGE =
  'usage: npm run contract:replay -- [--release X] [--keys FILE [--base-url URL]] [--env sandbox|production] [--read-only] [--report DIR] [--root DIR]';
const SHOWN_FAILURES = 50;
const say = (line: string) => console.log(`compat-replay: ${line}`);

class UsageError extends Error {}

interface Plan {
  release?: string;
  keys?: string;
  baseUrl?: string;
  env?: 'sandbox' | 'production';
  readOnly: boolean;
  report?: string;
  root: string;
}

function plan(argv: string[]): Plan {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      options: {
        release: { type: 'string' },
        keys: { type: 'string' },
        'base-url': { type: 'string' },
        env: { type: 'string' },
        'read-only': { type: 'boolean' },
        report: { type: 'string' },
        root: { type: 'string' },
        help: { type: 'boolean' },
      },
    }));
  } catch (e) {
    throw new UsageError((e as Error).message.split('\n')[0]!);
  }
  if (values.help) throw new UsageError('');
  if (values['base-url'] && !values.keys)
    throw new UsageError('--base-url needs --keys FILE (the keys of that target)');
  if (values.env !== undefined && values.env !== 'sandbox' && values.env !== 'production')
    throw new UsageError(`--env must be sandbox or production, got '${values.env}'`);
  return {
    release: values.release,
    keys: values.keys && resolve(values.keys),
    baseUrl: values['base-url'],
    env: values.env as Plan['env'],
    readOnly: values['read-only'] ?? false,
    report: values.report && resolve(values.report),
    root: resolve(values.root ?? TOOL_ROOT),
  };
}

/** The environment: --env, else the base URL's (the contract's sandbox base path has `/sandbox/`), else sandbox. */
function environmentOf(p: Plan): 'sandbox' | 'production' {
  if (p.env) return p.env;
  if (p.baseUrl) return new URL(p.baseUrl).pathname.includes('/sandbox/') ? 'sandbox' : 'production';
  return 'sandbox';
}

function summarise(release: ReleaseTree, run: SuiteRun): number {
  if (!run.totals) {
    console.error(
      `compat-replay: the conformance suite of release ${release.version} did not run to its end (exit ${run.code}, no results.json): see its output above`,
    );
    return 2;
  }
  // A failed case that a later contract deliberately changed (lib/compat-replay/superseded.ts) is named, with the
  // reason, and not counted as a failure; any other failed case is a break.
  const superseded = run.failed.flatMap((f) => {
    const s = supersededBy(release.version, f);
    return s ? [{ f, s }] : [];
  });
  const broken = run.failed.filter((f) => !supersededBy(release.version, f));
  const { passed, skipped } = run.totals;
  const failed = run.totals.failed - superseded.length;
  say(
    `release ${release.version} against the current server: ${passed} passed, ${failed} failed, ${skipped} skipped; coverage ${run.coverage ?? '?'}%${superseded.length ? `; ${superseded.length} superseded` : ''}`,
  );
  for (const { f, s } of superseded) say(`  ~ ${f.id} (${f.operationId}) [${f.check}] superseded by ${s.by}: ${s.why}`);
  // The suite fails only on failed cases or short coverage; the replay asks for no minimum unless the environment
  // does, so a run whose every failure is superseded passes.
  const minimum = Number(process.env.CONFORMANCE_MIN_COVERAGE ?? 0);
  const onlySuperseded =
    run.code === 1 && failed === 0 && broken.length === 0 && (run.coverage ?? 0) >= minimum && superseded.length > 0;
  if (run.code === 0 || onlySuperseded) {
    say(`PASS — clients written against ${release.version} still work`);
    return 0;
  }
  console.error(
    `compat-replay: FAIL — the current server breaks release ${release.version}'s promises${failed ? `; failed cases (case (operation) [check] message):` : ' (coverage below the minimum)'}`,
  );
  for (const f of broken.slice(0, SHOWN_FAILURES))
    console.error(`  ✗ ${f.id} (${f.operationId}) [${f.check}] ${f.message.split('\n')[0]!.slice(0, 200)}`);
  if (broken.length > SHOWN_FAILURES)
    console.error(`  … and ${broken.length - SHOWN_FAILURES} more (all in the reports)`);
  return run.code === 2 ? 2 : 1;
}

async function replay(p: Plan): Promise<number> {
  const release = locateRelease(p.root, p.release);
  if (!release) {
    say('no released contract (no contract-v* tag, nothing in openapi/releases/): nothing to replay');
    return 0;
  }
  say(`release ${release.version}: ${release.via}`);
  for (const note of release.notes) say(`note: ${note}`);
  const work = mkdtempSync(join(tmpdir(), 'compat-replay-'));
  let stop = async () => {};
  try {
    const tree = materialise(p.root, release, work, join(TOOL_ROOT, 'node_modules'));
    let keys = p.keys;
    if (!keys) {
      keys = join(work, 'keys.json');
      // The tests' helper: demo data on a fresh embedded store, rate limits off, removed at stop; --demo-keys writes the file (0600).
      // Imported here, not above: a run against another target (or one refused for want of a tree) never loads the server.
      const { startTestServer } = await import('../test/helpers/server.ts');
      const running = await startTestServer(['--demo-keys', keys]);
      stop = () => running.stop();
      say(`started the current reference server at ${running.url} (demo data, demo keys, rate limits off)`);
    }
    const env = environmentOf(p);
    const readOnly = p.readOnly || env === 'production';
    const args = [
      '--keys',
      keys,
      '--env',
      env,
      ...(p.baseUrl ? ['--base-url', p.baseUrl] : []),
      ...(readOnly ? ['--read-only'] : []),
    ];
    say(
      `running the ${release.version} suite: ${env}${readOnly ? ', read-only' : ', with writes'}${p.baseUrl ? ` at ${p.baseUrl}` : ''}`,
    );
    // Not under `work`, which goes at the end: the suite prints the reports' paths, so they must outlive the replay.
    const reportDir = p.report ?? mkdtempSync(join(tmpdir(), `compat-replay-report-${release.version}-`));
    const run = await runReleaseSuite(tree, args, reportDir);
    const code = summarise(release, run);
    if (!p.report && readdirSync(reportDir).length === 0) rmSync(reportDir, { recursive: true }); // the suite wrote nothing
    if (existsSync(reportDir)) say(`reports of the ${release.version} suite: ${reportDir}`);
    return code;
  } finally {
    await stop();
    rmSync(work, { recursive: true, force: true });
  }
}

async function main(argv: string[]): Promise<number> {
  try {
    return await replay(plan(argv));
  } catch (e) {
    if (e instanceof UsageError) {
      if (e.message) console.error(`compat-replay: ${e.message}`);
      console.error(USAGE);
      return e.message ? 2 : 0;
    }
    if (e instanceof TreeUnavailable) {
      console.error(`compat-replay: cannot replay: ${e.message}`);
      return 2;
    }
    console.error(`compat-replay: ${(e as Error).message}`);
    return 2;
  }
}

process.exitCode = await main(process.argv.slice(2));
