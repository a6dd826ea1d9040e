import { defineConfig } from 'vitest/config';
import { LongestFirstSequencer } from './test/schedule/longest-first.ts';
import { SkipSummaryReporter } from './test/vitest/skip-summary.ts';

export default defineConfig({
  test: {
    include: [
      'server/**/*.test.ts',
      'conformance/**/*.test.ts',
      'scripts/**/*.test.ts',
      'test/**/*.test.ts',
      'client/**/*.test.ts',
    ],
    testTimeout: 30_000,
    // expect.poll waits 1 s by default; under the whole suite on 2 cores a page (Redoc) or a worker takes longer.
    // Only a poll that is failing waits this long.
    expect: { poll: { timeout: 15_000 } },
    hookTimeout: 60_000,
    pool: 'forks',
    // Three files at a time on this 2-core machine (vitest's default would be one: one fewer than the cores). The
    // files wait as much as they compute (webhook deliveries, pending purchases, spawned tools): the whole run's file
    // time is about 1.7 times its CPU time, so a third file keeps the cores busy while the others wait. Measured on one
    // machine in one session (issue 23, item 7; ARCHITECTURE.md, "Where a test run's time goes"): 572 s two at a time,
    // 478–498 s three at a time, both longest first. Files must not collide when run side by side: each uses its own
    // schema, data directory and ports (test/helpers/import-mutant.ts writes under dist/ with a name of its own).
    maxWorkers: 3,
    // Longest files first, by the durations of an earlier run (test/schedule/durations.json): on a fresh clone vitest
    // would start the largest files first, and a long one started late leaves the other worker idle at the end.
    sequence: { sequencer: LongestFirstSequencer },
    // The JUnit report is also what `npm run test:durations` reads to refresh test/schedule/durations.json. The last
    // reporter names what skipped tests need and the variable that runs them (test/vitest/skip-summary.ts).
    reporters: ['default', ['junit', { outputFile: 'reports/vitest-junit.xml' }], new SkipSummaryReporter()],
  },
});
