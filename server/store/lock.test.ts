/**
 * The data-directory lock: one process per PGlite directory, failing fast with a clear message, released on close,
 * taken over when its owner died without releasing it.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from './pglite.ts';
import { acquireDataDirLock } from './lock.ts';
import { DataDirInUseError } from './errors.ts';
import { openStore } from './open.ts';

// A budget for the work of a test that starts `node --import tsx` children (each loads the store).
const CHILD_BUDGET = 120_000;

const CHILD = fileURLToPath(new URL('../../test/helpers/data-dir-child.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const dirs: string[] = [];

function tempDir(): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'store-lock-'));
  dirs.push(d);
  return fs.realpathSync(d);
}

afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

interface ChildResult {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

function runChild(
  mode: 'open' | 'hold',
  dir: string,
  onStdout?: (text: string, kill: () => void) => void,
): Promise<ChildResult> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, mode, dir], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (b: Buffer) => {
      stdout += b.toString();
      onStdout?.(stdout, () => child.kill('SIGKILL'));
    });
    child.stderr.on('data', (b: Buffer) => {
      stderr += b.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr, ms: Date.now() - started }));
  });
}

describe('PGlite data-directory lock', () => {
  it(
    'a second process on the same data directory fails at once with a clear message',
    async () => {
      const dir = path.join(tempDir(), '.data');
      const driver = await openPglite(dir);
      try {
        await driver.sql.query('CREATE TABLE marker (x int)');
        const r = await runChild('open', dir);
        expect(r.code).toBe(1);
        expect(r.stderr).toContain(
          `data directory ${dir} is in use by another process (pid ${process.pid}); stop it or use --data-dir`,
        );
        expect(r.stdout).not.toContain('opened');
        expect(r.ms).toBeLessThan(8_000); // node + tsx start-up dominate; the lock check itself is a mkdir
        // The first process is unaffected.
        expect(await driver.sql.query('SELECT count(*)::int AS n FROM marker')).toEqual([{ n: 0 }]);
      } finally {
        await driver.close();
      }
    },
    CHILD_BUDGET,
  );

  it('a second open in the same process fails too', async () => {
    const dir = tempDir();
    const lock = await acquireDataDirLock(dir);
    try {
      const err = await acquireDataDirLock(dir).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(DataDirInUseError);
      expect((err as Error).message).toBe(
        `data directory ${dir} is in use by this process (pid ${process.pid}); stop it or use --data-dir`,
      );
    } finally {
      await lock.release();
    }
  });

  it('close releases the lock: the directory opens again with its data', async () => {
    const dir = tempDir();
    const first = await openStore({ dataDir: dir });
    const a = await first.createAccount({
      environment: 'sandbox',
      name: 'n',
      email: 'e',
      business_name: 'b',
      role: 'r',
    });
    await first.close();
    await first.close(); // idempotent
    expect(fs.existsSync(path.join(dir, '.store.lock'))).toBe(false);
    const second = await openStore({ dataDir: dir });
    try {
      expect(await second.getAccount(a.id)).toEqual(a);
    } finally {
      await second.close();
    }
  });

  it(
    'takes over the lock of a process that was killed without releasing it',
    async () => {
      const dir = tempDir();
      const r = await runChild('hold', dir, (out, kill) => {
        if (out.includes('locked')) kill();
      });
      expect(r.stdout).toContain('locked');
      expect(fs.existsSync(path.join(dir, '.store.lock'))).toBe(true); // SIGKILL: no exit hook ran
      const messages: string[] = [];
      const lock = await acquireDataDirLock(dir, { freshMs: 100, log: (m) => messages.push(m) });
      expect(messages.join('\n')).toMatch(/taking over the lock .* no longer running/);
      await lock.release();
    },
    CHILD_BUDGET,
  );
});
