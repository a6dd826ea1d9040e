/**
 * For the tests of patches/express-openapi-validator+5.6.2.patch: a real Express app with the validator configured as
 * server/app.ts configures it, on the bundle, whose only handler reports what the validator decided (the route it
 * matched and the path parameters, or its error status), and a `require` that reaches the validator's own module
 * instances (path-to-regexp, ajv), so that a test can count what the validator does with them.
 */
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import express, { type ErrorRequestHandler, type Express } from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import { bundle } from '../helpers/bundle.ts';

export const requireFromValidator = createRequire(createRequire(import.meta.url).resolve('express-openapi-validator'));

export const BASE = '/api/partners/v1';

/** The contract's paths as the validator's Express routes (`/account/transactions/:id`), in the contract's order. */
export const contractPaths = Object.keys(bundle.paths as object);

/** The methods of each contract path, upper case, in the contract's order (what the validator's Allow lists). */
export const contractMethods: Record<string, string[]> = Object.fromEntries(
  Object.entries(bundle.paths as Record<string, Record<string, unknown>>).map(([p, item]) => [
    p, Object.keys(item).filter((m) => ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'].includes(m)).map((m) => m.toUpperCase()),
  ]),
);

export interface Verdict {
  status: number;
  /** The OpenAPI route the validator matched (`/api/partners/v1/account/transactions/{id}`), or null. */
  route: string | null;
  params: Record<string, string> | null;
  allow?: string | null;
}

export function validatorMiddleware(validateApiSpec: boolean, apiSpec: object = bundle) {
  return OpenApiValidator.middleware({
    apiSpec: { ...apiSpec, servers: [{ url: BASE }] } as never,
    validateSecurity: false,
    validateRequests: { allowUnknownQueryParameters: false, coerceTypes: true, removeAdditional: false },
    validateResponses: false,
    validateApiSpec,
    validateFormats: true,
    ajvFormats: { mode: 'full' },
    fileUploader: false,
  });
}

type OpenApiInfo = { openApiRoute: string; pathParams: Record<string, string> } | undefined;

export interface ValidatorApp {
  app: Express;
  port: number;
  close: () => Promise<void>;
}

/** Listens on a free port; every answer is a Verdict as JSON. */
export async function startValidatorApp(validateApiSpec = false, apiSpec?: object): Promise<ValidatorApp> {
  const app = express();
  const router = express.Router();
  router.use(validatorMiddleware(validateApiSpec, apiSpec));
  router.use((req, res) => {
    const info = (req as { openapi?: OpenApiInfo }).openapi;
    res.json({ status: 200, route: info?.openApiRoute ?? null, params: info?.pathParams ?? null } satisfies Verdict);
  });
  const onError: ErrorRequestHandler = (err: { status?: number; headers?: Record<string, string> }, req, res, _next) => {
    const info = (req as { openapi?: OpenApiInfo }).openapi;
    const status = err.status ?? 500;
    res.status(status).json({ status, route: info?.openApiRoute ?? null, params: null, allow: err.headers?.Allow ?? null } satisfies Verdict);
  };
  app.use(BASE, router);
  app.use(onError);
  return { app, ...(await listening(app)) };
}

/** Listens `app` on a free port of 127.0.0.1; `close` drops the open connections, then closes. */
export async function listening(app: Express): Promise<{ port: number; close: () => Promise<void> }> {
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve, reject) => server.once('listening', resolve).once('error', reject));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
