/** Every example in the contract is valid against the schema it illustrates (and the check can fail). */
import { describe, expect, it } from 'vitest';
import { ContractSchemas, pointerEscape } from '../../conformance/contract-schemas.ts';
import { bundle, deref, operations, type JsonObject } from '../helpers/bundle.ts';

const schemas = new ContractSchemas(bundle);

interface ExampleCase {
  where: string;
  schemaPointer: string;
  value: unknown;
}

/** Each response example with the pointer of its media type's schema. */
function responseExamples(): ExampleCase[] {
  const out: ExampleCase[] = [];
  for (const o of operations()) {
    for (const [status, r] of Object.entries(o.operation.responses as JsonObject)) {
      const resp = deref(r);
      if (resp.content === undefined && status === '204') continue; // No Content: no body, so no example
      const media = (resp.content as JsonObject)['application/json'] as JsonObject;
      const schemaRef = String((media.schema as JsonObject).$ref ?? '');
      const pointer =
        schemaRef ||
        `#/paths/${pointerEscape(o.path)}/${o.method}/responses/${status}/content/application~1json/schema`;
      for (const [name, ex] of Object.entries(media.examples as JsonObject)) {
        out.push({ where: `${o.operationId} ${status} ${name}`, schemaPointer: pointer, value: deref(ex).value });
      }
    }
  }
  return out;
}

/** Request body examples (Redoc's request samples) against the body's schema. */
function requestExamples(): ExampleCase[] {
  const out: ExampleCase[] = [];
  for (const o of operations()) {
    if (!o.operation.requestBody) continue;
    const media = (deref(o.operation.requestBody).content as JsonObject)['application/json'] as JsonObject;
    const pointer = String((media.schema as JsonObject).$ref);
    for (const [name, ex] of Object.entries(media.examples as JsonObject)) {
      out.push({ where: `${o.operationId} request ${name}`, schemaPointer: pointer, value: deref(ex).value });
    }
  }
  return out;
}

/** Parameter examples against the parameter's schema. */
function parameterExamples(): ExampleCase[] {
  const out: ExampleCase[] = [];
  const params = (bundle.components as JsonObject).parameters as JsonObject;
  for (const [name, p] of Object.entries(params)) {
    const param = p as JsonObject;
    const values =
      param.example !== undefined
        ? [param.example]
        : Object.values((param.examples ?? {}) as JsonObject).map((e) => deref(e).value);
    for (const v of values)
      out.push({ where: `parameter ${name}`, schemaPointer: `#/components/parameters/${name}/schema`, value: v });
  }
  return out;
}

describe('contract examples', () => {
  const cases = [...responseExamples(), ...requestExamples(), ...parameterExamples()];

  it('covers every operation response, every request body and every parameter', () => {
    const responses = operations().flatMap((o) =>
      Object.keys(o.operation.responses as JsonObject).filter((s) => s !== '204'),
    );
    expect(responseExamples().length).toBeGreaterThanOrEqual(responses.length);
    expect(requestExamples().length).toBeGreaterThanOrEqual(operations().filter((o) => o.operation.requestBody).length);
    expect(requestExamples().length).toBeGreaterThan(0);
    expect(parameterExamples().length).toBeGreaterThanOrEqual(
      Object.keys((bundle.components as JsonObject).parameters as JsonObject).length,
    );
  });

  it.each(cases.map((c) => [c.where, c] as const))('%s is valid against its schema', (_where, c) => {
    expect(schemas.validate(c.schemaPointer, c.value)).toEqual([]);
  });

  it.each([
    [
      'a float amount',
      (v: JsonObject) => {
        ((v.data as JsonObject).balance as unknown) = 1254300.5;
      },
      '/data/balance',
    ],
    [
      'a missing currency',
      (v: JsonObject) => {
        delete (v.data as JsonObject).currency;
      },
      '/data',
    ],
    [
      'a timestamp without milliseconds',
      (v: JsonObject) => {
        (v.data as JsonObject).updated_at = '2026-11-22T17:45:09Z';
      },
      '/data/updated_at',
    ],
  ])('rejects an example broken by %s', (_name, breakIt, path) => {
    const ex = structuredClone(deref((bundle.components as JsonObject).examples as JsonObject).BalanceOk as JsonObject)
      .value as JsonObject;
    breakIt(ex);
    const problems = schemas.validate('#/components/schemas/BalanceResponse', ex);
    expect(problems.map((p) => p.path)).toContain(path);
  });
});
