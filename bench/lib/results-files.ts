/**
 * The end of a run: its results as `<name>.json`, the chart as `<name>.svg` and the report as `<name>.md` in the
 * plan's directory, compared with bench/results/before.json when there is one, and the goals table on stdout.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chartSvg } from './chart.ts';
import type { BenchPlan } from './plan.ts';
import { renderMarkdown, type BenchResults } from './report.ts';

/** The run before this work (bench/results/before.json), unless this run is that one. */
export function readBefore(benchRoot: string, plan: Pick<BenchPlan, 'name'>): BenchResults | null {
  const f = path.join(benchRoot, 'results', 'before.json');
  if (plan.name === 'before' || !fs.existsSync(f)) return null;
  return JSON.parse(fs.readFileSync(f, 'utf8')) as BenchResults;
}

/** Writes the three files and returns their common path without extension. */
export function writeResults(
  results: BenchResults,
  plan: Pick<BenchPlan, 'outDir' | 'name'>,
  before: BenchResults | null,
): string {
  const { outDir, name } = plan;
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(path.join(outDir, `${name}.json`), `${JSON.stringify(results, null, 2)}\n`);
  fs.writeFileSync(path.join(outDir, `${name}.svg`), chartSvg(results));
  fs.writeFileSync(path.join(outDir, `${name}.md`), renderMarkdown(results, { chartFile: `${name}.svg`, before }));
  return path.join(outDir, name);
}

/** The goals table alone, as the run prints it at the end. */
export const goalsSummary = (results: BenchResults, plan: Pick<BenchPlan, 'name'>, before: BenchResults | null) =>
  renderMarkdown(results, { chartFile: `${plan.name}.svg`, before, summaryOnly: true });
