import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { describe, expect, it, vi } from 'vitest';
import { runMiddleware } from './run-middleware.ts';

const req = {} as Request;
const res = {} as Response;

describe('runMiddleware', () => {
  it('resolves on next(), rejects with next(err), and with what the middleware throws or rejects', async () => {
    await expect(runMiddleware((_q, _s, next) => next(), req, res)).resolves.toBeUndefined();
    const boom = new Error('boom');
    await expect(runMiddleware((_q, _s, next) => next(boom), req, res)).rejects.toBe(boom);
    await expect(
      runMiddleware(
        () => {
          throw boom;
        },
        req,
        res,
      ),
    ).rejects.toBe(boom);
    await expect(
      runMiddleware(
        (async () => {
          throw boom;
        }) as unknown as RequestHandler,
        req,
        res,
      ),
    ).rejects.toBe(boom);
  });

  it('hands an error reported after the step settled to `late` — a response validator calling next(err) later', async () => {
    let keep: NextFunction | undefined;
    const late = vi.fn();
    await runMiddleware(
      (_q, _s, next) => {
        keep = next;
        next();
      },
      req,
      res,
      late,
    );
    const broken = new Error('response breaks the contract');
    keep!(broken);
    expect(late).toHaveBeenCalledWith(broken);
    keep!(); // a late plain next() is nothing to report
    expect(late).toHaveBeenCalledTimes(1);
  });
});
