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
    reporters: ['default', ['junit', { outputFile: 'reports/vitest-junit.xml' }]],
  },
});
