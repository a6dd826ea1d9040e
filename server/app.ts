/**
 * createApp: the reference server as an Express 5 app. The same contract is mounted twice, production and
 * sandbox, each guarded by our auth middleware (order and codes of the decisions) and express-openapi-validator
 * (parameters, unknown parameters, 404/405, and responses when enabled). Routes come from the contract.
 */
import { existsSync } from 'node:fs';
import express, { type Express, type Request, type RequestHandler } from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import type { Logger } from 'pino';
import { authMiddleware } from './auth/middleware.ts';
import type { TrustedProxies } from './auth/client-ip.ts';
import type { RateLimitPolicy } from './config.ts';
import { BASE_PATH, ENVIRONMENTS, type Environment } from './domain.ts';
import { errors } from './errors.ts';
import { handlers } from './handlers/index.ts';
import type { HandlerContext, OperationId, Principal } from './handlers/types.ts';
import { errorMiddleware } from './http/error-middleware.ts';
import { jsonBodyBytes } from './http/json-body.ts';
import { installRouteRegexpCache } from './http/route-regexp-cache.ts';
import { installSpecCheckSkip } from './http/validator-spec-check.ts';
import { createRateLimits, type RateLimits } from './http/rate-limit.ts';
import type { RateLimitBackend } from './http/rate-limit-store.ts';
import { requestLimits } from './http/request-limits.ts';
import { requestGuards } from './http/request-guards.ts';
import { requestLogging } from './http/request-log.ts';
import { matchRoute, routesOf, type Route } from './http/routes.ts';
import type { Store } from './store/types.ts';

export interface AppOptions {
  store: Store;
  logger: Logger;
  /** The bundled contract (generated/openapi.json). */
  bundle: Record<string, unknown>;
  trustProxy: TrustedProxies;
  validateResponses: boolean;
  /** Path of the rendered docs page served at /docs (built by `npm run docs`). */
  docsFile?: string;
  now?: () => Date;
  /** True once a graceful shutdown has begun: responses then ask clients to close their connection. */
  isDraining?: () => boolean;
  /** Rate limits (http/rate-limit.ts) and where their counts live; absent = no rate limiting. */
  rateLimit?: { policy: RateLimitPolicy; backend: RateLimitBackend } | undefined;
}

const pass: RequestHandler = (_req, _res, next) => next();

type Bundle = { info: { version: string }; paths: Record<string, Record<string, unknown>> };

export function createApp(opts: AppOptions): Express {
  const bundle = opts.bundle as unknown as Bundle;
  const routes = routesOf(bundle);
  installRouteRegexpCache();
  installSpecCheckSkip();
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);

  app.use(requestLogging(opts.logger));
  if (opts.isDraining) {
    const draining = opts.isDraining;
    app.use((_req, res, next) => {
      if (draining()) res.setHeader('Connection', 'close');
      next();
    });
  }
  app.use(requestLimits());
  const limits = opts.rateLimit ? createRateLimits({ ...opts.rateLimit, trustProxy: opts.trustProxy, logger: opts.logger }) : null;
  const publicBudget = limits?.publicRequests(null) ?? pass;

  app.get('/openapi.json', publicBudget, (_req, res) => { res.json(opts.bundle); });
  app.get('/docs', publicBudget, (_req, res, next) => {
    if (opts.docsFile && existsSync(opts.docsFile)) return res.sendFile(opts.docsFile);
    next(errors.notFound());
  });

  for (const environment of ENVIRONMENTS) {
    app.use(BASE_PATH[environment], environmentRouter(environment, routes, bundle, opts, limits));
  }

  app.use(publicBudget, (_req, _res, next) => next(errors.notFound()));
  app.use(errorMiddleware(opts.logger));
  return app;
}

function environmentRouter(environment: Environment, routes: Route[], bundle: Bundle, opts: AppOptions, limits: RateLimits | null) {
  const basePath = BASE_PATH[environment];
  const router = express.Router();
  // Matched once per request: the limiter, the auth middleware and the guards all ask.
  const matched = new WeakMap<Request, Route | null>();
  const routeOf = (req: Request) => {
    let route = matched.get(req);
    if (route === undefined) {
      route = matchRoute(routes, req.path, req.method);
      matched.set(req, route);
    }
    return route;
  };
  const scopeFor = (req: Request) => routeOf(req)?.scope ?? null;
  const auth = authMiddleware({
    environment, store: opts.store, trustProxy: opts.trustProxy, scopeFor,
    ...(opts.now ? { now: opts.now } : {}),
    ...(limits ? { onKeyFound: limits.recordKey } : {}),
  });
  if (limits) {
    // Order and budgets: see http/rate-limit.ts.
    const publicBudget = limits.publicRequests(environment);
    const beforeAuth = limits.beforeAuth(environment);
    router.use((req, res, next) => (scopeFor(req) === null ? publicBudget : beforeAuth)(req, res, next));
    router.use(auth);
    router.use(limits.afterAuth);
    router.use(limits.onAuthError);
  } else {
    router.use(auth);
  }
  router.use(requestGuards(routeOf));
  // The validator matches requests by the servers' base path, so each environment gets its own copy.
  const apiSpec = { ...bundle, servers: [{ url: basePath }] };
  router.use(
    OpenApiValidator.middleware({
      apiSpec: apiSpec as never,
      validateSecurity: false, // our auth middleware above: the validator's handlers would lose our error codes
      validateRequests: { allowUnknownQueryParameters: false, coerceTypes: true, removeAdditional: false },
      validateResponses: opts.validateResponses ? { removeAdditional: false } : false,
      validateApiSpec: false, // `npm run lint` validates the contract; skipping it here keeps start-up fast
      validateFormats: true,
      ajvFormats: { mode: 'full' }, // 'fast' date-time accepts month 13 and hour 25
      fileUploader: false, // GET-only API: no multipart bodies to parse
    }),
  );
  for (const route of routes) {
    router.get(route.expressPath, bind(route.operationId, environment, basePath, bundle.info.version, opts.store, opts.validateResponses));
  }
  return router;
}

function bind(operationId: OperationId, environment: Environment, basePath: string, version: string, store: Store, validateResponses: boolean): RequestHandler {
  const handler = handlers[operationId] as (ctx: HandlerContext<OperationId>) => Promise<unknown>;
  return async (req, res) => {
    const body = await handler({
      environment,
      basePath,
      store,
      principal: (res.locals.principal as Principal | undefined) ?? null,
      query: req.query as never,
      path: req.params as never,
      version,
    });
    // With response validation on, res.json is the validator's hook: keep it. Otherwise send the bytes built by
    // jsonBodyBytes, which reuses the serialisation of pages the read cache hands out again.
    if (validateResponses) res.status(200).json(body);
    else res.status(200).type('application/json').send(jsonBodyBytes(body));
  };
}

