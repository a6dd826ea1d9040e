/**
 * Requests generated from the contract for the fuzz check: each operation of the bundle, its declared parameters
 * filled from their schemas (valid samples, and mutations that break them), keys of every demo role, the other
 * environment's key, junk keys of up to 10 KB, unicode, unknown and repeated parameters, other methods.
 * Each case says whether the contract makes it invalid (then the answer must be 4xx) and, for a valid case with a
 * key holding the scope, which statuses a correct server gives.
 */
import type { OperationModel, ParamModel } from '../../../conformance/contract/operations.ts';
import type { JsonObject } from '../../../conformance/contract/bundle.ts';
import type { DemoKeys } from '../../../server/server.ts';
import { bodyCase, idempotencyKeyCase, type WriteModel } from './fuzz-writes.ts';

export type Rng = () => number;

/** mulberry32: small, seedable, good enough to pick test inputs; the seed is recorded with the figures. */
export function rng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const int = (r: Rng, lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));
const pick = <T>(r: Rng, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;

// ---- a sampler for the regular expressions the contract's patterns use: literals, classes, groups with
// alternation, escapes and the quantifiers ? * + {n} {n,m}. Enough for our patterns; an unsupported construct
// throws, so a new pattern cannot silently produce wrong "valid" values (each sample is also checked by AJV).
type Node = { alt: Node[][] } | { chars: string } | { repeat: Node; min: number; max: number };

function parsePattern(src: string): Node {
  let i = 0;
  const body = src.replace(/^\^/, '').replace(/\$$/, '');
  const expand = (set: string) => {
    let out = '';
    for (let k = 0; k < set.length; k++) {
      if (set[k + 1] === '-' && k + 2 < set.length) {
        for (let c = set.charCodeAt(k); c <= set.charCodeAt(k + 2); c++) out += String.fromCharCode(c);
        k += 2;
      } else out += set[k];
    }
    return out;
  };
  const alt = (): Node => {
    const branches: Node[][] = [seq()];
    while (body[i] === '|') {
      i++;
      branches.push(seq());
    }
    return { alt: branches };
  };
  const seq = (): Node[] => {
    const out: Node[] = [];
    while (i < body.length && body[i] !== '|' && body[i] !== ')') {
      let atom: Node;
      const c = body[i]!;
      if (c === '(') {
        i++;
        atom = alt();
        if (body[i++] !== ')') throw new Error(`unbalanced group in ${src}`);
      } else if (c === '[') {
        const end = body.indexOf(']', i);
        if (body[i + 1] === '^') throw new Error(`negated class in ${src}`);
        atom = { chars: expand(body.slice(i + 1, end)) };
        i = end + 1;
      } else if (c === '\\') {
        const e = body[i + 1]!;
        atom = { chars: e === 'd' ? '0123456789' : e };
        i += 2;
      } else if (c === '.') throw new Error(`'.' in ${src}`);
      else {
        atom = { chars: c };
        i++;
      }
      const q = body[i];
      if (q === '?') {
        atom = { repeat: atom, min: 0, max: 1 };
        i++;
      } else if (q === '*') {
        atom = { repeat: atom, min: 0, max: 3 };
        i++;
      } else if (q === '+') {
        atom = { repeat: atom, min: 1, max: 3 };
        i++;
      } else if (q === '{') {
        const m = /^\{(\d+)(,(\d*))?\}/.exec(body.slice(i))!;
        const min = Number(m[1]);
        atom = { repeat: atom, min, max: m[2] ? (m[3] ? Number(m[3]) : min + 3) : min };
        i += m[0].length;
      }
      out.push(atom);
    }
    return out;
  };
  return alt();
}

function generate(node: Node, r: Rng): string {
  if ('chars' in node) return node.chars[Math.floor(r() * node.chars.length)]!;
  if ('repeat' in node) {
    let s = '';
    for (let n = int(r, node.min, node.max); n > 0; n--) s += generate(node.repeat, r);
    return s;
  }
  return pick(r, node.alt)
    .map((n) => generate(n, r))
    .join('');
}

const patternCache = new Map<string, Node>();
export function samplePattern(pattern: string, r: Rng): string {
  let node = patternCache.get(pattern);
  if (!node) {
    node = parsePattern(pattern);
    patternCache.set(pattern, node);
  }
  return generate(node, r);
}

// ---- values
const JUNK = [
  '',
  ' ',
  '%00',
  '%ED%A0%80',
  '%E2%80%AE',
  '%F0%9F%98%80',
  '%C0%AF',
  '%25',
  '%2F..%2F',
  'null',
  'undefined',
  '[]',
  '{}',
  '0',
  '-1',
  '1e3',
  '+5',
  '0x10',
  '１２',
  'NaN',
  'Infinity',
  'true',
  "'",
  '"',
  '<script>',
  '%27%20OR%201%3D1--',
  '%E0%A4%A',
  '%',
  'é',
  '%C3%A9',
];
const enc = encodeURIComponent;

function dateTime(r: Rng): string {
  const d = new Date(
    Date.UTC(2026, int(r, 0, 11), int(r, 1, 28), int(r, 0, 23), int(r, 0, 59), int(r, 0, 59), int(r, 0, 999)),
  );
  const iso = d.toISOString();
  return pick(r, [
    iso,
    iso.replace('.000', '').replace(/\.\d{3}/, ''),
    iso.replace('Z', '+00:00'),
    iso.replace('Z', '-05:30'),
    iso.replace('Z', 'z'),
  ]);
}
const BAD_DATES = [
  '2026-13-01T00:00:00Z',
  '2026-02-30T00:00:00Z',
  '2026-01-01T25:00:00Z',
  '2026-01-01',
  '2026-01-01T00:00:00',
  '01/02/2026',
  'yesterday',
  '2026-01-01 00:00:00Z',
];

interface Value {
  text: string;
  valid: boolean;
}

/** A value for one parameter: a valid sample of its schema, or a mutation the contract rejects. */
function valueFor(p: ParamModel, s: JsonObject, r: Rng, wantValid: boolean): Value {
  if (s.type === 'integer') {
    const lo = Number(s.minimum ?? 0);
    const hi = Number(s.maximum ?? 1e9);
    if (wantValid)
      return { text: String(pick(r, [lo, hi, int(r, lo, Math.min(hi, lo + 20)), int(r, lo, hi)])), valid: true };
    return {
      text: pick(r, [
        String(lo - 1),
        String(hi + 1),
        '1.5',
        'abc',
        '99999999999999999999999',
        '-0x1',
        '+1',
        ' 1',
        '1e1',
        ...JUNK.filter((j) => j !== ''),
      ]),
      valid: false,
    };
  }
  if (Array.isArray(s.enum)) {
    if (wantValid) return { text: String(pick(r, s.enum)), valid: true };
    const v = pick(r, [String(pick(r, s.enum)).toUpperCase(), `${String(pick(r, s.enum))}x`, ...JUNK]);
    return { text: v, valid: false };
  }
  if (s.format === 'date-time') {
    if (wantValid) return { text: enc(dateTime(r)), valid: true };
    return { text: enc(pick(r, BAD_DATES)), valid: false };
  }
  if (typeof s.pattern === 'string') {
    if (wantValid) return { text: enc(samplePattern(s.pattern, r)), valid: true };
    const good = samplePattern(s.pattern, r);
    const raw = pick(r, [`${good}x`, good.slice(1), `${good}é`]);
    // A value cut from a valid one can be valid itself (IBEDC → BEDC): the pattern judges, not the way it was made.
    if (r() < 0.5) return { text: enc(raw), valid: new RegExp(s.pattern).test(raw) };
    return {
      text: pick(
        r,
        JUNK.filter((j) => j !== ''),
      ),
      valid: false,
    };
  }
  if (p.in === 'path') return { text: enc(samplePattern('^[A-Za-z0-9_-]{1,40}$', r)), valid: true };
  throw new Error(`no generator for parameter ${p.name}: ${JSON.stringify(s)}`);
}

// ---- keys
export type KeyCase = { header: string | null; holdsScope: (scope: string | null) => boolean; label: string };

const SCOPE_OF_ROLE: Record<string, string[] | 'all' | 'none'> = {
  full: 'all',
  ip_loopback: 'all',
  low_balance: 'all',
  balance_only: ['read_balance'],
  products_only: ['view_products'],
  disabled: 'none',
  revoked: 'none',
  expired: 'none',
  regenerated_old: 'none',
  ip_restricted: 'none',
};
/** UTF-8 bytes as a latin1 string: how fetch() can put non-ASCII text on the wire. */
const utf8 = (s: string) => Buffer.from(s, 'utf8').toString('latin1');
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

function junkKey(r: Rng, prefix: string): string {
  const len = pick(r, [0, 1, 39, 40, 41, int(r, 2, 200), int(r, 200, 2000), int(r, 2000, 10 * 1024)]);
  const alphabet = pick(r, [BASE62, `${BASE62}_-.~+/=`, 'éàü€😀𝄞中文', '\t !#$%&()*,;<>?@[]^`{|}']);
  const chars = [...alphabet];
  let body = '';
  while (body.length < len) body += chars[Math.floor(r() * chars.length)];
  const key = pick(r, [prefix, '', 'sk_', 'pk_live_', prefix.toUpperCase()]) + body;
  // At most 10 KB on the wire (the header limit is 16 KiB for the whole block); no CR, LF or NUL (fetch refuses them).
  return utf8(key)
    .replace(/[\r\n\0]/g, '')
    .slice(0, 10 * 1024);
}

export function keyCase(r: Rng, keys: DemoKeys, env: 'production' | 'sandbox'): KeyCase {
  const other = env === 'production' ? 'sandbox' : 'production';
  const prefix = env === 'production' ? 'sk_live_' : 'sk_test_';
  const roll = r();
  if (roll < 0.55) {
    const role = r() < 0.3 ? 'full' : pick(r, Object.keys(SCOPE_OF_ROLE));
    const grants = SCOPE_OF_ROLE[role]!;
    const scheme = pick(r, ['Bearer ', 'Bearer ', 'bearer ', 'BEARER ', 'Bearer   ']);
    return {
      header: scheme + (keys[env].keys as Record<string, string>)[role]!,
      holdsScope: (scope) => scope === null || grants === 'all' || (Array.isArray(grants) && grants.includes(scope)),
      label: role,
    };
  }
  if (roll < 0.6)
    return { header: `Bearer ${keys[other].keys.full}`, holdsScope: (s) => s === null, label: 'other_environment' };
  if (roll < 0.65) return { header: null, holdsScope: (s) => s === null, label: 'none' };
  if (roll < 0.7)
    return {
      header: `Basic ${Buffer.from('user:pass').toString('base64')}`,
      holdsScope: (s) => s === null,
      label: 'basic',
    };
  return { header: `Bearer ${junkKey(r, prefix)}`, holdsScope: (s) => s === null, label: 'junk' };
}

// ---- whole requests
export interface FuzzCase {
  method: string;
  /** Path and query, relative to the environment's base URL. */
  target: string;
  headers: Record<string, string>;
  /** The request body (writes). */
  body?: string | undefined;
  op: OperationModel;
  /** The contract makes this request invalid (bad parameter, unknown/repeated parameter, or no valid key). */
  invalid: boolean;
  /** Statuses a correct server gives to this valid request (empty when `invalid`). */
  expect: number[];
  /**
   * A 400 the contract allows for this valid-looking request, by the parameter its error names: in production a
   * phone number must belong to the network it is bought on (AirtimePurchaseRequest), which the fuzz cannot know.
   */
  allowed400?: string;
  keyLabel: string;
}

/** What a case needs besides its operation: path values that exist, and the body model and ids of a write. */
export interface CaseInputs {
  /** Values for a path parameter that name something real (transaction ids, catalogue ids of the kind). */
  pathIds: (param: string) => string[];
  write: WriteModel | null;
  /** Catalogue ids of the write's product kind in this environment. */
  productIds: string[];
  /** Every method the contract defines on the operation's path (another of them is another operation, not a 405). */
  pathMethods: string[];
}

const UNKNOWN_NAMES = [
  'foo',
  '__proto__',
  'constructor[prototype][x]',
  '__proto__[polluted]',
  'a[]',
  'status[]',
  'page[0]',
  'api_key',
  'é',
  '%00',
  '%ED%A0%80',
  'toString',
  'hasOwnProperty',
];

export function fuzzCase(
  r: Rng,
  op: OperationModel,
  schemaOf: (p: ParamModel) => JsonObject,
  keys: DemoKeys,
  env: 'production' | 'sandbox',
  inputs: CaseInputs,
): FuzzCase {
  let invalid = false;
  let keyOptionalAbsent = false;
  const headerParams: Record<string, string> = {};
  const query: string[] = [];
  let path = op.path;
  let from: string | undefined;
  let to: string | undefined;
  for (const p of op.params) {
    const s = schemaOf(p);
    if (p.in === 'header') {
      if (p.name !== 'Idempotency-Key') throw new Error(`no generator for header parameter ${p.name}`);
      const k = idempotencyKeyCase(r);
      // An absent key where the header is optional (a purchase: a body's external_reference may stand for it) is
      // judged by the server either way: valid with a reference, 400 IDEMPOTENCY_KEY_REQUIRED without.
      if (k.value === null && !p.required) keyOptionalAbsent = true;
      else if (!k.valid) invalid = true;
      if (k.value !== null) headerParams[p.name] = k.value;
      continue;
    }
    if (p.in === 'path') {
      const roll = r();
      const ids = inputs.pathIds(p.name);
      let text: string;
      if (roll < 0.4 && ids.length) text = enc(pick(r, ids));
      else if (roll < 0.5) text = enc(`${'9'.repeat(int(r, 1, 30))}`);
      // Not blank (the URL parser would strip it and hit the list) and no encoded slash.
      else if (roll < 0.6)
        text = pick(
          r,
          JUNK.filter((j) => j.trim() !== '' && j !== '%2F..%2F'),
        );
      else text = valueFor(p, s, r, true).text;
      path = path.replace(`{${p.name}}`, text);
      continue;
    }
    const roll = r();
    if (roll < 0.45) continue; // omitted (every query parameter is optional)
    const v = valueFor(p, s, r, roll < 0.85);
    if (!v.valid) invalid = true;
    if (p.name === 'from' && v.valid) from = decodeURIComponent(v.text);
    if (p.name === 'to' && v.valid) to = decodeURIComponent(v.text);
    query.push(`${p.name}=${v.text}`);
    if (r() < 0.03) {
      query.push(`${p.name}=${v.text}`);
      invalid = true;
    } // repeated
  }
  if (from && to && new Date(from).getTime() > new Date(to).getTime()) invalid = true;
  if (r() < 0.07) {
    query.push(`${pick(r, UNKNOWN_NAMES)}=${pick(r, ['1', 'x', '%00', enc('é')])}`);
    invalid = true;
  }
  if (query.length > 1 && r() < 0.3) query.sort(() => r() - 0.5);

  const key = keyCase(r, keys, env);
  const headers: Record<string, string> = { Accept: 'application/json', ...headerParams };
  if (key.header !== null) headers.Authorization = key.header;
  if (r() < 0.1) headers['X-Request-Id'] = pick(r, ['abc-123', 'x'.repeat(129), 'bad id', utf8('é'), 'ok.id_1']);

  // The operation's own method, or another: 405 (HEAD is answered as GET, RFC 9110 §9.3.2, without a body).
  const own = op.method;
  const roll = r();
  const method =
    roll < 0.04
      ? pick(
          r,
          ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'].filter((m) => !inputs.pathMethods.includes(m)),
        )
      : own === 'GET' && roll < 0.07
        ? 'HEAD'
        : own;
  if (!key.holdsScope(op.scope)) invalid = true;
  if (method !== own && !(own === 'GET' && method === 'HEAD')) invalid = true;
  let body: string | undefined;
  if (inputs.write && method !== 'GET' && method !== 'HEAD') {
    const b = bodyCase(r, inputs.write, inputs.productIds);
    if (!b.valid) invalid = true;
    body = b.text;
    if (b.contentType !== null) headers['Content-Type'] = b.contentType;
  }
  // Valid: a list or a lookup answers 200 (a lookup 404 when nothing has the id); a POST 201, or what the domain
  // answers after its checks (404 unknown meter, smartcard or endpoint, 409 key in flight, 422 product, amount,
  // balance, key, webhook URL or limit, event); a PATCH 200 (404, 422 the URL); a DELETE 204 (404).
  const lookup = op.params.some((p) => p.in === 'path');
  const expect = invalid
    ? []
    : own === 'POST'
      ? [op.success, 404, 409, 422, ...(keyOptionalAbsent ? [400] : [])]
      : own === 'PATCH'
        ? [200, 404, 422]
        : own === 'DELETE'
          ? [204, 404]
          : lookup
            ? [200, 404]
            : [200];
  const allowed400 =
    !invalid && env === 'production' && inputs.write?.members.phone_number && inputs.write.members.network
      ? '/phone_number'
      : undefined;
  return {
    method,
    target: path + (query.length ? `?${query.join('&')}` : ''),
    headers,
    body,
    op,
    invalid,
    expect,
    ...(allowed400 ? { allowed400 } : {}),
    keyLabel: key.label,
  };
}
