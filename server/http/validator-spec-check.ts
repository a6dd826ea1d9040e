/**
 * express-openapi-validator 5.6 compiles the whole OpenAPI 3.1 meta-schema with AJV for every validator instance,
 * even with `validateApiSpec: false`, when it only needs it to validate the document (framework/index.js,
 * OpenAPISchemaValidator). That is ~220 ms of the main thread per environment at start-up, ~0.4 s of the server's
 * cold start (bench/README.md). `npm run lint` validates the contract; the server passes validateApiSpec: false.
 *
 * The framework reads the class from its module's exports at each use, so replacing that export with one that skips
 * the compilation when validateApiSpec is false (and otherwise is the original) removes the work without touching
 * the library. If a future version changes this, the original class is simply used.
 */
import { requireFromValidator } from './validator-module.ts';

interface SchemaValidatorModule {
  OpenAPISchemaValidator: new (opts: { version: string; validateApiSpec: boolean }) => { validate(doc: unknown): { errors: unknown[] } };
}

let installed = false;

export function installSpecCheckSkip(): void {
  if (installed) return;
  installed = true;
  const mod = requireFromValidator('./framework/openapi.schema.validator') as SchemaValidatorModule;
  const Original = mod.OpenAPISchemaValidator;
  mod.OpenAPISchemaValidator = function OpenAPISchemaValidator(opts: { version: string; validateApiSpec: boolean }) {
    if (opts.validateApiSpec) return new Original(opts);
    return { validate: () => ({ errors: [] }) }; // never called: the framework validates only when validateApiSpec
  } as unknown as SchemaValidatorModule['OpenAPISchemaValidator'];
}
