/**
 * Generates the Newman collection with Portman, offline, from the bundle and the suite's configuration, and runs
 * it with Newman's library against one environment of a target. API keys travel only as Newman variables: they are
 * never written to the collection, the configuration or the output.
 */
import { spawnSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import newman, { type NewmanSummary } from 'newman';
import { KEY_PREFIX, type Environment } from '../../server/domain.ts';
import type { DemoKeyRole } from '../../server/demo/keys.ts';
import { keyVariable, portmanConfig } from './suite.ts';

const project = new URL('../..', import.meta.url).pathname;
export const BUNDLE = join(project, 'generated/openapi.json');

/** Writes the collection into `dir` (Portman also leaves its work files there) and returns its path. */
export function generateCollection(dir: string, bundlePath = BUNDLE): string {
  const config = join(dir, 'portman-config.json');
  const out = join(dir, 'collection.json');
  writeFileSync(config, JSON.stringify(portmanConfig(JSON.parse(readFileSync(bundlePath, 'utf8'))), null, 2));
  const r = spawnSync(
    join(project, 'node_modules/.bin/portman'),
    [
      '--local',
      bundlePath,
      '--portmanConfigFile',
      config,
      '--output',
      out,
      '--baseUrl',
      '{{baseUrl}}',
      '--logAssignVariables',
      'false',
    ],
    { cwd: dir, encoding: 'utf8', timeout: 120_000, env: { ...process.env, NODE_NO_WARNINGS: '1' } },
  );
  if (r.status !== 0) throw new Error(`portman failed (exit ${r.status}):\n${r.stdout}${r.stderr}`);
  // Portman reports a schema it cannot compile by disabling that check in the collection: treat it as a failure.
  const text = readFileSync(out, 'utf8');
  if (text.includes('is not being validated against your spec'))
    throw new Error('portman left a response without schema validation');
  writeFileSync(out, JSON.stringify(moveDeletionsLast(JSON.parse(text) as Folder), null, 2));
  return out;
}

interface Folder {
  name?: string;
  item?: Folder[];
  request?: { method?: string };
}

/**
 * Moves the DELETE of each operation (its main request, not its variations: they fail authentication) to a last
 * folder, so that it runs after every request that reads what it deletes — the variations included, which Portman
 * puts after the operations. Portman orders requests only within their folder.
 */
export function moveDeletionsLast(collection: Folder): Folder {
  const deletions: Folder[] = [];
  const take = (items: Folder[]): Folder[] =>
    items.filter((i) => {
      if (i.item) return ((i.item = take(i.item)), true);
      if (i.request?.method !== 'DELETE' || /\]$/.test(i.name ?? '')) return true;
      deletions.push(i);
      return false;
    });
  const item = take(collection.item ?? []);
  return { ...collection, item: deletions.length ? [...item, { name: 'Deletions', item: deletions }] : item };
}

export interface Target {
  /** Base URL of one environment, e.g. http://127.0.0.1:8080/api/partners/sandbox/v1. */
  baseUrl: string;
  env: Environment;
  /** Keys of that environment by demo role; `full`, `balance_only` and `products_only` are used. */
  keys: Partial<Record<DemoKeyRole, string>>;
  /** A key of the other environment; by default a well-formed random one (the prefix alone decides). */
  otherEnvironmentKey?: string;
  /** `required`: every response must carry RateLimit headers (the target limits); `optional`: checked when present. */
  rateLimitHeaders: 'required' | 'optional';
}

/** A well-formed key that no one holds: the prefix of `env` and 40 random base62 characters. */
export function randomKey(env: Environment): string {
  const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
  return KEY_PREFIX[env] + Array.from({ length: 40 }, () => alphabet[randomInt(alphabet.length)]).join('');
}

export function variablesFor(t: Target): { key: string; value: string }[] {
  const other: Environment = t.env === 'sandbox' ? 'production' : 'sandbox';
  const vars: Record<string, string> = {
    baseUrl: t.baseUrl.replace(/\/+$/, ''),
    unknownKey: randomKey(t.env),
    otherEnvironmentKey: t.otherEnvironmentKey ?? randomKey(other),
    rateLimitHeaders: t.rateLimitHeaders,
  };
  for (const role of ['full', 'balance_only', 'products_only'] as const) {
    const key = t.keys[role];
    if (!key) throw new Error(`the ${t.env} key of role ${role} is missing`);
    vars[keyVariable(role)] = key;
  }
  return Object.entries(vars).map(([key, value]) => ({ key, value }));
}

export interface RequestResult {
  /** Name of the generated request, e.g. `Get the partner account[no-key]`. */
  name: string;
  /** The variation tag (`no-key`, `fuzz`, …), null for an operation's main request. */
  tag: string | null;
  status: number | null;
  assertions: { name: string; failure: string | null }[];
  error: string | null;
}

export interface NewmanResult {
  requests: RequestResult[];
  assertions: number;
  failed: number;
}

const tagOf = (name: string) => /\[([a-z-]+)\](?:\[[^\]]*\])?$/.exec(name)?.[1] ?? null;

export function runCollection(collection: string, target: Target): Promise<NewmanResult> {
  // The collection is handed over parsed: given a path, newman guesses the file's encoding with chardet over every
  // byte of it, which took 25 of the newman test's 65 s of CPU (a profile, issue 23); generateCollection writes UTF-8.
  const parsed: unknown = JSON.parse(readFileSync(collection, 'utf8'));
  return new Promise((resolve, reject) => {
    newman.run(
      {
        collection: parsed as object,
        envVar: variablesFor(target),
        reporters: [],
        timeoutRequest: 30_000,
        ignoreRedirects: true,
      },
      (err: Error | null, summary: NewmanSummary) => {
        if (err) return reject(err);
        const requests = summary.run.executions.map((e): RequestResult => ({
          name: e.item.name,
          tag: tagOf(e.item.name),
          status: e.response?.code ?? null,
          assertions: (e.assertions ?? []).map((a) => ({ name: a.assertion, failure: a.error?.message ?? null })),
          error: e.requestError?.message ?? null,
        }));
        const all = requests.flatMap((r) => r.assertions);
        resolve({ requests, assertions: all.length, failed: all.filter((a) => a.failure !== null).length });
      },
    );
  });
}

/** Lines naming each failed assertion and each request that got no response. */
export function failureLines(r: NewmanResult): string[] {
  return r.requests.flatMap((q) => [
    ...(q.error ? [`${q.name}: no response (${q.error})`] : []),
    ...q.assertions.filter((a) => a.failure).map((a) => `${q.name} [${q.status}]: ${a.name} — ${a.failure}`),
  ]);
}
