/**
 * A stock Portman contract-test run, as a platform team would set one up: Portman's own contract tests (status
 * 2xx, content type, JSON body, JSON Schema, documented headers) generated from the bundle with the configuration
 * kept in portman/ (base URL and bearer key from variables, the webhook operations ordered so the DELETE comes
 * last), with no overwrite of any request: each operation is sent with the contract's own examples. Run by Newman
 * against the reference server with its demo data, in both environments.
 *
 * It passes because the demo seeds what the examples name (server/demo/contract-examples.ts, catalogue.ts) and each
 * POST has an Idempotency-Key example of its own. Ids of transactions, events, webhook endpoints and deliveries are
 * unique across environments, so the examples naming an endpoint, an event or a delivery name the sandbox's: in
 * production those requests are the documented 404 (the environments are isolated), and every other one passes.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  failureLines,
  runCollection,
  type NewmanResult,
  type RequestResult,
  type Target,
} from '../../scripts/newman/run.ts';
import { operationsOf } from '../../scripts/newman/suite.ts';
import type { Environment } from '../../server/domain.ts';
import { bundle, bundlePath, type JsonObject } from '../helpers/bundle.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const project = new URL('../..', import.meta.url).pathname;
const ENVS: Environment[] = ['sandbox', 'production'];
const ops = operationsOf(bundle);
const paths = bundle.paths as Record<string, Record<string, JsonObject>>;
const summaryOf = (path: string, method: string) => String(paths[path]![method.toLowerCase()]!.summary);

/**
 * Operations whose example request names a webhook endpoint, an event or a delivery (in its path): those ids are the
 * sandbox's alone, so in production each of these requests is a 404.
 */
const SANDBOX_ONLY = new Set(
  ops
    .filter((o) => o.path.startsWith('/webhooks/{webhook_id}') || o.path === '/events/{event_id}')
    .map((o) => summaryOf(o.path, o.method)),
);
const parameters = (bundle.components as JsonObject).parameters as Record<string, JsonObject>;
const firstExample = (p: JsonObject) =>
  String(p.example ?? Object.values(p.examples as Record<string, JsonObject>)[0]!.value);

let server: TestServer;
let dir: string;
let collection: string;
const results = new Map<Environment, NewmanResult>();

/** Generates the collection with portman/portman-cli.json and portman/portman-config.json, as `npx portman` would. */
function generate(out: string): string {
  const file = join(out, 'collection.json');
  // Paths are given absolute: Portman runs in `out` (it leaves its work files in the current directory).
  const r = spawnSync(
    join(project, 'node_modules/.bin/portman'),
    [
      '--cliOptionsFile',
      join(project, 'portman/portman-cli.json'),
      '--local',
      bundlePath.pathname,
      '--portmanConfigFile',
      join(project, 'portman/portman-config.json'),
      '--output',
      file,
    ],
    { cwd: out, encoding: 'utf8', timeout: 120_000, env: { ...process.env, NODE_NO_WARNINGS: '1' } },
  );
  if (r.status !== 0) throw new Error(`portman failed (exit ${r.status}):\n${r.stdout}${r.stderr}`);
  return file;
}

function targetFor(env: Environment): Target {
  const keys = server.demoKeys!;
  return { baseUrl: keys[env].base_url, env, keys: keys[env].keys, rateLimitHeaders: 'optional' };
}

beforeAll(async () => {
  // No delivery worker: the example endpoint's URL is a real-looking host, and the run enables that endpoint.
  server = await startTestServer([], { WEBHOOK_WORKER: 'false' });
  dir = mkdtempSync(join(tmpdir(), 'portman-stock-'));
  collection = generate(dir);
  for (const env of ENVS) results.set(env, await runCollection(collection, targetFor(env)));
}, 240_000);

afterAll(async () => {
  await server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the examples a stock run sends', () => {
  // POSTs that write nothing twice and take no Idempotency-Key, as their descriptions say (one sent is ignored):
  // verifying a customer (a read) and asking the biller about a pending purchase (safe to repeat).
  const KEYLESS = new Set(['verifyPurchase', 'queryPurchase']);
  const posts = ops.filter((o) => o.method === 'POST' && !KEYLESS.has(o.id));
  const keyOf = (o: (typeof ops)[number]) =>
    ((paths[o.path]!.post!.parameters ?? []) as JsonObject[]).filter(
      (p) => p.name === 'Idempotency-Key' && p.in === 'header',
    );

  it('each POST has an Idempotency-Key example of its own, and the parameter is otherwise the component', () => {
    // A purchase's key is optional beside an external_reference: its own component (PurchaseIdempotencyKey).
    const componentOf = (o: (typeof ops)[number]) =>
      o.path.startsWith('/purchases') ? parameters.PurchaseIdempotencyKey! : parameters.IdempotencyKey!;
    const examples = posts.map((o) => {
      const [p, ...more] = keyOf(o);
      expect(more, o.id).toEqual([]);
      const { example, ...rest } = p!;
      const { example: _shared, ...shared } = componentOf(o);
      expect(rest, o.id).toEqual(shared);
      return String(example);
    });
    const shared = [parameters.IdempotencyKey!, parameters.PurchaseIdempotencyKey!].map((c) => String(c.example));
    expect(posts.length).toBeGreaterThanOrEqual(7);
    const keyless = ops.filter((o) => o.method === 'POST' && KEYLESS.has(o.id));
    expect(keyless.map((o) => o.id).sort()).toEqual([...KEYLESS].sort());
    for (const o of keyless) expect(keyOf(o), o.id).toEqual([]);
    expect(new Set([...examples, ...shared]).size).toBe(posts.length + new Set(shared).size);
  });
});

describe('the stock configuration', () => {
  it('overwrites no request: every value sent is an example of the contract', () => {
    const config = JSON.parse(readFileSync(join(project, 'portman/portman-config.json'), 'utf8')) as JsonObject;
    expect(Object.keys(config).sort()).toEqual(['globals', 'tests', 'version']);
    expect(Object.keys(config.tests as JsonObject)).toEqual(['contractTests']);
    expect(Object.keys(config.globals as JsonObject).sort()).toEqual(['orderOfOperations', 'securityOverwrites']);
    const text = readFileSync(collection, 'utf8');
    expect(text).not.toMatch(/pm\.(collectionVariables|environment)\.set/); // no assigned variables either
  });
});

describe.each(ENVS)('portman stock run on %s', (env) => {
  const result = () => results.get(env)!;
  const pick = (q: RequestResult) => (env === 'sandbox' ? true : !SANDBOX_ONLY.has(q.name));

  it('ran every operation of the contract once, each with its contract checks', () => {
    const r = result();
    expect(r.requests.map((q) => q.name).sort()).toEqual(ops.map((o) => summaryOf(o.path, o.method)).sort());
    expect(r.requests.filter((q) => q.error !== null).map((q) => `${q.name}: ${q.error}`)).toEqual([]);
    // Status and empty body for the DELETE; status, content type, JSON body, schema (and headers) for the others.
    for (const q of r.requests)
      expect(q.assertions.length, q.name).toBeGreaterThanOrEqual(
        q.name === summaryOf('/webhooks/{webhook_id}', 'delete') ? 2 : 4,
      );
    expect(r.assertions).toBeGreaterThanOrEqual(ops.length * 5);
  });

  it(
    env === 'sandbox'
      ? 'passes every assertion: each example names something of the demo, each POST has a key of its own'
      : 'passes every assertion of the operations whose examples name no sandbox-only object',
    () => {
      const r = result();
      expect(failureLines({ ...r, requests: r.requests.filter(pick) })).toEqual([]);
    },
  );

  if (env === 'production') {
    it("answers the sandbox's webhook endpoint, event and delivery ids with the documented 404", async () => {
      const r = result();
      const rest = r.requests.filter((q) => SANDBOX_ONLY.has(q.name));
      expect(rest.map((q) => q.name).sort()).toEqual([...SANDBOX_ONLY.keys()].sort());
      for (const q of rest) expect(q.status, q.name).toBe(404);
      // Two of them by hand, for the error code (Newman's summary keeps no body).
      const { base_url, keys } = server.demoKeys!.production;
      const get = async (path: string) => {
        const res = await fetch(base_url + path, { headers: { authorization: `Bearer ${keys.full}` } });
        return { status: res.status, code: ((await res.json()) as { error?: { code?: string } }).error?.code };
      };
      expect(await get(`/webhooks/${firstExample(parameters.WebhookEndpointId!)}`)).toEqual({
        status: 404,
        code: 'WEBHOOK_NOT_FOUND',
      });
      expect(await get(`/events/${firstExample(parameters.WebhookEventId!)}`)).toEqual({
        status: 404,
        code: 'EVENT_NOT_FOUND',
      });
    });
  }
});
