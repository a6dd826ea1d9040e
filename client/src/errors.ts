/** The contract's error envelope (`ErrorResponse`) as a typed error, and the parsing of `Retry-After`. */
import type { ErrorCode, ErrorDetail } from './generated-types.ts';

/** The error codes of the contract, plus `UNKNOWN_ERROR` when a response did not carry the envelope (a proxy page…). */
export type ApiErrorCode = ErrorCode | 'UNKNOWN_ERROR';

export class BillPaymentApiError extends Error {
  override readonly name = 'BillPaymentApiError';
  /** The HTTP status of the response. */
  readonly status: number;
  /** `error.code` of the envelope: stable and machine-readable (treat a code you do not know by its status). */
  readonly code: ApiErrorCode;
  /** `error.details` of the envelope: one entry per offending parameter or body member (400 `INVALID_PARAMETER`). */
  readonly details: ErrorDetail[];
  /** The `X-Request-Id` response header, to quote to support; null when absent. */
  readonly requestId: string | null;
  /** Seconds to wait before retrying, from `Retry-After` (429, 503, 409); null when absent. */
  readonly retryAfter: number | null;
  /** The response body as received (the parsed envelope, or its text when it was not JSON). */
  readonly body: unknown;

  constructor(init: {
    status: number;
    code: ApiErrorCode;
    message: string;
    details?: ErrorDetail[];
    requestId?: string | null;
    retryAfter?: number | null;
    body?: unknown;
  }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.details = init.details ?? [];
    this.requestId = init.requestId ?? null;
    this.retryAfter = init.retryAfter ?? null;
    this.body = init.body;
  }

  /** Builds the error from a non-2xx response and its body (as openapi-fetch parsed it: JSON, or text). */
  static fromResponse(response: Response, body: unknown, now: () => number = Date.now): BillPaymentApiError {
    const retryAfterMs = parseRetryAfter(response.headers.get('Retry-After'), now);
    const common = {
      status: response.status,
      requestId: response.headers.get('X-Request-Id'),
      retryAfter: retryAfterMs === null ? null : Math.ceil(retryAfterMs / 1000),
      body,
    };
    const error = isRecord(body) && isRecord(body.error) ? body.error : null;
    if (error && typeof error.code === 'string' && typeof error.message === 'string') {
      const details = Array.isArray(error.details) ? (error.details as ErrorDetail[]) : [];
      return new BillPaymentApiError({ ...common, code: error.code as ErrorCode, message: error.message, details });
    }
    const text = typeof body === 'string' && body.length > 0 ? `: ${body.slice(0, 200)}` : '';
    return new BillPaymentApiError({ ...common, code: 'UNKNOWN_ERROR', message: `HTTP ${response.status}${text}` });
  }
}

/**
 * `Retry-After` in milliseconds from now: delay-seconds (`"3"`) or an HTTP date (`"Wed, 21 Oct 2026 07:28:00 GMT"`,
 * never negative). Null when the header is absent or unreadable.
 */
export function parseRetryAfter(value: string | null, now: () => number = Date.now): number | null {
  if (value === null) return null;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  const at = Date.parse(v);
  if (Number.isNaN(at)) return null;
  return Math.max(0, at - now());
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
