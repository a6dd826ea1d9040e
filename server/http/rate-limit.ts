/**
 * Rate limiting with express-rate-limit: one-second fixed windows, IETF draft-08 `RateLimit` /
 * `RateLimit-Policy` headers, and 429 RATE_LIMITED with `Retry-After` thrown into the one error middleware.
 * Counts live in memory or in Redis shared by every instance (rate-limit-store.ts).
 *
 * Three budgets, none of them ever partitioned by a secret (the partition key is a key id or an address; the
 * `pk` parameter of RateLimit-Policy is a hash of that partition key):
 *   key      `key:<api key id>` — every request of a key holder: authenticated, from an allowed address.
 *            Default 100/s on production, 25/s on sandbox (RATE_LIMIT_RPS overrides both).
 *   failures `<env>:<client address>` (IPv6 grouped by /56) — requests to keyed operations that did not
 *            authenticate: no key, malformed, unknown, revoked, expired, disabled, other environment, address not
 *            on the allow-list. A fifth of the key rate (20/s, 5/s), against key guessing and junk-key floods.
 *   public   `<env|www>:<client address>` — requests that need no key: /health, unknown paths, other methods,
 *            /openapi.json, /docs. The key rate per address.
 *
 * Order, against the decisions' check order (path/method → auth → IP allow-list → scope → parameters → lookup):
 *   1. An address whose failure budget is spent is refused (429) before its key is even looked up, so guessing
 *      costs no database work and a valid key sent from that address waits too (at most the one-second window).
 *      Only failures count, so a key holder's own traffic never uses this budget.
 *   2. Authentication and the allow-list run (auth/middleware.ts). A failure counts against the address and
 *      becomes 429 when it goes over the budget; otherwise its own 401/403 answers.
 *   3. Then the key's budget: after the allow-list, so a stolen key used from a foreign address cannot spend the
 *      owner's quota; before scope and parameters, so 403 INSUFFICIENT_SCOPE and 400s of the key holder count
 *      against the key (its id is known by then) and a key over its budget gets 429 whatever else is wrong.
 */
import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import { ipKeyGenerator, rateLimit, type Options, type RateLimitInfo } from 'express-rate-limit';
import type { Logger } from 'pino';
import { callerIp, type TrustedProxies } from '../auth/client-ip.ts';
import type { RateLimitPolicy } from '../config.ts';
import type { Environment } from '../domain.ts';
import { ApiError, errors, type ErrorCode } from '../errors.ts';
import type { RateLimitBackend } from './rate-limit-store.ts';

export const WINDOW_MS = 1_000;
/** IPv6 callers are counted per /56, the smallest block an ISP commonly assigns to one customer. */
const IPV6_SUBNET = 56;

/** Budget per client address of requests to keyed operations that fail authentication. */
export const failureLimit = (perKey: number) => Math.max(1, Math.ceil(perKey / 5));

/** Errors of step 2 that count against the address (module comment). */
const AUTH_FAILURES: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'AUTHENTICATION_REQUIRED', 'INVALID_CREDENTIALS', 'ENVIRONMENT_MISMATCH', 'TOKEN_REVOKED', 'TOKEN_EXPIRED',
  'TOKEN_DISABLED', 'IP_NOT_ALLOWED',
]);

export interface RateLimitOptions {
  policy: RateLimitPolicy;
  backend: RateLimitBackend;
  trustProxy: TrustedProxies;
  logger: Logger;
}

export interface RateLimits {
  /** Requests needing no key, for an environment or (null) outside both: the public budget of the address. */
  publicRequests(environment: Environment | null): RequestHandler;
  /** Step 1, before authentication of a keyed operation. */
  beforeAuth(environment: Environment): RequestHandler;
  /** The auth middleware's onKeyFound: records the id of the key found, for step 3. */
  recordKey(res: Response, keyId: string): void;
  /** Step 3 after a successful authentication. */
  afterAuth: RequestHandler;
  /** Steps 2 and 3 for the errors of the auth middleware; any other error passes unchanged. */
  onAuthError: ErrorRequestHandler;
}

interface Locals {
  rateLimitScope?: Environment | 'www';
  rateLimitKeyId?: string;
  principal?: { key_id: string };
}
const locals = (res: Response) => res.locals as Locals;

function retryAfterOf(req: Request): number {
  const reset = (req as Request & { rateLimit?: RateLimitInfo }).rateLimit?.resetTime;
  return reset ? Math.max(1, Math.ceil((reset.getTime() - Date.now()) / 1000)) : 1;
}

export function createRateLimits(o: RateLimitOptions): RateLimits {
  const log = o.logger.child({ component: 'rate-limit' });
  const scopeOf = (res: Response) => locals(res).rateLimitScope ?? 'www';
  const perKeyOf = (res: Response) => { const s = scopeOf(res); return o.policy[s === 'www' ? 'production' : s]; };
  const clientOf = (req: Request) => ipKeyGenerator(callerIp(req, o.trustProxy) ?? 'unknown', IPV6_SUBNET);

  const common: Partial<Options> = {
    windowMs: WINDOW_MS,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    // The stores never throw (Redis falls back to memory); should one, let the request through rather than fail it.
    passOnStoreError: true,
    logger: { warn: (e: unknown, m?: string) => log.warn({ err: e }, m ?? 'rate limiting'), error: (e: unknown, m?: string) => log.error({ err: e }, m ?? 'rate limiting') },
    retryAfter: (req) => retryAfterOf(req),
    handler: (req, _res, next) => next(errors.rateLimited(retryAfterOf(req))),
  };
  const perKey = rateLimit({
    ...common,
    store: o.backend.store('key'),
    limit: (_req, res) => perKeyOf(res),
    keyGenerator: (_req, res) => `key:${locals(res).rateLimitKeyId}`,
  });
  const failures = rateLimit({
    ...common,
    store: o.backend.store('fail'),
    limit: (_req, res) => failureLimit(perKeyOf(res)),
    keyGenerator: (req, res) => `${scopeOf(res)}:${clientOf(req)}`,
  });
  const publicBudget = rateLimit({
    ...common,
    store: o.backend.store('public'),
    limit: (_req, res) => perKeyOf(res),
    keyGenerator: (req, res) => `${scopeOf(res)}:${clientOf(req)}`,
  });

  return {
    publicRequests: (environment) => (req, res, next) => {
      locals(res).rateLimitScope = environment ?? 'www';
      publicBudget(req, res, next);
    },

    beforeAuth: (environment) => async (req, res, next) => {
      locals(res).rateLimitScope = environment;
      let spent = false;
      try {
        const info = await failures.getKey(`${environment}:${clientOf(req)}`);
        spent = !!info && info.totalHits >= failureLimit(o.policy[environment]) && (info.resetTime?.getTime() ?? 0) > Date.now();
      } catch (err) {
        log.warn({ err }, 'rate limiting: cannot read a failure count; letting the request through to authentication');
      }
      // Spent: counting this request goes over the budget, and the limiter answers 429 with its headers.
      if (spent) failures(req, res, next);
      else next();
    },

    recordKey: (res, keyId) => {
      locals(res).rateLimitKeyId = keyId;
    },

    afterAuth: (req, res, next) => {
      const principal = locals(res).principal;
      if (!principal) return next();
      locals(res).rateLimitKeyId = principal.key_id;
      perKey(req, res, next);
    },

    onAuthError: (err, req, res, next) => {
      if (!(err instanceof ApiError)) return next(err);
      // Under the budget the limiter calls next() and the original error answers; over it, next(429).
      const answer = (e?: unknown) => next(e ?? err);
      if (err.code === 'INSUFFICIENT_SCOPE' && locals(res).rateLimitKeyId) return perKey(req, res, answer);
      if (AUTH_FAILURES.has(err.code)) return failures(req, res, answer);
      next(err);
    },
  };
}
