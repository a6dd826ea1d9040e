/**
 * Re-renders a result's Markdown and chart from its JSON (after a change to the report's wording or layout):
 * node --import tsx bench/render.ts [bench/results/full.json]
 */
import fs from 'node:fs';
import path from 'node:path';
import { chartSvg } from './lib/chart.ts';
import { renderMarkdown, type BenchResults } from './lib/report.ts';

const file = path.resolve(process.argv[2] ?? new URL('./results/full.json', import.meta.url).pathname);
const results = JSON.parse(fs.readFileSync(file, 'utf8')) as BenchResults;
const name = path.basename(file, '.json');
const dir = path.dirname(file);
const beforeFile = path.join(new URL('./results/', import.meta.url).pathname, 'before.json');
const before =
  name !== 'before' && fs.existsSync(beforeFile)
    ? (JSON.parse(fs.readFileSync(beforeFile, 'utf8')) as BenchResults)
    : null;
fs.writeFileSync(path.join(dir, `${name}.svg`), chartSvg(results));
fs.writeFileSync(path.join(dir, `${name}.md`), renderMarkdown(results, { chartFile: `${name}.svg`, before }));
console.log(`rendered ${path.relative(process.cwd(), path.join(dir, name))}.{md,svg}`);
