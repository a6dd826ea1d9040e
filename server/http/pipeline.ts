/**
 * The operation pipeline: every request under an environment's base path goes through these steps, in this order,
 * as one function — so the operation that is routed, authorised and validated is, by construction, the one that
 * runs (contract decisions: "Routing (one table, strict)"; check order: path/method → auth → IP → scope →
 * parameters → lookup).
 *
 *   1. route         contract/route-table.ts: exact, case-sensitive; no route → 404, other method → 405 (+ Allow)
 *   2. rate limit    http/rate-limit.ts: public budget, or the key's after authentication / the address's on failure
 *   3. authorise     auth/authorize.ts → Authorized (the principal a guarded handler needs)
 *   4. guards        integers in decimal digits (request-guards.ts), path parameters decoded (http/path-params.ts)
 *   5. validate      express-openapi-validator for the environment (parameters; responses when enabled); then an id
 *                    that is no identifier (undecodable, too long) is the operation's 404, as a lookup that fails
 *   6. handle        the operation's handler, given the principal only if its operation is guarded
 *   7. send          200 with the envelope; HEAD gets the same status and headers without the body (Node drops it)
 *
 * Errors thrown by any step go to the one error middleware (http/error-middleware.ts).
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type {
  Authorized,
  Created,
  GuardedOperationId,
  Handler,
  Handlers,
  PublicOperationId,
  WriteDefinition,
  WriteOperationId,
} from '../contract/operations.ts';
import type { AnyRoute, RouteTable } from '../contract/route-table.ts';
import type { Authorizer } from '../auth/authorize.ts';
import type { Billers } from '../biller/types.ts';
import { BASE_PATH } from '../domain.ts';
import { ApiError, errors } from '../errors.ts';
import type { Store } from '../store/types.ts';
import type { WebhookRuntime } from '../webhooks/runtime.ts';
import { jsonBodyBytes } from './json-body.ts';
import type { KeyedWrite } from '../idempotency/outcome.ts';
import { fingerprintOf, idempotencyKeyOf } from '../idempotency/request.ts';
import { runKeyed, type IdempotencyStore } from '../idempotency/run.ts';
import { decodePathParams, withExamplePathParams } from './path-params.ts';
import { readJsonBody } from './request-body.ts';
import type { RateLimits } from './rate-limit.ts';
import { integerQueryProblems } from './request-guards.ts';
import { runMiddlewares } from './run-middleware.ts';
import { fromValidatorError, isValidatorError } from './validator-errors.ts';

export interface PipelineOptions {
  table: RouteTable;
  handlers: Handlers;
  authorize: Authorizer;
  /** express-openapi-validator, one instance for both environments (its copy of the contract lists both base paths). */
  validator: readonly RequestHandler[];
  limits: RateLimits | null;
  store: Store;
  /** Where write operations keep their Idempotency-Key records (the store). */
  idempotency: IdempotencyStore;
  /** The biller of each environment (null: none configured). */
  billers: Billers;
  /** Webhook secrets and URL policies, for the webhook operations' handlers. */
  webhooks: WebhookRuntime;
  /** `info.version` of the contract. */
  version: string;
  validateResponses: boolean;
}

/**
 * A path under neither base path — `/` above all, the first thing a newcomer opens: still the contract's 404
 * NOT_FOUND (an unknown path is one, and the envelope stays the same), with words that say where the API, its docs
 * and its contract are. Not a page of its own at `/`: that would be an operation the contract does not have.
 */
const outsideTheApi = () =>
  new ApiError(
    404,
    'NOT_FOUND',
    `No such resource. The API is under ${BASE_PATH.production} (production) and ${BASE_PATH.sandbox} (sandbox); ` +
      'its documentation is at /docs and its contract (OpenAPI) at /openapi.json.',
  );

/**
 * A path under a base path that is no route: 404 NOT_FOUND, and routing stays exact (Routing in
 * openapi/info-description.md). A trailing slash is the commonest slip, so when the path without it is a route (for
 * any method) the message names that path.
 */
function noRoute(table: RouteTable, path: string): ApiError {
  const bare = path.endsWith('/') ? path.slice(0, -1) : null;
  return bare !== null && table.match(bare, 'GET').kind !== 'no_route' ? errors.notFound(bare) : errors.notFound();
}

export function operationPipeline(o: PipelineOptions): RequestHandler {
  return (req, res, next) => {
    handle(o, req, res, next).catch(next);
  };
}

/** `next`: Express's, for errors the validator reports after its step (a response that breaks the contract). */
async function handle(o: PipelineOptions, req: Request, res: Response, next: NextFunction): Promise<void> {
  const match = o.table.match(req.path, req.method);
  if (match.kind !== 'operation') {
    await o.limits?.publicRequest(req, res, match.environment);
    if (match.kind === 'no_route') throw match.environment === null ? outsideTheApi() : noRoute(o.table, req.path);
    throw errors.methodNotAllowed(match.allow);
  }
  const { route } = match;
  const authorized = await authorizeWithinBudget(o, req, res, route);
  // Creations (a POST answering 201) are idempotent by key; an update (PATCH) by its values, a DELETE by its effect,
  // an action that creates nothing (a POST answering 200: a verification, a query) by being safe to repeat: no key.
  const write = route.method === 'POST' && route.success === 201;
  // A purchase may send its own external_reference instead of the key, or beside it (contract decisions, "The seed's
  // own system"): its body declares the member. A missing key is then null, and the body must carry the reference.
  const byReference = write && route.bodyMembers.includes('external_reference');
  const idempotencyKey = write ? idempotencyKeyOf(req, { orReference: byReference }) : null;
  if (route.body) {
    try {
      await readJsonBody(req, res);
    } catch (err) {
      // Without a key, a body that cannot be read holds no external_reference either: neither way was sent.
      if (write && idempotencyKey === null) throw errors.idempotencyKeyRequired('missing', 0, { orReference: true });
      throw err;
    }
  }
  if (write && idempotencyKey === null && !hasMember(req.body, 'external_reference'))
    throw errors.idempotencyKeyRequired('missing', 0, { orReference: true });
  const query = req.query as Record<string, unknown>;
  // Integers not in decimal digits are found first; the validator still runs, so one 400 lists its problems too.
  const integers = integerQueryProblems(route, query);
  const path = decodePathParams(route, match.params);
  const validate = () => runMiddlewares(o.validator, req, res, next);
  try {
    await (path instanceof ApiError ? withExamplePathParams(req, route, validate) : validate());
  } catch (err) {
    throw isValidatorError(err) ? fromValidatorError(err, route, query, integers) : err;
  }
  if (integers.length > 0) throw errors.invalidParameters(integers);
  if (path instanceof ApiError) throw path; // an id that is no identifier: the lookup finds nothing
  const base = {
    environment: route.environment,
    basePath: route.basePath,
    store: o.store,
    version: o.version,
    biller: o.billers[route.environment],
    webhooks: o.webhooks,
    query: req.query as never,
    path: path as never,
    body: req.body as never,
  };
  if (!write) {
    const body = await invoke(o.handlers, authorized, base);
    if (route.success === 204) {
      res.status(204).end();
      return;
    }
    // With response validation on, res.json is the validator's hook: keep it. Otherwise send the bytes built by
    // jsonBodyBytes, which reuses the serialisation of pages the read cache hands out again.
    if (o.validateResponses) res.status(route.success).json(body);
    else res.status(route.success).type('application/json').send(jsonBodyBytes(body));
    return;
  }
  // A write: every write operation is key-guarded (contract/operations.ts asserts it), so there is a principal.
  if (authorized.principal === null)
    throw errors.internal(new Error(`${route.operationId}: a write without a principal`));
  // The write's definition (contract/operations.ts WriteDefinition): its checks of the body beyond the schema run
  // before the key is looked up or claimed; its reviver gives the kept response back what was never stored.
  const definition = o.handlers[route.operationId] as WriteDefinition<WriteOperationId>;
  definition.checkBody?.(req.body as never, route.environment);
  const answer = await runKeyed(
    o.idempotency,
    {
      account_id: authorized.principal.account_id,
      key: idempotencyKey,
      // Validated by now: the partner's reference, the write's second deduplication key (server/idempotency/).
      reference: byReference ? (req.body as { external_reference?: string }).external_reference : undefined,
      operation: route.operationId,
      fingerprint: fingerprintOf(route.operationId, req.body, path as Record<string, string>),
      now: new Date(),
    },
    async () => (await invoke(o.handlers, authorized, base)) as KeyedWrite<Created<WriteOperationId>>,
    (created) =>
      created.stored
        ? { ...created.stored, stored: true }
        : { status: route.success, body: JSON.stringify(created.body), location: created.location, stored: false },
  );
  // A response kept without what must not be stored (a signing secret) gets it back, first answer and replays alike;
  // before any header of the answer, since a server that cannot derive it answers an error instead (501).
  const sent =
    answer.status < 300 && definition.reviveStored ? definition.reviveStored(answer.body, o.webhooks) : answer.body;
  if (answer.location !== null) res.setHeader('Location', answer.location);
  if (answer.replayed) res.setHeader('Idempotent-Replayed', 'true');
  if (o.validateResponses) res.status(answer.status).json(JSON.parse(sent));
  else res.status(answer.status).type('application/json').send(sent);
}

/** Whether a request body (any JSON) is an object with the member `name`, whatever its value. */
const hasMember = (body: unknown, name: string): boolean =>
  typeof body === 'object' && body !== null && !Array.isArray(body) && Object.hasOwn(body, name);

async function authorizeWithinBudget(
  o: PipelineOptions,
  req: Request,
  res: Response,
  route: AnyRoute,
): Promise<Authorized> {
  if (!o.limits) return o.authorize(req, route);
  if (route.scope === null) {
    await o.limits.publicRequest(req, res, route.environment);
    return o.authorize(req, route);
  }
  let keyId: string | undefined;
  let authorized: Authorized;
  try {
    authorized = await o.authorize(req, route, (id) => {
      keyId = id;
    });
  } catch (err) {
    return o.limits.authFailure(req, res, route.environment, err, keyId);
  }
  if (authorized.principal) await o.limits.keyRequest(req, res, route.environment, authorized.principal.key_id);
  return authorized;
}

type BaseContext = Omit<Parameters<Handler<PublicOperationId>>[0], 'principal'>;

/**
 * Runs the authorised operation's handler. The casts only erase which operation of each group it is (TypeScript
 * cannot correlate `handlers[id]` with `id` across a union); a guarded handler still cannot be called without a
 * principal, because only the guarded branch of `Authorized` has one.
 */
function invoke(handlers: Handlers, authorized: Authorized, base: BaseContext): Promise<unknown> {
  if (authorized.principal === null) {
    return (handlers[authorized.operationId] as Handler<PublicOperationId>)(base);
  }
  const handler = handlers[authorized.operationId] as unknown as Handler<GuardedOperationId>;
  return handler({
    ...(base as unknown as Parameters<Handler<GuardedOperationId>>[0]),
    principal: authorized.principal,
  });
}
