import { defineConfig } from 'vitest/config';

/**
 * The robustness suite (`npm run test:robustness`, see RELIABILITY.md): slow, bounded checks against real
 * processes, PostgreSQL and Redis. Files run one at a time so timing figures are not skewed by each other.
 */
export default defineConfig({
  test: {
    include: ['test/robustness/**/*.spec.ts'],
    testTimeout: 180_000,
    hookTimeout: 120_000,
    pool: 'forks',
    fileParallelism: false,
    globalSetup: ['test/robustness/support/global-setup.ts'],
    reporters: ['default', ['junit', { outputFile: 'reports/robustness-junit.xml' }]],
  },
});
