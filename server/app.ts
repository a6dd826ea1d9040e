/**
 * createApp: the reference server as an Express 5 app. Every request under an environment's base path goes through
 * the operation pipeline (http/pipeline.ts): one route table decides the operation and its scope, and exactly that
 * operation runs. Express itself only frames it: request logging and size limits before, the contract
 * (/openapi.json) and the docs (/docs) beside it, and the one error middleware after it. Express's own routing is
 * made case-sensitive and strict too, so the two public pages are matched exactly like the API.
 */
import express, { type Express, type RequestHandler } from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import type { Logger } from 'pino';
import { createAuthorizer } from './auth/authorize.ts';
import type { TrustedProxies } from './auth/client-ip.ts';
import type { Billers } from './biller/types.ts';
import type { RateLimitPolicy } from './config.ts';
import { assertHandlersReadTheirQuery } from './contract/handler-reads.ts';
import type { Handlers } from './contract/operations.ts';
import { RouteTable } from './contract/route-table.ts';
import { BASE_PATH, ENVIRONMENTS } from './domain.ts';
import { errors } from './errors.ts';
import { errorEnvelopeCheck, errorMiddleware } from './http/error-middleware.ts';
import { localServer, originOfRequest } from './http/local-server.ts';
import { operationPipeline } from './http/pipeline.ts';
import { createRateLimits } from './http/rate-limit.ts';
import type { RateLimitBackend } from './http/rate-limit-store.ts';
import { requestLimits } from './http/request-limits.ts';
import { requestLogging } from './http/request-log.ts';
import type { Store } from './store/types.ts';
import type { WebhookRuntime } from './webhooks/runtime.ts';
import { webhookUrlPolicy } from './webhooks/url-policy.ts';

/** An app built without webhook configuration (tests of other parts): no secrets, so no endpoint can be created. */
const NO_WEBHOOKS: WebhookRuntime = {
  secrets: null,
  policy: { production: webhookUrlPolicy('production', false), sandbox: webhookUrlPolicy('sandbox', false) },
  maxEndpoints: 16,
};

export interface AppOptions {
  store: Store;
  logger: Logger;
  /** One handler per operation of the contract (server/handlers/index.ts). */
  handlers: Handlers;
  /** Webhook secrets and URL policies (server/webhooks/runtime.ts); default: none (the webhook POSTs answer 501). */
  webhooks?: WebhookRuntime;
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
  /** The biller of each environment, for the purchase and verification handlers (absent: none anywhere). */
  billers?: Billers | undefined;
}

type Bundle = { info: { version: string }; paths: Record<string, Record<string, unknown>> };

export function createApp(opts: AppOptions): Express {
  assertHandlersReadTheirQuery(opts.handlers); // every query parameter of the contract has a handler that reads it
  const bundle = opts.bundle as unknown as Bundle;
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('case sensitive routing', true);
  app.set('strict routing', true);

  app.use(requestLogging(opts.logger));
  if (opts.isDraining) {
    const draining = opts.isDraining;
    app.use((_req, res, next) => {
      if (draining()) res.setHeader('Connection', 'close');
      next();
    });
  }
  app.use(requestLimits());
  const limits = opts.rateLimit
    ? createRateLimits({ ...opts.rateLimit, trustProxy: opts.trustProxy, logger: opts.logger })
    : null;
  const publicBudget: RequestHandler = (req, res, next) => {
    if (!limits) return next();
    limits.publicRequest(req, res, null).then(() => next(), next);
  };

  // Both name this server's own address and port as the contract's local server (http/local-server.ts).
  const served = localServer(opts.bundle);
  app.get('/openapi.json', publicBudget, (req, res) => {
    res.json(served.bundle(originOfRequest(req)));
  });
  app.get('/docs', publicBudget, async (req, res, next) => {
    const page = opts.docsFile ? await served.docs(opts.docsFile, originOfRequest(req)) : null;
    if (page === null) return next(errors.notFound());
    res.type('html').send(page);
  });

  app.use(
    operationPipeline({
      table: new RouteTable(),
      handlers: opts.handlers,
      authorize: createAuthorizer({
        store: opts.store,
        trustProxy: opts.trustProxy,
        ...(opts.now ? { now: opts.now } : {}),
      }),
      validator: validatorFor(bundle, opts.validateResponses),
      limits,
      store: opts.store,
      idempotency: opts.store,
      billers: opts.billers ?? { production: null, sandbox: null },
      webhooks: opts.webhooks ?? NO_WEBHOOKS,
      version: bundle.info.version,
      validateResponses: opts.validateResponses,
    }),
  );
  // With response validation on, every error envelope is checked against the contract too (the validator checks
  // only responses to requests it let through: http/error-middleware.ts).
  app.use(errorMiddleware(opts.logger, opts.validateResponses ? errorEnvelopeCheck(opts.bundle) : null));
  return app;
}

/**
 * express-openapi-validator for both environments: it matches requests by the servers' base paths, so its copy of
 * the contract lists the two (one validator: building one costs about 0.4 s of CPU at every server start); and it
 * answers HEAD with 405 unless the path has a `head` operation, so each GET is mirrored as HEAD in that copy (HEAD is
 * answered wherever GET is, RFC 9110 §9.3.2).
 */
function validatorFor(bundle: Bundle, validateResponses: boolean): RequestHandler[] {
  const paths = Object.fromEntries(
    Object.entries(bundle.paths).map(([p, item]) => [p, item.get ? { ...item, head: item.get } : item]),
  );
  const apiSpec = { ...bundle, servers: ENVIRONMENTS.map((e) => ({ url: BASE_PATH[e] })), paths };
  return OpenApiValidator.middleware({
    apiSpec: apiSpec as never,
    validateSecurity: false, // auth/authorize.ts: the validator's handlers would lose our error codes
    // Parameters are always coerced from their text by the validator; bodies are not (coerceTypes: false), so an
    // amount sent as the JSON number 500 is refused: money travels as decimal strings. allErrors: a 400 lists every
    // problem of the query and the body (http/validator-errors.ts), not only the first.
    validateRequests: {
      allErrors: true,
      allowUnknownQueryParameters: false,
      coerceTypes: false,
      removeAdditional: false,
    },
    validateResponses: validateResponses ? { removeAdditional: false } : false,
    validateApiSpec: false, // `npm run lint` validates the contract; skipping it here keeps start-up fast
    validateFormats: true,
    ajvFormats: { mode: 'full' }, // 'fast' date-time accepts month 13 and hour 25
    fileUploader: false, // no multipart bodies to parse
  }) as RequestHandler[];
}
