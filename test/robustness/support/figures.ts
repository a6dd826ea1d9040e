/**
 * Figures of a robustness run: each check writes what it measured (requests sent, 5xx seen, failures, recovery
 * time, leaks found …) to reports/robustness/<check>.json; global-setup.ts merges them into
 * reports/robustness-figures.json at the end of the run, and scripts/reliability-table.ts renders RELIABILITY.md's
 * table from that file, so the figures there always come from a real run.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const REPORTS_DIR = new URL('../../../reports/', import.meta.url).pathname;
export const FIGURES_DIR = join(REPORTS_DIR, 'robustness');
export const FIGURES_FILE = join(REPORTS_DIR, 'robustness-figures.json');

export type Figure = number | string | boolean | null;

export interface CheckFigures {
  /** Stable id of the check, e.g. `contract-fuzz` (a row of the RELIABILITY.md table). */
  check: string;
  /** Whether the check's assertions held (false is written before a failing assertion throws). */
  passed: boolean;
  /** Skipped, with the reason (e.g. no TEST_DATABASE_URL). */
  skipped?: string;
  figures: Record<string, Figure>;
}

export function recordFigures(entry: CheckFigures): void {
  mkdirSync(FIGURES_DIR, { recursive: true });
  writeFileSync(
    join(FIGURES_DIR, `${entry.check}.json`),
    `${JSON.stringify({ ...entry, at: new Date().toISOString() }, null, 2)}\n`,
  );
}
