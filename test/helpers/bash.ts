/**
 * A documented shell sample run as written: `bash -c` with `set -euo pipefail`, from the project's root, with this
 * process's node first on PATH (the samples call `node`), never rejecting — the exit code is part of the answer.
 * Used by the tests that run the docs' samples (README.md, the "Coming from the published partner API" page).
 */
import { execFile } from 'node:child_process';
import { dirname } from 'node:path';
import { projectRoot } from './run.ts';

export interface BashRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export const bash = (script: string, env: Record<string, string>): Promise<BashRun> =>
  new Promise((resolve) => {
    execFile(
      'bash',
      ['-c', `set -euo pipefail\n${script}`],
      {
        cwd: projectRoot,
        timeout: 60_000,
        env: { ...process.env, PATH: `${dirname(process.execPath)}:${process.env.PATH}`, ...env },
      },
      (err, stdout, stderr) =>
        resolve({ code: err ? (typeof err.code === 'number' ? err.code : -1) : 0, stdout, stderr }),
    );
  });
