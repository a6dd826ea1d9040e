// Prints the one line CI reads, `N passed, N failed, N skipped`, summed over every vitest JUnit report given:
// files, or directories whose *-junit.xml files are read (npm test → reports/vitest-junit.xml, npm run
// test:robustness → reports/robustness-junit.xml). When the run stopped before a runner wrote its report (npm ci,
// drift check or type-check failed) and no test failed, the non-zero status counts as one failure.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { textOf } from './junit.mjs';

const args = process.argv.slice(2);
const status = args.pop();
const files = args.flatMap((p) => {
  if (!existsSync(p)) return [];
  if (!statSync(p).isDirectory()) return [p];
  return readdirSync(p)
    .filter((f) => f.endsWith('-junit.xml'))
    .sort()
    .map((f) => join(p, f));
});

let tests = 0;
let failed = 0;
let skipped = 0;
for (const file of files) {
  const xml = readFileSync(file, 'utf8');
  const attr = (name) => Number((xml.match(new RegExp(`<testsuites[^>]*\\s${name}="(\\d+)"`)) ?? [])[1] ?? 0);
  tests += attr('tests');
  failed += attr('failures') + attr('errors');
  skipped += [...xml.matchAll(/<testsuite\s[^>]*\sskipped="(\d+)"/g)].reduce((n, m) => n + Number(m[1]), 0);
  // The CI log keeps only its tail: every failed test is named just above the summary line, so a failure is
  // diagnosable from what CI prints (the JUnit reports themselves stay on the CI machine).
  for (const m of xml.matchAll(/<testcase\s([^>]*?)(?:\/>|>([\s\S]*?)<\/testcase>)/g)) {
    const failure = (m[2] ?? '').match(/<(failure|error)\b([^>]*)>/);
    if (!failure) continue;
    const message = textOf('message', failure[2]).split('\n')[0].slice(0, 300);
    console.log(`FAILED (${file}) ${textOf('classname', m[1])} > ${textOf('name', m[1])}: ${message}`);
  }
}
const stoppedEarly = status !== '0' && failed === 0 ? 1 : 0; // e.g. a failing step outside vitest
console.log(`${tests - failed - skipped} passed, ${failed + stoppedEarly} failed, ${skipped} skipped`);
