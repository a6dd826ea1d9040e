/**
 * The JSON of a response body: `JSON.stringify(body)`, except that a deep-frozen array inside the top-level
 * envelope (a page of items that the read cache and handlers/memo.ts hand out again) is serialised once, and the
 * whole body's bytes are kept with it while the rest of the envelope stays the same. On a 100-item transaction page
 * the serialisation and its string → bytes copy were the largest costs of a request (bench/README.md).
 * Only deep-frozen arrays (server/frozen.ts, the caching rule) are cached: an array frozen only at the top could
 * have its items changed after its text was kept. The bytes are shared (`SharedBytes`): see frozen.ts for why.
 *
 * Equivalent to JSON.stringify for the envelopes built by contract/envelope.ts (plain objects, keys in order, undefined
 * members left out); json-body.test.ts checks it against JSON.stringify.
 */
import { isDeepFrozen, type Frozen, type SharedBytes } from '../frozen.ts';

type FrozenArray = Frozen<readonly unknown[]>;

const texts = new WeakMap<FrozenArray, string>();
/** Last body bytes per frozen array, with the text of the envelope's other members they were built with. */
const bodies = new WeakMap<FrozenArray, { rest: string; bytes: Buffer }>();

const isFrozenArray = (v: unknown): v is FrozenArray => Array.isArray(v) && isDeepFrozen(v);

function valueText(v: unknown): string | undefined {
  if (isFrozenArray(v)) {
    let t = texts.get(v);
    if (t === undefined) {
      t = JSON.stringify(v);
      texts.set(v, t);
    }
    return t;
  }
  return JSON.stringify(v);
}

const isEnvelope = (body: unknown): body is Record<string, unknown> =>
  body !== null &&
  typeof body === 'object' &&
  !Array.isArray(body) &&
  typeof (body as { toJSON?: unknown }).toJSON !== 'function';

export function jsonBody(body: unknown): string {
  if (!isEnvelope(body)) return JSON.stringify(body);
  let out = '';
  for (const key of Object.keys(body)) {
    const text = valueText(body[key]);
    if (text === undefined) continue; // undefined and functions are left out, as JSON.stringify does
    out += `${out ? ',' : '{'}${JSON.stringify(key)}:${text}`;
  }
  return out ? `${out}}` : '{}';
}

/**
 * jsonBody as UTF-8 bytes, reused for an envelope around the same frozen page with the same other members: shared
 * between responses, so for `res.send` only (SharedBytes has no writing methods).
 */
export function jsonBodyBytes(body: unknown): SharedBytes {
  if (!isEnvelope(body)) return Buffer.from(JSON.stringify(body) ?? 'null');
  const page = Object.values(body).find(isFrozenArray);
  if (!page) return Buffer.from(jsonBody(body));
  // The envelope without the page's items (a 0 in its place, so the key's position counts too).
  const rest = JSON.stringify(body, (k, v: unknown) => (k !== '' && v === page ? 0 : v));
  const known = bodies.get(page);
  if (known && known.rest === rest) return known.bytes;
  const bytes = Buffer.from(jsonBody(body));
  bodies.set(page, { rest, bytes });
  return bytes;
}
