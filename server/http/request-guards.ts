/**
 * Checks on the raw request that the validator cannot make, run after authentication and before it:
 * - integers must be written as plain decimal digits: AJV's type coercion would also take `+5`, ` 5`, `1e1`;
 * - a lookup id whose percent-encoding is malformed matches no transaction: 404 TRANSACTION_NOT_FOUND, as for
 *   any other id that matches nothing (the validator would answer 400 with its internal parameter name).
 */
import type { Request, RequestHandler } from 'express';
import { errors } from '../errors.ts';
import type { Route } from './routes.ts';

const DECIMAL_INTEGER = /^-?[0-9]{1,16}$/;

/** `routeOf`: the request's route (http/routes.ts matchRoute), or null. */
export function requestGuards(routeOf: (req: Request) => Route | null): RequestHandler {
  return (req, _res, next) => {
    const route = routeOf(req);
    if (!route) return next();
    if (route.operationId === 'getTransaction') {
      try {
        decodeURIComponent(req.path);
      } catch {
        return next(errors.transactionNotFound());
      }
    }
    const query = req.query as Record<string, unknown>;
    for (const name of route.integerParams) {
      const value = query[name];
      if (typeof value === 'string' && !DECIMAL_INTEGER.test(value)) {
        return next(errors.invalidParameter(name, 'must be an integer written in decimal digits'));
      }
    }
    next();
  };
}
