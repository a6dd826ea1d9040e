/**
 * Handler typing derived from the generated contract types: the handler map must have exactly one handler per
 * operationId, and each handler must return that operation's documented 200 body. A missing handler, an extra
 * one or a wrong shape is a compile error (`tsc --noEmit` runs before the tests).
 */
import type { operations } from '../../generated/schema.d.ts';
import type { Environment } from '../domain.ts';
import type { Store } from '../store/types.ts';

export type OperationId = keyof operations;

type JsonBody<R> = R extends { content: { 'application/json': infer B } } ? B : never;
export type OkBody<K extends OperationId> = JsonBody<operations[K]['responses'][200]>;
export type QueryOf<K extends OperationId> = NonNullable<operations[K]['parameters']['query']>;
export type PathOf<K extends OperationId> = operations[K]['parameters']['path'] extends infer P
  ? [P] extends [undefined] ? Record<string, never> : NonNullable<P>
  : never;

export type { Principal } from '../auth/authenticate.ts';
import type { Principal } from '../auth/authenticate.ts';

export interface HandlerContext<K extends OperationId> {
  environment: Environment;
  /** Base path of the environment, e.g. `/api/partners/sandbox/v1`. */
  basePath: string;
  store: Store;
  principal: Principal | null;
  /** Query parameters after validation and type coercion by the contract (defaults not yet applied). */
  query: QueryOf<K>;
  path: PathOf<K>;
  version: string;
}

export type Handler<K extends OperationId> = (ctx: HandlerContext<K>) => Promise<OkBody<K>>;
export type Handlers = { [K in OperationId]: Handler<K> };
