/**
 * The contract's error envelope, `{ status: { code, message }, error: { code, message, details? } }`, built from an
 * ApiError: what the error middleware sends (http/error-middleware.ts) and what a handler keeps under an
 * Idempotency-Key as the answer to replay (handlers/purchase-flow.ts), so both answer with the same bytes.
 */
import { clipPointer, clipText, ERROR_TEXT_LIMITS, type ApiError } from '../errors.ts';
import { redactSecrets } from '../redact.ts';
import { statusOf } from './envelope.ts';

export interface ErrorEnvelope {
  status: { code: number; message: string };
  error: { code: string; message: string; details?: { parameter: string; message: string }[] };
}

/**
 * The body of an error response; messages pass through redactSecrets so no key-like text is ever echoed, and every
 * text is kept within the contract's limits (ERROR_TEXT_LIMITS) — the last guard: errors.ts already bounds what it
 * quotes of partner input, and with response validation on, errorMiddleware reports an envelope that needed cutting
 * (`bounded: false` gives it as built).
 */
export function envelopeOf(e: ApiError, bounded = true): ErrorEnvelope {
  const text = (t: string, max: number) => (bounded ? clipText(redactSecrets(t), max) : redactSecrets(t));
  const error: ErrorEnvelope['error'] = { code: e.code, message: text(e.message, ERROR_TEXT_LIMITS.message) };
  if (e.details) {
    const details = bounded ? e.details.slice(0, ERROR_TEXT_LIMITS.details) : e.details;
    error.details = details.map((d) => ({
      parameter: bounded
        ? clipPointer(redactSecrets(d.parameter), ERROR_TEXT_LIMITS.parameter)
        : redactSecrets(d.parameter),
      message: text(d.message, ERROR_TEXT_LIMITS.detailMessage),
    }));
  }
  return { status: statusOf(e.status), error };
}
