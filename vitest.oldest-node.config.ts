import { defineConfig } from 'vitest/config';
import { LongestFirstSequencer } from './test/schedule/longest-first.ts';

/**
 * CI's second runtime (.ci/run): the product's tests on the oldest supported Node (22.13.0), run as
 * `<node 22>/bin/node node_modules/vitest/vitest.mjs run --config vitest.oldest-node.config.ts` with the node_modules
 * that `npm ci` installed on Node 24. vitest forks its workers with `process.execPath`, so the tests, the in-process
 * reference server and the processes they spawn with `process.execPath` (the bundled server, the conformance CLI,
 * the store-lock child) all run on the Node that started vitest; test/runtime checks that.
 *
 * What runs here is what a deployment runs: the server's unit tests, its integration tests (test/server, among them
 * dist/server.mjs started as `npm start` does), the routing and parameter tests of test/security and the conformance
 * suite against the reference server. Left out are the toolchain's tests, which exercise development tools rather
 * than the product and run on Node 24 in `npm test`:
 * test/contract (Redocly lint and docs, the drift check of generated/, Prism, the Chromium rendering of the docs),
 * test/conformance/mock.test.ts (the conformance suite against the Prism mock) and test/bench (the bench report).
 */
const major = process.versions.node.split('.')[0];

export default defineConfig({
  test: {
    include: [
      'server/**/*.test.ts',
      'conformance/**/*.test.ts',
      'test/server/**/*.test.ts',
      'test/conformance/**/*.test.ts',
      'test/runtime/**/*.test.ts',
      'test/security/**/*.test.ts',
      'client/**/*.test.ts', // the publishable client: partners run it on any supported Node
    ],
    exclude: ['**/node_modules/**', 'test/conformance/mock.test.ts'],
    testTimeout: 30_000,
    expect: { poll: { timeout: 15_000 } },
    hookTimeout: 60_000,
    pool: 'forks',
    // As in vitest.config.ts: three files at a time, the longest first (a file not run here is simply absent).
    maxWorkers: 3,
    sequence: { sequencer: LongestFirstSequencer },
    reporters: [
      'default',
      // Named after the runtime so the file and every suite in it say which Node they ran on (.ci/summary.mjs sums it).
      [
        'junit',
        {
          outputFile: `reports/node${major}-junit.xml`,
          suiteName: `vitest tests on Node ${process.version}`,
          suiteNameTemplate: `{filename} (Node ${process.version})`,
          classnameTemplate: `{filename} (Node ${process.version})`,
        },
      ],
    ],
  },
});
