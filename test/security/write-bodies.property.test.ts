/**
 * Property-based tests of write bodies, with fast-check (fixed seed, bounded runs), over real HTTP to EVERY write
 * operation of the contract (each POST and PATCH with a JSON request body, read from the bundle), in both
 * environments, with the full key. The body starts from the contract's own example (checked valid against the
 * operation's schema) and gets what a partner, a proxy or an attacker may put in it:
 *  - an unknown member of any name (any unicode, `/`, `~`, control characters, the empty name, `__proto__`,
 *    `constructor`, names of thousands of characters) and any value;
 *  - a member given twice, at the top or at any depth inside arrays and objects, its name spelt the same or with
 *    `\uXXXX` escapes (`{"amount": "50.00", "amount": "50000.00"}`);
 *  - text that is not JSON, or JSON that is not an object;
 *  - an `Idempotency-Key` longer than 255 characters (POST only).
 * The oracle: never a 5xx; a status the operation documents, with a body valid against its schema (the contract's
 * ErrorResponse: `error.message` ≤ 4096, `details[].parameter` ≤ 2048, `details[].message` ≤ 1024 characters);
 * 400 INVALID_PARAMETER naming the offending member by its RFC 6901 JSON pointer (exactly, or — for a pointer over
 * 2048 characters — its first characters, with the detail saying it is cut), `body` for a body that is not a JSON
 * object ("not valid JSON" when it is not JSON at all), IDEMPOTENCY_KEY_REQUIRED saying the key is too long; and
 * nothing recorded or debited (balance, transactions and webhook endpoints of both environments unchanged).
 */
import { Agent, request } from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Contract, type OperationModel } from '../../conformance/contract/operations.ts';
import { BASE_PATH, ENVIRONMENTS, type Environment } from '../../server/domain.ts';
import { redactSecrets } from '../../server/redact.ts';
import { MAX_BODY_BYTES } from '../../server/http/request-body.ts';
import type { TestServer } from '../helpers/server.ts';
import { parseJson, undocumented } from './support/documented.ts';
import type { Answer } from './support/http-client.ts';
import { STORES, storeTitle } from './support/stores.ts';

const SEED = 20261127;
const contract = new Contract();
/** Every write operation with a JSON body, from the contract: none is listed by hand. */
const WRITES = contract.operations.filter(
  (op) => ['POST', 'PATCH', 'PUT'].includes(op.method) && op.requestBody !== null,
);
const LIMITS = { parameter: 2048 };

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

const escapeToken = (name: string) => name.replace(/~/g, '~0').replace(/\//g, '~1');
const pointer = (tokens: readonly (string | number)[]) => tokens.map((t) => `/${escapeToken(String(t))}`).join('');
/** RFC 6901: `/` then reference tokens in which `~` only starts `~0` or `~1`. */
const isPointer = (p: string) => p === '' || (p.startsWith('/') && !/~(?![01])/.test(p));

/** A name written with every UTF-16 unit as a `\uXXXX` escape: the same name to any JSON parser. */
const escaped = (name: string) =>
  `"${[...Array(name.length).keys()].map((i) => `\\u${name.charCodeAt(i).toString(16).padStart(4, '0')}`).join('')}"`;
const member = (name: string, value: string, spelling: 'plain' | 'escaped' = 'plain') =>
  `${spelling === 'plain' ? JSON.stringify(name) : escaped(name)}:${value}`;
const objectText = (members: string[]) => `{${members.join(',')}}`;
const exampleMembers = (example: Record<string, Json>) =>
  Object.entries(example).map(([k, v]) => member(k, JSON.stringify(v)));

/** Member names of every kind a JSON text can hold. */
const NAMES = [
  '',
  '/',
  '~',
  '~1',
  '~0/',
  'a/b~c',
  '__proto__',
  'constructor',
  'prototype',
  'hasOwnProperty',
  '\u0000',
  '\u001f\u007f',
  '\uFEFF',
  '\u202E',
  '😀',
  '\ud800',
  'é',
  ' amount',
  'Amount',
  'sk_test_abc123',
];
const nameArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NAMES) },
  { weight: 4, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  {
    weight: 2,
    arbitrary: fc.string({ unit: fc.constantFrom('a', '/', '~', '0', '1', 'é', '\u0000', '"', '\\'), maxLength: 30 }),
  },
  // Long names, around and far over the 2048 characters a detail may echo (and, in UTF-8, over the body limit).
  { weight: 2, arbitrary: fc.string({ unit: fc.constantFrom('x', '/', '~', 'é'), minLength: 2000, maxLength: 2100 }) },
  { weight: 1, arbitrary: fc.string({ unit: fc.constantFrom('x', '~', '/'), minLength: 10_000, maxLength: 15_000 }) },
);
const valueArb: fc.Arbitrary<Json> = fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json>;

interface Drawing {
  operationId: string;
  env: Environment;
  /** The body's bytes as sent. */
  body: string;
  key?: string;
  /** What the 400 must name: a pointer, `body`, or `Idempotency-Key`; and words its detail must hold. */
  names: string;
  says?: RegExp;
  code: 'INVALID_PARAMETER' | 'IDEMPOTENCY_KEY_REQUIRED';
}

const exampleOf = (op: OperationModel) => op.requestBody!.examples[0] as Record<string, Json>;
const declared = (op: OperationModel) =>
  new Set(Object.keys((contract.bundle.resolve(op.requestBody!.schemaPointer).node.properties ?? {}) as object));

/** Over the body limit, the body as a whole is refused before its members are read. */
const sized = (d: Drawing): Drawing =>
  Buffer.byteLength(d.body) > MAX_BODY_BYTES ? { ...d, names: 'body', says: /at most/, code: 'INVALID_PARAMETER' } : d;

/** An unknown member (any name, any value) added to the operation's valid example body. */
const unknownMember = (op: OperationModel) =>
  fc
    .record({
      env: fc.constantFrom(...ENVIRONMENTS),
      name: nameArb.filter((n) => !declared(op).has(n)),
      value: valueArb,
      spelling: fc.constantFrom<'plain' | 'escaped'>('plain', 'escaped'),
      first: fc.boolean(),
    })
    .map(({ env, name, value, spelling, first }): Drawing => {
      const extra = member(name, JSON.stringify(value), spelling);
      const members = exampleMembers(exampleOf(op));
      return sized({
        operationId: op.operationId,
        env,
        body: objectText(first ? [extra, ...members] : [...members, extra]),
        names: pointer([name]),
        code: 'INVALID_PARAMETER',
      });
    });

/** One step from an object member to the object holding the repeated member: into a member, or an array item. */
type Step = { kind: 'member'; name: string; siblings: Json[] } | { kind: 'item'; before: Json[] };
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('member' as const), name: nameArb, siblings: fc.array(valueArb, { maxLength: 2 }) }),
  fc.record({ kind: fc.constant('item' as const), before: fc.array(valueArb, { maxLength: 3 }) }),
);

/**
 * A member repeated in an object at any depth: at the top (one of the example's own members, or any name), or inside
 * the value of an added member, through objects and array items. The repeated name may be spelt differently.
 */
const repeatedMember = (op: OperationModel) =>
  fc
    .record({
      env: fc.constantFrom(...ENVIRONMENTS),
      top: fc.option(
        nameArb.filter((n) => !declared(op).has(n)),
        { nil: null, freq: 2 },
      ),
      steps: fc.array(stepArb, { maxLength: 3 }),
      name:
        Object.keys(exampleOf(op)).length > 0
          ? fc.oneof(fc.constantFrom(...Object.keys(exampleOf(op))), nameArb)
          : nameArb,
      values: fc.tuple(valueArb, valueArb),
      spelling: fc.constantFrom<'plain' | 'escaped'>('plain', 'escaped'),
    })
    .map(({ env, top, steps, name, values, spelling }): Drawing => {
      const example = exampleOf(op);
      if (top === null) {
        // At the top: the example's members, then the name again (the attack: `"amount"` twice).
        const given = Object.hasOwn(example, name);
        const members = [
          ...exampleMembers(example),
          ...(given ? [] : [member(name, JSON.stringify(values[0]))]),
          member(name, JSON.stringify(values[1]), spelling),
        ];
        return sized({
          operationId: op.operationId,
          env,
          body: objectText(members),
          names: pointer([name]),
          says: /more than once/,
          code: 'INVALID_PARAMETER',
        });
      }
      // Inside an added member: build from the innermost object outwards, collecting the path.
      let text = objectText([
        member(name, JSON.stringify(values[0])),
        member(name, JSON.stringify(values[1]), spelling),
      ]);
      const tokens: (string | number)[] = [];
      for (const step of [...steps].reverse()) {
        if (step.kind === 'item') {
          text = `[${[...step.before.map((v) => JSON.stringify(v)), text].join(',')}]`;
          tokens.unshift(step.before.length);
        } else {
          // Siblings get names no other member of that object has.
          text = objectText([
            ...step.siblings.map((v, i) => member(`${step.name}#${i}`, JSON.stringify(v))),
            member(step.name, text),
          ]);
          tokens.unshift(step.name);
        }
      }
      const body = objectText([...exampleMembers(example), member(top, text)]);
      return sized({
        operationId: op.operationId,
        env,
        body,
        names: pointer([top, ...tokens, name]),
        says: /more than once/,
        code: 'INVALID_PARAMETER',
      });
    });

const parsed = (text: string): { value: unknown } | null => {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return null;
  }
};
const notJson = (text: string) => parsed(text) === null;
const isObject = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Text that is not JSON (cut, junk, comments, single quotes, NaN…), or JSON that is not an object. */
const malformed = (op: OperationModel) =>
  fc
    .record({
      env: fc.constantFrom(...ENVIRONMENTS),
      text: fc.oneof(
        fc
          .nat({ max: 200 })
          .map((n) => JSON.stringify(exampleOf(op)).slice(0, n))
          .filter((t) => t !== ''),
        fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }),
        fc.constantFrom(
          '{',
          '{"a":1,}',
          "{'a':1}",
          '{"a":NaN}',
          '{"a":1}/*x*/',
          '{"a":1} {"a":2}',
          ' ',
          '\u0000',
          '{"a":"\u0000"}',
          '{"a":01}',
          'nul',
        ),
        fc
          .jsonValue({ maxDepth: 2 })
          .filter((v) => v === null || typeof v !== 'object' || Array.isArray(v))
          .map((v) => JSON.stringify(v)),
      ),
      // Not an object (that is a body), not starting with a byte order mark (the body's decoder drops it, JSON.parse does not).
    })
    .filter(({ text }) => text !== '' && !text.startsWith('\uFEFF') && !isObject(parsed(text)?.value))
    .map(({ env, text }): Drawing => ({
      operationId: op.operationId,
      env,
      body: text,
      names: 'body',
      code: 'INVALID_PARAMETER',
      says: notJson(text) ? /not valid JSON/ : /must be one JSON object/,
    }));

/** A key of printable ASCII longer than the 255 characters the contract allows, with the valid example body. */
const longKey = (op: OperationModel) =>
  fc
    .record({
      env: fc.constantFrom(...ENVIRONMENTS),
      key: fc
        .string({ unit: fc.constantFrom('a', 'Z', '9', '-', '_', ' ', '~', '!'), minLength: 256, maxLength: 4000 })
        .filter((k) => k.trim() === k),
    })
    .map(({ env, key }): Drawing => ({
      operationId: op.operationId,
      env,
      body: JSON.stringify(exampleOf(op)),
      key,
      names: 'Idempotency-Key',
      says: /too long/,
      code: 'IDEMPOTENCY_KEY_REQUIRED',
    }));

describe.each(STORES)('write bodies drawn against every write operation — $name', (store) => {
  let srv: TestServer;
  const agent = new Agent({ keepAlive: true, maxSockets: 4 });
  /** A webhook endpoint of each environment for the operations under /webhooks/{webhook_id} (a UUID that matches none where one cannot be made). */
  const webhookIds = {} as Record<Environment, string>;
  let before: string;

  function send(
    method: string,
    target: string,
    env: Environment,
    body?: string,
    extra: Record<string, string> = {},
  ): Promise<Answer> {
    const u = new URL(srv.url);
    const headers: Record<string, string> = {
      authorization: `Bearer ${srv.demoKeys![env].keys.full}`,
      accept: 'application/json',
      ...extra,
    };
    if (body !== undefined) headers['content-type'] = 'application/json';
    return new Promise((resolve, reject) => {
      const r = request({ host: u.hostname, port: Number(u.port), agent, method, path: target, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const h: Record<string, string> = {};
          for (const [k, v] of Object.entries(res.headers))
            if (v !== undefined) h[k] = Array.isArray(v) ? v.join(', ') : v;
          resolve({ status: res.statusCode ?? 0, headers: h, body: Buffer.concat(chunks).toString('utf8') });
        });
        res.on('error', reject);
      });
      r.setTimeout(15_000, () => r.destroy(new Error(`no answer to ${method} ${target}`)));
      r.on('error', reject);
      r.end(body);
    });
  }

  /**
   * What must not change: each environment's transactions (their number and the newest: every debit is one) and
   * webhook endpoints. Not the balance itself: the demo data's pending purchases settle meanwhile, some refunded.
   */
  async function state(): Promise<string> {
    const out: unknown[] = [];
    for (const env of ENVIRONMENTS) {
      const base = BASE_PATH[env];
      const txns = parseJson((await send('GET', `${base}/account/transactions?per_page=1`, env)).body) as {
        data: { id: string }[];
        pagination: { total_count: number };
      };
      const hooks = parseJson((await send('GET', `${base}/webhooks?per_page=100`, env)).body) as {
        pagination?: { total_count: number };
        data: unknown[];
      };
      out.push([
        env,
        txns.pagination.total_count,
        txns.data[0]?.id,
        hooks.pagination?.total_count ?? hooks.data.length,
      ]);
    }
    return JSON.stringify(out);
  }

  beforeAll(async () => {
    if (store.skip) return;
    srv = await store.start('bodies');
    for (const op of WRITES) {
      expect(
        contract.schemas.validate(op.requestBody!.schemaPointer, exampleOf(op)),
        `${op.operationId}'s example`,
      ).toEqual([]);
    }
    const made = await send(
      'POST',
      `${BASE_PATH.sandbox}/webhooks`,
      'sandbox',
      JSON.stringify({ url: 'http://127.0.0.1:9/hook', events: ['transaction.failed'] }),
      { 'idempotency-key': 'write-bodies-setup' },
    );
    expect(made.status, made.body).toBe(201);
    webhookIds.sandbox = (parseJson(made.body) as { data: { id: string } }).data.id;
    webhookIds.production = '00000000-0000-4000-8000-000000000000';
    before = await state();
  }, 120_000);
  afterAll(async () => {
    agent.destroy();
    await srv?.stop();
  });

  let keys = 0;
  /** What the drawings of a property held: a property that never draws a long name or a deep pointer proves little. */
  let drawn = { long: 0, escaped: 0, deep: 0, item: 0 };
  const tally = () => {
    const t = drawn;
    drawn = { long: 0, escaped: 0, deep: 0, item: 0 };
    return t;
  };
  async function check(d: Drawing): Promise<void> {
    const op = contract.op(d.operationId);
    if (d.names.startsWith('/')) {
      const tokens = d.names.slice(1).split('/');
      drawn.long += d.names.length > LIMITS.parameter ? 1 : 0;
      drawn.escaped += /~[01]/.test(d.names) ? 1 : 0;
      drawn.deep += tokens.length >= 3 ? 1 : 0;
      drawn.item += tokens.slice(1).some((t) => /^\d+$/.test(t)) ? 1 : 0;
    }
    const target = BASE_PATH[d.env] + op.path.replace('{webhook_id}', webhookIds[d.env]);
    const headers: Record<string, string> = {};
    if (op.method === 'POST') headers['idempotency-key'] = d.key ?? `write-bodies-${process.pid}-${keys++}`;
    const a = await send(op.method, target, d.env, d.body, headers);
    const problems = undocumented(contract, op, a);
    const err = (
      parseJson(a.body) as
        { error?: { code?: string; message?: string; details?: { parameter: string; message: string }[] } } | undefined
    )?.error;
    if (a.status !== 400 || err?.code !== d.code)
      problems.push(`expected 400 ${d.code}, got ${a.status} ${err?.code ?? ''}`);
    const detail = err?.details?.[0];
    if (!detail) problems.push('no error.details');
    else {
      if (detail.parameter.startsWith('/') && !isPointer(detail.parameter))
        problems.push(`details[0].parameter is no RFC 6901 pointer: ${JSON.stringify(detail.parameter.slice(0, 200))}`);
      // Key-like text is never echoed (server/redact.ts), not even in a member's name.
      const names = redactSecrets(d.names);
      if (names.length <= LIMITS.parameter) {
        if (detail.parameter !== names)
          problems.push(
            `names ${JSON.stringify(detail.parameter.slice(0, 200))}, not ${JSON.stringify(d.names.slice(0, 200))}`,
          );
      } else if (
        !names.startsWith(detail.parameter) ||
        detail.parameter.length < LIMITS.parameter - 2 ||
        !/cut/.test(detail.message)
      ) {
        problems.push(
          `a ${d.names.length}-character pointer: not named by its first characters with a note that it is cut (${detail.parameter.length} characters: ${detail.message.slice(0, 200)})`,
        );
      }
      if (d.says && !d.says.test(detail.message))
        problems.push(`the detail does not say ${String(d.says)}: ${detail.message.slice(0, 300)}`);
    }
    if (problems.length) {
      throw new Error(
        `${op.method} ${target} ${d.key ? `(Idempotency-Key of ${d.key.length} characters) ` : ''}body ${JSON.stringify(d.body.slice(0, 300))}${d.body.length > 300 ? `… (${d.body.length} characters)` : ''}\n  → ${a.status} ${a.body.slice(0, 400)}\n  ${problems.join('\n  ')}`,
      );
    }
  }

  const runs = (numRuns: number) => ({ seed: SEED, numRuns });
  const atLeast = (n: number) => expect.toSatisfy((x: number) => x >= n, `at least ${n}`);
  const forEvery = (make: (op: OperationModel) => fc.Arbitrary<Drawing>, ops = WRITES) =>
    fc.constantFrom(...ops).chain(make);

  it.skipIf(store.skip)(
    `an unknown member of any name is named by its JSON pointer, within the contract's limits (${storeTitle(store)})`,
    async () => {
      await fc.assert(fc.asyncProperty(forEvery(unknownMember), check), runs(300));
      expect(tally()).toMatchObject({ long: atLeast(10), escaped: atLeast(30) });
      expect(await state()).toBe(before);
    },
    180_000,
  );

  it.skipIf(store.skip)(
    `a member given twice, at any depth, is refused and named by its JSON pointer; nothing recorded or debited (${storeTitle(store)})`,
    async () => {
      await fc.assert(fc.asyncProperty(forEvery(repeatedMember), check), runs(300));
      expect(tally()).toMatchObject({ long: atLeast(3), escaped: atLeast(30), deep: atLeast(30), item: atLeast(30) });
      expect(await state()).toBe(before);
    },
    180_000,
  );

  it.skipIf(store.skip)(
    `a body that is not JSON says so; JSON that is not an object says that (${storeTitle(store)})`,
    async () => {
      tally();
      await fc.assert(fc.asyncProperty(forEvery(malformed), check), runs(150));
      expect(await state()).toBe(before);
    },
    120_000,
  );

  it.skipIf(store.skip)(
    `an Idempotency-Key over 255 characters is reported as too long, not as missing (${storeTitle(store)})`,
    async () => {
      await fc.assert(
        fc.asyncProperty(
          forEvery(
            longKey,
            // The POSTs that take an Idempotency-Key (POST /purchases/verify takes none: one sent is ignored).
            WRITES.filter(
              (op) =>
                op.method === 'POST' &&
                op.params.some((p) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key'),
            ),
          ),
          check,
        ),
        runs(60),
      );
      expect(await state()).toBe(before);
    },
    120_000,
  );

  it.skipIf(store.skip)('covers every write operation of the contract', () => {
    expect(WRITES.map((op) => op.operationId)).toEqual(
      expect.arrayContaining(['createAirtimePurchase', 'createWebhookEndpoint', 'updateWebhookEndpoint']),
    );
    expect(WRITES.length).toBeGreaterThanOrEqual(8);
  });
});
