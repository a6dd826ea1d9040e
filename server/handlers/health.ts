/** GET /health — public; 503 SERVICE_UNAVAILABLE when the store does not answer. */
import { errors } from '../errors.ts';
import { ok } from '../http/envelope.ts';
import type { Store } from '../store/types.ts';
import type { Handler } from './types.ts';

/**
 * Health checks that arrive while a ping is under way share it instead of queueing their own: the answer is then at
 * most one ping old, and a public endpoint cannot be used to multiply load on the database.
 */
const pings = new WeakMap<Store, Promise<void>>();

function sharedPing(store: Store): Promise<void> {
  let p = pings.get(store);
  if (!p) {
    p = store.ping().finally(() => pings.delete(store));
    pings.set(store, p);
  }
  return p;
}

export const getHealth: Handler<'getHealth'> = async (ctx) => {
  try {
    await sharedPing(ctx.store);
  } catch (e) {
    throw errors.serviceUnavailable(e);
  }
  return ok({ status: 'ok' as const, version: ctx.version, timestamp: new Date().toISOString() });
};
