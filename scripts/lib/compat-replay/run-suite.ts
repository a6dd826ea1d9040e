/**
 * Runs a release tree's own conformance CLI (`conformance/run.ts` of that tree, on this process's Node through tsx)
 * against a target, and reads what it found from the results.json it writes with `--report`. The CLI is the
 * release's published interface (flags and report format of its README), so nothing of the tree is imported here:
 * the replay judges the server with the suite exactly as it was released.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface FailedCase {
  id: string;
  operationId: string;
  check: string;
  message: string;
  /** Every failure of the case (check and message), the first of which is `check` and `message`. */
  failures: { check: string; message: string }[];
}

export interface SuiteRun {
  /** The CLI's exit code: 0 passed, 1 failures or coverage below the minimum, 2 usage / refused. */
  code: number;
  /** From results.json; absent when the suite did not get as far as writing it. */
  totals?: { cases: number; passed: number; failed: number; skipped: number };
  coverage?: number;
  failed: FailedCase[];
}

interface Results {
  totals?: SuiteRun['totals'];
  coverage?: { percent?: number };
  cases?: {
    id?: string;
    operationId?: string | null;
    status?: string;
    failures?: { check?: string; message?: string }[];
  }[];
}

/**
 * The child's environment: this one without CONFORMANCE_* variables, so that the run is what the replay's flags say
 * (a CONFORMANCE_PROFILE=contract or CONFORMANCE_MIN_COVERAGE left in a CI shell would otherwise change it silently).
 */
function childEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('CONFORMANCE_')));
}

export async function runReleaseSuite(tree: string, args: string[], reportDir: string): Promise<SuiteRun> {
  const code = await new Promise<number>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'conformance/run.ts', ...args, '--report', reportDir], {
      cwd: tree,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: childEnv(),
    });
    child.on('error', reject);
    child.on('exit', (c, signal) => resolve(c ?? (signal ? 1 : 0)));
  });
  const file = join(reportDir, 'results.json');
  if (!existsSync(file)) return { code, failed: [] };
  let results: Results;
  try {
    results = JSON.parse(readFileSync(file, 'utf8')) as Results;
  } catch {
    return { code, failed: [] };
  }
  const failed = (results.cases ?? [])
    .filter((c) => c.status === 'failed')
    .map((c) => ({
      id: c.id ?? '?',
      operationId: c.operationId ?? '-',
      check: c.failures?.[0]?.check ?? '?',
      message: c.failures?.[0]?.message ?? '',
      failures: (c.failures ?? []).map((f) => ({ check: f.check ?? '?', message: f.message ?? '' })),
    }));
  return { code, totals: results.totals, coverage: results.coverage?.percent, failed };
}
