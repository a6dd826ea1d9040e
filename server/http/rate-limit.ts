/**
 * Rate limiting with express-rate-limit: one-second fixed windows, IETF draft-08 `RateLimit` /
 * `RateLimit-Policy` headers, and 429 RATE_LIMITED with `Retry-After` thrown into the one error middleware.
 * Counts live in memory or in Redis shared by every instance (rate-limit-store.ts).
 *
 * Beside the IETF fields, the `X-RateLimit-Limit` / `-Remaining` / `-Reset` fields the published partner API sends
 * (../shared/contract-decisions.md): the library's `legacyHeaders` writes exactly these, from the same count as the
 * IETF fields, on every response a budget counted — Limit the quota per one-second window of the budget that
 * counted the request, Remaining what it has left, Reset the Unix time in seconds (rounded up) when the window ends.
 * (It also sets `Date`, which Node sends anyway.) So no code of ours writes them.
 *
 * Three budgets, none of them ever partitioned by a secret (the partition key is a key id or an address; the
 * `pk` parameter of RateLimit-Policy is a hash of that partition key):
 *   key      `key:<api key id>` — every request of a key holder: authenticated, from an allowed address, and
 *            INSUFFICIENT_SCOPE (the key is known). Default 100/s on production, 25/s on sandbox
 *            (RATE_LIMIT_RPS overrides both).
 *   failures `<env>:<client address>` (IPv6 grouped by /56) — only requests to keyed operations that FAILED
 *            authentication: no key, malformed, unknown, revoked, expired, disabled, other environment, account's
 *            API access switched off (API_DISABLED: it answers before the allow-list, from any address, so it
 *            must not spend the key's budget), address not on the allow-list. The key rate (100/s, 25/s): a bound
 *            on the key lookups a junk-key flood costs.
 *            (Guessing is no threat at any rate: a key holds 238 random bits. A smaller budget only slowed down
 *            partners testing their error handling: a conformance run spent 35 s of its 8 s waiting on it.)
 *   public   `<env|www>:<client address>` — requests that need no key: /health, unknown paths, other methods,
 *            /openapi.json, /docs. The key rate per address.
 *
 * Punish the guesser, not the neighbour: the failure budget is consulted only once authentication has failed, so a
 * request carrying a valid key is never refused by its address's budget — only by its key's. Partners behind one
 * shared NAT keep working while one of their clients sends junk keys. The price is one key lookup per failed
 * request from a spent address (an indexed read of a hash; malformed keys fail before it).
 *
 * Order, against the decisions' check order (path/method → auth → IP allow-list → scope → parameters → lookup):
 *   1. Authentication and the allow-list run (auth/authorize.ts). A failure counts against the address and
 *      becomes 429 when it goes over the budget; otherwise its own 401/403 answers.
 *   2. Then the key's budget: after the allow-list, so a stolen key used from a foreign address cannot spend the
 *      owner's quota; before parameters, so the key holder's 400s count against the key and a key over its
 *      budget gets 429 whatever else is wrong.
 */
import type { Request, RequestHandler, Response } from 'express';
import { ipKeyGenerator, rateLimit, type Options, type RateLimitInfo } from 'express-rate-limit';
import type { Logger } from 'pino';
import { callerIp, type TrustedProxies } from '../auth/client-ip.ts';
import type { RateLimitPolicy } from '../config.ts';
import type { Environment } from '../domain.ts';
import { ApiError, errors, type ErrorCode } from '../errors.ts';
import { runMiddleware } from './run-middleware.ts';
import type { RateLimitBackend } from './rate-limit-store.ts';

export const WINDOW_MS = 1_000;
/** IPv6 callers are counted per /56, the smallest block an ISP commonly assigns to one customer. */
const IPV6_SUBNET = 56;

/** Budget per client address of requests to keyed operations that fail authentication (module comment). */
export const failureLimit = (perKey: number) => perKey;

/** Errors of step 1 that count against the address (module comment). */
const AUTH_FAILURES: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'AUTHENTICATION_REQUIRED',
  'INVALID_CREDENTIALS',
  'ENVIRONMENT_MISMATCH',
  'TOKEN_REVOKED',
  'TOKEN_EXPIRED',
  'TOKEN_DISABLED',
  'API_DISABLED',
  'IP_NOT_ALLOWED',
]);

export interface RateLimitOptions {
  policy: RateLimitPolicy;
  backend: RateLimitBackend;
  trustProxy: TrustedProxies;
  logger: Logger;
}

/** Each resolves when the request is within its budget, and rejects with 429 RATE_LIMITED when it is not. */
export interface RateLimits {
  /** A request needing no key, for an environment or (null) outside both: the public budget of the address. */
  publicRequest(req: Request, res: Response, environment: Environment | null): Promise<void>;
  /** An authenticated request of the key `keyId`: the key's budget. */
  keyRequest(req: Request, res: Response, environment: Environment, keyId: string): Promise<void>;
  /**
   * A failed authentication (`err`), with the id of the key when one was found: rejects with 429 when over the
   * budget it counts against (the key's for INSUFFICIENT_SCOPE, else the address's), otherwise with `err`.
   */
  authFailure(
    req: Request,
    res: Response,
    environment: Environment,
    err: unknown,
    keyId: string | undefined,
  ): Promise<never>;
}

function retryAfterOf(req: Request): number {
  const reset = (req as Request & { rateLimit?: RateLimitInfo }).rateLimit?.resetTime;
  return reset ? Math.max(1, Math.ceil((reset.getTime() - Date.now()) / 1000)) : 1;
}

export function createRateLimits(o: RateLimitOptions): RateLimits {
  const log = o.logger.child({ component: 'rate-limit' });
  const scopeOf = (res: Response) => res.locals.rateLimitScope ?? 'www';
  const perKeyOf = (res: Response) => {
    const s = scopeOf(res);
    return o.policy[s === 'www' ? 'production' : s];
  };
  const clientOf = (req: Request) => ipKeyGenerator(callerIp(req, o.trustProxy) ?? 'unknown', IPV6_SUBNET);

  const common: Partial<Options> = {
    windowMs: WINDOW_MS,
    standardHeaders: 'draft-8',
    legacyHeaders: true,
    // The stores never throw (Redis falls back to memory); should one, let the request through rather than fail it.
    passOnStoreError: true,
    logger: {
      warn: (e: unknown, m?: string) => log.warn({ err: e }, m ?? 'rate limiting'),
      error: (e: unknown, m?: string) => log.error({ err: e }, m ?? 'rate limiting'),
    },
    retryAfter: (req) => retryAfterOf(req),
    handler: (req, _res, next) => next(errors.rateLimited(retryAfterOf(req))),
  };
  const perKey = rateLimit({
    ...common,
    store: o.backend.store('key'),
    limit: (_req, res) => perKeyOf(res),
    keyGenerator: (_req, res) => `key:${res.locals.rateLimitKeyId}`,
  });
  const byAddress = (name: string, limit: (perKey: number) => number): RequestHandler =>
    rateLimit({
      ...common,
      store: o.backend.store(name),
      limit: (_req, res) => limit(perKeyOf(res)),
      keyGenerator: (req, res) => `${scopeOf(res)}:${clientOf(req)}`,
    });
  const failures = byAddress('fail', failureLimit);
  const publicBudget = byAddress('public', (perKey) => perKey);

  return {
    publicRequest: (req, res, environment) => {
      res.locals.rateLimitScope = environment ?? 'www';
      return runMiddleware(publicBudget, req, res);
    },

    keyRequest: (req, res, environment, keyId) => {
      res.locals.rateLimitScope = environment;
      res.locals.rateLimitKeyId = keyId;
      return runMiddleware(perKey, req, res);
    },

    authFailure: async (req, res, environment, err, keyId) => {
      res.locals.rateLimitScope = environment;
      if (err instanceof ApiError) {
        // Under the budget the limiter lets the request through and the original error answers; over it, 429.
        if (err.code === 'INSUFFICIENT_SCOPE' && keyId !== undefined) {
          res.locals.rateLimitKeyId = keyId;
          await runMiddleware(perKey, req, res);
        } else if (AUTH_FAILURES.has(err.code)) {
          await runMiddleware(failures, req, res);
        }
      }
      throw err;
    },
  };
}
