/**
 * The one error middleware: every error, ours (ApiError), the validator's (HttpError), the store's
 * (StoreUnavailableError) or anything unexpected, leaves as the contract's error envelope with its headers.
 * Internals never reach the body; unexpected errors are logged with the request id.
 */
import type { ErrorRequestHandler } from 'express';
import { ApiError, errors, type ErrorDetail } from '../errors.ts';
import { StoreUnavailableError } from '../store/errors.ts';
import { statusOf } from './envelope.ts';
import { redactSecrets } from './redact.ts';

interface ValidatorError {
  status: number;
  message?: string;
  errors?: { path?: string; message?: string; errorCode?: string }[];
  headers?: Record<string, string>;
}

const isValidatorError = (e: unknown): e is ValidatorError =>
  typeof e === 'object' && e !== null && typeof (e as ValidatorError).status === 'number' && Array.isArray((e as ValidatorError).errors);

/** `/query/per_page` → `per_page`; `/params/id` → `id`; `/query/` (an empty name, `?=1`) → ``. */
function parameterOf(path: string | undefined): string {
  const m = /^\/(?:query|params|path|headers)\/(.*)$/.exec(path ?? '');
  return m ? m[1]!.split('/').join('.') : 'request';
}

/** Maps express-openapi-validator's errors onto our codes. */
export function fromValidatorError(e: ValidatorError, allowFallback: () => string[]): ApiError {
  switch (e.status) {
    case 400: {
      const details: ErrorDetail[] = (e.errors ?? []).map((x) => {
        const parameter = parameterOf(x.path);
        const unknown = /^Unknown query parameter/.test(x.message ?? '');
        return { parameter: redactSecrets(parameter), message: unknown ? 'unknown query parameter' : redactSecrets(x.message ?? 'is invalid') };
      });
      const first = details[0] ?? { parameter: 'request', message: 'is invalid' };
      return new ApiError(400, 'INVALID_PARAMETER', `Invalid parameter '${first.parameter}': ${first.message}`, { details });
    }
    case 404:
      return errors.notFound();
    case 405:
      return errors.methodNotAllowed((e.headers?.Allow ?? e.headers?.allow)?.split(/,\s*/) ?? allowFallback());
    default:
      // Anything else from the validator (e.g. a response that breaks the contract) is our fault.
      return errors.internal(e);
  }
}

export interface ErrorLogger {
  error(obj: object, msg: string): void;
}

export function errorMiddleware(log: ErrorLogger): ErrorRequestHandler {
  return (err: unknown, req, res, next) => {
    if (res.headersSent) return next(err);
    let apiError: ApiError;
    if (err instanceof ApiError) apiError = err;
    else if (err instanceof StoreUnavailableError) apiError = errors.serviceUnavailable(err);
    else if (isValidatorError(err)) apiError = fromValidatorError(err, () => ['GET']);
    else if (isClientBodyError(err)) apiError = new ApiError(400, 'INVALID_PARAMETER', 'The request could not be parsed.', { details: [{ parameter: 'request', message: 'malformed request' }] });
    else apiError = errors.internal(err);

    if (apiError.status >= 500) {
      const cause = apiError.cause ?? err;
      log.error({ err: cause, request_id: res.getHeader('X-Request-Id'), code: apiError.code }, 'request failed');
    }
    for (const [name, value] of Object.entries(apiError.headers)) res.setHeader(name, value);
    const error: Record<string, unknown> = { code: apiError.code, message: redactSecrets(apiError.message) };
    if (apiError.details) error.details = apiError.details;
    res.status(apiError.status).json({ status: statusOf(apiError.status), error });
  };
}

/** body-parser / URI errors that Express raises for malformed client input carry `status` 4xx and `expose`. */
function isClientBodyError(e: unknown): boolean {
  const s = (e as { status?: unknown; statusCode?: unknown } | null)?.status ?? (e as { statusCode?: unknown } | null)?.statusCode;
  return typeof s === 'number' && s >= 400 && s < 500;
}
