/**
 * Every operation of the contract shows a curl and a TypeScript sample (`x-codeSamples`, rendered by the docs), and
 * every sample runs, as written, against a reference server with demo data:
 * - curl samples run with the machine's curl (`bash -c`, under `set -eo pipefail`), with `BILL_PAYMENT_API_KEY` a
 *   sandbox demo key; the runner appends `-o <file> -w '%{http_code}'` to the sample's LAST command (the
 *   operation's request; earlier lines may look something up) and expects the operation's documented 2xx status
 *   and a JSON body (no body at all for a 204);
 * - TypeScript samples are written to a temp `.mts` file whose `@bill-payment/partner-client` import points at
 *   client/src/index.ts, run with `node --import tsx`, and must exit 0 (the client throws on an error answer).
 * In both, the contract's sandbox server URL is replaced by the test server's sandbox base URL — the only edit.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundle, operations, type JsonObject } from '../helpers/bundle.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { expandServers } from '../helpers/servers.ts';

// A budget for the work of a test that runs samples as processes (curl, `node --import tsx`).
const SAMPLE_BUDGET = 120_000;

interface CodeSample {
  lang: string;
  label: string;
  source: string;
}

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CLIENT_ENTRY = pathToFileURL(join(ROOT, 'client/src/index.ts')).href;
const PACKAGE = '@bill-payment/partner-client';
// The hosted sandbox (the first https server URL for sandbox, its template expanded) and every production URL.
const hosted = expandServers(bundle.servers as JsonObject[]).filter((u) => u.url.startsWith('https://'));
const SANDBOX_URL = hosted.find((u) => u.environment === 'sandbox')!.url;
const PRODUCTION_URLS = hosted.filter((u) => u.environment === 'production').map((u) => u.url);

const OPS = operations().map((o) => {
  const ok = Object.keys(o.operation.responses as JsonObject).filter((s) => /^2\d\d$/.test(s));
  const samples = (o.operation['x-codeSamples'] ?? []) as unknown as CodeSample[];
  return { ...o, success: Number(ok[0]), successCount: ok.length, samples };
});

const curlOf = (samples: CodeSample[]) => samples.filter((s) => s.lang === 'Shell' && s.label === 'curl');
const tsOf = (samples: CodeSample[]) =>
  samples.filter((s) => s.lang === 'TypeScript' && s.label === 'TypeScript (client)');

/** The operations that lack exactly one curl or exactly one TypeScript sample. */
function missingSamples(doc: JsonObject): string[] {
  const out: string[] = [];
  for (const item of Object.values(doc.paths as JsonObject)) {
    for (const op of Object.values(item as JsonObject) as JsonObject[]) {
      if (!op || typeof op !== 'object' || !('operationId' in op)) continue;
      const samples = (op['x-codeSamples'] ?? []) as unknown as CodeSample[];
      if (curlOf(samples).length !== 1 || tsOf(samples).length !== 1) out.push(String(op.operationId));
    }
  }
  return out;
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}
const run = (cmd: string, args: string[], env: Record<string, string>, timeout = 20_000): Promise<Run> =>
  new Promise((resolve) => {
    execFile(
      cmd,
      args,
      { cwd: ROOT, env: { ...process.env, PATH: `${dirname(process.execPath)}:${process.env.PATH}`, ...env }, timeout },
      (err, stdout, stderr) =>
        resolve({ code: err ? (typeof err.code === 'number' ? err.code : -1) : 0, stdout, stderr }),
    );
  });

let work: string;
let counter = 0;

interface CurlResult extends Run {
  status: number;
  body: string;
}
async function runCurl(source: string, baseUrl: string, apiKey: string): Promise<CurlResult> {
  const bodyFile = join(work, `curl-${++counter}.body`);
  writeFileSync(bodyFile, '');
  const script = `set -eo pipefail\n${source.replaceAll(SANDBOX_URL, baseUrl).trimEnd()} -o "$CODE_SAMPLE_BODY" -w '%{http_code}'\n`;
  const r = await run('bash', ['-c', script], { BILL_PAYMENT_API_KEY: apiKey, CODE_SAMPLE_BODY: bodyFile });
  return { ...r, status: Number(r.stdout.trim().slice(-3)), body: readFileSync(bodyFile, 'utf8') };
}

async function runTs(source: string, baseUrl: string, apiKey: string): Promise<Run> {
  const file = join(work, `sample-${++counter}.mts`);
  writeFileSync(file, source.replaceAll(`'${PACKAGE}'`, `'${CLIENT_ENTRY}'`).replaceAll(SANDBOX_URL, baseUrl));
  return run(process.execPath, ['--import', 'tsx', file], { BILL_PAYMENT_API_KEY: apiKey });
}

/** Runs the tasks with at most `limit` at a time; each promise is the task's own result. */
function pool<T>(tasks: (() => Promise<T>)[], limit: number): Promise<T>[] {
  let active = 0;
  const queue: (() => void)[] = [];
  return tasks.map(
    (task) =>
      new Promise<T>((resolve) => {
        const start = () => {
          active++;
          task()
            .then(resolve)
            .finally(() => {
              active--;
              queue.shift()?.();
            });
        };
        if (active < limit) start();
        else queue.push(start);
      }),
  );
}

let srv: TestServer;
let tsSrv: TestServer;
let baseUrl: string;
let apiKey: string;
const tsRuns = new Map<string, Promise<Run>>();

/**
 * Samples that take "your newest endpoint" (webhooks, events) race with the samples that create and delete one: they
 * run one after another, and the TypeScript samples on a server of their own (the curl samples run on `srv`).
 */
const SHARED_STATE = /^\/(webhooks|events)\b/;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'code-samples-'));
  [srv, tsSrv] = await Promise.all([startTestServer(), startTestServer()]);
  baseUrl = srv.demoKeys!.sandbox.base_url;
  apiKey = srv.demoKeys!.sandbox.keys.full;
  const ts = (o: (typeof OPS)[number]) => () =>
    runTs(tsOf(o.samples)[0]!.source, tsSrv.demoKeys!.sandbox.base_url, tsSrv.demoKeys!.sandbox.keys.full);
  // Each `node --import tsx` takes about a second: start them all now, four at a time beside one chain of the
  // webhook samples; each test awaits its own.
  const withTs = OPS.filter((o) => tsOf(o.samples).length === 1);
  const independent = withTs.filter((o) => !SHARED_STATE.test(o.path));
  const runs = pool(independent.map(ts), 4);
  independent.forEach((o, i) => tsRuns.set(o.operationId, runs[i]!));
  let chain: Promise<unknown> = Promise.resolve();
  for (const o of withTs.filter((x) => SHARED_STATE.test(x.path))) {
    const r = chain.then(ts(o));
    chain = r.catch(() => undefined);
    tsRuns.set(o.operationId, r);
  }
}, SAMPLE_BUDGET);

afterAll(async () => {
  await Promise.allSettled(tsRuns.values());
  await Promise.all([srv?.stop(), tsSrv?.stop()]);
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('x-codeSamples', () => {
  it('every operation has one curl and one TypeScript sample, both on the sandbox server', () => {
    expect(OPS.length).toBeGreaterThanOrEqual(16);
    expect(missingSamples(bundle)).toEqual([]);
    for (const o of OPS) {
      expect(o.successCount, `${o.operationId} documents one success status`).toBe(1);
      for (const s of o.samples) {
        expect(s.source, `${o.operationId} ${s.label}`).toContain(SANDBOX_URL);
        for (const url of PRODUCTION_URLS) expect(s.source, `${o.operationId} ${s.label}`).not.toContain(url + '/');
      }
      expect(tsOf(o.samples)[0]!.source).toContain(`from '${PACKAGE}'`);
      const needsKey = !Array.isArray(o.operation.security) || o.operation.security.length > 0; // /health: security []
      if (needsKey) expect(curlOf(o.samples)[0]!.source).toContain('Bearer $BILL_PAYMENT_API_KEY');
      if (needsKey) expect(tsOf(o.samples)[0]!.source).toContain('apiKey: process.env.BILL_PAYMENT_API_KEY');
    }
  });

  it('an operation without samples is reported', () => {
    const doc = structuredClone(bundle);
    const item = (doc.paths as JsonObject)['/account/balance'] as JsonObject;
    delete (item.get as JsonObject)['x-codeSamples'];
    expect(missingSamples(doc)).toEqual(['getAccountBalance']);
  });
});

describe.each(OPS.map((o) => [o.operationId, o] as const))('%s', (operationId, o) => {
  it(
    `curl sample answers ${o.success} with ${o.success === 204 ? 'no body' : 'JSON'}`,
    async () => {
      const r = await runCurl(curlOf(o.samples)[0]!.source, baseUrl, apiKey);
      expect({ code: r.code, status: r.status, stderr: r.stderr }, r.body).toEqual({
        code: 0,
        status: o.success,
        stderr: '',
      });
      if (o.success === 204) expect(r.body).toBe('');
      else expect(() => JSON.parse(r.body)).not.toThrow();
    },
    SAMPLE_BUDGET,
  );

  it('TypeScript sample exits 0 and prints its result', async () => {
    const r = await tsRuns.get(operationId)!;
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: '' });
    expect(r.stdout.trim()).not.toBe('');
  });
});

describe('the runners report a broken sample', () => {
  const account = OPS.find((o) => o.operationId === 'getAccount')!;
  const meter = OPS.find((o) => o.operationId === 'getElectricityMeter')!;

  it(
    'a curl sample with a wrong path gets a 404, not the documented 200',
    async () => {
      const broken = curlOf(account.samples)[0]!.source.replace('/account"', '/acount"');
      expect(broken).not.toBe(curlOf(account.samples)[0]!.source);
      const r = await runCurl(broken, baseUrl, apiKey);
      expect(r.status).toBe(404);
      expect(r.status).not.toBe(account.success);
    },
    SAMPLE_BUDGET,
  );

  it(
    'a TypeScript sample whose call fails exits non-zero with the typed error',
    async () => {
      const source = tsOf(meter.samples)[0]!.source;
      const broken = source.replace(/'\d{11}'/, "'0000000000000'"); // the sandbox's meter_not_found value
      expect(broken).not.toBe(source);
      const r = await runTs(broken, baseUrl, apiKey);
      expect(r.code).not.toBe(0);
      expect(r.stderr).toContain('METER_NOT_FOUND');
    },
    SAMPLE_BUDGET,
  );
});
