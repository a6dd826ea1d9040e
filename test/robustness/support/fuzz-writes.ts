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
  /** Each member's schema, `$ref` followed. */
  members: Record<string, JsonObject>;
}

/** The JSON request body of a POST operation, or null for an operation without one. */
export function writeModel(bundle: Bundle, op: OperationModel): WriteModel | null {
  if (op.method !== 'POST') return null;
  const at = `#/paths/${escapePointer(op.path)}/post/requestBody/content/application~1json/schema`;
  const { node, pointer } = bundle.resolve(at);
  const members: Record<string, JsonObject> = {};
  for (const name of Object.keys((node.properties ?? {}) as JsonObject)) members[name] = bundle.resolve(`${pointer}/properties/${escapePointer(name)}`).node;
  return { required: (node.required ?? []) as string[], members };
}

function validValue(name: string, s: JsonObject, r: Rng, productIds: string[]): string {
  if (name === 'product_id' && productIds.length && r() < 0.8) return pick(r, productIds);
  if (s.format === 'uuid') return randomUUID();
  if (typeof s.pattern === 'string') return samplePattern(s.pattern, r);
  throw new Error(`no generator for body member ${name}: ${JSON.stringify(s)}`);
}

const BAD_VALUES: unknown[] = [5, 0, -1, 1.5, null, true, [], {}, '', ' ', 'é', '<script>', '1e3', '١٢٣'];

/** A body for `model`: valid with probability `validShare`, otherwise one mutation the contract rejects. */
export function bodyCase(r: Rng, model: WriteModel, productIds: string[], validShare = 0.6): BodyCase {
  const body: Record<string, unknown> = {};
  for (const [name, s] of Object.entries(model.members)) {
    if (model.required.includes(name) || r() < 0.5) body[name] = validValue(name, s, r, productIds);
  }
  const json = 'application/json';
  const write = () => JSON.stringify(Object.fromEntries(Object.entries(body).sort(() => r() - 0.5)));
  if (r() < validShare) return { text: write(), contentType: pick(r, [json, json, 'application/json; charset=utf-8']), valid: true };
  const names = Object.keys(model.members);
  switch (Math.floor(r() * 7)) {
    case 0: delete body[pick(r, model.required)]; return { text: write(), contentType: json, valid: false };
    case 1: { // written as text: `__proto__` as an object key would set the prototype, not a member
      const rest = write();
      return { text: `{"${pick(r, ['foo', 'amount_kobo', '__proto__', 'Network', 'constructor'])}":"x"${rest === '{}' ? '}' : `,${rest.slice(1)}`}`, contentType: json, valid: false };
    }
    case 2: {
      const name = pick(r, names);
      const good = String(validValue(name, model.members[name]!, r, []));
      body[name] = pick(r, [...BAD_VALUES, `${good}x`, good.slice(1), ` ${good}`]);
      return { text: write(), contentType: json, valid: false };
    }
    case 3: return { text: pick(r, ['{', '{"a":', '{"network":"MTN",}', "{'a':1}", '', 'nul', '\u0000']), contentType: json, valid: false };
    case 4: return { text: pick(r, ['null', '[]', '"x"', '5', 'true', `[${write()}]`]), contentType: json, valid: false };
    case 5: return { text: write(), contentType: pick(r, ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']), valid: false };
    default: return { text: undefined, contentType: null, valid: false };
  }
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
  return { value: pick(r, ['', 'k'.repeat(256), Buffer.from('clé', 'utf8').toString('latin1'), 'tab\there']), valid: false };
}
