/**
 * Property-based tests of the parameters, with fast-check (fixed seed, bounded runs). Requests are drawn from the
 * contract's parameter schemas (support/arbitraries.ts) for every GET operation, in both environments, with the
 * full key and with no key. The oracle, from the bundle and the decided behaviour:
 *  - the status is documented for the operation, the body matches that status's schema, error.code is one the
 *    contract documents for that status (support/documented.ts), never a 5xx;
 *  - no key on an operation that needs one: 401 AUTHENTICATION_REQUIRED whatever the parameters;
 *  - full key: a value AJV rejects, a repeated or an unknown parameter, or `from` after `to` → 400
 *    INVALID_PARAMETER naming the parameter; otherwise 200 — any valid RFC 3339 date-time included — or, for
 *    a lookup id that matches nothing (any shape, malformed escapes, over 128 characters), its 404
 *    (TRANSACTION_NOT_FOUND, PRODUCT_NOT_FOUND, METER_NOT_FOUND, SMARTCARD_NOT_FOUND).
 * A failure prints the shrunk request, what came back and what was expected.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Contract, type OperationModel, type ParamModel } from '../../conformance/contract/operations.ts';
import type { JsonObject } from '../../conformance/contract/bundle.ts';
import { BASE_PATH, ENVIRONMENTS, type Environment } from '../../server/domain.ts';
import type { TestServer } from '../helpers/server.ts';
import {
  dateTime,
  junk,
  pathValueArb,
  plain,
  queryValueArb,
  unknownNameArb,
  type Drawn,
} from './support/arbitraries.ts';
import { errorCodeOf, parseJson, undocumented } from './support/documented.ts';
import { RawClient, type Answer } from './support/http-client.ts';
import { instantOf, order } from './support/instants.ts';
import { STORES, storeTitle } from './support/stores.ts';

const SEED = 20261123;
const contract = new Contract();
// Operations with a request body need body arbitraries too; until the contract has them, only bodiless ones.
const OPERATIONS = contract.operations.filter((op) => op.method === 'GET');
const schemaOf = (p: ParamModel) => contract.bundle.resolve(p.schemaPointer).node as JsonObject;

interface Drawing {
  /** The operation's id (not the model: the counterexample printed on failure stays readable). */
  operationId: string;
  env: Environment;
  who: 'full' | 'none';
  /** Query parameters in the order sent: declared ones, repeats, unknown ones. */
  query: [string, Drawn][];
  path: Record<string, Drawn>;
}

interface Expected {
  statuses: number[];
  code?: string;
  /** For a 400: the parameters one of which the error must name (empty: any). */
  names?: string[];
  why: string;
}

/** Valid by the contract: AJV against the parameter's own schema; an integer must be written in decimal digits. */
function valid(p: ParamModel, value: string): boolean {
  if (schemaOf(p).type === 'integer')
    return /^-?[0-9]+$/.test(value) && contract.schemas.validate(p.schemaPointer, Number(value)).length === 0;
  return contract.schemas.validate(p.schemaPointer, value).length === 0;
}

/** The size limits the contract states (info description, "Request limits"): over one, 400 before anything else. */
const LIMITS = { url: 4096, query: 2048, parameters: 32 };

function expected(d: Drawing, known: Set<string>, purchases: Set<string>): Expected {
  const op = contract.op(d.operationId);
  const target = targetOf(d);
  const query = target.includes('?') ? target.slice(target.indexOf('?') + 1) : '';
  if (target.length > LIMITS.url || query.length > LIMITS.query || d.query.length > LIMITS.parameters) {
    return {
      statuses: [400],
      code: 'INVALID_PARAMETER',
      names: [],
      why: `over a size limit (URL ${target.length} B, query ${query.length} B, ${d.query.length} parameters)`,
    };
  }
  if (op.scope && d.who === 'none')
    return { statuses: [401], code: 'AUTHENTICATION_REQUIRED', why: 'no key: authentication comes before parameters' };
  const declared = new Map(op.params.filter((p) => p.in === 'query').map((p) => [p.name, p]));
  const counts = new Map<string, number>();
  for (const [name] of d.query) counts.set(name, (counts.get(name) ?? 0) + 1);
  const unknown = [...counts.keys()].filter((n) => !declared.has(n));
  const repeated = [...counts].filter(([n, c]) => c > 1 && declared.has(n)).map(([n]) => n);
  const invalid = d.query.filter(([n, v]) => declared.has(n) && !valid(declared.get(n)!, v.value)).map(([n]) => n);
  if (unknown.length)
    return {
      statuses: [400],
      code: 'INVALID_PARAMETER',
      names: [],
      why: `unknown parameter ${unknown.map((n) => JSON.stringify(n)).join(', ')}`,
    };
  if (repeated.length || invalid.length)
    return {
      statuses: [400],
      code: 'INVALID_PARAMETER',
      names: [...repeated, ...invalid],
      why: `invalid or repeated: ${[...repeated, ...invalid].join(', ')}`,
    };
  const value = (n: string) => d.query.find(([x]) => x === n)?.[1].value;
  const from = value('from');
  const to = value('to');
  if (from !== undefined && to !== undefined) {
    const o = order(instantOf(from)!, instantOf(to)!);
    if (o === 'after')
      return { statuses: [400], code: 'INVALID_PARAMETER', names: ['from', 'to'], why: 'from is after to' };
    if (o === 'either') return { statuses: [200, 400], why: 'from and to closer than a store can tell apart' };
  }
  const params = Object.entries(d.path);
  if (params.length && op.responses.has(404)) {
    // The path parameters in order: the first that is no identifier at all (not decodable, over 128 characters, or
    // holding a control character: server/http/path-params.ts) answers; else the first is looked up.
    const noIdentifier = params.find(
      ([, v]) =>
        !decodable(v.wire) || decodeURIComponent(v.wire).length > 128 || CONTROL.test(decodeURIComponent(v.wire)),
    );
    const [name, v] = noIdentifier ?? params[0]!;
    // Known ids are transactions (drawn for every path parameter): getTransaction finds them all, getPurchase those
    // of a purchase (a funding is no purchase: 404 TRANSACTION_NOT_FOUND, as an unknown id).
    if (!noIdentifier && d.operationId === 'getTransaction' && known.has(v.value))
      return { statuses: [200], why: 'a known id' };
    if (!noIdentifier && d.operationId === 'getPurchase' && purchases.has(v.value))
      return { statuses: [200], why: 'a known purchase id' };
    return { statuses: [404], code: NOT_FOUND[d.operationId]![name]!, why: `${name} matches nothing` };
  }
  return { statuses: [200], why: 'every parameter valid' };
}

/** The 404 code of each path parameter that matches nothing (the contract's documented 404 examples). */
const NOT_FOUND: Record<string, Record<string, string>> = {
  getTransaction: { id: 'TRANSACTION_NOT_FOUND' },
  getPurchase: { id: 'TRANSACTION_NOT_FOUND' },
  getElectricityMeter: { product_id: 'PRODUCT_NOT_FOUND', meter_number: 'METER_NOT_FOUND' },
  getCableTvSmartcard: { product_id: 'PRODUCT_NOT_FOUND', smartcard_number: 'SMARTCARD_NOT_FOUND' },
  getWebhookEndpoint: { webhook_id: 'WEBHOOK_NOT_FOUND' },
  listWebhookDeliveries: { webhook_id: 'WEBHOOK_NOT_FOUND' },
  getWebhookDelivery: { webhook_id: 'WEBHOOK_NOT_FOUND', delivery_id: 'DELIVERY_NOT_FOUND' },
  getEvent: { event_id: 'EVENT_NOT_FOUND' },
};

const CONTROL = /[\u0000-\u001f\u007f]/;

function decodable(wire: string): boolean {
  try {
    decodeURIComponent(wire);
    return true;
  } catch {
    return false;
  }
}

function targetOf(d: Drawing): string {
  let path = contract.op(d.operationId).path;
  for (const [name, v] of Object.entries(d.path)) path = path.replace(`{${name}}`, v.wire);
  const query = d.query.map(([n, v]) => `${encodeURIComponent(n)}=${v.wire}`).join('&');
  return BASE_PATH[d.env] + path + (query ? `?${query}` : '');
}

/** What is wrong with the answer: undocumented, or not what the oracle expects. */
function problems(d: Drawing, a: Answer, e: Expected): string[] {
  const out = undocumented(contract, contract.op(d.operationId), a);
  const code = errorCodeOf(a);
  if (!e.statuses.includes(a.status) || (e.code && a.status === e.statuses[0] && code !== e.code)) {
    out.push(
      `expected ${e.statuses.join(' or ')}${e.code ? ` ${e.code}` : ''} (${e.why}), got ${a.status}${code ? ` ${code}` : ''}`,
    );
  }
  if (a.status === 400 && e.names?.length) {
    const err = (parseJson(a.body) as { error?: { message?: string; details?: { parameter?: string }[] } } | undefined)
      ?.error;
    const named = e.names.some((n) => err?.details?.some((x) => x.parameter === n) || err?.message?.includes(n));
    if (!named) out.push(`the 400 names none of ${e.names.join(', ')}: ${JSON.stringify(err)}`);
  }
  return out;
}

describe.each(STORES)('parameters drawn from the contract — $name', (store) => {
  let srv: TestServer;
  let client: RawClient;
  const knownIds = {} as Record<Environment, string[]>;
  const knownPurchases = {} as Record<Environment, string[]>;

  beforeAll(async () => {
    if (store.skip) return;
    srv = await store.start('params');
    client = new RawClient(srv.url);
    for (const env of ENVIRONMENTS) {
      const list = parseJson(
        (
          await client.send({
            target: `${BASE_PATH[env]}/account/transactions?per_page=5`,
            headers: { authorization: `Bearer ${srv.demoKeys![env].keys.full}` },
          })
        ).body,
      ) as { data: { id: string; attributes: { category: string; external_reference: string | null } }[] };
      const idsOf = (t: (typeof list.data)[number]) => [
        t.id,
        `txn_${t.id}`,
        ...(t.attributes.external_reference ? [t.attributes.external_reference] : []),
      ];
      knownIds[env] = list.data.flatMap(idsOf);
      knownPurchases[env] = list.data.filter((t) => t.attributes.category === 'purchase').flatMap(idsOf);
    }
  }, 120_000);
  afterAll(async () => {
    client?.close();
    await srv?.stop();
  });

  /** Answers seen per status in the current property: a property that only ever meets one status proves little. */
  let seen = new Map<number, number>();
  beforeEach(() => {
    seen = new Map();
  });
  const tally = () => {
    const t = Object.fromEntries(seen);
    console.log(`answers by status (${store.name}): ${JSON.stringify(t)}`);
    seen = new Map();
    return t;
  };

  /** Sends a drawing and throws, with the request, the answer and the expectation, when the oracle rejects it. */
  async function check(d: Drawing): Promise<void> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (d.who === 'full') headers.authorization = `Bearer ${srv.demoKeys![d.env].keys.full}`;
    const target = targetOf(d);
    const a = await client.send({ target, headers });
    seen.set(a.status, (seen.get(a.status) ?? 0) + 1);
    const e = expected(d, new Set(knownIds[d.env]), new Set(knownPurchases[d.env]));
    const found = problems(d, a, e);
    if (found.length)
      throw new Error(
        `GET ${target} (${d.who === 'full' ? 'full key' : 'no key'}) → ${a.status} ${a.body.slice(0, 300)}\n  ${found.join('\n  ')}`,
      );
  }

  const drawing = (op: OperationModel, who: fc.Arbitrary<'full' | 'none'>) =>
    fc.constantFrom(...ENVIRONMENTS).chain((env) => {
      const query = op.params.filter((p) => p.in === 'query');
      const names = query.map((p) => p.name);
      const declared = fc.tuple(
        ...query.map((p) =>
          fc.option(
            queryValueArb(p.name, schemaOf(p)).map((v): [string, Drawn] => [p.name, v]),
            { freq: 2, nil: null },
          ),
        ),
      );
      const repeats = names.length
        ? fc.oneof(
            { weight: 6, arbitrary: fc.constant([]) },
            {
              weight: 1,
              arbitrary: fc.array(fc.tuple(fc.constantFrom(...names), fc.oneof(junk, fc.constant(plain('1')))), {
                minLength: 1,
                maxLength: 2,
              }),
            },
          )
        : fc.constant([]);
      const unknown = fc.oneof(
        { weight: 6, arbitrary: fc.constant([]) },
        {
          weight: 1,
          arbitrary: fc.array(fc.tuple(unknownNameArb(names), fc.oneof(junk, fc.constant(plain('1')))), {
            minLength: 1,
            maxLength: 2,
          }),
        },
      );
      const path = fc.record(
        Object.fromEntries(op.params.filter((p) => p.in === 'path').map((p) => [p.name, pathValueArb(knownIds[env])])),
      );
      return fc
        .record({
          operationId: fc.constant(op.operationId),
          env: fc.constant(env),
          who,
          declared,
          repeats,
          unknown,
          path,
        })
        .map(({ declared: dq, repeats: rq, unknown: uq, ...rest }): Drawing => ({
          ...rest,
          query: [
            ...dq.filter((x): x is [string, Drawn] => x !== null),
            ...(rq as [string, Drawn][]),
            ...(uq as [string, Drawn][]),
          ],
        }));
    });
  /** Fixed seed, bounded runs: the same requests on every run and store, so a failure reproduces. */
  const runs = (numRuns: number) => ({ seed: SEED, numRuns });
  const atLeast = (n: number) => expect.toSatisfy((x: number) => x >= n, `at least ${n}`);

  it.skipIf(store.skip)(
    `every GET operation, full key and no key: documented answers, 400 for what the contract rejects, 200 otherwise (${storeTitle(store)})`,
    async () => {
      const arb = fc
        .constantFrom(...OPERATIONS)
        .chain((op) => drawing(op, fc.constantFrom<'full' | 'none'>('full', 'full', 'full', 'none')));
      await fc.assert(fc.asyncProperty(arb, check), runs(400));
      expect(tally()).toMatchObject({ 200: atLeast(60), 400: atLeast(60), 401: atLeast(30), 404: atLeast(5) });
    },
    120_000,
  );

  it.skipIf(store.skip)(
    `from/to: any valid RFC 3339 date-time (years 0000–9999, offsets to ±23:59, leap seconds) is a 200, from after to a 400 (${storeTitle(store)})`,
    async () => {
      const op = contract.op('listTransactions');
      const [from, to] = ['from', 'to'].map((n) => op.params.find((p) => p.name === n)!);
      const arb = fc
        .record({
          env: fc.constantFrom(...ENVIRONMENTS),
          from: fc.option(
            fc.oneof(
              { weight: 5, arbitrary: dateTime.map(plain) },
              { weight: 1, arbitrary: queryValueArb('from', schemaOf(from!)) },
            ),
            { nil: null, freq: 3 },
          ),
          to: fc.option(
            fc.oneof(
              { weight: 5, arbitrary: dateTime.map(plain) },
              { weight: 1, arbitrary: queryValueArb('to', schemaOf(to!)) },
            ),
            { nil: null, freq: 3 },
          ),
        })
        .map(({ env, from: f, to: t }): Drawing => ({
          operationId: op.operationId,
          env,
          who: 'full',
          path: {},
          query: [...(f ? [['from', f] as [string, Drawn]] : []), ...(t ? [['to', t] as [string, Drawn]] : [])],
        }));
      await fc.assert(fc.asyncProperty(arb, check), runs(250));
      expect(tally()).toMatchObject({ 200: atLeast(60), 400: atLeast(30) });
    },
    120_000,
  );

  it.skipIf(store.skip)(
    `getTransaction ids of any shape: 200 for a known id, else 404 TRANSACTION_NOT_FOUND; 401 without a key (${storeTitle(store)})`,
    async () => {
      const arb = drawing(contract.op('getTransaction'), fc.constantFrom<'full' | 'none'>('full', 'full', 'none'));
      await fc.assert(fc.asyncProperty(arb, check), runs(150));
      expect(tally()).toMatchObject({ 200: atLeast(20), 401: atLeast(20), 404: atLeast(40) });
    },
    120_000,
  );
});
