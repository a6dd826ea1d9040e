/**
 * Idle worker rounds and the embedded store's read cache: the settlement worker and the webhook worker claim every
 * round (an UPDATE, so a write, which empties the cache). With nothing due they now read first (instants.ts,
 * nothingDue) and leave the cache alone; with something due they still claim it, and the claim empties the cache.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from './migrate.ts';
import { openPgliteMemory, type PgliteDriver } from './pglite.ts';
import { createQueries } from './queries.ts';
import { ReadCachingSql } from './read-cache.ts';
import { fundedAccount, purchase } from '../../test/helpers/store-fixtures.ts';
import type { Store } from './types.ts';

let driver: PgliteDriver;
let store: Store;
let cache: ReadCachingSql;
let account: string;
const T0 = new Date('2021-06-01T00:00:00Z');
const at = (s: number) => new Date(T0.getTime() + s * 1000);

beforeAll(async () => {
  driver = await openPgliteMemory();
  await migrate(driver.sql);
  if (!(driver.sql instanceof ReadCachingSql))
    throw new Error('the embedded store is expected to read through its cache');
  cache = driver.sql;
  store = createQueries(driver.sql, driver.kind);
  account = await fundedAccount(store, '1000.00');
});
afterAll(() => driver?.close());

/** Reads the wallet twice and says whether the second read was answered by the cache. */
async function walletReadIsCached(): Promise<boolean> {
  await store.getWallet(account);
  const before = cache.stats().hits;
  await store.getWallet(account);
  return cache.stats().hits > before;
}

/** Reads the wallet (now cached), runs both workers' claims at `now`, and says whether the wallet read still hits. */
async function cacheSurvivesClaimsAt(now: Date): Promise<{ survived: boolean; checks: number; deliveries: number }> {
  expect(await walletReadIsCached()).toBe(true);
  const checks = await store.claimDueChecks(now, 10, 30_000);
  const deliveries = await store.claimDueWebhookDeliveries(now, 10, 30_000);
  const before = cache.stats().hits;
  await store.getWallet(account);
  return { survived: cache.stats().hits > before, checks: checks.length, deliveries: deliveries.length };
}

describe('idle worker rounds on the embedded store', () => {
  it('with nothing at all to claim, both claims leave the read cache standing', async () => {
    expect(await cacheSurvivesClaimsAt(at(0))).toEqual({ survived: true, checks: 0, deliveries: 0 });
  });

  it('with a purchase not yet due, claims nothing and the cache stands; once due, claims it and empties the cache', async () => {
    const r = await store.recordPurchase(purchase(account, '10.00', '0.00', { next_check_at: at(60) }), null);
    if (r.kind !== 'recorded') throw new Error(r.kind);
    expect(await cacheSurvivesClaimsAt(at(59))).toEqual({ survived: true, checks: 0, deliveries: 0 });
    expect(await cacheSurvivesClaimsAt(at(60))).toEqual({ survived: false, checks: 1, deliveries: 0 });
    // Leased until at(90): not due again before, due again at.
    expect(await cacheSurvivesClaimsAt(at(89))).toEqual({ survived: true, checks: 0, deliveries: 0 });
    expect(await cacheSurvivesClaimsAt(at(90))).toEqual({ survived: false, checks: 1, deliveries: 0 });
  });
});
