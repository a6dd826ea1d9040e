/**
 * The published partner API's `X-RateLimit-Limit` / `-Remaining` / `-Reset` fields are sent on every response a
 * budget counted, beside the IETF `RateLimit` / `RateLimit-Policy` (server/http/rate-limit.ts): so every response
 * of the contract that documents `RateLimit` documents the three as well, each by its component
 * (components/headers/XRateLimit*.yaml), and none documents them without `RateLimit`. A response added without them
 * (a new path file, a new shared response) fails here, named by operation and status.
 */
import { describe, expect, it } from 'vitest';
import { bundle, type Json, type JsonObject } from '../helpers/bundle.ts';

const LEGACY = {
  'X-RateLimit-Limit': '#/components/headers/XRateLimitLimit',
  'X-RateLimit-Remaining': '#/components/headers/XRateLimitRemaining',
  'X-RateLimit-Reset': '#/components/headers/XRateLimitReset',
} as const;
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

function resolver(doc: JsonObject) {
  return (node: Json): JsonObject => {
    let cur = node;
    while (cur && typeof cur === 'object' && !Array.isArray(cur) && typeof cur.$ref === 'string') {
      let target: Json = doc;
      for (const p of cur.$ref.replace(/^#\//, '').split('/')) target = (target as JsonObject)[p.replace(/~1/g, '/')]!;
      cur = target;
    }
    return cur as JsonObject;
  };
}

/** Every response object of the document, named where it is written (a shared one once, under its component). */
function responses(doc: JsonObject): [string, JsonObject][] {
  const deref = resolver(doc);
  const out: [string, JsonObject][] = Object.entries(
    ((doc.components as JsonObject).responses ?? {}) as JsonObject,
  ).map(([name, r]) => [`components.responses.${name}`, deref(r)]);
  for (const [path, item] of Object.entries(doc.paths as JsonObject)) {
    for (const [method, op] of Object.entries(deref(item))) {
      if (!METHODS.includes(method)) continue;
      for (const [status, r] of Object.entries(((op as JsonObject).responses ?? {}) as JsonObject)) {
        if (typeof (r as JsonObject).$ref === 'string') continue; // checked under its component
        out.push([`${method.toUpperCase()} ${path} ${status}`, r as JsonObject]);
      }
    }
  }
  return out;
}

/** Where the three fields are missing, wrong or documented without `RateLimit`: one line each. */
export function legacyHeaderProblems(doc: JsonObject): string[] {
  const problems: string[] = [];
  for (const [where, response] of responses(doc)) {
    const headers = (response.headers ?? {}) as JsonObject;
    const counted = 'RateLimit' in headers;
    for (const [name, ref] of Object.entries(LEGACY)) {
      const h = headers[name] as JsonObject | undefined;
      if (counted && h === undefined) problems.push(`${where}: ${name} missing`);
      else if (counted && h!.$ref !== ref) problems.push(`${where}: ${name} is not ${ref}`);
      else if (!counted && h !== undefined) problems.push(`${where}: ${name} without RateLimit`);
    }
  }
  return problems;
}

describe('the X-RateLimit fields in the contract', () => {
  it('are documented, by their components, on every response that documents RateLimit, and nowhere else', () => {
    expect(legacyHeaderProblems(bundle)).toEqual([]);
  });

  it('are documented on many responses, shared and inline (the check is not vacuous)', () => {
    const documented = responses(bundle).filter(([, r]) => 'X-RateLimit-Reset' in ((r.headers ?? {}) as JsonObject));
    expect(documented.filter(([w]) => w.startsWith('components.')).length).toBeGreaterThan(20);
    expect(documented.filter(([w]) => !w.startsWith('components.')).length).toBeGreaterThan(20);
  });

  it('names a response that lost one of them, or documents one without RateLimit', () => {
    const broken = structuredClone(bundle);
    const responsesOf = (broken.components as JsonObject).responses as JsonObject;
    delete ((responsesOf.Forbidden as JsonObject).headers as JsonObject)['X-RateLimit-Reset'];
    const ok = ((broken.paths as JsonObject)['/health'] as JsonObject).get as JsonObject;
    const okHeaders = ((ok.responses as JsonObject)['200'] as JsonObject).headers as JsonObject;
    okHeaders['X-RateLimit-Limit'] = { $ref: '#/components/headers/RateLimit' };
    delete okHeaders.RateLimit;
    expect(legacyHeaderProblems(broken)).toEqual([
      'components.responses.Forbidden: X-RateLimit-Reset missing',
      'GET /health 200: X-RateLimit-Limit without RateLimit',
      'GET /health 200: X-RateLimit-Remaining without RateLimit',
      'GET /health 200: X-RateLimit-Reset without RateLimit',
    ]);
  });
});

describe('the X-RateLimit header components', () => {
  const headers = (bundle.components as JsonObject).headers as JsonObject;
  it.each(Object.entries(LEGACY))('%s is a string of digits, optional like RateLimit', (_name, ref) => {
    const h = headers[ref.split('/').pop()!] as JsonObject;
    expect(h.required).toBe(false);
    expect(h.schema).toMatchObject({ type: 'string', pattern: '^[0-9]+$' });
    expect(String(h.example)).toMatch(/^[0-9]+$/);
  });

  it('documents Reset as Unix seconds and Limit as a per-second quota', () => {
    expect(String((headers.XRateLimitReset as JsonObject).description)).toMatch(/Unix time,?\s+in\s+whole\s+seconds/);
    expect(String((headers.XRateLimitLimit as JsonObject).description)).toMatch(/one\s+second/);
  });
});
