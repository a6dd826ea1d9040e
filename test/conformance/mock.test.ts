/**
 * The contract profile against the Prism mock of the bundle (base URL at the root, any bearer accepted, examples
 * returned), configured the CI way: through CONFORMANCE_* variables.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseOptions } from '../../conformance/options.ts';
import { runConformance } from '../../conformance/runner.ts';
import { freePort, startUntilReady, type Started } from '../helpers/processes.ts';
import { bin } from '../helpers/run.ts';

let mock: Started;
let base: string;

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  mock = await startUntilReady(bin('prism'), ['mock', 'generated/openapi.json', '--host', '127.0.0.1', '--port', String(port)], `${base}/health`);
}, 60_000);
afterAll(async () => { await mock?.stop(); });

describe('the contract profile against the Prism mock', () => {
  it('passes: every operation answers 200 matching the contract; coverage is every operation’s 200', async () => {
    const options = parseOptions([], {
      CONFORMANCE_ENV: 'sandbox',
      CONFORMANCE_BASE_URL: base,
      CONFORMANCE_KEY_FULL: 'sk_test_prismmock',
      CONFORMANCE_PROFILE: 'contract',
      CONFORMANCE_RATE: '0',
    });
    const r = await runConformance({ ...options, log: () => {} });
    expect(r.cases.flatMap((c) => c.failures.map((f) => `${c.id}: [${f.check}] ${f.message}`))).toEqual([]);
    expect(r.totals).toMatchObject({ cases: 10, passed: 10 });
    expect(r.coverage).toMatchObject({ notion: "every operation's 200", reachable: 10, percent: 100 });
    expect(r.exitCode).toBe(0);
  });
});
