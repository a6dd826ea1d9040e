/**
 * `npm run mock -- --port N` (package.json, scripts/mock.sh) starts the Prism mock on port N: README.md's "The Prism
 * mock" block runs as written — its port 4011 made a free one — in bash with job control on (`set -m`, as in the
 * interactive shell the README is typed into): it starts the mock, waits for it, reads the balance example with any
 * bearer key, and stops it with `kill %1`, which signals the job's whole process group (npm's `sh -c` does not pass
 * a signal on to the mock it started). The shell and the job's group are stopped by their ids afterwards whatever
 * happened, so a mock the block failed to stop never outlives the test.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { deref, operations, type JsonObject } from '../helpers/bundle.ts';
import { freePort } from '../helpers/processes.ts';
import { projectRoot } from '../helpers/run.ts';

const README = readFileSync(join(projectRoot, 'README.md'), 'utf8');
const section = README.slice(README.indexOf('\n### The Prism mock\n'));
const block = /```sh\n([\s\S]*?)```/.exec(section.slice(0, section.indexOf('\n## ')))?.[1] ?? '';

/** npm, the shell's scripts and Prism start and stop in this (they take a few seconds on a busy machine). */
const BUDGET_MS = 60_000;

let group: number | undefined;
afterAll(() => {
  if (group === undefined) return;
  try {
    process.kill(-group, 'SIGKILL');
  } catch {
    /* the group is gone already */
  }
});

/** Runs `script` in bash, in a process group of its own, within the time budget. */
function runInGroup(script: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    // At exit, the background job's process group ($! leads it) has 10 s to be gone; else it is said on stderr and
    // killed, so the block's own `kill` is what the test judges, and no mock outlives it.
    const reap = [
      'reap() {',
      '  local rc=$? i',
      '  for i in $(seq 100); do kill -0 -- -$! 2>/dev/null || exit $rc; sleep 0.1; done',
      '  echo "STILL RUNNING: the mock outlived the block" >&2; kill -KILL -- -$!; exit $rc',
      '}',
      'trap reap EXIT',
    ].join('\n');
    const wrapped = `set -m -euo pipefail\n${reap}\n${script}`;
    const child = spawn('bash', ['-c', wrapped], {
      cwd: projectRoot,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, PATH: `${dirname(process.execPath)}:${process.env.PATH}` },
    });
    group = child.pid;
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    // Past the budget, SIGTERM: bash runs its EXIT trap, then dies.
    const budget = setTimeout(() => process.kill(-child.pid!, 'SIGTERM'), BUDGET_MS - 10_000);
    child.once('close', (code) => {
      clearTimeout(budget);
      resolve({ code, stdout, stderr });
    });
  });
}

const balanceExample = () => {
  const op = operations().find((o) => o.operationId === 'getAccountBalance')!.operation;
  const ok = deref((op.responses as JsonObject)['200']!);
  const examples = ((ok.content as JsonObject)['application/json'] as JsonObject).examples as JsonObject;
  return deref(Object.values(examples)[0]!).value;
};

describe('npm run mock -- --port N (README.md, The Prism mock)', () => {
  it(
    'serves the mock on that port, answers the documented example, and stops with kill %1',
    async () => {
      expect(block).toContain('npm run mock -- --port 4011 &');
      const port = await freePort();
      const r = await runInGroup(block.replaceAll('4011', String(port)));
      expect(r.code, `${r.stdout}\n${r.stderr}`).toBe(0);
      expect(r.stderr).not.toContain('STILL RUNNING');
      const answers = r.stdout.split('\n').filter((l) => l.startsWith('{'));
      expect(answers.map((l) => JSON.parse(l) as unknown)).toEqual([balanceExample()]);
      // kill %1 stopped npm and the mock: nothing answers on the port.
      expect(await fetch(`http://127.0.0.1:${port}/health`).catch(() => 'closed')).toBe('closed');
    },
    BUDGET_MS,
  );
});
