/**
 * vitest globalSetup of the robustness suite: builds the bundle the purchase checks run (`npm run build`, what
 * `npm start` runs), starts with no stale figures, merges this run's at the end.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../../helpers/run.ts';
import { FIGURES_DIR, FIGURES_FILE } from './figures.ts';

export function setup(): void {
  // The bundle of this checkout, never one left over from another: the checks must test the code they sit beside.
  const built = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], {
    cwd: projectRoot,
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error(`npm run build failed:\n${built.stdout}${built.stderr}`);
  rmSync(FIGURES_DIR, { recursive: true, force: true });
  mkdirSync(FIGURES_DIR, { recursive: true });
}

export function teardown(): void {
  const checks = existsSync(FIGURES_DIR)
    ? readdirSync(FIGURES_DIR)
        .filter((f) => f.endsWith('.json'))
        .sort()
        .map((f) => JSON.parse(readFileSync(join(FIGURES_DIR, f), 'utf8')))
    : [];
  const run = {
    finished_at: new Date().toISOString(),
    node: process.version,
    cpus: cpus().length,
    ci: process.env.CI === 'true',
    checks,
  };
  writeFileSync(FIGURES_FILE, `${JSON.stringify(run, null, 2)}\n`);
}
