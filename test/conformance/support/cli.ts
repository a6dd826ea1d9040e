/**
 * `npm run conformance` as a child process, asynchronously (the reference server under test may answer from the
 * calling process). `npm run conformance` is `tsx conformance/run.ts`; here the same through
 * this process's own node (not the tsx bin, whose `env node` is whatever node PATH holds), so the CLI runs on the
 * Node under test.
 */
import { spawn } from 'node:child_process';
import { projectRoot } from '../../helpers/run.ts';

export interface CliRun {
  code: number | null;
  out: string;
  err: string;
}

export function conformanceCli(args: string[], env: Record<string, string> = {}): Promise<CliRun> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'conformance/run.ts', ...args], {
      cwd: projectRoot,
      env: { ...process.env, ...env },
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      err += d;
    });
    child.on('close', (code) => resolve({ code, out, err }));
  });
}
