/**
 * The JSON text of a response body: `JSON.stringify(body)`, except that a frozen array inside the top-level
 * envelope (a page of items that the read cache and handlers/memo.ts hand out again) is serialised once and its
 * text reused. On a 100-item transaction page the serialisation was the largest cost of a request (bench/README.md).
 *
 * Equivalent to JSON.stringify for the envelopes built by http/envelope.ts (plain objects, keys in order, undefined
 * members left out); json-body.test.ts checks it against JSON.stringify.
 */
const texts = new WeakMap<readonly unknown[], string>();

function valueText(v: unknown): string | undefined {
  if (Array.isArray(v) && Object.isFrozen(v)) {
    let t = texts.get(v);
    if (t === undefined) {
      t = JSON.stringify(v);
      texts.set(v, t);
    }
    return t;
  }
  return JSON.stringify(v);
}

export function jsonBody(body: unknown): string {
  if (body === null || typeof body !== 'object' || Array.isArray(body) || typeof (body as { toJSON?: unknown }).toJSON === 'function') {
    return JSON.stringify(body);
  }
  let out = '';
  for (const key of Object.keys(body)) {
    const text = valueText((body as Record<string, unknown>)[key]);
    if (text === undefined) continue; // undefined and functions are left out, as JSON.stringify does
    out += `${out ? ',' : '{'}${JSON.stringify(key)}:${text}`;
  }
  return out ? `${out}}` : '{}';
}
