/** vitest globalSetup of the robustness suite: starts with no stale figures, merges this run's at the end. */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { FIGURES_DIR, FIGURES_FILE } from './figures.ts';

export function setup(): void {
  rmSync(FIGURES_DIR, { recursive: true, force: true });
  mkdirSync(FIGURES_DIR, { recursive: true });
}

export function teardown(): void {
  const checks = existsSync(FIGURES_DIR)
    ? readdirSync(FIGURES_DIR).filter((f) => f.endsWith('.json')).sort().map((f) => JSON.parse(readFileSync(join(FIGURES_DIR, f), 'utf8')))
    : [];
  const run = { finished_at: new Date().toISOString(), node: process.version, cpus: cpus().length, ci: process.env.CI === 'true', checks };
  writeFileSync(FIGURES_FILE, `${JSON.stringify(run, null, 2)}\n`);
}
