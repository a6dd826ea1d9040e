/**
 * The operations of the contract as types, from the two generated files: `generated/schema.d.ts`
 * (openapi-typescript: parameters and bodies) and `generated/operations.ts` (method, path, scope).
 *
 * - A handler map must have exactly one handler per operationId, each returning its operation's documented 200
 *   body: a missing handler, an extra one or a wrong shape is a compile error (`tsc --noEmit` runs before tests).
 * - A key-guarded operation's handler gets `principal: Principal`; a public one gets none. Which is which comes
 *   from the contract's `security`, so a handler cannot run without the principal its operation requires
 *   (`Authorized`, produced only by server/auth/authorize.ts, carries it), and cannot read one it is never given.
 */
import type { operations } from '../../generated/schema.d.ts';
import { OPERATIONS } from '../../generated/operations.ts';
import type { Biller } from '../biller/types.ts';
import type { Environment } from '../domain.ts';
import type { KeyedWrite } from '../idempotency/outcome.ts';
import type { ResponseSnapshot, Store } from '../store/types.ts';
import type { WebhookRuntime } from '../webhooks/runtime.ts';
import type { Principal } from './principal.ts';

export { OPERATIONS };
export type { Principal };

export type OperationId = keyof typeof OPERATIONS & keyof operations;
export type ScopeOf<K extends OperationId> = (typeof OPERATIONS)[K]['scope'];
/** Operations that need an API key (their contract `security` names a scope, or alternatives space-separated). */
export type GuardedOperationId = { [K in OperationId]: ScopeOf<K> extends null ? never : K }[OperationId];
/** Operations anyone may call (`security: []`). */
export type PublicOperationId = Exclude<OperationId, GuardedOperationId>;

type JsonBody<R> = R extends { content: { 'application/json': infer B } } ? B : never;
type SuccessOf<K extends OperationId> = (typeof OPERATIONS)[K]['success'];
/** The body of the operation's documented success response (200, or 201 for a purchase). */
export type OkBody<K extends OperationId> = JsonBody<
  operations[K]['responses'][SuccessOf<K> & keyof operations[K]['responses']]
>;
/**
 * Operations that create something (a POST answering 201): they answer 201 with a Location and are idempotent by
 * key. A POST answering 200 (verifyPurchase, queryPurchase) creates nothing and is safe to repeat: no key.
 */
export type WriteOperationId = {
  [K in OperationId]: (typeof OPERATIONS)[K]['method'] extends 'POST' ? (SuccessOf<K> extends 201 ? K : never) : never;
}[OperationId];
/** Operations that take a JSON request body: the writes, and updates (PATCH, idempotent by their values: no key). */
export type BodyOperationId = {
  [K in OperationId]: (typeof OPERATIONS)[K]['body'] extends string ? K : never;
}[OperationId];
/** Operations whose success is 204 No Content (DELETE): their handlers answer nothing. */
export type NoContentOperationId = { [K in OperationId]: SuccessOf<K> extends 204 ? K : never }[OperationId];
/** The parsed, validated JSON request body of an operation that takes one. */
export type BodyOf<K extends OperationId> = operations[K] extends {
  requestBody: { content: { 'application/json': infer B } };
}
  ? B
  : never;
/** What a write operation's handler answers: the 201 body and where the created resource lives. */
export interface Created<K extends OperationId> {
  body: OkBody<K>;
  /** Absolute path of the created resource, e.g. `/api/partners/sandbox/v1/account/transactions/<id>`. */
  location: string;
  /**
   * Set when the store already completed the request's Idempotency-Key record with this very answer (a purchase
   * settled in one statement): the status, the body as stored (byte for byte what replays send) and the Location.
   */
  stored?: ResponseSnapshot | undefined;
}
/** `never` in the generated types (no parameters of that kind) becomes an empty record. */
type ParamsOf<P> = [NonNullable<P>] extends [never] ? Record<string, never> : NonNullable<P>;
export type QueryOf<K extends OperationId> = ParamsOf<operations[K]['parameters']['query']>;
export type PathOf<K extends OperationId> = ParamsOf<operations[K]['parameters']['path']>;

interface BaseContext<K extends OperationId> {
  environment: Environment;
  /** Base path of the environment, e.g. `/api/partners/sandbox/v1`. */
  basePath: string;
  store: Store;
  /** Query parameters after validation and type coercion by the contract (defaults not yet applied). */
  query: QueryOf<K>;
  /** Path parameters, percent-decoded. */
  path: PathOf<K>;
  /** `info.version` of the contract. */
  version: string;
  /** The environment's biller (server/biller/), or null when none is configured (503 BILLER_UNAVAILABLE). */
  biller: Biller | null;
  /** Webhook secrets and URL policies (server/webhooks/runtime.ts). */
  webhooks: WebhookRuntime;
}

export type HandlerContext<K extends OperationId> = BaseContext<K> &
  (K extends GuardedOperationId ? { principal: Principal } : { principal?: never }) &
  (K extends WriteOperationId | BodyOperationId ? { body: BodyOf<K> } : { body?: never });

/** The names of an operation's query parameters, from the generated table (`never` when it has none). */
export type QueryName<K extends OperationId> = (typeof OPERATIONS)[K]['query'][number];

/**
 * What the handler of an operation with query parameters declares it reads: every one of them. A parameter the
 * contract gains that the handler does not declare is a compile error at the handler, which names it — "Property
 * 'product_type' is missing in type '{ … }' but required in type 'ReadsEveryQueryParameterOf<\"listTransactions\">'"
 * — and a start-up error (handler-reads.ts) in a build that skipped type-checking. ARCHITECTURE.md, step 3.
 */
export type ReadsEveryQueryParameterOf<K extends OperationId> = { readonly [P in QueryName<K>]: true };

/**
 * A write operation's handler checks its request and answers the write, not yet run: the pipeline runs it under the
 * request's Idempotency-Key (server/idempotency/), which decides whether it runs at all.
 */
type HandlerFunction<K extends OperationId> = (
  ctx: HandlerContext<K>,
) => Promise<K extends WriteOperationId ? KeyedWrite<Created<K>> : K extends NoContentOperationId ? void : OkBody<K>>;

/** What a write operation's handler may declare beside its function, for the pipeline's steps around the key. */
export interface WriteDefinition<K extends OperationId> {
  /**
   * Checks of the body beyond its schema, with the body's 400s: run before the Idempotency-Key is looked up or
   * claimed, so that, like every 400, they keep nothing.
   */
  readonly checkBody?: (body: BodyOf<K>, environment: Environment) => void;
  /**
   * The response to send from the one kept under the key (the first answer and every replay), when what is kept
   * leaves out something that must never be stored (a webhook signing secret, derived again here).
   */
  readonly reviveStored?: (storedBody: string, webhooks: WebhookRuntime) => string;
}

/**
 * An operation's handler; with query parameters, built by queryHandler() so that it declares every one it reads; a
 * write's may carry its WriteDefinition (writeHandler()).
 */
export type Handler<K extends OperationId> = HandlerFunction<K> &
  ([QueryName<K>] extends [never] ? unknown : { readonly reads: ReadsEveryQueryParameterOf<K> }) &
  (K extends WriteOperationId ? WriteDefinition<K> : unknown);
export type Handlers = { [K in OperationId]: Handler<K> };

/**
 * The handler of an operation with query parameters: `reads` names each of them (the compiler holds it to the
 * contract's list), `handle` reads them from `ctx.query` and passes each on to the store.
 */
export function queryHandler<K extends OperationId>(
  _operationId: K,
  reads: ReadsEveryQueryParameterOf<K>,
  handle: HandlerFunction<K>,
): HandlerFunction<K> & { readonly reads: ReadsEveryQueryParameterOf<K> } {
  const handler: HandlerFunction<K> = (ctx) => handle(ctx); // a function of its own: `handle` is never changed
  return Object.assign(handler, { reads: Object.freeze({ ...reads }) });
}

/** The handler of a write operation together with its checks of the body and its reviver of the kept response. */
export function writeHandler<K extends WriteOperationId>(
  _operationId: K,
  definition: WriteDefinition<K>,
  handle: HandlerFunction<K>,
): HandlerFunction<K> & WriteDefinition<K> {
  const handler: HandlerFunction<K> = (ctx) => handle(ctx); // a function of its own: `handle` is never changed
  return Object.assign(handler, definition);
}

/** The outcome of authorisation: a public operation, or a guarded one together with the principal it needs. */
export type Authorized =
  { operationId: PublicOperationId; principal: null } | { operationId: GuardedOperationId; principal: Principal };
