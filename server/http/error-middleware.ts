/**
 * The one error middleware: every error — ours (ApiError), the store's (StoreUnavailableError), a client error
 * Express raises on malformed input, or anything unexpected — leaves as the contract's error envelope with its
 * headers. The validator's errors are turned into ours by the pipeline, which knows the operation
 * (http/validator-errors.ts); one reaching here anyway (e.g. a response that breaks the contract) is our fault.
 * Internals never reach the body; unexpected errors are logged with the request id.
 */
import type { ErrorRequestHandler } from 'express';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import * as ajvFormats from 'ajv-formats';
import { envelopeOf, type ErrorEnvelope } from '../contract/error-envelope.ts';
import { ApiError, errors } from '../errors.ts';
import { StoreUnavailableError } from '../store/errors.ts';

/** Any thrown value as the ApiError that answers it. */
export function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  if (err instanceof StoreUnavailableError) return errors.serviceUnavailable(err);
  if (isClientError(err)) return errors.invalidParameter('request', 'the request could not be parsed');
  return errors.internal(err);
}

// ajv-formats is CommonJS: from ESM its plugin function is the namespace's `default` (module.exports).
const addFormats = (ajvFormats as unknown as { default: (ajv: Ajv2020) => Ajv2020 }).default;

/** What is wrong with an error envelope by the contract (empty: nothing). */
export type EnvelopeCheck = (envelope: ErrorEnvelope) => string[];

/**
 * The contract's ErrorResponse schema as a check of error envelopes (AJV over the bundle, compiled at the first
 * error). express-openapi-validator validates a response only when its own request validation passed — it wraps
 * `res.json` in a middleware placed after that step — so the envelope of every request it refuses (an unknown
 * member, a wrong value), and of every refusal before it runs (authentication, the body's JSON, Idempotency-Key,
 * routing), was never checked: a 15,105-character `error.message` went out unnoticed. errorMiddleware runs this
 * check on every envelope whenever responses are validated.
 */
export function errorEnvelopeCheck(bundle: Record<string, unknown>): EnvelopeCheck {
  let validate: ValidateFunction | undefined;
  return (envelope) => {
    if (!validate) {
      const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
      addFormats(ajv);
      ajv.addSchema({ ...bundle, $id: 'contract.json' });
      validate = ajv.compile({ $ref: 'contract.json#/components/schemas/ErrorResponse' });
    }
    if (validate(envelope)) return [];
    return (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? e.keyword}`);
  };
}

export interface ErrorLogger {
  error(obj: object, msg: string): void;
}

/**
 * `check`: with response validation on (app.ts), the contract's check of every envelope (errorEnvelopeCheck). An
 * envelope that breaks the contract is our bug, answered as response validation answers a success body that does:
 * logged with what is wrong, and a 500 INTERNAL_ERROR in the envelope instead (JSON, never a framework page).
 */
export function errorMiddleware(log: ErrorLogger, check: EnvelopeCheck | null = null): ErrorRequestHandler {
  return (err: unknown, _req, res, next) => {
    if (res.headersSent) return next(err);
    let apiError = toApiError(err);
    const broken = check?.(envelopeOf(apiError, false)) ?? [];
    if (broken.length > 0) {
      log.error(
        { problems: broken, request_id: res.getHeader('X-Request-Id'), code: apiError.code, status: apiError.status },
        'error response breaks the contract',
      );
      apiError = errors.internal(apiError);
    }
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
