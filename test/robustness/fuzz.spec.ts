/**
 * Contract fuzz: ≥ 10,000 requests generated from the contract (support/contract-fuzz.ts, with the POST bodies and
 * Idempotency-Keys of support/fuzz-writes.ts) against the server with response validation on. Zero 5xx; every
 * response documented for its operation and valid against the bundle (ContractSchemas, by JSON pointer); every
 * invalid request answered 4xx; every valid request with a key that holds the scope answered as the contract says.
 */
import { describe, expect, it } from 'vitest';
import { Contract, type ParamModel } from '../../conformance/contract/operations.ts';
import type { JsonObject } from '../../conformance/contract/bundle.ts';
import { BASE_PATH } from '../../server/domain.ts';
import { startTestServer } from '../helpers/server.ts';
import { fuzzCase, rng, samplePattern, type FuzzCase } from './support/contract-fuzz.ts';
import { recordFigures } from './support/figures.ts';
import { writeModel } from './support/fuzz-writes.ts';

const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 10_000);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const CONCURRENCY = 16;
const SANE_ID = /^[A-Za-z0-9._-]{1,128}$/;

const contract = new Contract();
const schemaOf = (p: ParamModel) => contract.bundle.resolve(p.schemaPointer).node as JsonObject;
/** The catalogue an operation's product ids come from (its body's product_id, or its path's). */
const CATALOGUE_OF: Record<string, string> = {
  createDataPurchase: 'dataplans',
  createElectricityPurchase: 'electricity',
  createCableTvPurchase: 'cabletv',
  getElectricityMeter: 'electricity',
  getCableTvSmartcard: 'cabletv',
};

/** What is wrong with this response by the contract (empty = nothing). */
function violations(c: FuzzCase, r: Response, text: string): string[] {
  const out: string[] = [];
  const documented = c.op.responses.get(r.status);
  if (!documented) return [`status ${r.status} is not documented for ${c.op.operationId}`];
  if (!/^application\/json/.test(r.headers.get('content-type') ?? ''))
    out.push(`content-type ${r.headers.get('content-type')}`);
  const id = r.headers.get('x-request-id');
  if (!id || !SANE_ID.test(id)) out.push(`X-Request-Id '${id}'`);
  for (const h of documented.headers) {
    const value = r.headers.get(h.name);
    if (value === null) {
      if (h.required) out.push(`no ${h.name}`);
      continue;
    }
    for (const p of contract.schemas.validate(h.schemaPointer, value)) out.push(`${h.name}: ${p.message}`);
  }
  if (c.method === 'HEAD') return out;
  let body: { status?: { code?: unknown } };
  try {
    body = JSON.parse(text);
  } catch {
    return [...out, `body is not JSON: ${text.slice(0, 80)}`];
  }
  if (documented.schemaPointer)
    for (const p of contract.schemas.validate(documented.schemaPointer, body)) out.push(`body ${p.path} ${p.message}`);
  if (body.status?.code !== r.status) out.push(`status.code ${String(body.status?.code)} ≠ ${r.status}`);
  return out;
}

/** The parameter a 400 names (`error.details[0].parameter`). */
function parameterOf(text: string): string | undefined {
  try {
    return (JSON.parse(text) as { error?: { details?: { parameter?: string }[] } }).error?.details?.[0]?.parameter;
  } catch {
    return undefined;
  }
}

describe('contract fuzz', () => {
  it(`answers ${REQUESTS} generated requests without a 5xx, always as the contract documents`, async () => {
    // The pattern sampler must produce what the contract calls valid, or "valid" cases would be meaningless.
    const r0 = rng(SEED);
    for (const op of contract.operations)
      for (const p of op.params) {
        const s = schemaOf(p);
        if (typeof s.pattern === 'string' && s.format === undefined)
          for (let i = 0; i < 20; i++)
            expect(contract.schemas.validate(p.schemaPointer, samplePattern(s.pattern, r0))).toEqual([]);
      }

    const srv = await startTestServer(['--validate-responses']);
    const started = Date.now();
    const tally = {
      sent: 0,
      writes: 0,
      created: 0,
      by_class: {} as Record<string, number>,
      fivexx: 0,
      violations: 0,
      invalid_not_4xx: 0,
      valid_unexpected: 0,
      network_errors: 0,
    };
    const problems: string[] = [];
    const seen = new Set<string>();
    try {
      const ids: Record<string, string[]> = {};
      const products: Record<string, string[]> = {};
      for (const env of ['production', 'sandbox'] as const) {
        const get = async (path: string) =>
          (
            await fetch(`${srv.demoKeys![env].base_url}${path}`, {
              headers: { Authorization: `Bearer ${srv.demoKeys![env].keys.full}` },
            })
          ).json();
        const list = (await get('/account/transactions?per_page=100')) as {
          data: { id: string; attributes: { external_reference: string | null } }[];
        };
        ids[env] = list.data.flatMap((t) => [
          t.id,
          `txn_${t.id}`,
          ...(t.attributes.external_reference ? [t.attributes.external_reference] : []),
        ]);
        for (const kind of new Set(Object.values(CATALOGUE_OF))) {
          products[`${env} ${kind}`] = (
            (await get(`/products/${kind}?per_page=100`)) as { data: { id: string }[] }
          ).data.map((p) => p.id);
        }
      }
      const r = rng(SEED);
      const cases: (FuzzCase & { env: string })[] = Array.from({ length: REQUESTS }, () => {
        const env = r() < 0.5 ? ('production' as const) : ('sandbox' as const);
        const op = contract.operations[Math.floor(r() * contract.operations.length)]!;
        const productIds = products[`${env} ${CATALOGUE_OF[op.operationId]}`] ?? [];
        const pathIds = (param: string) => (param === 'id' ? ids[env]! : param === 'product_id' ? productIds : []);
        const pathMethods = contract.operations.filter((o) => o.path === op.path).map((o) => o.method);
        return {
          ...fuzzCase(r, op, schemaOf, srv.demoKeys!, env, {
            pathIds,
            write: writeModel(contract.bundle, op),
            productIds,
            pathMethods,
          }),
          env,
        };
      });

      let next = 0;
      const worker = async () => {
        while (next < cases.length) {
          const c = cases[next++]!;
          tally.sent++;
          let res: Response;
          let text: string;
          try {
            res = await fetch(srv.url + BASE_PATH[c.env as 'production'] + c.target, {
              method: c.method,
              headers: c.headers,
              body: c.body,
            });
            text = await res.text();
          } catch (e) {
            tally.network_errors++;
            problems.push(`${c.method} ${c.target.slice(0, 120)}: ${(e as Error).message}`);
            continue;
          }
          if (c.op.method === 'POST') {
            tally.writes++;
            if (res.status === 201) tally.created++;
          }
          const cls = `${Math.floor(res.status / 100)}xx`;
          tally.by_class[cls] = (tally.by_class[cls] ?? 0) + 1;
          seen.add(`${c.op.operationId} ${res.status}`);
          const where = `${c.method} ${c.env} ${c.target.slice(0, 150)} [key ${c.keyLabel}] → ${res.status}`;
          if (res.status >= 500) {
            tally.fivexx++;
            problems.push(`${where}: ${text.slice(0, 200)}`);
          }
          const v = violations(c, res, text);
          if (v.length) {
            tally.violations++;
            problems.push(`${where}: ${v.join('; ')}`);
          }
          if (c.invalid && (res.status < 400 || res.status >= 500)) {
            tally.invalid_not_4xx++;
            problems.push(`${where}: invalid request not refused with 4xx`);
          }
          if (
            !c.invalid &&
            !c.expect.includes(res.status) &&
            !(res.status === 400 && c.allowed400 && parameterOf(text) === c.allowed400)
          ) {
            tally.valid_unexpected++;
            problems.push(`${where}: valid request, expected ${c.expect.join('/')}: ${text.slice(0, 200)}`);
          }
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    } finally {
      await srv.stop();
      const seconds = (Date.now() - started) / 1000;
      recordFigures({
        check: 'contract-fuzz',
        passed: problems.length === 0 && tally.sent >= 10_000,
        figures: {
          requests: tally.sent,
          seed: SEED,
          writes: tally.writes,
          '201': tally.created,
          '2xx': tally.by_class['2xx'] ?? 0,
          '4xx': tally.by_class['4xx'] ?? 0,
          '5xx': tally.fivexx,
          contract_violations: tally.violations,
          invalid_not_4xx: tally.invalid_not_4xx,
          valid_unexpected: tally.valid_unexpected,
          network_errors: tally.network_errors,
          operation_status_pairs: seen.size,
          seconds: Math.round(seconds * 10) / 10,
        },
      });
    }
    expect(problems.slice(0, 20)).toEqual([]);
    expect(tally.sent).toBeGreaterThanOrEqual(Math.min(REQUESTS, 10_000));
  }, 300_000);
});
