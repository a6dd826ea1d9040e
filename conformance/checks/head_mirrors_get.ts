/**
 * head_mirrors_get: HEAD is answered wherever GET is (RFC 9110 §9.3.2) with the GET's status and headers —
 * Content-Length included, the length of the GET's body — and no body. Headers that differ between any two
 * requests (Date, X-Request-Id, rate-limit counters, connection management) are not compared.
 */
import type { RecordedResponse } from '../model.ts';
import type { Problem } from './types.ts';

const VOLATILE = new Set([
  'date',
  'x-request-id',
  'ratelimit',
  'ratelimit-policy',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
]);

export function headMirrorsGet(get: RecordedResponse, head: RecordedResponse): Problem[] {
  const out: Problem[] = [];
  if (head.status !== get.status) {
    out.push({ message: `HEAD answered ${head.status}, GET ${get.status}`, documented: 'HEAD: the status GET gets' });
    return out;
  }
  if (head.text !== '')
    out.push({
      message: `HEAD came back with a body of ${Buffer.byteLength(head.text)} bytes`,
      documented: 'no body on HEAD',
    });
  const getLength = get.headers['content-length'] ?? String(Buffer.byteLength(get.text));
  if (head.headers['content-length'] !== getLength) {
    out.push({
      message: `HEAD Content-Length is ${head.headers['content-length'] ?? 'absent'}, the GET body is ${getLength} bytes`,
      documented: "Content-Length of the GET's body",
    });
  }
  const names = new Set([...Object.keys(get.headers), ...Object.keys(head.headers)].filter((h) => !VOLATILE.has(h)));
  for (const h of [...names].sort()) {
    if (get.headers[h] !== head.headers[h]) {
      out.push({
        message: `${h}: GET '${get.headers[h] ?? '(absent)'}', HEAD '${head.headers[h] ?? '(absent)'}'`,
        documented: "HEAD: the GET's headers",
      });
    }
  }
  return out;
}

/**
 * head_not_allowed_without_get: where a path has no GET (a write), HEAD is not answered as a GET would be: 405 with
 * `Allow` naming the path's methods, and no body.
 */
export function headWithoutGet(head: RecordedResponse, methods: string[]): Problem[] {
  const out: Problem[] = [];
  const allow = (head.headers.allow ?? '').split(',').map((m) => m.trim().toUpperCase());
  if (head.status !== 405) out.push({ message: `HEAD answered ${head.status}`, documented: '405: no GET, so no HEAD' });
  else if (methods.some((m) => !allow.includes(m)) || allow.includes('HEAD') || allow.includes('GET')) {
    out.push({ message: `Allow is '${head.headers.allow ?? ''}'`, documented: `Allow: ${methods.join(', ')}` });
  }
  if (head.text !== '')
    out.push({
      message: `HEAD came back with a body of ${Buffer.byteLength(head.text)} bytes`,
      documented: 'no body on HEAD',
    });
  return out;
}
