/** GET /health shares an in-flight ping between concurrent checks, and still fails when the store does. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../errors.ts';
import { openStore } from '../store/open.ts';
import type { Store } from '../store/types.ts';
import { getHealth } from './health.ts';
import type { HandlerContext } from '../contract/operations.ts';

let store: Store;
beforeAll(async () => {
  store = await openStore({ memory: true });
}, 60_000);
afterAll(async () => {
  await store?.close();
});

function counting(s: Store, fail = false) {
  const calls = { n: 0 };
  const wrapped: Store = {
    ...s,
    ping: async () => {
      calls.n++;
      if (fail) throw new Error('database is gone');
      await s.ping();
    },
  };
  return { calls, wrapped };
}
const ctx = (s: Store): HandlerContext<'getHealth'> => ({
  environment: 'sandbox',
  basePath: '/x',
  store: s,
  query: {},
  path: {},
  version: '1.0.0',
  biller: null,
  webhooks: {
    secrets: null,
    policy: {
      production: { requireHttps: true, allowPrivate: false },
      sandbox: { requireHttps: true, allowPrivate: false },
    },
    maxEndpoints: 16,
  },
});

describe('getHealth', () => {
  it('answers 20 concurrent checks with one ping of the store', async () => {
    const { calls, wrapped } = counting(store);
    const bodies = await Promise.all(Array.from({ length: 20 }, () => getHealth(ctx(wrapped))));
    expect(bodies.every((b) => b.data.status === 'ok')).toBe(true);
    expect(calls.n).toBe(1);
  });

  it('pings again for a check that arrives after the previous ping finished', async () => {
    const { calls, wrapped } = counting(store);
    await getHealth(ctx(wrapped));
    await getHealth(ctx(wrapped));
    expect(calls.n).toBe(2);
  });

  it('answers 503 SERVICE_UNAVAILABLE to every check sharing a failed ping', async () => {
    const { wrapped } = counting(store, true);
    const results = await Promise.allSettled(Array.from({ length: 3 }, () => getHealth(ctx(wrapped))));
    for (const r of results) {
      expect(r.status).toBe('rejected');
      const e = (r as PromiseRejectedResult).reason as ApiError;
      expect([e.status, e.code]).toEqual([503, 'SERVICE_UNAVAILABLE']);
    }
  });
});
