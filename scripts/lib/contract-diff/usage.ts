/**
 * Which operations and webhooks a change reaches. `redocly diff` compares a shared node (a component schema,
 * response, parameter …) once, and reports the change at the first place it met it — `GET /health response 400 body
 * error.code` for a value added to `ErrorCode`, which every error response of every operation uses. The gate must
 * name every operation and webhook a change reaches, so this indexes, for each node of a document, the operations
 * and webhooks whose definition reaches it through any chain of local `$ref`s, and looks the changed node up.
 *
 * Written here rather than taken from a library: Redocly does not export its resolver's "who uses this" view, and
 * the bundle only has local refs (`#/…`), which are a few lines to follow.
 */
import type { OpenApiDoc } from './engine.ts';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

const escape = (seg: string) => seg.replaceAll('~', '~0').replaceAll('/', '~1');
const unescape = (seg: string) => seg.replaceAll('~1', '/').replaceAll('~0', '~');
const pointerOf = (segs: string[]) => `#${segs.map((s) => `/${escape(s)}`).join('')}`;

type Node = unknown;
const isObject = (n: Node): n is Record<string, unknown> => typeof n === 'object' && n !== null;

/** The node at a local pointer (`#/components/schemas/Item`), or undefined. */
function at(doc: OpenApiDoc, pointer: string): Node {
  const body = pointer.replace(/^#\/?/, '');
  let node: Node = doc;
  for (const seg of body === '' ? [] : body.split('/').map(unescape)) {
    if (!isObject(node)) return undefined;
    node = node[seg];
  }
  return node;
}

/** Follows a chain of local `$ref`s from (node, pointer) to the node it stands for and that node's own pointer. */
function deref(doc: OpenApiDoc, node: Node, pointer: string): { node: Node; pointer: string } {
  const seen = new Set<string>();
  while (isObject(node) && typeof node['$ref'] === 'string' && node['$ref'].startsWith('#') && !seen.has(pointer)) {
    seen.add(pointer);
    pointer = decodeURI(node['$ref']);
    node = at(doc, pointer);
  }
  return { node, pointer };
}

/** The label of an operation or a webhook, in the words of describe.ts: `GET /account`, `webhook transaction.failed`. */
export function operationLabel(kind: 'paths' | 'webhooks', key: string, method: string): string {
  if (kind === 'paths') return `${method.toUpperCase()} ${key}`;
  return method === 'post' ? `webhook ${key}` : `webhook ${key} (${method.toUpperCase()})`;
}

/** For every node pointer (after $refs are followed), the operations and webhooks that reach it, in document order. */
export type UsageIndex = Map<string, string[]>;

const indexes = new WeakMap<OpenApiDoc, UsageIndex>();

export function usageIndex(doc: OpenApiDoc): UsageIndex {
  const cached = indexes.get(doc);
  if (cached) return cached;
  const index: UsageIndex = new Map();
  for (const kind of ['paths', 'webhooks'] as const) {
    const items = doc[kind];
    if (!isObject(items)) continue;
    for (const [key, rawItem] of Object.entries(items)) {
      const item = deref(doc, rawItem, pointerOf([kind, key]));
      if (!isObject(item.node)) continue;
      for (const method of METHODS) {
        if (!isObject(item.node[method])) continue;
        const label = operationLabel(kind, key, method);
        // One walk per operation; a node reached twice within it (a component used in two places) is walked once.
        const walked = new Set<string>();
        const walk = (node: Node, pointer: string) => {
          const target = deref(doc, node, pointer);
          if (walked.has(target.pointer)) return;
          walked.add(target.pointer);
          const users = index.get(target.pointer);
          if (users === undefined) index.set(target.pointer, [label]);
          else if (users[users.length - 1] !== label) users.push(label);
          if (Array.isArray(target.node)) target.node.forEach((child, i) => walk(child, `${target.pointer}/${i}`));
          else if (isObject(target.node))
            for (const [k, child] of Object.entries(target.node)) walk(child, `${target.pointer}/${escape(k)}`);
        };
        walk(item.node[method], `${item.pointer}/${method}`);
        // Parameters of the path item apply to each of its operations.
        if (item.node['parameters'] !== undefined) walk(item.node['parameters'], `${item.pointer}/parameters`);
      }
    }
  }
  indexes.set(doc, index);
  return index;
}

/**
 * The node a change's location stands for: the location is a path through the document that may pass through
 * `$ref`s (`#/paths/~1items/get/…/items` for the schema `Item`); the answer is that node's own pointer
 * (`#/components/schemas/Item`). Undefined when the location does not exist in `doc`.
 */
export function nodePointer(doc: OpenApiDoc, location: string): string | undefined {
  const body = location.replace(/^#\/?/, '');
  let current = deref(doc, doc, '#');
  for (const seg of body === '' ? [] : body.split('/').map((s) => unescape(safeDecode(s)))) {
    if (!isObject(current.node)) return undefined;
    current = deref(doc, current.node[seg], `${current.pointer}/${escape(seg)}`);
    if (current.node === undefined) return undefined;
  }
  return current.pointer;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** Every operation and webhook (labels) that reaches the node at `location` in `doc`; [] when none does. */
export function operationsReaching(doc: OpenApiDoc, location: string): string[] {
  const pointer = nodePointer(doc, location);
  return pointer === undefined ? [] : (usageIndex(doc).get(pointer) ?? []);
}

/** Labels in document order: the paths' operations first, then the webhooks, each as `order` lists them. */
export function mergeLabels(...lists: string[][]): string[] {
  return [...new Set(lists.flat())];
}
