/**
 * What the server keeps on `res.locals`, typed (Express merges this interface into `res.locals`). Only the rate
 * limiter uses locals, because express-rate-limit's key and limit callbacks receive nothing else; the operation
 * pipeline passes everything else as values (http/pipeline.ts).
 */
import type { Environment } from '../domain.ts';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Locals {
      /** Which environment's policy applies to this request ('www': outside both base paths). */
      rateLimitScope?: Environment | 'www';
      /** The id of the API key whose budget this request counts against. */
      rateLimitKeyId?: string;
    }
  }
}

export {};
