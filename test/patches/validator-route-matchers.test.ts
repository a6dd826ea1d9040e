/**
 * patches/express-openapi-validator+5.6.2.patch, part 1: the validator compiles each route's path-to-regexp once per
 * routing option pair instead of on every request, and still matches exactly as a fresh compilation would. The
 * counts come from the path-to-regexp module instance the validator itself requires: if the patch stops applying,
 * the count grows with the requests; if the validator stops using that export, no compilation is seen at all.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawExchange } from '../helpers/raw-http.ts';
import { BASE, contractMethods, contractPaths, requireFromValidator, startValidatorApp, type ValidatorApp, type Verdict } from './validator-app.ts';

type Compiled = { regexp: RegExp; keys: { name: string }[] };
type PathToRegexp = (path: string, options?: { sensitive?: boolean; strict?: boolean }) => Compiled;

const ptr = requireFromValidator('path-to-regexp') as { pathToRegexp: PathToRegexp };
const original = ptr.pathToRegexp;
let compilations = 0;
let server: ValidatorApp;

beforeAll(async () => {
  ptr.pathToRegexp = (path, options) => { compilations += 1; return original(path, options); };
  server = await startValidatorApp();
});
afterAll(async () => {
  ptr.pathToRegexp = original;
  await server?.close();
});

async function verdict(method: string, target: string): Promise<Verdict> {
  const r = await rawExchange('127.0.0.1', server.port, `${method} ${target} HTTP/1.1\r\nHost: test\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
  return JSON.parse(r.body) as Verdict;
}

function setRouting(strict: boolean, sensitive: boolean) {
  server.app.set('strict routing', strict);
  server.app.set('case sensitive routing', sensitive);
}

/** What the unpatched validator decides: compile every route afresh, first match wins, decode the parameters. */
const unordered = <V extends { allow?: string | null }>(v: V): V =>
  (typeof v.allow === 'string' ? { ...v, allow: v.allow.split(', ').sort().join(', ') } : v);

function reference(method: string, target: string, strict: boolean, sensitive: boolean): Verdict {
  for (const path of contractPaths) {
    const { regexp, keys } = original(BASE + path.replace(/\{(\w+)\}/g, ':$1'), { strict, sensitive });
    const m = regexp.exec(target);
    if (!m) continue;
    let params: Record<string, string>;
    try {
      params = Object.fromEntries(keys.map((k, i) => [k.name, decodeURIComponent(m[i + 1]!)]));
    } catch {
      return { status: 400, route: null, params: null, allow: null }; // the validator's "malformed uri"
    }
    const methods = contractMethods[path]!;
    if (!methods.includes(method)) return { status: 405, route: null, params: null, allow: methods.join(', ') };
    return { status: 200, route: BASE + path, params };
  }
  return { status: 404, route: null, params: null, allow: null };
}

// Values of a path segment: unreserved characters, well-formed and malformed percent-encodings.
const segmentValue = fc
  .array(
    fc.oneof(
      fc.constantFrom(...'aZ09-._~'),
      fc.integer({ min: 0, max: 0x10ffff }).filter((cp) => cp < 0xd800 || cp > 0xdfff).map((cp) => encodeURIComponent(String.fromCodePoint(cp))),
      fc.constantFrom('%', '%zz', '%E0%A4%A', '%ED%A0%80', '%2F', '%25'),
    ),
    { minLength: 1, maxLength: 4 },
  )
  .map((parts) => parts.join(''));

const request = fc.record({
  path: fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...contractPaths) },
    { weight: 2, arbitrary: fc.constant('/account/transactions/{id}') },
    { weight: 1, arbitrary: fc.constantFrom('/account/{x}/extra', '/products/{x}', '/{x}') },
  ),
  values: fc.array(segmentValue, { minLength: 1, maxLength: 2 }),
  upper: fc.boolean(),
  slash: fc.boolean(),
  method: fc.constantFrom('GET', 'GET', 'POST'),
  strict: fc.boolean(),
  sensitive: fc.boolean(),
})
  // A POST to a path that takes one goes on to the validation of its body, which is not what this patch is about.
  .filter((g) => !(g.method === 'POST' && contractMethods[g.path]?.includes('POST')));

describe('the patched validator’s route matching', () => {
  it('compiles each route at most once however many requests it serves', async () => {
    setRouting(false, false);
    const before = compilations;
    for (let i = 0; i < 30; i += 1) {
      expect(await verdict('GET', `${BASE}/products/cabletv`)).toMatchObject({ status: 200, route: `${BASE}/products/cabletv` });
      expect(await verdict('GET', `${BASE}/account/transactions/txn_${i}`)).toMatchObject({ status: 200, params: { id: `txn_${i}` } });
      expect((await verdict('GET', `${BASE}/no/such/route`)).status).toBe(404); // tries every route before giving up
    }
    const compiled = compilations - before;
    expect(compiled).toBeGreaterThan(0); // the validator still compiles through this export, so the count means something
    expect(compiled).toBeLessThanOrEqual(contractPaths.length); // unpatched: 570 for these 90 requests
  });

  it('answers 404, 405 with Allow, and 400 for a malformed percent-encoding', async () => {
    setRouting(false, false);
    expect(await verdict('GET', `${BASE}/products/none`)).toMatchObject({ status: 404 });
    expect(await verdict('POST', `${BASE}/products`)).toMatchObject({ status: 405, allow: 'GET' });
    expect(await verdict('GET', `${BASE}/account/transactions/%E0%A4%A`)).toMatchObject({ status: 400 });
    expect(await verdict('GET', `${BASE}/account/transactions/a%2Fb`)).toMatchObject({ status: 200, params: { id: 'a/b' } });
  });

  it('keeps case-sensitive and case-insensitive routing apart when the app setting changes', async () => {
    setRouting(false, false);
    expect(await verdict('GET', `${BASE}/PRODUCTS/CableTV`)).toMatchObject({ status: 200, route: `${BASE}/products/cabletv` });
    setRouting(false, true);
    expect(await verdict('GET', `${BASE}/PRODUCTS/CableTV`)).toMatchObject({ status: 404 });
    expect(await verdict('GET', `${BASE}/products/cabletv`)).toMatchObject({ status: 200 });
    setRouting(false, false);
  });

  it('decides every generated request as a fresh compilation would, within one compilation per route and option pair', async () => {
    const before = compilations;
    const seen = new Set<number>();
    await fc.assert(
      fc.asyncProperty(request, async (g) => {
        let i = 0;
        let path = g.path.replace(/\{\w+\}/g, () => `\u0000${i++}\u0000`);
        if (g.upper) path = path.toUpperCase();
        path = path.replace(/\u0000(\d+)\u0000/g, (_m, n: string) => g.values[Number(n) % g.values.length]!);
        const target = `${BASE}${path}${g.slash ? '/' : ''}`;
        setRouting(g.strict, g.sensitive);
        const expected = reference(g.method, target, g.strict, g.sensitive);
        seen.add(expected.status);
        // Allow is a list whose order carries no meaning (RFC 9110 §10.2.1): compared as a set.
        expect(unordered(await verdict(g.method, target))).toEqual(unordered(expected));
      }),
      { numRuns: 150 },
    );
    setRouting(false, false);
    expect([...seen].sort()).toEqual([200, 400, 404, 405]); // the generator reached every outcome
    expect(compilations - before).toBeLessThanOrEqual(contractPaths.length * 4);
  });
});
