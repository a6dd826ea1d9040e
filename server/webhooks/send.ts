/**
 * One webhook delivery attempt: POST a request the worker has already signed to the partner's URL, safely, and say
 * what happened in words the partner can read. Network outcomes are returned, never thrown.
 *
 * The SSRF guard (url-policy.ts) applies at every send, not only at registration: the URL is checked again, its host
 * is resolved exactly once, every address it resolves to must be allowed, and the connection is pinned to those
 * checked addresses through node:http's `lookup` option — Node never resolves the name itself, so a DNS answer that
 * changes between check and connect (DNS rebinding) cannot move the request. TLS still verifies the certificate
 * against the host name (`servername`), and the Host header is the URL's. Redirects are never followed (a 3xx is a
 * failed attempt naming its Location), one deadline covers resolving, connecting and reading, and at most
 * MAX_READ_BYTES of the response are read, for its excerpt.
 *
 * Whatever the receiver answers is bounded here as the delivery log shows it (contract, WebhookAttempt): a status
 * outside 100–599 (node's parser passes any three digits) is no HTTP status — `status` null, the code named in
 * `error` —; any other status that is not a redirect is the answer itself, with `error` null (a 503 is its status
 * and its body, not words); `error` is at most ERROR_MAX_CHARS characters whatever went into it (a Location header,
 * the host name), and the excerpt is at most excerptChars characters. Making the text storable (U+0000) is the
 * store's part.
 *
 * Written on node:http rather than fetch: pinning fetch's connection to a checked address needs undici's Agent, a
 * package not in package.json, while node:http takes a per-request `lookup`.
 */
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { promises as dns } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { storableText } from '../storable-text.ts';
import { checkResolvedAddresses, checkWebhookUrl, type UrlPolicy, type UrlProblem } from './url-policy.ts';

export type LookupAll = (hostname: string) => Promise<{ address: string; family: 4 | 6 }[]>;

export interface SendRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
  policy: UrlPolicy;
  /** Covers resolving, connecting and the response, body included. Default 15 000. */
  timeoutMs?: number;
  /** Default: dns.promises.lookup(host, { all: true }). */
  lookup?: LookupAll;
  /** Default 1000. */
  excerptChars?: number;
}

export interface SendResult {
  /** 2xx | anything else that reached or tried to reach the endpoint | the policy said no (nothing was sent). */
  outcome: 'delivered' | 'failed' | 'refused';
  /** 100–599; null when no response arrived or its status line named no HTTP status (see `error`). */
  status: number | null;
  duration_ms: number;
  /** The first excerptChars characters of the response body (utf-8 safe); null when no response arrived. */
  response_excerpt: string | null;
  /** From Retry-After on a 429 or 503 (delta-seconds or HTTP-date), else null. */
  retry_after_seconds: number | null;
  /** Why the attempt failed when there was no usable answer, partner-readable: 'timed out after 15 s', 'connection
   *  refused', 'redirect not followed (302 to …)', a status that is no HTTP status …; at most ERROR_MAX_CHARS
   *  characters. null when the endpoint answered an HTTP status and was not redirecting — a 2xx, and also a 4xx or
   *  5xx, whose status (and body) say it all (the contract's WebhookAttempt.error). */
  error: string | null;
}

export const DEFAULT_TIMEOUT_MS = 15_000;
export const DEFAULT_EXCERPT_CHARS = 1000;
/** Never read more of a response than this: enough for any excerpt, and a receiver cannot make us hold more. */
export const MAX_READ_BYTES = 64 * 1024;
/** The contract's limit on an attempt's `error` (WebhookAttempt.error maxLength). */
export const ERROR_MAX_CHARS = 256;
/** The status codes HTTP defines (RFC 9110 §15): the contract's response_status_code range. */
export const isHttpStatus = (status: number): boolean => Number.isInteger(status) && status >= 100 && status <= 599;

const USER_AGENT = 'bill-payment-webhooks/1';
/** Headers the sender decides: the caller's copies are dropped. */
const OWN_HEADERS = new Set(['host', 'content-type', 'content-length', 'transfer-encoding', 'connection']);

const systemLookup: LookupAll = async (hostname) =>
  (await dns.lookup(hostname, { all: true })).map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));

type Phase = 'resolving the host' | 'waiting for the response' | 'reading the response body';
type Outcome = Omit<SendResult, 'duration_ms'>;

export async function sendWebhook(req: SendRequest): Promise<SendResult> {
  const started = performance.now();
  const timeoutMs = req.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const done = (o: Outcome): SendResult => ({
    outcome: o.outcome,
    status: o.status,
    duration_ms: Math.round(performance.now() - started),
    response_excerpt: o.response_excerpt,
    retry_after_seconds: o.retry_after_seconds,
    error: o.error === null ? null : storableText(o.error, ERROR_MAX_CHARS, { ellipsis: true }),
  });
  const problem = checkWebhookUrl(req.url, req.policy);
  if (problem !== null) return done(refused(problem));
  const url = new URL(req.url);
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;

  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), timeoutMs);
  let phase: Phase = 'resolving the host';
  // Network errors and the deadline, in words; `seen` is what had arrived of a response when it broke off.
  const failed = (err: unknown, seen: Partial<Outcome> = {}) =>
    done({
      status: null,
      response_excerpt: null,
      retry_after_seconds: null,
      ...seen,
      outcome: 'failed',
      error: deadline.signal.aborted
        ? `timed out after ${seconds(timeoutMs)}${phase === 'waiting for the response' ? '' : ` while ${phase}`}`
        : networkWords(err, host),
    });
  try {
    const resolved = await resolveWebhookHost(host, req.policy, req.lookup, deadline.signal);
    if (!resolved.ok) return done(refused(resolved.problem));
    phase = 'waiting for the response';
    const res = await post(url, host, resolved.addresses, req, deadline.signal);
    phase = 'reading the response body';
    const code = res.statusCode ?? 0;
    // Only a final status answers (RFC 9110 §15.2: 1xx is interim). Node waits past 100, 102 and 103 itself, but hands
    // over a 101 (Switching Protocols, which we never asked for) as the response, and whether its bytes or the
    // socket's end come first is a race: so a 101 is no answer, the same way every time.
    const status = isHttpStatus(code) && code >= 200 ? code : null;
    const retryAfter =
      status === 429 || status === 503 ? parseRetryAfter(res.headers['retry-after'], Date.now()) : null;
    const read = await readExcerpt(res, req.excerptChars ?? DEFAULT_EXCERPT_CHARS);
    const answered = { status, response_excerpt: read.excerpt, retry_after_seconds: retryAfter };
    if (status === null) return done({ ...answered, outcome: 'failed', error: invalidStatusWords(code) });
    if (read.error !== undefined) return failed(read.error, answered);
    if (status >= 200 && status < 300) return done({ ...answered, outcome: 'delivered', error: null });
    // The status is the answer (the contract: `error` null when the endpoint answered and was not redirecting).
    return done({
      ...answered,
      outcome: 'failed',
      error: status >= 300 && status < 400 ? redirectWords(status, res.headers.location, url) : null,
    });
  } catch (err) {
    return failed(err);
  } finally {
    clearTimeout(timer);
  }
}

export type Resolution = { ok: true; addresses: string[] } | { ok: false; problem: UrlProblem };

/**
 * The one resolution of a send (an IP literal needs none), judged: every address must be allowed. The addresses are
 * kept in the resolver's order, once each. A lookup that fails is 'unresolvable'; one cut by `signal` throws.
 * Also usable at registration, to tell a partner at once that a name leads somewhere we will never send to.
 */
export async function resolveWebhookHost(
  host: string,
  policy: UrlPolicy,
  lookup: LookupAll = systemLookup,
  signal?: AbortSignal,
): Promise<Resolution> {
  let addresses = [host];
  if (isIP(host) === 0) {
    try {
      const answers = await (signal === undefined ? lookup(host) : Promise.race([lookup(host), aborted(signal)]));
      addresses = [...new Set(answers.map((a) => a.address))];
    } catch (err) {
      if (signal?.aborted) throw err;
      const words = ERROR_WORDS[errorCode(err)];
      const message = `could not resolve the host ${host}${words === undefined ? '' : `: ${words}`}`;
      return { ok: false, problem: { reason: 'unresolvable', message } };
    }
  }
  const problem = checkResolvedAddresses(host, addresses, policy);
  return problem === null ? { ok: true, addresses } : { ok: false, problem };
}

function aborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}

/** Node asks this for the host's addresses when it connects: it gets the checked ones, and nothing is resolved. */
function pinnedLookup(addresses: readonly string[]): LookupFunction {
  return (_hostname, options, callback) => {
    const usable = addresses
      .map((address) => ({ address, family: isIP(address) }))
      .filter((a) => (options.family !== 4 && options.family !== 6 ? true : a.family === options.family));
    const first = usable[0];
    if (first === undefined) {
      callback(Object.assign(new Error('no checked address of the requested family'), { code: 'ENOTFOUND' }), '', 0);
    } else if (options.all) {
      callback(null, usable);
    } else {
      callback(null, first.address, first.family);
    }
  };
}

function post(
  url: URL,
  host: string,
  addresses: readonly string[],
  req: SendRequest,
  signal: AbortSignal,
): Promise<IncomingMessage> {
  const headers: Record<string, string> = { 'user-agent': USER_AGENT };
  for (const [name, value] of Object.entries(req.headers)) {
    if (!OWN_HEADERS.has(name.toLowerCase())) headers[name.toLowerCase()] = value;
  }
  Object.assign(headers, {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(req.body)),
    host: url.host,
  });
  const tls = url.protocol === 'https:';
  return new Promise((resolve, reject) => {
    const request = (tls ? https : http).request(
      {
        method: 'POST',
        host,
        port: url.port === '' ? undefined : Number(url.port),
        path: url.pathname + url.search,
        headers,
        signal,
        agent: false,
        lookup: pinnedLookup(addresses),
        // SNI and the certificate check use the name; RFC 6066 allows neither an IP nor a trailing dot there.
        ...(tls && isIP(host) === 0 ? { servername: host.replace(/\.$/, '') } : {}),
      },
      resolve,
    );
    request.on('error', reject);
    request.end(req.body);
  });
}

/** Reads at most what the excerpt needs (4 bytes per character at most, never over MAX_READ_BYTES). */
async function readExcerpt(res: IncomingMessage, chars: number): Promise<{ excerpt: string; error?: unknown }> {
  const limit = Math.min(MAX_READ_BYTES, Math.max(0, chars) * 4);
  const chunks: Buffer[] = [];
  let size = 0;
  let error: unknown;
  try {
    if (limit === 0) res.destroy();
    else {
      for await (const chunk of res as AsyncIterable<Buffer>) {
        chunks.push(chunk);
        size += chunk.length;
        if (size >= limit) break; // leaving the loop destroys the response: the rest is never read
      }
    }
  } catch (err) {
    error = err;
  }
  // `stream: true` holds back a character cut in two at the limit instead of turning it into U+FFFD.
  const text = new TextDecoder('utf-8').decode(Buffer.concat(chunks).subarray(0, limit), { stream: true });
  const excerpt = Array.from(text).slice(0, chars).join('');
  return error === undefined ? { excerpt } : { excerpt, error };
}

/** A policy refusal sends nothing; a host that does not resolve is a failed attempt (DNS may come back). */
function refused(problem: UrlProblem): Outcome {
  const error = problem.reason === 'address_not_allowed' ? `address not allowed: ${problem.message}` : problem.message;
  const outcome = problem.reason === 'unresolvable' ? 'failed' : 'refused';
  return { outcome, status: null, response_excerpt: null, retry_after_seconds: null, error };
}

function invalidStatusWords(code: number): string {
  if (isHttpStatus(code))
    return `the endpoint answered with the interim status ${code} and no final status; only a 2xx status counts as delivered`;
  return `the endpoint answered with status ${code}, which is not an HTTP status (100–599); only a 2xx status counts as delivered`;
}

function redirectWords(status: number, location: string | undefined, url: URL): string {
  if (location === undefined) return `redirect not followed (${status} without a Location)`;
  // Cut so that the whole sentence stays within ERROR_MAX_CHARS.
  const target = storableText(URL.parse(location, url)?.href ?? location, 200, { ellipsis: true });
  return `redirect not followed (${status} to ${target})`;
}

/** Retry-After as seconds from `now`: delta-seconds, or an IMF-fixdate (the HTTP-date form RFC 9110 has senders use).
 *  Hand-written: nothing in package.json parses it, and it is a few lines. Anything else → null. */
export function parseRetryAfter(value: string | undefined, now: number): number | null {
  const text = value?.trim() ?? '';
  if (/^[0-9]+$/.test(text)) return Number.isSafeInteger(Number(text)) ? Number(text) : null;
  if (!/^[A-Z][a-z]{2}, [0-9]{2} [A-Z][a-z]{2} [0-9]{4} [0-9]{2}:[0-9]{2}:[0-9]{2} GMT$/.test(text)) return null;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

function seconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(3))} s`;
}

const ERROR_WORDS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'the endpoint reset the connection',
  EPIPE: 'the endpoint closed the connection while the request was being sent',
  ETIMEDOUT: 'the connection timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ENOTFOUND: 'no such host',
  EAI_AGAIN: 'the DNS lookup failed temporarily',
  ENODATA: 'the host has no address records',
  CERT_HAS_EXPIRED: 'the TLS certificate has expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'the TLS certificate is self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'the TLS certificate chain ends in a self-signed certificate',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'the TLS certificate is not signed by a trusted authority',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'the TLS certificate is not signed by a trusted authority',
  EPROTO: 'the TLS handshake failed',
  ERR_INVALID_CHAR: 'the request has a header value that cannot be sent',
  ERR_INVALID_HTTP_TOKEN: 'the request has a header name that cannot be sent',
};

/** A network error in words; the code (ECONNREFUSED …) decides, never the raw message. */
function networkWords(err: unknown, host: string): string {
  // Happy eyeballs over several addresses fails with an AggregateError: the first attempt's error speaks for it.
  const e = err instanceof AggregateError && err.errors.length > 0 ? err.errors[0] : err;
  const code = errorCode(e);
  const message = String((e as { message?: unknown } | null)?.message);
  if (code === 'ECONNRESET' && message === 'socket hang up')
    return 'the endpoint closed the connection without answering';
  if (code === 'ECONNRESET' && message.includes('TLS')) return 'the TLS handshake failed';
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID') return `the TLS certificate does not name ${host}`;
  if (code.startsWith('HPE_')) return 'the endpoint did not answer with valid HTTP';
  if (code.startsWith('ERR_SSL_')) return 'the TLS handshake failed';
  return ERROR_WORDS[code] ?? (code === '' ? 'the connection failed' : `the connection failed (${code})`);
}

function errorCode(err: unknown): string {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : '';
}
