/**
 * The contract's operations as a TypeScript table (generated/operations.ts): operationId → method, path template,
 * the scope it needs (null = public; alternatives space-separated), its query and path parameters, and the contract file that specifies it.
 * The server routes and authorises from this table only (server/contract/route-table.ts), and its types decide
 * which handlers receive a principal (server/contract/operations.ts), so the contract alone says what is public.
 */
import { parse } from 'yaml';

type Node = Record<string, unknown>;

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

export interface OperationEntry {
  method: string;
  path: string;
  /**
   * The scope the key needs, or null for a public operation. An operation whose `security` lists alternatives (one
   * scope each: any one suffices, as OpenAPI reads them) has them space-separated, in the form of the `scope`
   * attribute of an RFC 6750 challenge: `purchase_electricity purchase_cable_tv`.
   */
  scope: string | null;
  /** The documented success status (the operation's first 2xx response). */
  success: number;
  /** The request body's media type when the operation takes one (`application/json`), else null. */
  body: string | null;
  /** The members of the request body (a flat JSON object), for "it takes …" in error messages. */
  bodyMembers: string[];
  query: string[];
  integerQuery: string[];
  pathParams: string[];
  /** A value the contract accepts for each path parameter (its example): the pipeline validates the query with it
   * when the request's own value is no identifier at all (server/http/path-params.ts). */
  pathParamExamples: Record<string, string>;
  source: string;
}

/** Follows one internal `$ref` chain of the bundle. */
function deref(bundle: Node, node: Node): Node {
  let cur = node;
  while (typeof cur.$ref === 'string') {
    cur = cur.$ref
      .slice(2)
      .split('/')
      .reduce<Node>((n, k) => n[k] as Node, bundle);
  }
  return cur;
}

function exampleOf(p: Node): string {
  const examples = Object.values((p.examples as Record<string, { value: unknown }> | undefined) ?? {});
  const value = p.example ?? examples[0]?.value;
  if (value === undefined) throw new Error(`path parameter ${String(p.name)} needs an example in the contract`);
  return String(value);
}

/** `bundle`: the bundled contract; `rootYaml`: openapi/openapi.yaml, whose `paths` $refs name each path's file. */
export function operationTable(bundle: Node, rootYaml: string): Record<string, OperationEntry> {
  const sources = (parse(rootYaml) as { paths: Record<string, { $ref?: string }> }).paths;
  const table: Record<string, OperationEntry> = {};
  for (const [path, item] of Object.entries(bundle.paths as Record<string, Node>)) {
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.includes(method)) continue;
      const operation = op as {
        operationId: string;
        security?: Record<string, string[]>[];
        parameters?: Node[];
        responses: Record<string, unknown>;
        requestBody?: Node;
      };
      const success = Object.keys(operation.responses)
        .map(Number)
        .filter((s) => s >= 200 && s < 300)
        .sort()[0];
      if (success === undefined) throw new Error(`${operation.operationId}: no 2xx response`);
      const content = operation.requestBody
        ? ((deref(bundle, operation.requestBody).content ?? {}) as Record<string, Node>)
        : {};
      const body = Object.keys(content)[0] ?? null;
      const bodySchema = body ? deref(bundle, (content[body]!.schema ?? {}) as Node) : {};
      const bodyMembers = Object.keys((bodySchema.properties ?? {}) as Node);
      const params = [...((item.parameters as Node[] | undefined) ?? []), ...(operation.parameters ?? [])].map((p) =>
        deref(bundle, p),
      );
      const query = params.filter((p) => p.in === 'query');
      // Each security requirement is an alternative (OpenAPI: any one suffices); each names one scope.
      const alternatives = (operation.security ?? (bundle.security as Record<string, string[]>[])).map((req) =>
        Object.values(req).flat(),
      );
      if (alternatives.some((scopes) => scopes.length !== 1))
        throw new Error(`${operation.operationId}: each security requirement must name exactly one scope`);
      const scopes = alternatives.flat();
      const ref = sources[path]?.$ref;
      table[operation.operationId] = {
        method: method.toUpperCase(),
        path,
        scope: scopes.length === 0 ? null : scopes.join(' '),
        success,
        body,
        bodyMembers,
        query: query.map((p) => String(p.name)),
        integerQuery: query
          .filter((p) => deref(bundle, p.schema as Node).type === 'integer')
          .map((p) => String(p.name)),
        pathParams: params.filter((p) => p.in === 'path').map((p) => String(p.name)),
        pathParamExamples: Object.fromEntries(
          params.filter((p) => p.in === 'path').map((p) => [String(p.name), exampleOf(p)]),
        ),
        source: ref ? `openapi/${ref}` : 'openapi/openapi.yaml',
      };
    }
  }
  return table;
}

export function operationTableSource(table: Record<string, OperationEntry>, note: string): string {
  const body = JSON.stringify(table, null, 2).replace(/"([a-zA-Z_][a-zA-Z0-9_]*)":/g, '$1:');
  return `/**\n * ${note}\n */\n\nexport const OPERATIONS = ${body} as const;\n`;
}
