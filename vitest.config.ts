import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

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
    // Two test files at a time at least. vitest's default is one fewer than the cores, which is one on a 2-core
    // machine (CI's): the files then run one after another while most of them wait — on PostgreSQL, a child process
    // (tsx, npm, Redocly, Newman), Chromium or a server's timers — and a core stays idle. Files that share a path or
    // a port must not collide (test/helpers/import-mutant.ts writes its copies under dist/, not next to the source).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    reporters: ['default', ['junit', { outputFile: 'reports/vitest-junit.xml' }]],
  },
});
