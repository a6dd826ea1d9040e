/**
 * The one error middleware: every error — ours (ApiError), the store's (StoreUnavailableError), a client error
 * Express raises on malformed input, or anything unexpected — leaves as the contract's error envelope with its
 * headers. The validator's errors are turned into ours by the pipeline, which knows the operation
 * (http/validator-errors.ts); one reaching here anyway (e.g. a response that breaks the contract) is our fault.
 * Internals never reach the body; unexpected errors are logged with the request id.
 */
import type { ErrorRequestHandler } from 'express';
import { statusOf } from '../contract/envelope.ts';
import { ApiError, errors } from '../errors.ts';
import { StoreUnavailableError } from '../store/errors.ts';
import { redactSecrets } from './redact.ts';

export interface ErrorEnvelope {
  status: { code: number; message: string };
  error: { code: string; message: string; details?: { parameter: string; message: string }[] };
}

/** Any thrown value as the ApiError that answers it. */
export function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  if (err instanceof StoreUnavailableError) return errors.serviceUnavailable(err);
  if (isClientError(err)) return errors.invalidParameter('request', 'the request could not be parsed');
  return errors.internal(err);
}

/** The body of an error response; messages pass through redactSecrets so no key-like text is ever echoed. */
export function envelopeOf(e: ApiError): ErrorEnvelope {
  const error: ErrorEnvelope['error'] = { code: e.code, message: redactSecrets(e.message) };
  if (e.details) error.details = e.details.map((d) => ({ parameter: redactSecrets(d.parameter), message: redactSecrets(d.message) }));
  return { status: statusOf(e.status), error };
}

export interface ErrorLogger {
  error(obj: object, msg: string): void;
}

export function errorMiddleware(log: ErrorLogger): ErrorRequestHandler {
  return (err: unknown, _req, res, next) => {
    if (res.headersSent) return next(err);
    const apiError = toApiError(err);
    if (apiError.status >= 500) {
      const cause = apiError.cause ?? err;
      log.error({ err: cause, request_id: res.getHeader('X-Request-Id'), code: apiError.code }, 'request failed');
    }
    for (const [name, value] of Object.entries(apiError.headers)) res.setHeader(name, value);
    res.status(apiError.status).json(envelopeOf(apiError));
  };
}

/**
 * Errors Express and its parsers raise for malformed client input carry a 4xx `status` and `expose: true`
 * (http-errors); the validator's errors, also 4xx, are not client errors of this kind and never reach here as such.
 */
function isClientError(e: unknown): boolean {
  if (typeof e !== 'object' || e === null || (e as { expose?: unknown }).expose !== true) return false;
  const s = (e as { status?: unknown }).status ?? (e as { statusCode?: unknown }).statusCode;
  return typeof s === 'number' && s >= 400 && s < 500;
}
