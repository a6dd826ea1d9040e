/** The meta-schema compilation is skipped only when the contract is not to be validated. */
import { requireFromValidator } from './validator-module.ts';
import { describe, expect, it } from 'vitest';
import { installSpecCheckSkip } from './validator-spec-check.ts';

const mod = requireFromValidator('./framework/openapi.schema.validator') as {
  OpenAPISchemaValidator: new (opts: { version: string; validateApiSpec: boolean }) => { validate(doc: unknown): { errors: unknown[] } };
};

describe('installSpecCheckSkip', () => {
  it('builds no meta-schema validator when validateApiSpec is false', () => {
    installSpecCheckSkip();
    const v = new mod.OpenAPISchemaValidator({ version: '3.1.0', validateApiSpec: false }) as { validate(doc: unknown): { errors: unknown[] }; validator?: unknown };
    expect(v.validator).toBeUndefined(); // the library's class keeps its compiled meta-schema validator there
    expect(v.validate({ nonsense: true }).errors).toEqual([]);
  });

  it('still validates the document when validateApiSpec is true', () => {
    installSpecCheckSkip();
    const v = new mod.OpenAPISchemaValidator({ version: '3.1.0', validateApiSpec: true }) as { validate(doc: unknown): { errors: unknown[] }; validator?: unknown };
    expect(typeof v.validator).toBe('function');
    expect(v.validate({ openapi: '3.1.0', info: { title: 'x', version: '1' }, paths: {} }).errors).toEqual([]);
    expect(v.validate({ openapi: '3.1.0', paths: 'not an object' }).errors.length).toBeGreaterThan(0);
  });
});
