/**
 * The one route table: it decides, for a request path and method, the operation (and so the scope) — and the
 * server dispatches exactly that operation (http/pipeline.ts). Nothing else routes API requests.
 *
 * Matching is strict (contract decisions, "Routing (one table, strict)"): the path must be exactly
 * `<base path><template>`, compared byte for byte and case-sensitively, without percent-decoding literal segments,
 * resolving dot segments or ignoring a trailing slash, an empty segment or `;` parameters. A `{param}` segment takes
 * any non-empty segment but a dot segment (`.`, `..`: no route, as anywhere else), raw (still percent-encoded; the
 * pipeline decodes it). HEAD is matched as GET (RFC 9110
 * §9.3.2). A known path with another method is `method_not_allowed` with its Allow list. A concrete path wins
 * over a templated one that also matches (bySpecificity).
 */
import { BASE_PATH, ENVIRONMENTS, type Environment } from '../domain.ts';
import { OPERATIONS, type OperationId, type ScopeOf } from './operations.ts';

export interface Route<K extends OperationId = OperationId> {
  operationId: K;
  environment: Environment;
  /** Base path of the environment, e.g. `/api/partners/sandbox/v1`. */
  basePath: string;
  method: string;
  /** Contract path relative to the base path, e.g. `/account/transactions/{id}`. */
  template: string;
  /** The one scope the operation requires, or null for a public operation. */
  scope: ScopeOf<K>;
  /** The documented success status (200, or 201 for a write). */
  success: number;
  /** The request body's media type, or null when the operation takes none. */
  body: string | null;
  bodyMembers: readonly string[];
  query: readonly string[];
  /** Query parameters whose schema is an integer (page, per_page). */
  integerQuery: readonly string[];
  pathParams: readonly string[];
  /** The contract's example of each path parameter. */
  pathParamExamples: Readonly<Record<string, string>>;
}
/** A route of some operation, discriminated by `scope`: null narrows to the public operations. */
export type AnyRoute = { [K in OperationId]: Route<K> }[OperationId];

export type RouteMatch =
  | { kind: 'operation'; route: AnyRoute; params: Record<string, string> }
  | { kind: 'method_not_allowed'; environment: Environment; allow: readonly string[] }
  | { kind: 'no_route'; environment: Environment | null };

type Segment = { literal: string } | { param: string };
interface PathEntry {
  segments: Segment[];
  byMethod: Map<string, AnyRoute>;
  allow: readonly string[];
}

const METHOD_ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];

function segmentsOf(template: string): Segment[] {
  return template
    .split('/')
    .slice(1)
    .map((s) => (/^\{[^}]+\}$/.test(s) ? { param: s.slice(1, -1) } : { literal: s }));
}

function allowOf(methods: Iterable<string>): string[] {
  const set = new Set(methods);
  if (set.has('GET')) set.add('HEAD');
  return [...set].sort((a, b) => (METHOD_ORDER.indexOf(a) + 1 || 99) - (METHOD_ORDER.indexOf(b) + 1 || 99));
}

export class RouteTable {
  private readonly paths = new Map<Environment, PathEntry[]>();
  readonly routes: readonly AnyRoute[];

  constructor() {
    const routes: AnyRoute[] = [];
    for (const environment of ENVIRONMENTS) {
      const entries = new Map<string, PathEntry>();
      for (const [operationId, op] of Object.entries(OPERATIONS) as [OperationId, (typeof OPERATIONS)[OperationId]][]) {
        const route = {
          operationId,
          environment,
          basePath: BASE_PATH[environment],
          method: op.method,
          template: op.path,
          scope: op.scope,
          success: op.success,
          body: op.body,
          bodyMembers: op.bodyMembers,
          query: op.query,
          integerQuery: op.integerQuery,
          pathParams: op.pathParams,
          pathParamExamples: op.pathParamExamples,
        } as AnyRoute;
        routes.push(route);
        let entry = entries.get(op.path);
        if (!entry) entries.set(op.path, (entry = { segments: segmentsOf(op.path), byMethod: new Map(), allow: [] }));
        entry.byMethod.set(op.method, route);
      }
      for (const entry of entries.values()) entry.allow = allowOf(entry.byMethod.keys());
      this.paths.set(environment, [...entries.values()].sort(bySpecificity));
    }
    this.routes = routes;
  }

  match(path: string, method: string): RouteMatch {
    for (const environment of ENVIRONMENTS) {
      const base = BASE_PATH[environment];
      if (!path.startsWith(base)) continue;
      const rest = path.slice(base.length);
      if (rest === '') return { kind: 'no_route', environment };
      if (rest[0] !== '/') continue;
      const parts = rest.split('/').slice(1);
      for (const entry of this.paths.get(environment)!) {
        const params = matchSegments(entry.segments, parts);
        if (!params) continue;
        const route = entry.byMethod.get(method === 'HEAD' ? 'GET' : method);
        return route
          ? { kind: 'operation', route, params }
          : { kind: 'method_not_allowed', environment, allow: entry.allow };
      }
      return { kind: 'no_route', environment };
    }
    return { kind: 'no_route', environment: null };
  }
}

/**
 * Concrete paths before templated ones (OpenAPI 3.1, "Path Templating Matching"): compared segment by segment, a
 * literal before a `{param}`, so `/purchases/verify` and `/purchases/airtime` are never taken for
 * `/purchases/{id}` — whatever the method, a request to a concrete path is that path's (its 405 included).
 */
function bySpecificity(a: PathEntry, b: PathEntry): number {
  for (let i = 0; i < Math.min(a.segments.length, b.segments.length); i++) {
    const d = Number('param' in a.segments[i]!) - Number('param' in b.segments[i]!);
    if (d !== 0) return d;
  }
  return 0;
}

function matchSegments(segments: Segment[], parts: string[]): Record<string, string> | null {
  if (segments.length !== parts.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < segments.length; i++) {
    const seg = segments[i]!;
    const part = parts[i]!;
    if ('literal' in seg) {
      if (seg.literal !== part) return null;
    } else {
      if (part === '' || part === '.' || part === '..') return null;
      params[seg.param] = part;
    }
  }
  return params;
}
