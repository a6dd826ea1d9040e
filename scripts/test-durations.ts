/**
 * Refreshes test/schedule/durations.json, the order in which `vitest run` starts its files (longest first:
 * test/schedule/longest-first.ts), from the JUnit report of the last run (reports/vitest-junit.xml, written by every
 * `vitest run`): `npm run test:durations` after a whole `npm test`. A file's time there is the whole file's, its
 * beforeAll and afterAll hooks included (the JSON reporter's start and end times leave the hooks out: a file that
 * spends 100 s starting a server and running Newman in beforeAll would count as 1 s). A file in the report gets its
 * new duration; a file not in it (a run of a few files) keeps its old one; a file that no longer exists is dropped.
 * Files shorter than MIN_SECONDS are left out: among them the order does not matter, and vitest's own (largest first)
 * decides.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { textOf } from '../.ci/junit.mjs';
import { durationsFile, readDurations } from '../test/schedule/longest-first.ts';

const ROOT = new URL('..', import.meta.url).pathname;
const REPORT = 'reports/vitest-junit.xml';
export const MIN_SECONDS = 2;

/**
 * Each file's seconds in a JUnit report written by vitest: one `<testsuite name="<path>" … time="<seconds>">` per
 * file, the path relative to the root, XML-escaped; read with .ci/summary.mjs's reader (.ci/junit.mjs). The script
 * stops when it finds none.
 */
export function suiteSeconds(junit: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const m of junit.matchAll(/<testsuite\s([^>]*)>/g)) {
    const seconds = textOf('time', m[1]!);
    if (seconds) out[textOf('name', m[1]!)] = Number(seconds);
  }
  return out;
}

/** The durations after a run: `old` updated by the report's files, without files that are gone or short. */
export function merged(
  old: Record<string, number>,
  report: Record<string, number>,
  exists: (path: string) => boolean,
): Record<string, number> {
  const all: Record<string, number> = { ...old };
  for (const [path, seconds] of Object.entries(report)) all[path] = Math.round(seconds);
  const kept = Object.entries(all).filter(([path, seconds]) => seconds >= MIN_SECONDS && exists(path));
  return Object.fromEntries(kept.sort(([a, x], [b, y]) => y - x || a.localeCompare(b)));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!existsSync(`${ROOT}${REPORT}`)) {
    console.error(`test-durations: ${REPORT} is missing; run \`npm test\` first`);
    process.exit(2);
  }
  const report = suiteSeconds(readFileSync(`${ROOT}${REPORT}`, 'utf8'));
  if (Object.keys(report).length === 0) {
    console.error(`test-durations: no <testsuite name=… time=…> in ${REPORT}; has vitest's JUnit format changed?`);
    process.exit(2);
  }
  const next = merged(readDurations(), report, (p) => existsSync(`${ROOT}${p}`));
  writeFileSync(durationsFile, `${JSON.stringify(next, null, 2)}\n`);
  console.log(`test-durations: ${Object.keys(next).length} files of ${MIN_SECONDS} s or more`);
}
