/**
 * Answers for requests Node's HTTP parser refuses before Express sees them (the server's `clientError` event):
 * - request line + headers over MAX_HEADER_BYTES, or bytes that are not HTTP/1.1 → 400 INVALID_PARAMETER in the
 *   contract's envelope, with an X-Request-Id, then the connection is closed. (Node's default would be a bare
 *   431 / 400 without a body; 400 is the status the contract documents on every operation.)
 * - headers or the request not complete within the timeouts (slow clients) → Node's own `408 Request Timeout`
 *   without a body, then close: no request was received, so no operation of the contract applies.
 * - a connection reset, or a socket that can no longer be written → destroyed silently.
 * Never more than one response per connection, and never one after a response has begun on it.
 */
import { randomUUID } from 'node:crypto';
import type { Duplex } from 'node:stream';
import { errors } from '../errors.ts';
import { envelopeOf } from '../contract/error-envelope.ts';
import { MAX_HEADER_BYTES } from './request-limits.ts';

const TIMEOUT = 'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n';

export function onClientError(err: Error & { code?: string }, socket: Duplex): void {
  const inResponse =
    (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent === true;
  if (err.code === 'ECONNRESET' || !socket.writable || inResponse) {
    socket.destroy();
    return;
  }
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    socket.end(TIMEOUT);
    return;
  }
  const tooLarge = err.code === 'HPE_HEADER_OVERFLOW';
  const detail = tooLarge
    ? `the request line and headers are larger than ${MAX_HEADER_BYTES} bytes`
    : 'the request is not valid HTTP/1.1';
  const body = JSON.stringify(envelopeOf(errors.invalidParameter('request', detail)));
  socket.end(
    'HTTP/1.1 400 Bad Request\r\n' +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      `X-Request-Id: ${randomUUID()}\r\n` +
      'Connection: close\r\n\r\n' +
      body,
  );
}
