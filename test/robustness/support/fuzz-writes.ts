/**
 * The write operations of the contract fuzz: the JSON body of each POST generated from its request schema in the
 * bundle — valid samples (catalogue ids, so some purchases go through, and well-formed unknown ids), and mutations
 * the contract rejects with 400: a required member missing, an unknown member, a member of another type or form,
 * malformed JSON, a body that is no object, another media type — and its Idempotency-Key header (valid, or absent,
 * empty, too long, not printable ASCII: 400 IDEMPOTENCY_KEY_REQUIRED).
 */
import { randomUUID } from 'node:crypto';
import type { Bundle, JsonObject } from '../../../conformance/contract/bundle.ts';
import type { OperationModel } from '../../../conformance/contract/operations.ts';
import { samplePattern, type Rng } from './contract-fuzz.ts';

const pick = <T>(r: Rng, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
const escapePointer = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

export interface BodyCase {
  /** Undefined: no body at all. */
  text: string | undefined;
  contentType: string | null;
  valid: boolean;
}

export interface WriteModel {
  required: string[];
  /** Each member's schema, `$ref` followed (an array's `items` too). */
  members: Record<string, JsonObject>;
  /** The body's minProperties (a PATCH: at least one member). */
  minProperties: number;
}

/** The JSON request body of a POST or PATCH operation, or null for an operation without one. */
export function writeModel(bundle: Bundle, op: OperationModel): WriteModel | null {
  // A POST may take no body (POST /purchases/{id}/query).
  if ((op.method !== 'POST' && op.method !== 'PATCH') || op.requestBody === null) return null;
  const at = `#/paths/${escapePointer(op.path)}/${op.method.toLowerCase()}/requestBody/content/application~1json/schema`;
  const { node, pointer } = bundle.resolve(at);
  const members: Record<string, JsonObject> = {};
  for (const name of Object.keys((node.properties ?? {}) as JsonObject)) {
    const m = bundle.resolve(`${pointer}/properties/${escapePointer(name)}`);
    members[name] = m.node.items ? { ...m.node, items: bundle.resolve(`${m.pointer}/items`).node } : m.node;
  }
  return { required: (node.required ?? []) as string[], members, minProperties: Number(node.minProperties ?? 0) };
}

const types = (s: JsonObject): string[] =>
  Array.isArray(s.type) ? (s.type as string[]) : typeof s.type === 'string' ? [s.type] : [];

function validValue(name: string, s: JsonObject, r: Rng, productIds: string[]): unknown {
  if (name === 'product_id' && productIds.length && r() < 0.8) return pick(r, productIds);
  if (types(s).includes('boolean')) return r() < 0.5;
  if (types(s).includes('array') && Array.isArray((s.items as JsonObject | undefined)?.enum)) {
    const choices = [...((s.items as JsonObject).enum as string[])].sort(() => r() - 0.5);
    const n = Math.max(
      Number(s.minItems ?? 1),
      Math.ceil(r() * Math.min(choices.length, Number(s.maxItems ?? choices.length))),
    );
    return choices.slice(0, n);
  }
  // A URL the sandbox takes (demo mode allows plain http and any address; production answers 422 for http).
  if (s.format === 'uri')
    return `${pick(r, ['https', 'http', 'HTTPS'])}://198.51.100.${Math.floor(r() * 254) + 1}/hooks/${Math.floor(r() * 1e6)}`;
  if (s.format === 'uuid') return randomUUID();
  // Free text (a pattern that only refuses some characters, which samplePattern does not expand): examples, edges.
  if (typeof s.pattern === 'string' && s.pattern.startsWith('^[^')) {
    if (types(s).includes('null') && r() < 0.2) return null;
    const text = pick(r, [
      ...((s.examples ?? []) as string[]),
      '',
      'Caf\u00e9 \u2713 \u0639\u0631\u0628\u064a',
      '<b>&amp;</b>',
      'x'.repeat(Number(s.maxLength ?? 64)),
    ]);
    if (!validFor(s, text)) throw new Error(`the free-text sample ${JSON.stringify(text)} does not match ${s.pattern}`);
    return text;
  }
  if (typeof s.pattern === 'string') return samplePattern(s.pattern, r);
  throw new Error(`no generator for body member ${name}: ${JSON.stringify(s)}`);
}

/** Whether `v` satisfies the member's schema as far as a mutation needs to know (a "bad" value that is valid is no mutation). */
function validFor(s: JsonObject, v: unknown): boolean {
  const t = types(s);
  if (v === null) return t.includes('null');
  if (typeof v === 'boolean') return t.includes('boolean');
  if (typeof v === 'number') return t.includes('number') || (t.includes('integer') && Number.isInteger(v));
  if (Array.isArray(v)) return t.includes('array') && v.length >= Number(s.minItems ?? 0);
  if (typeof v === 'object') return t.includes('object');
  const text = v as string;
  if (!t.includes('string')) return false;
  if (s.maxLength !== undefined && [...text].length > Number(s.maxLength)) return false;
  if (Array.isArray(s.enum) && !s.enum.includes(text)) return false;
  if (
    s.format === 'uuid' &&
    !/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/.test(text)
  )
    return false;
  if (s.format === 'uri' && (/[\u0000-\u0020\u007f]/.test(text) || !URL.canParse(text))) return false;
  if (typeof s.pattern === 'string' && !new RegExp(s.pattern as string, 'u').test(text)) return false;
  return true;
}

const BAD_VALUES: unknown[] = [5, 0, -1, 1.5, null, true, [], {}, '', ' ', 'é', '<script>', '1e3', '١٢٣'];

/** A body for `model`: valid with probability `validShare`, otherwise one mutation the contract rejects. */
export function bodyCase(r: Rng, model: WriteModel, productIds: string[], validShare = 0.6): BodyCase {
  const body: Record<string, unknown> = {};
  const names = Object.keys(model.members);
  for (const name of names) {
    if (model.required.includes(name) || r() < 0.5) body[name] = validValue(name, model.members[name]!, r, productIds);
  }
  while (Object.keys(body).length < model.minProperties) {
    const name = pick(
      r,
      names.filter((n) => !(n in body)),
    );
    body[name] = validValue(name, model.members[name]!, r, productIds);
  }
  const json = 'application/json';
  const write = () => JSON.stringify(Object.fromEntries(Object.entries(body).sort(() => r() - 0.5)));
  if (r() < validShare)
    return { text: write(), contentType: pick(r, [json, json, 'application/json; charset=utf-8']), valid: true };
  // A member and a value its schema refuses, when there is one.
  const badMember = () => {
    const name = pick(r, names);
    const good = validValue(name, model.members[name]!, r, []);
    const text = typeof good === 'string' ? good : JSON.stringify(good);
    // NUL and other control characters inside a value: PostgreSQL's text cannot even hold NUL (never a 5xx for it).
    const bad = [
      ...BAD_VALUES,
      `${text}x`,
      text.slice(1),
      ` ${text}`,
      `${text}\u0000`,
      `\u0000${text}`,
      `${text}\u0007`,
    ].filter((v) => !validFor(model.members[name]!, v));
    return { name, bad };
  };
  const mutations: (() => BodyCase)[] = [
    () => {
      body.__unknown_member = 'x';
      return { text: write(), contentType: json, valid: false };
    },
    () => {
      // written as text: `__proto__` as an object key would set the prototype, not a member
      const rest = JSON.stringify(body);
      return {
        text: `{"${pick(r, ['foo', 'amount_kobo', '__proto__', 'Network', 'constructor'])}":"x"${rest === '{}' ? '}' : `,${rest.slice(1)}`}`,
        contentType: json,
        valid: false,
      };
    },
    () => ({
      text: pick(r, ['{', '{"a":', '{"network":"MTN",}', "{'a':1}", '', 'nul', '\u0000']),
      contentType: json,
      valid: false,
    }),
    () => ({ text: pick(r, ['null', '[]', '"x"', '5', 'true', `[${write()}]`]), contentType: json, valid: false }),
    () => ({
      text: write(),
      contentType: pick(r, ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']),
      valid: false,
    }),
    () => ({ text: undefined, contentType: null, valid: false }),
  ];
  if (model.required.length)
    mutations.push(() => {
      delete body[pick(r, model.required)];
      return { text: write(), contentType: json, valid: false };
    });
  if (model.minProperties > 0) mutations.push(() => ({ text: '{}', contentType: json, valid: false }));
  if (names.length) {
    mutations.push(() => {
      const { name, bad } = badMember();
      if (!bad.length) return mutations[0]!();
      body[name] = pick(r, bad);
      return { text: write(), contentType: json, valid: false };
    });
  }
  return pick(r, mutations)();
}

/** An Idempotency-Key header value (null: absent) and whether the contract accepts it. */
export function idempotencyKeyCase(r: Rng): { value: string | null; valid: boolean } {
  const roll = r();
  if (roll < 0.88) {
    const printable = Array.from({ length: 95 }, (_, i) => String.fromCharCode(0x20 + i)).join('');
    const len = pick(r, [1, 8, 36, 64, 255]);
    let v = pick(r, [randomUUID(), '']);
    while (v.length < len) v += printable[Math.floor(r() * printable.length)];
    // fetch trims the value's outer spaces; keep the edges visible so the key that arrives is the one meant.
    v = v.slice(0, len).replace(/^ /, 'a').replace(/ $/, 'z');
    return { value: v, valid: true };
  }
  if (roll < 0.92) return { value: null, valid: false };
  return {
    value: pick(r, ['', 'k'.repeat(256), Buffer.from('clé', 'utf8').toString('latin1'), 'tab\there']),
    valid: false,
  };
}
