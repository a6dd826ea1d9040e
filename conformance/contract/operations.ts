/**
 * The operations of the contract as the suite needs them, read from the bundle: path, scope, parameters (with the
 * JSON pointers of their schemas and, for query parameters, their declared meaning: x-filter / x-paging), and per
 * documented status the schema pointer, the documented headers and the error codes it can carry (one named example
 * per `error.code`).
 */
import { ContractSchemas } from '../contract-schemas.ts';
import { Bundle, escapePointer, isObject, type JsonObject } from './bundle.ts';
import { queryMeaning, type QueryMeaning } from './query-meaning.ts';
import { sandboxBasePath, sandboxScenarios, type SandboxScenario } from './sandbox.ts';

export interface ParamModel {
  name: string;
  in: string;
  required: boolean;
  /** Pointer of the parameter's schema, for AJV. */
  schemaPointer: string;
  /** The schema with a top-level `$ref` followed. */
  schema: JsonObject;
  examples: string[];
  /** A query parameter's declared meaning: `x-filter` or `x-paging` (query-meaning.ts). */
  meaning?: QueryMeaning;
}

export interface HeaderModel {
  name: string;
  required: boolean;
  schemaPointer: string;
}

export interface ResponseModel {
  status: number;
  mediaTypes: string[];
  /** Pointer of the application/json schema. */
  schemaPointer: string | null;
  headers: HeaderModel[];
  /** The `error.code`s the contract's examples document for this status (empty for successes). */
  codes: string[];
}

export interface OperationModel {
  operationId: string;
  method: string;
  /** Path template relative to the base URL, e.g. `/account/transactions/{id}`. */
  path: string;
  /** The scope the operation requires, or null when it is public. */
  scope: string | null;
  params: ParamModel[];
  responses: Map<number, ResponseModel>;
  /** The 200 body carries `pagination`. */
  paginated: boolean;
  /** The documented success status: 200 for reads, 201 for a purchase. */
  success: number;
  /** A write (any method but GET, HEAD, OPTIONS): sent only to a sandbox (write-safety.ts). */
  writes: boolean;
  /** The application/json request body: its schema's pointer and the contract's example values. */
  requestBody: { schemaPointer: string; examples: unknown[] } | null;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];
const SAFE_METHODS = ['GET', 'HEAD', 'OPTIONS'];

export class Contract {
  readonly operations: OperationModel[];
  readonly schemas: ContractSchemas;
  /** `info.x-sandbox-scenarios`: the magic values of the sandbox. */
  readonly scenarios: SandboxScenario[];
  /** The path of the sandbox server, the only base path a run may write to (write-safety.ts). */
  readonly sandboxBasePath: string | null;

  constructor(readonly bundle: Bundle = new Bundle()) {
    this.schemas = new ContractSchemas(bundle.doc);
    this.operations = [];
    for (const path of Object.keys(bundle.at('#/paths') as JsonObject)) {
      const item = bundle.resolve(`#/paths/${escapePointer(path)}`);
      for (const method of Object.keys(item.node).filter((m) => METHODS.includes(m))) {
        this.operations.push(this.operation(path, method, `${item.pointer}/${method}`));
      }
    }
    this.scenarios = sandboxScenarios(
      bundle,
      this.operations.map((o) => o.operationId),
    );
    this.sandboxBasePath = sandboxBasePath(bundle);
  }

  op(operationId: string): OperationModel {
    const op = this.operations.find((o) => o.operationId === operationId);
    if (!op) throw new Error(`no operation ${operationId} in the contract`);
    return op;
  }

  /** The operation whose path template matches a path relative to the base URL. */
  match(relativePath: string): OperationModel | undefined {
    return this.operations.find((o) => new RegExp(`^${o.path.replace(/\{[^}]+\}/g, '[^/]+')}/?$`).test(relativePath));
  }

  private operation(path: string, method: string, pointer: string): OperationModel {
    const op = this.bundle.at(pointer) as JsonObject;
    const security = (op.security ?? this.bundle.doc.security ?? []) as JsonObject[];
    const scopes = security.flatMap((req) => Object.values(req).flat()) as string[];
    const params = ((op.parameters ?? []) as unknown[]).map((_p, i) => this.param(`${pointer}/parameters/${i}`));
    const responses = new Map<number, ResponseModel>();
    for (const status of Object.keys(op.responses as JsonObject)) {
      responses.set(Number(status), this.response(Number(status), `${pointer}/responses/${status}`));
    }
    const ok = responses.get(200)?.schemaPointer;
    const okSchema = ok ? this.bundle.resolve(ok).node : {};
    return {
      operationId: String(op.operationId),
      method: method.toUpperCase(),
      path,
      // Several security requirements are alternatives (any one suffices): space-separated, as WWW-Authenticate's
      // `scope` names them (generated/operations.ts writes them the same way).
      scope: scopes.length === 0 ? null : scopes.join(' '),
      params,
      responses,
      paginated: Array.isArray(okSchema.required) && okSchema.required.includes('pagination'),
      success: Math.min(...[...responses.keys()].filter((s) => s >= 200 && s < 300)),
      writes: !SAFE_METHODS.includes(method.toUpperCase()),
      requestBody: op.requestBody === undefined ? null : this.requestBody(`${pointer}/requestBody`),
    };
  }

  private requestBody(pointer: string): { schemaPointer: string; examples: unknown[] } | null {
    const { node, pointer: at } = this.bundle.resolve(pointer);
    const json =
      isObject(node.content) && isObject(node.content['application/json']) ? node.content['application/json'] : null;
    if (!json) return null;
    const base = `${at}/content/application~1json`;
    const examples: unknown[] = json.example !== undefined ? [json.example] : [];
    if (isObject(json.examples)) {
      for (const k of Object.keys(json.examples))
        examples.push(this.bundle.resolve(`${base}/examples/${escapePointer(k)}`).node.value);
    }
    return { schemaPointer: `${base}/schema`, examples };
  }

  private param(pointer: string): ParamModel {
    const { node, pointer: at } = this.bundle.resolve(pointer);
    const schema = this.bundle.resolve(`${at}/schema`).node;
    const examples = node.example !== undefined ? [String(node.example)] : [];
    if (isObject(node.examples)) {
      for (const k of Object.keys(node.examples))
        examples.push(String(this.bundle.resolve(`${at}/examples/${escapePointer(k)}`).node.value));
    }
    return {
      name: String(node.name),
      in: String(node.in),
      required: node.required === true,
      schemaPointer: `${at}/schema`,
      schema,
      examples,
      ...(node.in === 'query' ? { meaning: queryMeaning(node) } : {}),
    };
  }

  private response(status: number, pointer: string): ResponseModel {
    const { node, pointer: at } = this.bundle.resolve(pointer);
    const content = isObject(node.content) ? node.content : {};
    const json = isObject(content['application/json']) ? content['application/json'] : null;
    const codes: string[] = [];
    if (json && isObject(json.examples)) {
      for (const k of Object.keys(json.examples)) {
        const value = this.bundle.resolve(`${at}/content/application~1json/examples/${escapePointer(k)}`).node.value;
        const code = isObject(value) && isObject(value.error) ? value.error.code : undefined;
        if (typeof code === 'string' && !codes.includes(code)) codes.push(code);
      }
    }
    const headers = Object.keys(isObject(node.headers) ? node.headers : {}).map((name) => {
      const h = this.bundle.resolve(`${at}/headers/${escapePointer(name)}`);
      return { name, required: h.node.required === true, schemaPointer: `${h.pointer}/schema` };
    });
    return {
      status,
      mediaTypes: Object.keys(content),
      schemaPointer: json ? `${at}/content/application~1json/schema` : null,
      headers,
      codes,
    };
  }
}
