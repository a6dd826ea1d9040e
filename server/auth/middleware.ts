/**
 * Express 5 middleware around authenticate(): sets `res.locals.principal` and calls next(), or calls next(err)
 * with the ApiError of the first failed check. Store failures are passed on unchanged (the error middleware maps
 * them to 503). Public operations (scopeFor → null) pass straight through; their Authorization header is ignored.
 * Only the Authorization header is read: a key in the query string never authenticates.
 */
import type { Request, RequestHandler, Response } from 'express';
import type { Environment, Scope } from '../domain.ts';
import type { Store } from '../store/types.ts';
import { authenticate, type Principal } from './authenticate.ts';
import { callerIp, type TrustedProxies } from './client-ip.ts';

export interface AuthMiddlewareOptions {
  environment: Environment;
  store: Pick<Store, 'findKeyByHash'>;
  /** Told the id of the key a secret matched, before any later check (state, IP, scope) can fail (rate limiting). */
  onKeyFound?: (res: Response, keyId: string) => void;
  trustProxy: TrustedProxies;
  /** The scope the matched operation needs, or null for a public operation (or no operation). */
  scopeFor: (req: Request) => Scope | null;
  now?: () => Date;
}

export function authMiddleware(opts: AuthMiddlewareOptions): RequestHandler {
  const now = opts.now ?? (() => new Date());
  return async (req, res, next) => {
    let principal: Principal | null = null;
    try {
      const requiredScope = opts.scopeFor(req);
      if (requiredScope !== null) {
        principal = await authenticate({
          authorization: req.headersDistinct.authorization,
          environment: opts.environment,
          now: now(),
          callerIp: callerIp(req, opts.trustProxy),
          requiredScope,
          findKeyByHash: async (hash) => {
            const row = await opts.store.findKeyByHash(hash);
            if (row && opts.onKeyFound) opts.onKeyFound(res, row.id);
            return row;
          },
        });
      }
    } catch (err) {
      next(err);
      return;
    }
    if (principal !== null) res.locals.principal = principal;
    next();
  };
}
