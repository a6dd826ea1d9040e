/**
 * The retrying `fetch` the client hands to openapi-fetch. It retries:
 *  - 429 and 503, any request (the server did nothing: the contract says to come back after `Retry-After`);
 *  - 409 on a request with an `Idempotency-Key` (`IDEMPOTENCY_KEY_IN_USE`: the first attempt is still running);
 *  - network errors, only for GET/HEAD and requests with an `Idempotency-Key` (safe to send twice).
 * Each attempt sends a clone of the same Request: same headers, so the same `Idempotency-Key`, and same body.
 * The wait is `Retry-After` when the response has one (seconds or HTTP date), otherwise exponential backoff with
 * jitter: `min(maxDelayMs, baseDelayMs * 2^attempt)`, scaled by a random factor in [0.5, 1).
 */
import { parseRetryAfter } from './errors.ts';

export interface RetryOptions {
  /** Retries after the first attempt (default 2; 0 = never retry). */
  maxRetries?: number;
  /** First backoff delay (default 500 ms). */
  baseDelayMs?: number;
  /** Cap of the backoff delay (default 10 s). */
  maxDelayMs?: number;
  /** A `Retry-After` longer than this is not waited for: the error is returned at once (default 60 s). */
  maxRetryAfterMs?: number;
  /** How to wait (default: setTimeout). Inject one in tests. */
  sleep?: (ms: number) => Promise<void>;
  /** Random source for the jitter, in [0, 1) (default Math.random). */
  random?: () => number;
  /** Clock, for `Retry-After` HTTP dates (default Date.now). */
  now?: () => number;
  /** Called before each wait: what is retried, why, and for how long. */
  onRetry?: (info: RetryInfo) => void;
}

export interface RetryInfo {
  /** The attempt that failed, 1-based. */
  attempt: number;
  delayMs: number;
  method: string;
  url: string;
  /** The status that caused the retry, or null on a network error. */
  status: number | null;
  error?: unknown;
}

type FetchLike = (input: Request, init?: RequestInit) => Promise<Response>;

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function backoffDelay(attempt: number, base: number, max: number, random: () => number): number {
  const ceiling = Math.min(max, base * 2 ** attempt);
  return Math.round(ceiling * (0.5 + random() / 2));
}

export function retryingFetch(fetchImpl: FetchLike, options: RetryOptions = {}): FetchLike {
  const maxRetries = options.maxRetries ?? 2;
  const base = options.baseDelayMs ?? 500;
  const max = options.maxDelayMs ?? 10_000;
  const maxRetryAfter = options.maxRetryAfterMs ?? 60_000;
  const sleep = options.sleep ?? defaultSleep;
  const random = options.random ?? Math.random;
  const now = options.now ?? Date.now;

  return async (request, init) => {
    const keyed = request.headers.has('Idempotency-Key');
    const safeToResend = keyed || request.method === 'GET' || request.method === 'HEAD';
    for (let attempt = 0; ; attempt++) {
      const last = attempt >= maxRetries;
      let response: Response;
      try {
        response = await fetchImpl(request.clone(), init);
      } catch (error) {
        if (last || !safeToResend || request.signal.aborted) throw error;
        const delayMs = backoffDelay(attempt, base, max, random);
        options.onRetry?.({
          attempt: attempt + 1,
          delayMs,
          method: request.method,
          url: request.url,
          status: null,
          error,
        });
        await sleep(delayMs);
        continue;
      }
      const retryable = response.status === 429 || response.status === 503 || (response.status === 409 && keyed);
      if (last || !retryable) return response;
      const retryAfter = parseRetryAfter(response.headers.get('Retry-After'), now);
      if (retryAfter !== null && retryAfter > maxRetryAfter) return response;
      const delayMs = retryAfter ?? backoffDelay(attempt, base, max, random);
      await response.body?.cancel().catch(() => undefined);
      options.onRetry?.({
        attempt: attempt + 1,
        delayMs,
        method: request.method,
        url: request.url,
        status: response.status,
      });
      await sleep(delayMs);
    }
  };
}
