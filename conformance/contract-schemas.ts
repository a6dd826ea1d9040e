/**
 * JSON Schema validation against the bundled contract, never against schemas copied by hand.
 * OpenAPI 3.1 schemas are JSON Schema 2020-12, so AJV's 2020 build validates them; the whole bundle is
 * registered once under an id, and any node of it is addressed by its JSON pointer.
 */
import { readFileSync } from 'node:fs';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import * as ajvFormats from 'ajv-formats';

// ajv-formats is CommonJS: from ESM its plugin function is the namespace's `default` (module.exports).
const addFormats = (ajvFormats as unknown as { default: (ajv: Ajv2020) => Ajv2020 }).default;

const CONTRACT_ID = 'contract.json';

export function loadBundle(url: URL = new URL('../generated/openapi.json', import.meta.url)): Record<string, unknown> {
  return JSON.parse(readFileSync(url, 'utf8')) as Record<string, unknown>;
}

export interface SchemaProblem {
  path: string;
  message: string;
}

export class ContractSchemas {
  private readonly ajv: Ajv2020;
  private readonly cache = new Map<string, ValidateFunction>();

  constructor(readonly bundle: Record<string, unknown>) {
    // strict: false because the document around the schemas (info, paths…) is not itself a schema.
    this.ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
    addFormats(this.ajv);
    this.ajv.addSchema({ ...bundle, $id: CONTRACT_ID });
  }

  /** `pointer` is a JSON pointer into the bundle, e.g. `#/components/schemas/ErrorResponse`. */
  validate(pointer: string, value: unknown): SchemaProblem[] {
    let fn = this.cache.get(pointer);
    if (!fn) {
      fn = this.ajv.compile({ $ref: `${CONTRACT_ID}${pointer}` });
      this.cache.set(pointer, fn);
    }
    return fn(value) ? [] : (fn.errors ?? []).map(toProblem);
  }
}

function toProblem(e: ErrorObject): SchemaProblem {
  const extra = e.keyword === 'additionalProperties' ? ` (${String(e.params.additionalProperty)})` : '';
  return { path: e.instancePath || '/', message: `${e.message ?? e.keyword}${extra}` };
}

/** Escapes a path key for use in a JSON pointer (RFC 6901). */
export const pointerEscape = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');
