import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['server/**/*.test.ts', 'conformance/**/*.test.ts', 'scripts/**/*.test.ts', 'test/**/*.test.ts', 'client/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    reporters: ['default', ['junit', { outputFile: 'reports/vitest-junit.xml' }]],
  },
});
