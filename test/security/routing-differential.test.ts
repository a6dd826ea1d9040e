/**
 * Differential routing test. For every operation of the bundle, in both environments, variants of its path
 * (support/variants.ts) are sent as raw bytes with no key, with each demo key role and with the other
 * environment's full key, and compared with the canonical path's answer to the same caller. The oracle:
 *  - the answer is exactly the canonical answer (status and body, volatile fields aside) or 404 NOT_FOUND;
 *  - never a 5xx, never a 200 unless the same caller gets a 200 on the canonical path;
 *  - a variant is routed the same way for every caller (routing decides before authentication);
 * and, stricter, the routing decision: no variant is a route, so every one is 404 NOT_FOUND for every caller.
 * Runs on the embedded store and on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Contract, type OperationModel } from '../../conformance/contract/operations.ts';
import { BASE_PATH, ENVIRONMENTS, type Environment } from '../../server/domain.ts';
import type { TestServer } from '../helpers/server.ts';
import { rng } from '../robustness/support/contract-fuzz.ts';
import { callersOf, headersOf, type Caller } from './support/callers.ts';
import { errorCodeOf, notNotFound, parseJson } from './support/documented.ts';
import { RawClient, type Answer } from './support/http-client.ts';
import { STORES, storeTitle } from './support/stores.ts';
import { pathVariants, type Segment, type Variant } from './support/variants.ts';

const SEED = 20261123;
const contract = new Contract();
const other = (env: Environment): Environment => (env === 'production' ? 'sandbox' : 'production');

/** Status and body with the fields that differ between two identical requests (timestamp, request ids) removed. */
function comparable(a: Answer): string {
  const strip = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(strip);
    if (v && typeof v === 'object')
      return Object.fromEntries(
        Object.entries(v)
          .filter(([k]) => !/^(timestamp|request_id)$/.test(k))
          .map(([k, x]) => [k, strip(x)]),
      );
    return v;
  };
  const body = parseJson(a.body);
  return `${a.status} ${body === undefined ? a.body : JSON.stringify(strip(body))}`;
}

interface Probe {
  env: Environment;
  op: OperationModel;
  variant: Variant;
  caller: Caller;
  canonical: Answer;
  answer?: Answer;
}

/** A value for each path parameter: the first item of the parent collection (a real transaction id), else an example. */
async function segmentsOf(client: RawClient, op: OperationModel, env: Environment, full: Caller): Promise<Segment[]> {
  const segments: Segment[] = [];
  for (const part of op.path.split('/').slice(1)) {
    if (!part.startsWith('{')) {
      segments.push({ text: part, literal: true });
      continue;
    }
    const parentPath = op.path.slice(0, op.path.indexOf(`/${part}`));
    const parent = contract.operations.find((o) => o.path === parentPath && o.method === 'GET');
    // The parent collection with the path parameters before this one already filled (a webhook's deliveries).
    const parentTarget = BASE_PATH[env] + segments.map((s) => `/${s.text}`).join('');
    const listed = parent
      ? (parseJson((await client.send({ target: parentTarget, headers: headersOf(full) })).body) as
          { data?: { id?: string }[] } | undefined)
      : undefined;
    const param = op.params.find((p) => `{${p.name}}` === part);
    const value = listed?.data?.[0]?.id ?? param?.examples[0];
    if (!value) throw new Error(`no value for ${part} of ${op.operationId}: no parent list and no example`);
    segments.push({ text: encodeURIComponent(value), literal: false });
  }
  return segments;
}

/** The contract's path templates as patterns of whole paths under an environment's base path (one segment a `{param}`). */
const templates = contract.operations.map((o) => ({
  path: o.path,
  // Paths hold letters, `_`, `/` and `{param}`s only: nothing else to escape.
  pattern: new RegExp(`^${o.path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
}));
function pathOfAnother(env: Environment, op: OperationModel, target: string): boolean {
  if (!target.startsWith(BASE_PATH[env])) return false;
  const rest = target.slice(BASE_PATH[env].length);
  return templates.some((t) => t.path !== op.path && t.pattern.test(rest));
}

describe.each(STORES)('routing of path variants — $name', (store) => {
  let srv: TestServer;
  let client: RawClient;
  const probes: Probe[] = [];
  const canonicals: { env: Environment; op: OperationModel; caller: Caller; answer: Answer }[] = [];

  beforeAll(async () => {
    if (store.skip) return;
    srv = await store.start('routing');
    client = new RawClient(srv.url);
    const r = rng(SEED);
    for (const env of ENVIRONMENTS) {
      const callers = callersOf(srv.demoKeys!, env);
      // DELETEs last: a canonical DELETE removes the resource the other operations' canonical paths name.
      const operations = [...contract.operations].sort(
        (a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'),
      );
      for (const op of operations) {
        const segments = await segmentsOf(
          client,
          op,
          env,
          callers.find((c) => c.label === 'full')!,
        );
        const canonicalPath = BASE_PATH[env] + segments.map((s) => `/${s.text}`).join('');
        const canonical = await client.all(callers, (c) =>
          client.send({ method: op.method, target: canonicalPath, headers: headersOf(c) }),
        );
        callers.forEach((caller, i) => canonicals.push({ env, op, caller, answer: canonical[i]! }));
        for (const variant of pathVariants(BASE_PATH[env], BASE_PATH[other(env)], segments, r)) {
          // A variant another path template of the contract takes is that path, not a variant of this one (such as
          // POST /purchases/AIRTIME, an id of GET /purchases/{id}: its 405): the route table answers it as that path.
          if (pathOfAnother(env, op, variant.path)) continue;
          callers.forEach((caller, i) => probes.push({ env, op, variant, caller, canonical: canonical[i]! }));
        }
      }
    }
    await client.all(probes, async (p) => {
      p.answer = await client.send({ method: p.op.method, target: p.variant.path, headers: headersOf(p.caller) });
    });
    console.log(
      `routing (${store.name}): ${canonicals.length} canonical + ${probes.length} variant requests (${new Set(probes.map((p) => p.variant.path)).size} variant paths × ${callersOf(srv.demoKeys!, 'production').length} callers)`,
    );
  }, 180_000);

  afterAll(async () => {
    client?.close();
    await srv?.stop();
  });

  const variantOf = (p: Probe) => `${p.env} ${p.op.operationId} [${p.variant.kind}] ${p.op.method} ${p.variant.path}`;
  const outcome = (a: Answer) => `${a.status}${errorCodeOf(a) ? ` ${errorCodeOf(a)}` : ''}`;
  /** One line per variant path: the callers whose answer is wrong, and what they got. */
  const byVariant = (bad: { p: Probe; why: string }[]) => {
    const lines = new Map<string, Map<string, string[]>>();
    for (const { p, why } of bad) {
      const whys = lines.get(variantOf(p)) ?? new Map<string, string[]>();
      whys.set(why, [...(whys.get(why) ?? []), p.caller.label]);
      lines.set(variantOf(p), whys);
    }
    const everyone = callersPerVariant();
    return [...lines].map(
      ([v, whys]) =>
        `${v} → ${[...whys].map(([why, who]) => `${who.length === everyone ? 'every caller' : who.join(', ')}: ${why}`).join('; ')}`,
    );
  };
  const callersPerVariant = () => probes.filter((p) => p.variant === probes[0]!.variant).length;

  it.skipIf(store.skip)(
    `answers the canonical paths as the contract does: 200 with the full key, 401 without one (${storeTitle(store)})`,
    () => {
      // Without this the oracle could pass vacuously: variants compared with canonical answers that are themselves 404s.
      // A bodiless request to a future POST is a 400 with the full key; what matters is that it is routed and let in.
      const fullOk = (op: OperationModel, a: Answer) =>
        op.method === 'GET' ? a.status === 200 : a.status < 500 && ![401, 403, 404].includes(a.status);
      const wrong = canonicals.filter(
        ({ op, caller, answer }) =>
          (caller.label === 'full' && !fullOk(op, answer)) ||
          (caller.label === 'no key' && answer.status !== (op.scope ? 401 : 200)),
      );
      expect(canonicals.length).toBe(
        contract.operations.length * ENVIRONMENTS.length * callersOf(srv.demoKeys!, 'production').length,
      );
      expect(
        wrong.map(({ env, op, caller, answer }) => `${env} ${op.operationId} as ${caller.label} → ${outcome(answer)}`),
      ).toEqual([]);
    },
  );

  it.skipIf(store.skip)(
    `answers every variant as the canonical path or 404 NOT_FOUND — never a 5xx, never a 200 the canonical path refuses (${storeTitle(store)})`,
    () => {
      const bad: { p: Probe; why: string }[] = [];
      for (const p of probes) {
        const a = p.answer!;
        if (a.status >= 500) bad.push({ p, why: `${outcome(a)} (a 5xx)` });
        else if (a.status === 200 && p.canonical.status !== 200)
          bad.push({ p, why: `200 where the canonical path answers ${outcome(p.canonical)}` });
        else if (comparable(a) !== comparable(p.canonical) && notNotFound(contract, a).length > 0) {
          bad.push({
            p,
            why: `${outcome(a)}, neither 404 NOT_FOUND nor the canonical ${outcome(p.canonical)}: ${a.body.slice(0, 100)}`,
          });
        }
      }
      expect(probes.length).toBeGreaterThan(1000);
      const lines = byVariant(bad);
      expect(
        lines.slice(0, 30),
        `${bad.length} of ${probes.length} answers (${lines.length} variant paths) break the oracle`,
      ).toEqual([]);
    },
  );

  it.skipIf(store.skip)(
    `routes a variant the same way for every caller: all canonical or all 404 NOT_FOUND (${storeTitle(store)})`,
    () => {
      const groups = new Map<string, Probe[]>();
      for (const p of probes) groups.set(variantOf(p), [...(groups.get(variantOf(p)) ?? []), p]);
      const mixed: string[] = [];
      for (const [variant, ps] of groups) {
        const routed = ps.filter((p) => notNotFound(contract, p.answer!).length > 0);
        if (routed.length > 0 && routed.length < ps.length)
          mixed.push(
            `${variant}: 404 NOT_FOUND for some callers, not for ${routed.map((p) => `${p.caller.label} (${outcome(p.answer!)})`).join(', ')}`,
          );
      }
      expect(
        mixed.slice(0, 30),
        `${mixed.length} of ${groups.size} variants are routed differently per caller`,
      ).toEqual([]);
    },
  );

  it.skipIf(store.skip)(
    `routes no variant: each is 404 NOT_FOUND for every caller, as the strict route table decides (${storeTitle(store)})`,
    () => {
      const bad = probes
        .filter((p) => notNotFound(contract, p.answer!).length > 0)
        .map((p) => ({ p, why: outcome(p.answer!) }));
      const lines = byVariant(bad);
      expect(
        lines.slice(0, 30),
        `${lines.length} variant paths (${bad.length} answers) are answered as something other than 404 NOT_FOUND`,
      ).toEqual([]);
    },
  );
});
