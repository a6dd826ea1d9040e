/**
 * The Arazzo workflows (arazzo/bill-payment.arazzo.yaml, arazzo/published-api.arazzo.yaml) run by `redocly respect`
 * through `npm run workflows` against the reference server: each passes (read from respect's JSON report, step by
 * step), writes against production are refused before any request, and a proxy breaking the idempotent replay, or
 * the lookup by reference, makes respect fail.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORKFLOWS } from '../../scripts/workflows.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

// A budget for the work of a test that runs `redocly respect` (scripts/workflows.ts), a spawned process.
const WORKFLOW_BUDGET = 120_000;

interface Step {
  stepId: string;
  status: string;
  checks: { name: string; passed: boolean }[];
}
interface Workflow {
  workflowId: string;
  status: string;
  executedSteps: Step[];
}
interface Report {
  status: string;
  files: Record<string, { executedWorkflows: Workflow[] }>;
}

let server: TestServer;
let dir: string;
let requests = 0;

/** Runs `scripts/workflows.ts` with args; resolves with its exit code, output and parsed JSON report (if any). */
async function runScript(
  args: string[],
  name: string,
): Promise<{ code: number; output: string; report: Report | null }> {
  const json = join(dir, `${name}.json`);
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/workflows.ts', ...args, '--json-output', json], {
    cwd: join(import.meta.dirname, '../..'),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (b: Buffer) => {
    output += b.toString();
  });
  child.stderr.on('data', (b: Buffer) => {
    output += b.toString();
  });
  const code = await new Promise<number>((resolve) => child.on('exit', (c) => resolve(c ?? 1)));
  let report: Report | null = null;
  try {
    report = JSON.parse(readFileSync(json, 'utf8')) as Report;
  } catch {
    /* none written */
  }
  return { code, output, report };
}

const workflowsOf = (r: Report | null): Workflow[] =>
  r ? Object.values(r.files).flatMap((f) => f.executedWorkflows) : [];

const sandbox = () => server.demoKeys!.sandbox;

/** A proxy to the server that rewrites replayed purchase answers (Idempotent-Replayed: true). */
async function mutantProxy(mutant: 'drop-header' | 'other-id'): Promise<{ url: string; close(): Promise<void> }> {
  const target = new URL(server.url);
  const proxy: Server = createServer((req, res) => {
    const up = request(
      { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers },
      (r) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => {
          let body = Buffer.concat(chunks);
          const headers = { ...r.headers };
          if (headers['idempotent-replayed'] === 'true') {
            if (mutant === 'drop-header') delete headers['idempotent-replayed'];
            else
              body = Buffer.from(
                body.toString().replace(/"id":"[^"]+"/, '"id":"00000000-0000-4000-8000-000000000000"'),
              );
          }
          headers['content-length'] = String(body.length);
          res.writeHead(r.statusCode ?? 502, headers);
          res.end(body);
        });
      },
    );
    req.pipe(up);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        proxy.closeAllConnections();
        proxy.close(() => resolve());
      }),
  };
}

/** A proxy to the server that drops the `reference` filter from transaction lists: every list answers unfiltered. */
async function referenceBlindProxy(): Promise<{ url: string; close(): Promise<void> }> {
  const target = new URL(server.url);
  const proxy: Server = createServer((req, res) => {
    const url = new URL(req.url!, 'http://proxy');
    if (url.pathname.endsWith('/account/transactions')) url.searchParams.delete('reference');
    const up = request(
      {
        host: target.hostname,
        port: target.port,
        path: url.pathname + url.search,
        method: req.method,
        headers: req.headers,
      },
      (r) => {
        res.writeHead(r.statusCode ?? 502, r.headers);
        r.pipe(res);
      },
    );
    req.pipe(up);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        proxy.closeAllConnections();
        proxy.close(() => resolve());
      }),
  };
}

beforeAll(async () => {
  server = await startTestServer();
  server.server.on('request', () => {
    requests++;
  });
  dir = mkdtempSync(join(tmpdir(), 'workflows-test-'));
}, 30_000);

afterAll(async () => {
  await server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('Arazzo workflows run by redocly respect', () => {
  it('every workflow passes against the sandbox, every step and check', async () => {
    const { code, output, report } = await runScript(
      ['--server', sandbox().base_url, '--key', sandbox().keys.full, '--low-balance-key', sandbox().keys.low_balance],
      'all',
    );
    expect(report, output).not.toBeNull();
    const ran = workflowsOf(report);
    expect(ran.map((w) => w.workflowId)).toEqual([...WORKFLOWS]);
    for (const w of ran) {
      expect(w.status, `${w.workflowId}\n${output}`).toBe('success');
      // The last attempt of each step passed every check (poll retries leave failed attempts before it).
      const last = new Map(w.executedSteps.map((s) => [s.stepId, s]));
      for (const s of last.values()) {
        expect(s.checks.length, `${w.workflowId}/${s.stepId}`).toBeGreaterThanOrEqual(4);
        expect(
          s.checks.filter((c) => !c.passed).map((c) => c.name),
          `${w.workflowId}/${s.stepId}`,
        ).toEqual([]);
      }
    }
    const recovery = ran.find((w) => w.workflowId === 'lost-answer-recovery')!;
    expect(recovery.executedSteps.map((s) => s.stepId)).toEqual(
      expect.arrayContaining(['verify', 'buy', 'same-order-again', 'find-by-reference', 'query', 'read']),
    );
    const electricity = ran.find((w) => w.workflowId === 'electricity-purchase')!;
    expect(electricity.executedSteps.map((s) => s.stepId)).toEqual(
      expect.arrayContaining(['purchase', 'poll', 'final']),
    );
    expect(report!.status).toBe('success');
    expect(code, output).toBe(0);
    // The keys are masked in respect's report.
    const text = readFileSync(join(dir, 'all.json'), 'utf8');
    for (const key of Object.values(sandbox().keys)) expect(text.includes(key)).toBe(false);
  }, 60_000);

  it(
    'refuses writing workflows against production (exit 2), sending no request',
    async () => {
      const prod = server.demoKeys!.production;
      const before = requests;
      const live = await runScript(['--server', prod.base_url, '--key', prod.keys.full], 'prod');
      expect(live.code, live.output).toBe(2);
      expect(live.output).toMatch(/refused/);
      const pathOnly = await runScript(
        [
          '--server',
          sandbox().base_url.replace('/sandbox/', '/production/'),
          '--key',
          sandbox().keys.full,
          '--workflow',
          'idempotent-retry',
        ],
        'prod2',
      );
      expect(pathOnly.code, pathOnly.output).toBe(2);
      expect(live.report).toBeNull();
      expect(requests).toBe(before);
    },
    WORKFLOW_BUDGET,
  );

  it.each(['drop-header', 'other-id'] as const)(
    'idempotent-retry fails through a proxy that breaks the replay (%s)',
    async (mutant) => {
      const proxy = await mutantProxy(mutant);
      try {
        const base = proxy.url + new URL(sandbox().base_url).pathname;
        const { code, output, report } = await runScript(
          ['--server', base, '--key', sandbox().keys.full, '--workflow', 'idempotent-retry'],
          mutant,
        );
        const [w] = workflowsOf(report);
        expect(w?.workflowId, output).toBe('idempotent-retry');
        expect(w?.status).not.toBe('success');
        // The proxy itself works: the first purchase through it passed every check; the replay is what fails.
        expect(w!.executedSteps.find((s) => s.stepId === 'first')?.checks.every((c) => c.passed)).toBe(true);
        const replay = w!.executedSteps.find((s) => s.stepId === 'replay');
        expect(replay?.checks.some((c) => !c.passed)).toBe(true);
        expect(code).toBe(1);
      } finally {
        await proxy.close();
      }
    },
    WORKFLOW_BUDGET,
  );

  it(
    'lost-answer-recovery fails through a proxy that ignores the reference filter: the purchase is not found by it',
    async () => {
      const proxy = await referenceBlindProxy();
      try {
        const base = proxy.url + new URL(sandbox().base_url).pathname;
        const { code, output, report } = await runScript(
          ['--server', base, '--key', sandbox().keys.full, '--workflow', 'lost-answer-recovery'],
          'reference-blind',
        );
        const [w] = workflowsOf(report);
        expect(w?.workflowId, output).toBe('lost-answer-recovery');
        expect(w?.status).not.toBe('success');
        // The purchase and its duplicate went through the proxy as usual; finding it by reference is what fails.
        for (const step of ['buy', 'same-order-again'])
          expect(
            w!.executedSteps.find((s) => s.stepId === step)?.checks.every((c) => c.passed),
            step,
          ).toBe(true);
        expect(w!.executedSteps.find((s) => s.stepId === 'find-by-reference')?.checks.some((c) => !c.passed)).toBe(
          true,
        );
        expect(code).toBe(1);
      } finally {
        await proxy.close();
      }
    },
    WORKFLOW_BUDGET,
  );
});
