/** GET /health — public; 503 SERVICE_UNAVAILABLE when the store does not answer. */
import { errors } from '../errors.ts';
import { ok } from '../http/envelope.ts';
import type { Handler } from './types.ts';

export const getHealth: Handler<'getHealth'> = async (ctx) => {
  try {
    await ctx.store.ping();
  } catch (e) {
    throw errors.serviceUnavailable(e);
  }
  return ok({ status: 'ok' as const, version: ctx.version, timestamp: new Date().toISOString() });
};
