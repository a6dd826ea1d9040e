/**
 * The one error family of the server. Handlers and middleware throw an ApiError (or let the validator throw its
 * HttpError); the single error middleware (server/http/error-middleware.ts) turns either into the contract's
 * envelope: { status: { code, message }, error: { code, message, details? } }.
 */

export const ERROR_CODES = [
  'AUTHENTICATION_REQUIRED',
  'INVALID_CREDENTIALS',
  'TOKEN_REVOKED',
  'TOKEN_EXPIRED',
  'TOKEN_DISABLED',
  'ENVIRONMENT_MISMATCH',
  'IP_NOT_ALLOWED',
  'INSUFFICIENT_SCOPE',
  'INVALID_PARAMETER',
  'TRANSACTION_NOT_FOUND',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'RATE_LIMITED',
  'SERVICE_UNAVAILABLE',
  'INTERNAL_ERROR',
  'IDEMPOTENCY_KEY_REQUIRED',
  'IDEMPOTENCY_KEY_IN_USE',
  'IDEMPOTENCY_KEY_REUSED',
  'DUPLICATE_REFERENCE',
  'INSUFFICIENT_BALANCE',
  'AMOUNT_OUT_OF_RANGE',
  'PRODUCT_NOT_FOUND',
  'METER_NOT_FOUND',
  'SMARTCARD_NOT_FOUND',
  'BILLER_UNAVAILABLE',
  'WEBHOOK_NOT_FOUND',
  'DELIVERY_NOT_FOUND',
  'EVENT_NOT_FOUND',
  'WEBHOOK_URL_NOT_ALLOWED',
  'WEBHOOK_LIMIT_REACHED',
  'PRODUCT_UNAVAILABLE',
  'API_DISABLED',
  'WEBHOOKS_NOT_CONFIGURED',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ErrorDetail {
  parameter: string;
  message: string;
}

export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly headers: Record<string, string>;
  readonly details: ErrorDetail[] | undefined;

  constructor(
    status: number,
    code: ErrorCode,
    message: string,
    options: { headers?: Record<string, string>; details?: ErrorDetail[]; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.headers = options.headers ?? {};
    this.details = options.details;
  }
}

const REALM = 'Bearer realm="partner-api"';

/**
 * The contract's limits on the texts of an error envelope (ErrorResponse: `error.message` 4096, `details` 32 items;
 * ErrorDetail: `parameter` 2048, `message` 1024), in characters. errors.test.ts checks them against the contract.
 */
export const ERROR_TEXT_LIMITS = { message: 4096, details: 32, parameter: 2048, detailMessage: 1024 } as const;

/** How much of a parameter's name `error.message` quotes: the whole name is in `details[].parameter`. */
const QUOTED_NAME = 120;

/** `text` cut to at most `max` UTF-16 units, never inside a surrogate pair: no more characters than that either. */
function cutAt(text: string, max: number): string {
  let end = Math.max(0, max);
  const last = text.charCodeAt(end - 1);
  if (end < text.length && last >= 0xd800 && last <= 0xdbff) end--; // a high surrogate whose low half is cut off
  return text.slice(0, end);
}

/** `text` within `max` characters: cut, with `…` to show it was, when longer. */
export function clipText(text: string, max: number): string {
  return text.length <= max ? text : `${cutAt(text, max - 1)}…`;
}

/**
 * A parameter name within `max` characters. A JSON pointer stays a well-formed one (RFC 6901): the cut never leaves
 * half of a `~0` / `~1` escape, so it names the member's first characters rather than something else; no `…`, which
 * would read as part of the name.
 */
export function clipPointer(pointer: string, max: number): string {
  if (pointer.length <= max) return pointer;
  const cut = cutAt(pointer, max);
  return cut.endsWith('~') ? cut.slice(0, -1) : cut; // in a pointer every `~` starts an escape
}

/** A parameter's name as `error.message` quotes it: whole when short, else its start and its length. */
const quoted = (name: string) =>
  name.length <= QUOTED_NAME ? name : `${cutAt(name, QUOTED_NAME)}… (${name.length} characters)`;

/**
 * A problem's detail within the contract's limits: the name is partner input, so `details[].parameter` is cut to
 * 2048 characters (the detail then says so).
 */
function detailOf({ parameter, message }: ErrorDetail): ErrorDetail {
  const shown = clipPointer(parameter, ERROR_TEXT_LIMITS.parameter);
  return {
    parameter: shown,
    message:
      shown === parameter
        ? message
        : `${message} (this name is ${parameter.length} characters long, shown here cut to its first ${shown.length})`,
  };
}

/**
 * A 400 INVALID_PARAMETER listing `problems` (query parameters, body members by JSON pointer, `body`, a header), in
 * their order, each once (a name given twice keeps its first problem), at most the contract's 32 details.
 * `error.message` quotes the first, as a partner reads it, and says how many more the details hold.
 */
function invalidParameters(problems: readonly ErrorDetail[]): ApiError {
  const seen = new Set<string>();
  const unique = problems.filter((p) => !seen.has(p.parameter) && seen.add(p.parameter));
  if (unique.length === 0) throw new Error('invalidParameters: no problem to report');
  const details = unique.slice(0, ERROR_TEXT_LIMITS.details).map(detailOf);
  const first = unique[0]!;
  const more =
    unique.length === 1
      ? ''
      : details.length === unique.length
        ? ` (and ${unique.length - 1} more in error.details)`
        : ` (and ${unique.length - 1} more; error.details lists the first ${details.length})`;
  return new ApiError(
    400,
    'INVALID_PARAMETER',
    `Invalid parameter '${quoted(first.parameter)}': ${details[0]!.message}${more}`,
    { details },
  );
}

/** A 400 INVALID_PARAMETER naming one `parameter` (invalidParameters). */
const invalidParameter = (parameter: string, message: string): ApiError => invalidParameters([{ parameter, message }]);

/** What is wrong with an `Idempotency-Key` header (http/idempotency.ts reads it). */
export type IdempotencyKeyProblem = 'missing' | 'repeated' | 'empty' | 'too_long' | 'not_printable';

const KEY_FORM = 'must be 1 to 255 printable ASCII characters, such as 7c4b2f0e-5b1a-4e8e-9f6d-2a1c3b4d5e6f';
/** A partner's external_reference in words (the contract's PartnerExternalReference). */
const EXTERNAL_REFERENCE_FORM =
  '16 characters: 10 digits, your Unix time in seconds, then 6 letters or digits, such as 1795166142AB12CD';

/**
 * 400 IDEMPOTENCY_KEY_REQUIRED. `orReference`: the operation is a purchase, which may send an `external_reference`
 * in its body instead of the key (contract decisions, "The seed's own system"): the message names both ways.
 */
function idempotencyKeyRequired(
  problem: IdempotencyKeyProblem = 'missing',
  length = 0,
  options: { orReference?: boolean } = {},
): ApiError {
  const what: Record<IdempotencyKeyProblem, string> = {
    missing: 'is missing',
    repeated: 'is sent more than once',
    empty: 'is empty',
    too_long: `is too long (${length} characters)`,
    not_printable: 'holds a character that is not printable ASCII (a control character, or one outside ASCII)',
  };
  const details = [{ parameter: 'Idempotency-Key', message: `${what[problem]}; it ${KEY_FORM}` }];
  if (options.orReference) {
    const ways =
      problem === 'missing'
        ? `a purchase needs an Idempotency-Key header of 1 to 255 printable ASCII characters (a UUID is a good choice), an external_reference in its body (${EXTERNAL_REFERENCE_FORM}), or both.`
        : `send one Idempotency-Key header of 1 to 255 printable ASCII characters (a UUID is a good choice), or none and an external_reference in the body (${EXTERNAL_REFERENCE_FORM}).`;
    return new ApiError(400, 'IDEMPOTENCY_KEY_REQUIRED', `The Idempotency-Key header ${what[problem]}: ${ways}`, {
      details,
    });
  }
  return new ApiError(
    400,
    'IDEMPOTENCY_KEY_REQUIRED',
    `The Idempotency-Key header ${what[problem]}: send one Idempotency-Key header of 1 to 255 printable ASCII characters (a UUID is a good choice) with every POST.`,
    { details },
  );
}

/** "purchase_data" as it is; "a b c" (alternatives) as "one of a, b, c". */
const scopeInWords = (scope: string): string => (scope.includes(' ') ? `one of ${scope.split(' ').join(', ')}` : scope);

/** What a server without a webhook signing key tells partners (errors.webhooksNotConfigured) and logs at start. */
export const WEBHOOKS_NOT_CONFIGURED_MESSAGE =
  'Webhooks are not configured on this server: its operator must set WEBHOOK_SIGNING_KEY (base64 of at least 32 random bytes, the same on every instance). Retrying will not help.';

/** Constructors for every error the decisions name, so the status/code/header pairing lives in one place. */
export const errors = {
  authenticationRequired: () =>
    new ApiError(401, 'AUTHENTICATION_REQUIRED', 'An API key is required: send Authorization: Bearer <API_KEY>.', {
      headers: { 'WWW-Authenticate': REALM },
    }),
  invalidCredentials: () =>
    new ApiError(401, 'INVALID_CREDENTIALS', 'The API key is not valid.', {
      headers: { 'WWW-Authenticate': `${REALM}, error="invalid_token"` },
    }),
  tokenRevoked: () =>
    new ApiError(401, 'TOKEN_REVOKED', 'The API key has been revoked.', {
      headers: { 'WWW-Authenticate': `${REALM}, error="invalid_token"` },
    }),
  tokenExpired: () =>
    new ApiError(401, 'TOKEN_EXPIRED', 'The API key has expired.', {
      headers: { 'WWW-Authenticate': `${REALM}, error="invalid_token"` },
    }),
  tokenDisabled: () =>
    new ApiError(401, 'TOKEN_DISABLED', 'The API key is disabled; re-enable it in the account console.', {
      headers: { 'WWW-Authenticate': `${REALM}, error="invalid_token"` },
    }),
  environmentMismatch: (keyEnv: string, targetEnv: string) =>
    new ApiError(403, 'ENVIRONMENT_MISMATCH', `A ${keyEnv} key cannot be used on the ${targetEnv} environment.`),
  apiDisabled: () =>
    new ApiError(
      403,
      'API_DISABLED',
      "API access is switched off for this account; the account's operator can switch it on again.",
    ),
  /**
   * `callerIp`: the address the server took the request to come from (auth/client-ip.ts, TRUST_PROXY honoured), so a
   * partner behind NAT or a proxy sees which address to put on the list; never the list itself, which the caller of
   * a leaked key must not learn.
   */
  ipNotAllowed: (callerIp: string | undefined) =>
    new ApiError(
      403,
      'IP_NOT_ALLOWED',
      `Requests with this API key are allowed only from the addresses on its allow-list; this request came from ${callerIp ?? 'an address the server could not determine'}.`,
    ),
  /** `scope`: one scope, or alternatives space-separated (the key holds none of them): the message names each. */
  insufficientScope: (scope: string) =>
    new ApiError(403, 'INSUFFICIENT_SCOPE', `The API key lacks the required scope: ${scopeInWords(scope)}.`, {
      headers: { 'WWW-Authenticate': `Bearer error="insufficient_scope", scope="${scope}"` },
    }),
  invalidParameter,
  invalidParameters,
  transactionNotFound: () => new ApiError(404, 'TRANSACTION_NOT_FOUND', 'No transaction matches this identifier.'),
  /**
   * 404 NOT_FOUND. `didYouMean`: the path of a route the request's path is but for a trailing slash (paths stay
   * exact: http/pipeline.ts), named so the partner sees the one-character difference.
   */
  notFound: (didYouMean?: string) =>
    new ApiError(
      404,
      'NOT_FOUND',
      didYouMean === undefined
        ? 'No such resource.'
        : `No such resource; did you mean ${clipText(didYouMean, ERROR_TEXT_LIMITS.parameter)} (without the trailing slash)?`,
    ),
  idempotencyKeyRequired,
  idempotencyKeyInUse: () =>
    new ApiError(
      409,
      'IDEMPOTENCY_KEY_IN_USE',
      'A request with this Idempotency-Key is still being processed; retry after Retry-After.',
      {
        headers: { 'Retry-After': '1' },
      },
    ),
  /**
   * 409 DUPLICATE_REFERENCE: the purchase's external_reference is already used by `transactionId` of the account
   * (any category and status); nothing was recorded or debited. The id is in the message and in the one detail, for
   * the partner to read that transaction.
   */
  duplicateReference: (transactionId: string) =>
    new ApiError(
      409,
      'DUPLICATE_REFERENCE',
      `This external_reference is already used by transaction ${transactionId} of this account; nothing was recorded or debited. Read it with GET /account/transactions/${transactionId}.`,
      { details: [{ parameter: '/external_reference', message: `already used by transaction ${transactionId}` }] },
    ),
  idempotencyKeyReused: () =>
    new ApiError(
      422,
      'IDEMPOTENCY_KEY_REUSED',
      'This Idempotency-Key was used with a different request; use a new key for a new request.',
    ),
  insufficientBalance: (needed: string) =>
    new ApiError(
      422,
      'INSUFFICIENT_BALANCE',
      `The wallet balance is less than the purchase's total debit (${needed} NGN); nothing was recorded or debited. Fund the wallet and retry.`,
    ),
  amountOutOfRange: (min: string, max: string) =>
    new ApiError(422, 'AMOUNT_OUT_OF_RANGE', `The amount must be from ${min} to ${max} NGN for this product.`, {
      details: [{ parameter: '/amount', message: `must be from ${min} to ${max}` }],
    }),
  productNotFound: (status: 404 | 422 = 422) =>
    new ApiError(
      status,
      'PRODUCT_NOT_FOUND',
      'No product of this kind has this id in this environment; list the catalogue for ids.',
    ),
  productUnavailable: () =>
    new ApiError(
      422,
      'PRODUCT_UNAVAILABLE',
      'This product is offline for now (listed with available: false); nothing was recorded or debited. Buy it again once it is available (the product.available event says when).',
    ),
  meterNotFound: () =>
    new ApiError(404, 'METER_NOT_FOUND', 'The distributor knows no meter with this number for this product.'),
  smartcardNotFound: () =>
    new ApiError(404, 'SMARTCARD_NOT_FOUND', 'The provider knows no smartcard with this number.'),
  billerUnavailable: () =>
    new ApiError(
      503,
      'BILLER_UNAVAILABLE',
      'No biller is available to deliver this purchase now; nothing was recorded. Retry later.',
      {
        headers: { 'Retry-After': '30' },
      },
    ),
  /** The biller answered, or failed to, in a way the contract cannot show (server/biller/verification-answer.ts). */
  billerAnswerUnusable: (cause?: unknown) =>
    new ApiError(
      503,
      'BILLER_UNAVAILABLE',
      'The biller could not give a usable answer now; nothing was recorded. Retry later.',
      {
        headers: { 'Retry-After': '30' },
        cause,
      },
    ),
  webhookNotFound: () =>
    new ApiError(
      404,
      'WEBHOOK_NOT_FOUND',
      'No webhook endpoint of this account has this id; list them with GET /webhooks.',
    ),
  deliveryNotFound: () =>
    new ApiError(
      404,
      'DELIVERY_NOT_FOUND',
      'This webhook endpoint has no delivery with this id; list them with GET /webhooks/{webhook_id}/deliveries.',
    ),
  eventNotFound: (status: 404 | 422 = 404) =>
    new ApiError(
      status,
      'EVENT_NOT_FOUND',
      'No event of this account has this id in the last 30 days; list them with GET /events.',
    ),
  webhookUrlNotAllowed: (reason: string) =>
    new ApiError(422, 'WEBHOOK_URL_NOT_ALLOWED', `The webhook URL is not allowed: ${reason}`, {
      details: [{ parameter: '/url', message: reason }],
    }),
  webhookLimitReached: (max: number) =>
    new ApiError(
      422,
      'WEBHOOK_LIMIT_REACHED',
      `An account may have at most ${max} webhook endpoints; delete one you no longer use first.`,
    ),
  methodNotAllowed: (allow: readonly string[]) =>
    new ApiError(405, 'METHOD_NOT_ALLOWED', `Method not allowed; allowed: ${allow.join(', ')}.`, {
      headers: { Allow: allow.join(', ') },
    }),
  /** Over a rate limit (server/http/rate-limit.ts); `retryAfterSeconds` until the window resets, at least 1. */
  rateLimited: (retryAfterSeconds: number) =>
    new ApiError(429, 'RATE_LIMITED', 'Too many requests; retry after the number of seconds in Retry-After.', {
      headers: { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
    }),
  serviceUnavailable: (cause?: unknown) =>
    new ApiError(503, 'SERVICE_UNAVAILABLE', 'The service is temporarily unavailable; retry later.', {
      headers: { 'Retry-After': '5' },
      cause,
    }),
  /**
   * 501 WEBHOOKS_NOT_CONFIGURED: this server has no webhook signing key (PostgreSQL without WEBHOOK_SIGNING_KEY), so
   * no signing secret can be derived and no delivery signed. A setting, not a passing state: no Retry-After, and the
   * message names the setting for the partner to pass on to the operator.
   */
  webhooksNotConfigured: () => new ApiError(501, 'WEBHOOKS_NOT_CONFIGURED', WEBHOOKS_NOT_CONFIGURED_MESSAGE),
  internal: (cause?: unknown) => new ApiError(500, 'INTERNAL_ERROR', 'An unexpected error occurred.', { cause }),
};
