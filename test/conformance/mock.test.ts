/**
 * The contract profile against the Prism mock of the bundle (any bearer accepted, examples returned), configured
 * the CI way: through CONFORMANCE_* variables. Prism serves the paths at its root; the suite writes only to a
 * sandbox base path (write-safety.ts), so a one-line prefix proxy puts the mock under /api/partners/sandbox/v1 and
 * the writes (POSTs and PATCH with the contract's example bodies, DELETE without one) are sent and shape-checked too.
 */
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Contract } from '../../conformance/contract/operations.ts';
import { parseOptions } from '../../conformance/options.ts';
import { runConformance } from '../../conformance/runner.ts';
import { freePort, startUntilReady, type Started } from '../helpers/processes.ts';
import { bin } from '../helpers/run.ts';

const SANDBOX = '/api/partners/sandbox/v1';
let mock: Started;
let prefix: ReturnType<typeof createServer>;
let base: string;

beforeAll(async () => {
  const port = await freePort();
  mock = await startUntilReady(
    bin('prism'),
    ['mock', 'generated/openapi.json', '--host', '127.0.0.1', '--port', String(port)],
    `http://127.0.0.1:${port}/health`,
  );
  // Strips the sandbox base path and forwards to Prism, byte for byte.
  prefix = createServer((req, res) => {
    const path = (req.url ?? '/').startsWith(SANDBOX)
      ? (req.url ?? '/').slice(SANDBOX.length) || '/'
      : '/__outside_the_sandbox_base_path__';
    const up = request({ host: '127.0.0.1', port, method: req.method, path, headers: req.headers }, (r) => {
      res.writeHead(r.statusCode ?? 502, r.headers);
      r.pipe(res);
    });
    up.on('error', () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(up);
  });
  await new Promise<void>((resolve) => prefix.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(prefix.address() as AddressInfo).port}${SANDBOX}`;
  // A budget for the work: Prism's start on the bundle, a spawned process.
}, 120_000);
afterAll(async () => {
  prefix?.closeAllConnections();
  await new Promise<void>((resolve) => (prefix ? prefix.close(() => resolve()) : resolve()));
  await mock?.stop();
});

describe('the contract profile against the Prism mock', () => {
  it('passes: every operation answers its success matching the contract, writes included; coverage is every success', async () => {
    const options = parseOptions([], {
      CONFORMANCE_ENV: 'sandbox',
      CONFORMANCE_BASE_URL: base,
      CONFORMANCE_KEY_FULL: 'sk_test_prismmock',
      CONFORMANCE_PROFILE: 'contract',
      CONFORMANCE_RATE: '0',
    });
    const r = await runConformance({ ...options, log: () => {} });
    const operations = new Contract().operations;
    expect(r.cases.flatMap((c) => c.failures.map((f) => `${c.id}: [${f.check}] ${f.message}`))).toEqual([]);
    expect(r.writes).toBe(true);
    expect(r.totals).toMatchObject({ cases: operations.length, passed: operations.length });
    // Every write was sent and answered its own success: the POSTs' 201, PATCH's 200, DELETE's 204 without content.
    const writes = operations.filter((o) => o.writes);
    const written = r.coverage.cells.filter(
      (c) => c.state === 'exercised' && writes.some((o) => o.operationId === c.operationId && o.success === c.status),
    );
    expect(written.map((c) => c.operationId).sort()).toEqual(writes.map((o) => o.operationId).sort());
    expect(r.coverage.cells.filter((c) => c.status === 201).length).toBe(
      writes.filter((o) => o.success === 201).length,
    );
    expect(r.coverage).toMatchObject({
      notion: "every operation's success (200, 201)",
      reachable: operations.length,
      percent: 100,
    });
    expect(r.exitCode).toBe(0);
  });
});
