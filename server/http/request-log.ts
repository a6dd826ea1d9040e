/**
 * Request logging: X-Request-Id on every response and one log line per finished request — 5xx at error, 4xx at
 * info, the rest at debug — with the Authorization header redacted and any key-like text in the URL or other
 * headers replaced (server/redact.ts).
 *
 * Why not pino-http: it builds a child logger with the serialised request on EVERY request, even when the line will
 * never be written (2xx at the default info level), which cost ~8 % of the server's throughput (bench/README.md).
 * Here the request is serialised only when the line's level is enabled; pino itself still writes the line.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';
import type { Level, Logger } from 'pino';
import { redactSecrets } from '../redact.ts';
import { requestIdOf } from './request-id.ts';

export interface LoggedRequest {
  id: string;
  method: string | undefined;
  url: string;
  headers: Record<string, unknown>;
  remoteAddress: string | undefined;
}

/** The request as it appears in a log line: never a secret. */
export function serializeRequest(req: IncomingMessage, id: string): LoggedRequest {
  const headers: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    headers[name] =
      name === 'authorization' || name === 'cookie'
        ? '[REDACTED]'
        : typeof value === 'string'
          ? redactSecrets(value)
          : value;
  }
  return {
    id,
    method: req.method,
    url: redactSecrets(req.url ?? ''),
    headers,
    remoteAddress: req.socket.remoteAddress,
  };
}

export function levelFor(status: number): Level {
  return status >= 500 ? 'error' : status >= 400 ? 'info' : 'debug';
}

export function requestLogging(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const given = requestIdOf(req);
    // A client id shaped like a key is replaced, not echoed (test/robustness/secrets.spec.ts).
    const id = redactSecrets(given) === given ? given : randomUUID();
    res.setHeader('X-Request-Id', id);
    const started = performance.now();
    // 'close' follows 'finish' on a completed response and also comes alone when the client went away first.
    res.once('close', () => {
      const level = levelFor(res.statusCode);
      if (!logger.isLevelEnabled(level)) return;
      const aborted = !res.writableFinished;
      logger[level](
        {
          req: serializeRequest(req, id),
          res: { statusCode: res.statusCode },
          responseTime: Math.round(performance.now() - started),
        },
        aborted ? 'request aborted' : 'request completed',
      );
    });
    next();
  };
}
