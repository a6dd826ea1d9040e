/**
 * `.ci/summary.mjs`, the last lines CI prints: one line per failed test (CI's log keeps only its tail, so the names
 * must be there) and the `N passed, N failed, N skipped` line summed over the JUnit reports.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot, run } from '../helpers/run.ts';

// A budget for the work of a test that runs .ci/summary.mjs in a node process of its own.
const SUMMARY_BUDGET = 60_000;

const report = (cases: string) => `<?xml version="1.0" encoding="UTF-8" ?>
<testsuites name="vitest tests" tests="3" failures="1" errors="0" time="1">
  <testsuite name="a.test.ts" timestamp="2026-11-26T00:00:00" hostname="h" tests="3" failures="1" errors="0" skipped="1" time="1">
${cases}
  </testsuite>
</testsuites>`;

function summarise(xml: string, status: string) {
  const dir = mkdtempSync(join(tmpdir(), 'ci-summary-'));
  writeFileSync(join(dir, 'vitest-junit.xml'), xml);
  writeFileSync(
    join(dir, 'ignored.xml'),
    report('<testcase classname="x" name="y"><failure message="no"/></testcase>'),
  );
  return run(process.execPath, [join(projectRoot, '.ci/summary.mjs'), dir, status]);
}

describe('.ci/summary.mjs', () => {
  it(
    'names each failed test, its file and the first line of its message, above the counts',
    () => {
      const r = summarise(
        report(`<testcase classname="server/a.test.ts" name="group &gt; passes" time="0.1"></testcase>
<testcase classname="server/a.test.ts" name="group &gt; fails &amp; says why" time="0.2">
  <failure message="expected 1 to be 2&#10;second line" type="AssertionError">stack</failure>
</testcase>
<testcase classname="server/a.test.ts" name="skipped one" time="0"><skipped/></testcase>`),
        '1',
      );
      const lines = r.out.trim().split('\n');
      expect(lines).toHaveLength(2);
      expect(lines[0]).toMatch(
        /^FAILED \(.*vitest-junit\.xml\) server\/a\.test\.ts > group > fails & says why: expected 1 to be 2$/,
      );
      expect(lines[1]).toBe('1 passed, 1 failed, 1 skipped');
    },
    SUMMARY_BUDGET,
  );

  it(
    'prints only the counts when nothing failed, and counts a failed step outside the runners as one failure',
    () => {
      const clean = report('<testcase classname="a" name="b" time="0"></testcase>').replace(
        /failures="1"/g,
        'failures="0"',
      );
      expect(summarise(clean, '0').out.trim()).toBe('2 passed, 0 failed, 1 skipped');
      expect(summarise(clean, '1').out.trim()).toBe('2 passed, 1 failed, 1 skipped');
    },
    SUMMARY_BUDGET,
  );
});
