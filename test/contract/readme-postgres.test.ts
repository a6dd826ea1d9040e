/**
 * README.md's "Starting on PostgreSQL" runs as written against the PostgreSQL of TEST_DATABASE_URL (skipped, visibly,
 * without it): it creates a database, starts two instances on it with `npm start` (each its own data directory and
 * port), lists the accounts with the console, and stops both. The only edits: the database is a new one of this
 * test's own (dropped afterwards) on TEST_DATABASE_URL's server, the ports are free ones and the data directories
 * temporary ones. Like the Prism mock's block (mock-script.test.ts), it runs in bash with job control on, as typed
 * into a terminal, so `kill %1 %2` stops each job's whole process group.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../helpers/processes.ts';
import { projectRoot } from '../helpers/run.ts';

const url = process.env.TEST_DATABASE_URL;
const README = readFileSync(join(projectRoot, 'README.md'), 'utf8');
const section = README.slice(README.indexOf('\n### Starting on PostgreSQL\n'));
const block = /```sh\n([\s\S]*?)```/.exec(section.slice(0, section.indexOf('\n## ')))?.[1] ?? '';

/** Two builds and starts, migrations and demo data on PostgreSQL, and the console, on a busy machine. */
const BUDGET_MS = 180_000;

function replaceOnce(text: string, from: string, to: string): string {
  expect(text.split(from).length - 1, `README example: ${JSON.stringify(from)} once`).toBe(1);
  return text.replace(from, to);
}

/** Runs `script` in bash with job control on, in a process group of its own; at exit each job has 10 s to be gone. */
function runInTerminal(script: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const reap = [
    'reap() {',
    '  local rc=$? i job',
    '  for job in $(jobs -p); do',
    '    for i in $(seq 100); do kill -0 -- -$job 2>/dev/null || continue 2; sleep 0.1; done',
    '    echo "STILL RUNNING: job $job outlived the block" >&2; kill -KILL -- -$job',
    '  done',
    '  exit $rc',
    '}',
    'trap reap EXIT',
  ].join('\n');
  return new Promise((resolve) => {
    const child = spawn('bash', ['-c', `set -m -euo pipefail\n${reap}\n${script}`], {
      cwd: projectRoot,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        PATH: `${dirname(process.execPath)}:${process.env.PATH}`,
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        WEBHOOK_SIGNING_KEY: '',
      },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    // Past the budget, SIGTERM: bash runs its EXIT trap, which stops the jobs, then dies.
    const budget = setTimeout(() => process.kill(-child.pid!, 'SIGTERM'), BUDGET_MS - 20_000);
    child.once('close', (code) => {
      clearTimeout(budget);
      resolve({ code, stdout, stderr });
    });
  });
}

describe.skipIf(!url)(`README.md, Starting on PostgreSQL${url ? '' : ' (skipped: TEST_DATABASE_URL not set)'}`, () => {
  const database = `readme_${process.pid}_${Date.now()}`;
  const work = mkdtempSync(join(tmpdir(), 'readme-postgres-'));
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  afterAll(async () => {
    await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    rmSync(work, { recursive: true, force: true });
  });

  it(
    'creates the database, runs two instances on it, lists the accounts with the console, and stops them',
    async () => {
      const server = new URL(url!);
      const [a, b] = [await freePort(), await freePort()];
      let script = replaceOnce(
        block,
        'createdb -h 127.0.0.1 -p 5432 -U postgres billpay',
        `createdb -h ${server.hostname} -p ${server.port || '5432'} -U ${server.username} ${database}`,
      );
      const base = new URL(url!);
      base.pathname = `/${database}`;
      script = replaceOnce(script, 'postgres://postgres@127.0.0.1:5432/billpay', base.toString());
      for (const [port, to] of [
        ['8080', a],
        ['8081', b],
      ] as const)
        script = script
          .replaceAll(`--port ${port}`, `--port ${to}`)
          .replaceAll(`127.0.0.1:${port}/`, `127.0.0.1:${to}/`);
      script = replaceOnce(script, '.data/a', join(work, 'a'));
      script = replaceOnce(script, '.data/b', join(work, 'b'));
      const r = await runInTerminal(script);
      expect(r.code, `${r.stdout}\n${r.stderr}`).toBe(0);
      expect(r.stderr).not.toContain('STILL RUNNING');
      // Both instances started on the database (their banners), and the console listed the demo's accounts.
      expect(r.stdout.split(`http://127.0.0.1:${a}`).length).toBeGreaterThan(1);
      expect(r.stdout.split(`http://127.0.0.1:${b}`).length).toBeGreaterThan(1);
      expect(r.stdout).toMatch(/Switched Off Ltd/);
      for (const port of [a, b])
        expect(await fetch(`http://127.0.0.1:${port}/api/partners/v1/health`).catch(() => 'closed')).toBe('closed');
    },
    BUDGET_MS,
  );
});
