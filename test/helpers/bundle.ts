/** Reads the bundled contract (generated/openapi.json) and resolves its internal `$ref`s, for contract tests. */
import { readFileSync } from 'node:fs';

export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
export type JsonObject = { [k: string]: Json };

export const bundlePath = new URL('../../generated/openapi.json', import.meta.url);
export const bundle = JSON.parse(readFileSync(bundlePath, 'utf8')) as JsonObject;

/** Follows `#/a/b` pointers inside the bundle (one level; call again for nested refs). */
export function deref<T extends Json = JsonObject>(node: Json): T {
  let cur = node;
  while (cur && typeof cur === 'object' && !Array.isArray(cur) && typeof cur.$ref === 'string') {
    const parts = cur.$ref
      .replace(/^#\//, '')
      .split('/')
      .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
    let target: Json = bundle;
    for (const p of parts) target = (target as JsonObject)[p] as Json;
    if (target === undefined) throw new Error(`unresolved $ref ${cur.$ref}`);
    cur = target;
  }
  return cur as T;
}

export interface OperationInfo {
  path: string;
  method: string;
  operationId: string;
  operation: JsonObject;
}

export function operations(): OperationInfo[] {
  const out: OperationInfo[] = [];
  for (const [path, item] of Object.entries(bundle.paths as JsonObject)) {
    for (const [method, op] of Object.entries(deref(item))) {
      if (!['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'].includes(method)) continue;
      const operation = op as JsonObject;
      out.push({ path, method, operationId: String(operation.operationId), operation });
    }
  }
  return out;
}
