/**
 * patches/express-openapi-validator+5.6.2.patch, part 2: with `validateApiSpec: false` the validator never compiles
 * the OpenAPI meta-schema (the costly start-up step it only needs to check the document); with `true` it still does,
 * and still rejects an invalid document. Counted on the AJV class of the validator's own module instance, by the
 * meta-schema's `$id`: if the patch stops applying, the `false` case sees a compilation.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rawGet } from '../helpers/raw-http.ts';
import { bundle } from '../helpers/bundle.ts';
import { BASE, requireFromValidator, startValidatorApp } from './validator-app.ts';

type Method = (this: unknown, schema: unknown, ...rest: unknown[]) => unknown;

const AjvCore = (requireFromValidator('ajv/dist/core') as { default: { prototype: { compile: Method; addSchema: Method } } }).default;
const metaSchemaIds = [
  (requireFromValidator('./framework/openapi.v3_1.modified.schema.json') as { $id: string }).$id,
  (requireFromValidator('./framework/openapi.v3.schema.json') as { id: string }).id,
];
const isMetaSchema = (schema: unknown) =>
  !!schema && typeof schema === 'object' && metaSchemaIds.includes(((schema as { $id?: string }).$id ?? (schema as { id?: string }).id)!);
const { compile, addSchema } = AjvCore.prototype;
let metaSchemaCompilations = 0;
let otherSchemasAdded = 0;

beforeAll(() => {
  AjvCore.prototype.compile = function counted(schema, ...rest) {
    if (isMetaSchema(schema)) metaSchemaCompilations += 1;
    return compile.call(this, schema, ...rest);
  };
  // The request validators add their schemas (and compile them on first use): proof that this class is the one in use.
  AjvCore.prototype.addSchema = function counted(schema, ...rest) {
    if (!isMetaSchema(schema)) otherSchemasAdded += 1;
    return addSchema.call(this, schema, ...rest);
  };
});
afterAll(() => { Object.assign(AjvCore.prototype, { compile, addSchema }); });

/** Starts a validator on `apiSpec`, lets it load (first request), returns the answer's status and what it compiled. */
async function startAndLoad(validateApiSpec: boolean, apiSpec: object = bundle) {
  const [meta0, other0] = [metaSchemaCompilations, otherSchemasAdded];
  const app = await startValidatorApp(validateApiSpec, apiSpec);
  try {
    const r = await rawGet('127.0.0.1', app.port, `${BASE}/products`);
    return { status: r.status, meta: metaSchemaCompilations - meta0, other: otherSchemasAdded - other0 };
  } finally {
    await app.close();
  }
}

describe('the patched validator’s document check', () => {
  it('never compiles the OpenAPI meta-schema with validateApiSpec: false', async () => {
    const r = await startAndLoad(false);
    expect(r.status).toBe(200);
    expect(r.other).toBeGreaterThan(0); // the request schemas went through this AJV class: the count is live
    expect(r.meta).toBe(0);
  });

  it('compiles it once with validateApiSpec: true', async () => {
    const r = await startAndLoad(true);
    expect(r.status).toBe(200);
    expect(r.meta).toBe(1);
  });

  it('still rejects an invalid document with validateApiSpec: true, and not with false', async () => {
    const invalid = { ...bundle, info: { title: 'no version' } };
    const printed = vi.spyOn(console, 'error').mockImplementation(() => {}); // the validator prints the errors
    try {
      expect((await startAndLoad(true, invalid)).status).toBe(500); // "args.apiDoc was invalid", passed to next()
      expect(printed.mock.calls.flat().join(' ')).toContain("must have required property 'version'");
      printed.mockClear();
      expect((await startAndLoad(false, invalid)).status).toBe(200);
      expect(printed).not.toHaveBeenCalled();
    } finally {
      printed.mockRestore();
    }
  });
});
