/**
 * The fetch given to openapi-fetch: paces requests, applies a per-request timeout, waits out 429s (Retry-After,
 * then retries; a 429 alone is never a failure) and records every exchange — method, URL, status, headers, body —
 * so that a failure can show what was sent and what came back.
 */
import { RateLimiter, sleep } from './rate-limiter.ts';
import type { Exchange, RecordedResponse } from '../model.ts';
import { SAFE_METHODS } from '../write-safety.ts';

export interface TransportOptions {
  /** Requests per second, all keys together; 0 = no cap. */
  rate: number;
  timeoutMs: number;
  /** How many 429s in a row are waited out before giving up. */
  max429Retries?: number;
  fetch?: typeof globalThis.fetch;
  /** The run may write (write-safety.ts). When false, any method but GET, HEAD and OPTIONS throws before it is sent. */
  allowWrites?: boolean;
}

export class WriteNotAllowed extends Error {}

export const CORRELATION_HEADER = 'x-request-id';
const NULL_BODY = new Set([101, 204, 205, 304]);

export class Transport {
  private seq = 0;
  private readonly limiter: RateLimiter;
  private readonly byId = new Map<string, Exchange>();
  private readonly labels = new Map<string, string>();
  readonly exchanges: Exchange[] = [];
  retries429 = 0;

  constructor(private readonly opts: TransportOptions) {
    this.limiter = new RateLimiter(opts.rate);
  }

  /** Names the key role of the request that will carry this X-Request-Id (shown in failures). */
  label(requestId: string, label: string): void {
    this.labels.set(requestId, label);
  }

  /** The exchange of the request that carried this X-Request-Id. */
  take(requestId: string): Exchange | undefined {
    const ex = this.byId.get(requestId);
    this.byId.delete(requestId);
    return ex;
  }

  readonly fetch = async (input: Request): Promise<Response> => {
    // Second line of the write safety: nothing but a safe method leaves a run that may not write.
    if (!SAFE_METHODS.includes(input.method) && this.opts.allowWrites !== true) {
      throw new WriteNotAllowed(`${input.method} ${input.url}: this run may not write (write-safety.ts)`);
    }
    const headers: Record<string, string> = {};
    input.headers.forEach((v, k) => {
      headers[k.toLowerCase()] = v;
    });
    const id = headers[CORRELATION_HEADER] ?? '';
    const body = SAFE_METHODS.includes(input.method) ? undefined : await input.clone().text();
    const ex: Exchange = {
      seq: ++this.seq,
      label: this.labels.get(id) ?? '',
      request: { method: input.method, url: input.url, headers, ...(body !== undefined ? { body } : {}) },
      durationMs: 0,
      retries429: 0,
    };
    this.labels.delete(id);
    this.exchanges.push(ex);
    if (id) this.byId.set(id, ex);
    const bucket = headers.authorization ?? 'anonymous';
    const started = Date.now();
    const doFetch = this.opts.fetch ?? globalThis.fetch;
    try {
      for (;;) {
        await this.limiter.take(bucket);
        const res = await doFetch(input.clone(), { signal: AbortSignal.timeout(this.opts.timeoutMs) });
        const text = await res.text();
        this.limiter.learn(bucket, res.headers.get('ratelimit-policy'));
        if (res.status === 429 && ex.retries429 < (this.opts.max429Retries ?? 5)) {
          ex.retries429++;
          this.retries429++;
          await sleep(retryAfterMs(res.headers.get('retry-after')));
          continue;
        }
        ex.response = record(res, text);
        ex.durationMs = Date.now() - started;
        return new Response(NULL_BODY.has(res.status) || text === '' ? null : text, {
          status: res.status,
          statusText: res.statusText,
          headers: res.headers,
        });
      }
    } catch (e) {
      const err = e as Error;
      ex.error =
        err.name === 'TimeoutError' ? `no response within ${this.opts.timeoutMs} ms` : `${err.name}: ${err.message}`;
      ex.durationMs = Date.now() - started;
      throw e;
    }
  };
}

function record(res: Response, text: string): RecordedResponse {
  let body: unknown;
  let isJson = false;
  try {
    body = JSON.parse(text);
    isJson = true;
  } catch {
    body = undefined;
  }
  const headers: Record<string, string> = {};
  res.headers.forEach((v, k) => {
    headers[k.toLowerCase()] = v;
  });
  return { status: res.status, headers, text, body, isJson };
}

/** Retry-After in seconds (delta form) or an HTTP date; 1 s when absent or unreadable; never more than 60 s. */
export function retryAfterMs(value: string | null): number {
  if (value && /^\d+$/.test(value.trim())) return Math.min(Number(value) * 1000, 60_000);
  const at = value ? Date.parse(value) : NaN;
  return Number.isFinite(at) ? Math.min(Math.max(at - Date.now(), 0), 60_000) : 1000;
}
