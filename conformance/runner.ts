/**
 * runConformance(): runs a profile against a target and returns the results, the coverage and the exit code; it
 * writes the reports when asked. The CLI (run.ts) is a thin wrapper around it, and tests call it in-process.
 */
import { Api } from './client/api.ts';
import { Transport } from './client/transport.ts';
import { defaultRate } from './client/rate-limiter.ts';
import { CaseContext, RunContext, SkipCase, type CaseDef, type Target } from './context.ts';
import { Contract } from './contract/operations.ts';
import { computeCoverage, type Coverage } from './coverage.ts';
import { otherEnvironment, type CaseResult, type Environment, type Profile, type Role } from './model.ts';
import { phasesOf } from './profiles.ts';
import { redact } from './redact.ts';
import { writeReports } from './report/write.ts';
import { groupLine, summary } from './report/terminal.ts';
import { pool } from './pool.ts';
import { assertWritesAllowed } from './write-safety.ts';

export interface RunOptions {
  env: Environment;
  baseUrl: string;
  keys: Partial<Record<Role, string>>;
  /** The other environment: its base URL and full key, when known. */
  other?: { baseUrl?: string; full?: string };
  profile?: Profile;
  /** Requests per second (all keys together); 0 = no cap. Default 50. */
  rate?: number;
  /** Per request, in milliseconds. Default 10000. */
  timeoutMs?: number;
  /** Percent; default 100. */
  minCoverage?: number;
  reportDir?: string;
  /** Cases run at the same time within a group. Default 4. */
  concurrency?: number;
  /** Progress and summary lines (already redacted); default: stdout. Pass `() => {}` for silence. */
  log?: (line: string) => void;
  fetch?: typeof globalThis.fetch;
  contract?: Contract;
  /** Skip every write case (a target that must not receive writes). A run that would write to anything but a
   *  sandbox is refused (WriteRefused, exit 2) before its first request: see write-safety.ts. */
  readOnly?: boolean;
  /** A public URL that reaches the run's webhook receiver, which listens on `port` on every interface. */
  webhook?: { url: string; port: number };
  /**
   * Ends the run after the group in which a case's result first satisfies this: the later groups are not run, and
   * the run fails. A failed case cannot pass again later in the run, so a caller that needs only to see a given
   * failure (the suite's own mutant tests) is spared the cases after it.
   */
  stopAfter?: (result: CaseResult) => boolean;
  /**
   * Runs the writes without the read cases after the walks (profile `full`; what the writes need still runs), and
   * then fails, its coverage short. For a caller that judges only what the writes do: the suite's own mutant tests of
   * purchases and webhooks, which would otherwise read the whole API again through every such mutant.
   */
  writesOnly?: boolean;
}

export interface RunResult {
  exitCode: 0 | 1;
  profile: Profile;
  /** The run sent its write cases (a sandbox, not read-only). */
  writes: boolean;
  env: Environment;
  baseUrl: string;
  startedAt: string;
  durationMs: number;
  cases: CaseResult[];
  totals: { cases: number; passed: number; failed: number; skipped: number };
  coverage: Coverage;
  minCoverage: number;
  requests: number;
  retries429: number;
}

export async function runConformance(opts: RunOptions): Promise<RunResult> {
  const started = Date.now();
  const log = (line: string) => (opts.log ?? ((l: string) => process.stdout.write(`${l}\n`)))(redact(line));
  const profile = opts.profile ?? 'full';
  const contract = opts.contract ?? new Contract();
  const baseUrl = opts.baseUrl.replace(/\/+$/, '');
  // Before anything is sent: a run that would write anywhere but to a sandbox stops here (exit 2).
  const writes = assertWritesAllowed(
    { env: opts.env, baseUrl, keys: opts.keys },
    contract,
    profile,
    opts.readOnly === true,
  );
  const transport = new Transport({
    rate: opts.rate ?? defaultRate(baseUrl),
    timeoutMs: opts.timeoutMs ?? 10_000,
    allowWrites: writes,
    ...(opts.fetch ? { fetch: opts.fetch } : {}),
  });
  const url = new URL(baseUrl);
  const target: Target = {
    env: opts.env,
    baseUrl,
    origin: url.origin,
    basePath: url.pathname.replace(/\/+$/, ''),
    keys: opts.keys,
    other: { env: otherEnvironment(opts.env), ...stripUndefined(opts.other ?? {}) },
    ...(opts.webhook ? { webhook: opts.webhook } : {}),
  };
  const run = new RunContext(target, contract, new Api(transport), profile === 'full', writes);
  log(
    `conformance: profile ${profile}, ${opts.env} at ${baseUrl}${writes ? ', with writes (sandbox)' : ', read-only'}`,
  );

  const results: CaseResult[] = [];
  // Whether the run ended before its last group (opts.stopAfter): it then fails, whatever its cases said.
  let stoppedEarly = false;
  const stop = () => (stoppedEarly ||= opts.stopAfter !== undefined && results.some(opts.stopAfter));
  for (const phase of phasesOf(profile, { reads: opts.writesOnly !== true })) {
    if (stop()) break;
    const cases = phase(run);
    for (const group of [...new Set(cases.map((c) => c.group))]) {
      if (stop()) break;
      const t0 = Date.now();
      const mine = cases.filter((c) => c.group === group);
      // Cases that mostly wait (a purchase settling) run all at once: their waits overlap instead of adding up.
      const size = mine.every((c) => c.waits) ? mine.length : (opts.concurrency ?? 4);
      const groupResults = await pool(mine, size, (c) => runCase(run, c));
      results.push(...groupResults);
      log(groupLine(group, groupResults, Date.now() - t0));
    }
  }

  for (const f of run.onFinish) await f();
  const webhookData =
    run.shared.webhook !== undefined || (run.shared.walks.get('listWebhookDeliveries')?.items.length ?? 0) > 0;
  const coverage = computeCoverage(contract, profile, results, { writes, webhookData });
  const minCoverage = opts.minCoverage ?? 100;
  const totals = {
    cases: results.length,
    passed: results.filter((r) => r.status === 'passed').length,
    failed: results.filter((r) => r.status === 'failed').length,
    skipped: results.filter((r) => r.status === 'skipped').length,
  };
  const result: RunResult = {
    exitCode: totals.failed === 0 && coverage.percent >= minCoverage && !stoppedEarly && !opts.writesOnly ? 0 : 1,
    profile,
    writes,
    env: opts.env,
    baseUrl,
    startedAt: new Date(started).toISOString(),
    durationMs: Date.now() - started,
    cases: results,
    totals,
    coverage,
    minCoverage,
    requests: transport.exchanges.length,
    retries429: transport.retries429,
  };
  for (const line of summary(result)) log(line);
  if (opts.reportDir) log(`reports: ${writeReports(opts.reportDir, result).join(', ')}`);
  return result;
}

async function runCase(run: RunContext, def: CaseDef): Promise<CaseResult> {
  const started = Date.now();
  const t = new CaseContext(run, def);
  const done = (status: CaseResult['status'], reason?: string): CaseResult => ({
    id: def.id,
    group: def.group,
    operationId: def.operationId,
    title: def.title,
    status,
    ...(reason ? { reason: redact(reason) } : {}),
    failures: t.failures,
    cells: t.cells,
    requests: t.requests,
    retries429: t.retries429,
    durationMs: Date.now() - started,
  });
  if (def.writes && !run.writes) return done('skipped', READ_ONLY_REASON);
  const missing = (def.needs ?? []).find((r) => !run.target.keys[r]);
  if (missing)
    return done('skipped', `no '${missing}' key given (keys file or CONFORMANCE_KEY_${missing.toUpperCase()})`);
  if (def.needsOther?.includes('key') && !run.target.other.full)
    return done('skipped', `no full key of ${run.target.other.env} given (keys file or CONFORMANCE_OTHER_KEY_FULL)`);
  if (def.needsOther?.includes('url') && !run.target.other.baseUrl)
    return done('skipped', `no base URL of ${run.target.other.env} given (keys file or CONFORMANCE_OTHER_BASE_URL)`);
  try {
    await def.run(t);
  } catch (e) {
    if (!(e instanceof SkipCase)) {
      t.fail(
        'case_error',
        t.op(),
        `the case could not complete: ${(e as Error).stack?.split('\n').slice(0, 3).join(' | ') ?? String(e)}`,
      );
    } else if (t.failures.length === 0) {
      return done('skipped', e.message);
    }
  }
  return done(t.failures.length ? 'failed' : 'passed');
}

export const READ_ONLY_REASON = 'a read-only run (--read-only or CONFORMANCE_READ_ONLY=1) sends no write case';

function stripUndefined<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== '')) as T;
}
