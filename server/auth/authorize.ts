/**
 * Authorisation of a routed request: a public operation passes as it is (its Authorization header is not even
 * read, so a key sent to /health is ignored); a key-guarded one is authenticated (authenticate.ts: the order and
 * codes of the decisions) and yields its principal. The result, `Authorized`, is the only value that lets the
 * pipeline run a guarded handler (contract/operations.ts), so no handler runs without the key its operation needs.
 * Only the Authorization header is read: a key in the query string never authenticates.
 */
import type { Request } from 'express';
import type { Authorized } from '../contract/operations.ts';
import type { AnyRoute } from '../contract/route-table.ts';
import type { Store } from '../store/types.ts';
import { authenticate } from './authenticate.ts';
import { callerIp, type TrustedProxies } from './client-ip.ts';

export interface AuthorizerOptions {
  store: Pick<Store, 'findKeyByHash'>;
  trustProxy: TrustedProxies;
  now?: () => Date;
}

/** `onKeyFound`: told the id of the key a secret matched, before any later check can fail (rate limiting). */
export type Authorizer = (req: Request, route: AnyRoute, onKeyFound?: (keyId: string) => void) => Promise<Authorized>;

export function createAuthorizer(opts: AuthorizerOptions): Authorizer {
  const now = opts.now ?? (() => new Date());
  return async (req, route, onKeyFound) => {
    if (route.scope === null) return { operationId: route.operationId, principal: null };
    const principal = await authenticate({
      authorization: req.headersDistinct.authorization,
      environment: route.environment,
      now: now(),
      callerIp: callerIp(req, opts.trustProxy),
      requiredScope: route.scope,
      findKeyByHash: async (hash) => {
        const row = await opts.store.findKeyByHash(hash);
        if (row) onKeyFound?.(row.id);
        return row;
      },
    });
    return { operationId: route.operationId, principal };
  };
}
