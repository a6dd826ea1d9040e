/** Writes the three reports — junit.xml, summary.md, results.json — into a directory; every byte is redacted. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { redact } from '../redact.ts';
import type { RunResult } from '../runner.ts';
import { junitXml } from './junit.ts';
import { markdownSummary } from './markdown.ts';

export function writeReports(dir: string, r: RunResult): string[] {
  mkdirSync(dir, { recursive: true });
  const files: [string, string][] = [
    ['junit.xml', junitXml(r)],
    ['summary.md', markdownSummary(r)],
    ['results.json', `${JSON.stringify(r, null, 2)}\n`],
  ];
  return files.map(([name, text]) => {
    const path = join(dir, name);
    writeFileSync(path, redact(text));
    return path;
  });
}
