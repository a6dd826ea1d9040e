/**
 * Runs Express middleware as a step of the operation pipeline (http/pipeline.ts): resolves when it calls `next()`,
 * rejects with what it passes to `next(err)`. Used for the libraries that come as middleware
 * (express-rate-limit, express-openapi-validator, Express's JSON parser); each of them ends by calling `next`.
 *
 * A middleware may call its `next` again later: express-openapi-validator's response validation wraps `res.json`
 * and reports a response that breaks the contract through the `next` it was given when the request passed. By then
 * this step has settled, so such a late error goes to `late` (the pipeline's own Express `next`, which leads to the
 * error middleware); dropped, it would leave the request without an answer.
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';

export function runMiddleware(mw: RequestHandler, req: Request, res: Response, late?: NextFunction): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let settled = false;
    const next = (err?: unknown) => {
      if (settled) {
        if (err !== undefined && err !== null && late) late(err);
        return;
      }
      settled = true;
      if (err === undefined || err === null) resolve();
      else reject(err);
    };
    try {
      const r: unknown = mw(req, res, next);
      if (r instanceof Promise) r.catch((e: unknown) => next(e ?? new Error('middleware rejected')));
    } catch (err) {
      next(err);
    }
  });
}

export async function runMiddlewares(
  mws: readonly RequestHandler[],
  req: Request,
  res: Response,
  late?: NextFunction,
): Promise<void> {
  for (const mw of mws) await runMiddleware(mw, req, res, late);
}
