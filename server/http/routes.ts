/**
 * The operations of the contract as routes: path template, Express path, compiled matcher and required scope,
 * read once from the bundle. Used to bind handlers and to tell the auth middleware which scope a request needs.
 */
import type { Scope } from '../domain.ts';
import type { OperationId } from '../handlers/types.ts';

export interface Route {
  operationId: OperationId;
  method: string;
  /** Contract path relative to the base path, e.g. `/account/transactions/{id}`. */
  template: string;
  /** The same path in Express syntax, e.g. `/account/transactions/:id`. */
  expressPath: string;
  regex: RegExp;
  /** The one scope the operation requires, or null for a public operation. */
  scope: Scope | null;
  /** Query parameters whose schema is an integer (page, per_page). */
  integerParams: string[];
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

type Node = Record<string, unknown>;

/** Follows one internal `$ref` chain of the bundle. */
function deref(bundle: Node, node: Node): Node {
  let cur = node;
  while (typeof cur.$ref === 'string') {
    cur = cur.$ref.slice(2).split('/').reduce<Node>((n, k) => n[k] as Node, bundle);
  }
  return cur;
}

export function routesOf(bundle: { paths: Record<string, Record<string, unknown>> }): Route[] {
  const routes: Route[] = [];
  for (const [template, item] of Object.entries(bundle.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.includes(method)) continue;
      const operation = op as { operationId: OperationId; security?: Record<string, string[]>[]; parameters?: Node[] };
      const params = (operation.parameters ?? []).map((p) => deref(bundle as Node, p));
      const integerParams = params
        .filter((p) => p.in === 'query' && deref(bundle as Node, p.schema as Node).type === 'integer')
        .map((p) => String(p.name));
      const scopes = (operation.security ?? []).flatMap((req) => Object.values(req).flat());
      if (scopes.length > 1) throw new Error(`${operation.operationId}: one scope per operation is supported`);
      const pattern = template.split(/(\{[^}]+\})/).map((part) => (part.startsWith('{') ? '([^/]+)' : escapeRe(part))).join('');
      routes.push({
        operationId: operation.operationId,
        method: method.toUpperCase(),
        template,
        expressPath: template.replace(/\{([^}]+)\}/g, ':$1'),
        regex: new RegExp(`^${pattern}/?$`),
        scope: (scopes[0] as Scope | undefined) ?? null,
        integerParams,
      });
    }
  }
  return routes;
}

/** The route of a request path (relative to the base path) and method; null when none matches both. */
export function matchRoute(routes: Route[], path: string, method: string): Route | null {
  const m = method === 'HEAD' ? 'GET' : method;
  return routes.find((r) => r.method === m && r.regex.test(path)) ?? null;
}
