/**
 * Words for a change of the diff report: where (`GET /account response 200 body data.attributes.name`, read from
 * the JSON pointer of the change) and what (the rule's message, or the kind of change and the values).
 */
import { operationLabel } from './usage.ts';

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);
const COMBINATORS = new Set(['allOf', 'oneOf', 'anyOf', 'prefixItems']);

/** `#/paths/~1account/get` → ['paths', '/account', 'get']. */
export function pointerSegments(pointer: string): string[] {
  const body = pointer.replace(/^#/, '').replace(/^\//, '');
  if (!body) return [];
  return body.split('/').map((s) => safeDecode(s).replaceAll('~1', '/').replaceAll('~0', '~'));
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** The node at `segments` of `doc`, following local $refs on the way (undefined when absent). */
export function nodeAt(doc: unknown, segments: string[]): unknown {
  let node: unknown = doc;
  for (const seg of segments) {
    node = deref(doc, node);
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[seg];
  }
  return deref(doc, node);
}

function deref(doc: unknown, node: unknown, depth = 0): unknown {
  if (depth > 20 || node === null || typeof node !== 'object') return node;
  const ref = (node as { $ref?: unknown }).$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#')) return node;
  let target: unknown = doc;
  for (const seg of pointerSegments(ref))
    target = target && typeof target === 'object' ? (target as Record<string, unknown>)[seg] : undefined;
  return deref(doc, target, depth + 1);
}

/** Where a change is: method and path of the operation, then the place in it. */
export function describeLocation(pointer: string, doc: unknown): string {
  const segs = pointerSegments(pointer);
  if (segs.length === 0) return 'document';
  if (segs[0] === 'webhooks' && segs[1] !== undefined) {
    const name = segs[1];
    const method = segs[2];
    if (method === undefined) return `webhook ${name}`;
    if (!METHODS.has(method)) return `webhook ${name} ${segs.slice(2).join('/')}`;
    const place = describeInOperation(segs.slice(3), (sub) => nodeAt(doc, [...segs.slice(0, 3), ...sub]));
    const head = operationLabel('webhooks', name, method);
    return place ? `${head} ${place}` : head;
  }
  if (segs[0] !== 'paths' || segs[1] === undefined) return segs.join('/');
  const path = segs[1];
  const method = segs[2];
  if (method === undefined) return path;
  if (!METHODS.has(method)) return `${path} ${segs.slice(2).join('/')}`; // path-level parameters, servers …
  const head = operationLabel('paths', path, method);
  const rest = segs.slice(3);
  const place = describeInOperation(rest, (sub) => nodeAt(doc, [...segs.slice(0, 3), ...sub]));
  return place ? `${head} ${place}` : head;
}

function describeInOperation(rest: string[], lookup: (segs: string[]) => unknown): string {
  const [part, key, ...more] = rest;
  if (part === undefined) return '';
  if (part === 'parameters') {
    if (key === undefined) return 'parameters';
    const p = lookup(['parameters', key]) as { name?: string; in?: string } | undefined;
    const name = p?.name ? `parameter ${p.name} (${p.in ?? '?'})` : `parameter #${key}`;
    return join(name, more[0] === 'schema' ? schemaPath(more.slice(1)) : more.join('/'));
  }
  if (part === 'requestBody') {
    const inner = contentPath(rest.slice(1)); // `body …` once inside a media type: `request body name`, not `request body body name`
    return inner.startsWith('body') ? `request ${inner}` : join('request body', inner);
  }
  if (part === 'responses') {
    if (key === undefined) return 'responses';
    if (more[0] === 'headers') return join(`response ${key} header ${more[1] ?? ''}`.trim(), more.slice(2).join('/'));
    return join(`response ${key}`, contentPath(more));
  }
  return rest.join('/');
}

/** `content/application~1json/schema/properties/data` → `body data`; the media type only when not JSON. */
function contentPath(segs: string[]): string {
  if (segs[0] !== 'content') return segs.join('/');
  const media = segs[1];
  if (media === undefined) return 'content';
  const label = media === 'application/json' ? 'body' : `body (${media})`;
  if (segs[2] !== 'schema') return join(label, segs.slice(2).join('/'));
  return join(label, schemaPath(segs.slice(3)));
}

/** `properties/data/properties/items/items` → `data.items[]`. */
export function schemaPath(segs: string[]): string {
  const out: string[] = [];
  for (let i = 0; i < segs.length; i++) {
    const seg = segs[i]!;
    if (seg === 'properties' && segs[i + 1] !== undefined) out.push(segs[++i]!);
    else if (seg === 'items') out.push('[]');
    else if (COMBINATORS.has(seg) && segs[i + 1] !== undefined) out.push(`${seg}[${segs[++i]}]`);
    else if (seg === 'additionalProperties') out.push('{*}');
    else out.push(seg);
  }
  return out.join('.').replaceAll('.[]', '[]');
}

const join = (a: string, b: string) => (b ? `${a} ${b}` : a);

interface DescribedChange {
  kind: string;
  property?: string;
  verdicts: { message: string }[];
  base?: { value?: unknown };
  revision?: { value?: unknown };
}

/** What changed: the rules' messages when rules decided it, else the kind of change (and short values). */
export function describeWhat(c: DescribedChange): string {
  if (c.verdicts.length) return c.verdicts.map((v) => v.message).join(' ');
  if (c.kind === 'modified') {
    const from = short(c.base?.value);
    const to = short(c.revision?.value);
    return `${c.property ?? 'value'} changed${from !== undefined && to !== undefined ? `: ${from} → ${to}` : ''}`;
  }
  if (c.kind === 'added' || c.kind === 'removed') {
    const name = (c.kind === 'added' ? c.revision?.value : c.base?.value) as
      { name?: unknown; in?: unknown } | undefined;
    const what = name && typeof name.name === 'string' ? ` (${name.in ?? ''} ${name.name})`.replace('( ', '(') : '';
    return `${c.kind}${what}`;
  }
  return c.kind;
}

function short(v: unknown): string | undefined {
  if (v === undefined) return undefined;
  const s = JSON.stringify(v);
  return s.length <= 60 ? s : undefined;
}
