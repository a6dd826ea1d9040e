/** GET /health — public; 503 SERVICE_UNAVAILABLE when the store does not answer. */
import { errors } from '../errors.ts';
import { ok } from '../contract/envelope.ts';
import type { Store } from '../store/types.ts';
import type { Handler } from '../contract/operations.ts';

/**
 * Health checks are batched: the checks that arrive in one turn of the event loop share ONE ping, started after
 * all of them arrived (setImmediate runs after the turn's I/O callbacks), so every answer is fresh and a public
 * endpoint cannot be used to multiply load on the database. A check arriving while that ping runs joins the next.
 */
const pings = new WeakMap<Store, Promise<void>>();

function sharedPing(store: Store): Promise<void> {
  let p = pings.get(store);
  if (!p) {
    p = new Promise<void>((resolve, reject) => {
      setImmediate(() => {
        pings.delete(store);
        store.ping().then(resolve, reject);
      });
    });
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
