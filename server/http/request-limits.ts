/**
 * Size limits of a request, checked before anything else reads it (routing, rate limits, authentication), and the
 * Host header HTTP/1.1 requires (RFC 9112 §3.2; Node's own check answers without our envelope, so it is off).
 * No operation needs more than a few hundred bytes of URL, so the limits are far above any valid request and far
 * below what would cost memory or CPU. Over a limit → 400 INVALID_PARAMETER (the status the contract documents on
 * every operation), with the part named in `details`. Header size is Node's own limit (MAX_HEADER_BYTES, set on the
 * server): a request over it never reaches Express and is answered by client-errors.ts.
 */
import type { RequestHandler } from 'express';
import { errors } from '../errors.ts';

/** Request line + headers, in bytes (Node's `maxHeaderSize`; 16 KiB is also Node's default). */
export const MAX_HEADER_BYTES = 16 * 1024;
/** The request target (path and query), in bytes as sent (percent-encoded). */
export const MAX_URL_BYTES = 4096;
/** The query string, in bytes as sent. */
export const MAX_QUERY_BYTES = 2048;
/** Query parameters (`name=value` pairs, repeats included); the widest operation takes 7. */
export const MAX_QUERY_PARAMETERS = 32;

export function requestLimits(): RequestHandler {
  return (req, _res, next) => {
    if (req.httpVersion === '1.1' && req.headers.host === undefined) {
      return next(errors.invalidParameter('request', 'an HTTP/1.1 request needs a Host header'));
    }
    const target = req.originalUrl;
    if (target.length > MAX_URL_BYTES) {
      return next(errors.invalidParameter('request', `the URL is longer than ${MAX_URL_BYTES} bytes`));
    }
    const q = target.indexOf('?');
    if (q === -1) return next();
    const query = target.slice(q + 1);
    if (query.length > MAX_QUERY_BYTES) {
      return next(errors.invalidParameter('query', `the query string is longer than ${MAX_QUERY_BYTES} bytes`));
    }
    let count = 0;
    for (const pair of query.split('&')) if (pair !== '') count++;
    if (count > MAX_QUERY_PARAMETERS) {
      return next(errors.invalidParameter('query', `more than ${MAX_QUERY_PARAMETERS} query parameters`));
    }
    next();
  };
}
