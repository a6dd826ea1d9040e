/**
 * Repeats of an Idempotency-Key through the pipeline's `runKeyed` and the purchase flow, on a real store (PGlite,
 * and PostgreSQL with group commits when TEST_DATABASE_URL is set), the sandbox simulator as the biller (issue 26):
 *   - a repeat of a key this process has met is answered from its record: the write (the handler, the recording
 *     statement) does not run again, and the record's row lock (claimIdempotencyKey) is never taken for it;
 *   - a key met first by the recording statement (recorded by another instance) is read, not claimed;
 *   - a purchase this request recorded is settled and answered 201 even when the database was unavailable to the
 *     settlement once or twice (a pool that had no connection in time), and its replays are the same bytes.
 * The store is real; the counting wrapper only counts, and the unavailable settlements are thrown in front of it.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SimulatedBiller } from '../biller/simulator.ts';
import { ensureCatalogue } from '../demo/seed.ts';
import { purchase } from '../handlers/purchase-flow.ts';
import { StoreUnavailableError } from '../store/errors.ts';
import { fundedAccount, openedFor, PG_URL, pgliteStores, postgresStores } from '../../test/helpers/store-fixtures.ts';
import type { Store } from '../store/types.ts';
import { fingerprintOf } from './request.ts';
import { runKeyed } from './run.ts';

const BASE = '/api/partners/sandbox/v1';
const biller = new SimulatedBiller({ timeoutWaitMs: 0 });

interface Counted {
  store: Store;
  counts: { claims: number; records: number; settles: number };
  /** Settlements still to answer StoreUnavailableError before reaching the store. */
  unavailable: { settles: number };
}

/** The store as another process would hold it (its own known keys), counting what the checks are about. */
function counted(store: Store): Counted {
  const c: Counted = {
    store: undefined as never,
    counts: { claims: 0, records: 0, settles: 0 },
    unavailable: { settles: 0 },
  };
  c.store = new Proxy(store, {
    get(target, prop, receiver) {
      const v = Reflect.get(target, prop, receiver) as unknown;
      if (prop === 'claimIdempotencyKey')
        return (...a: Parameters<Store['claimIdempotencyKey']>) => {
          c.counts.claims++;
          return target.claimIdempotencyKey(...a);
        };
      if (prop === 'recordPurchase')
        return (...a: Parameters<Store['recordPurchase']>) => {
          c.counts.records++;
          return target.recordPurchase(...a);
        };
      if (prop === 'settlePurchase') {
        return async (...a: Parameters<Store['settlePurchase']>) => {
          c.counts.settles++;
          if (c.unavailable.settles > 0) {
            c.unavailable.settles--;
            throw new StoreUnavailableError('database unavailable: timeout exceeded when trying to connect');
          }
          return target.settlePurchase(...a);
        };
      }
      return typeof v === 'function' ? (v as (...x: unknown[]) => unknown).bind(target) : v;
    },
  });
  return c;
}

/** One POST of sandbox airtime through the pipeline's idempotency and the purchase flow, as pipeline.ts runs them. */
async function buy(
  on: Counted,
  account: string,
  key: string,
  body: { network: string; phone_number: string; amount: string },
) {
  const store = on.store;
  const product = (await store.getAirtimeProduct('sandbox', 'MTN'))!;
  return runKeyed(
    store,
    {
      account_id: account,
      key,
      operation: 'createAirtimePurchase',
      fingerprint: fingerprintOf('createAirtimePurchase', body),
      now: new Date(),
    },
    async () =>
      purchase(
        {
          environment: 'sandbox',
          basePath: BASE,
          store,
          principal: {
            key_id: randomUUID(),
            account_id: account,
            environment: 'sandbox',
            scopes: ['purchase_airtime'],
          },
        },
        biller,
        {
          product,
          product_type: 'airtime',
          product_amount: body.amount,
          fee_amount: '0.00',
          price_basis: 'face_value',
          description: `MTN airtime ${body.amount}`,
          reference: undefined,
          phone_number: body.phone_number,
        },
      ),
    (created) =>
      created.stored
        ? { ...created.stored, stored: true }
        : { status: 201, body: JSON.stringify(created.body), location: created.location, stored: false },
  );
}

const statusOf = (body: string) =>
  (JSON.parse(body) as { data: { attributes: { status: string } } }).data.attributes.status;

describe.each([
  ['PGlite', () => pgliteStores()],
  ...(PG_URL ? [['PostgreSQL (group commits)', () => postgresStores('idem_repeats', 2, 4)] as const] : []),
] as const)('repeats of an Idempotency-Key on %s', (_, open) => {
  const first = openedFor(async () => {
    const h = await open();
    await ensureCatalogue(h.store);
    return h;
  });

  it('a sequence of requests over a few keys: new keys run once, repeats replay or are refused from the record, no claim ever locks it', async () => {
    const account = await fundedAccount(first(), '1000000.00');
    // Two processes on one database: each has met only the keys sent to it.
    const request = fc.record({
      key: fc.integer({ min: 0, max: 4 }),
      body: fc.integer({ min: 0, max: 1 }),
      process: fc.integer({ min: 0, max: 1 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(request, { minLength: 1, maxLength: 12 }), async (requests) => {
        const processes = [counted(first()), counted(first())];
        const run = randomUUID();
        const firstAnswer = new Map<number, { body: string; fingerprint: number }>();
        for (const r of requests) {
          const body = { network: 'mtn', phone_number: '08011111111', amount: r.body === 0 ? '100.00' : '200.00' };
          const key = `${run}-${r.key}`;
          const seen = firstAnswer.get(r.key);
          if (seen && seen.fingerprint !== r.body) {
            await expect(buy(processes[r.process]!, account, key, body)).rejects.toMatchObject({
              code: 'IDEMPOTENCY_KEY_REUSED',
            });
            continue;
          }
          const answer = await buy(processes[r.process]!, account, key, body);
          expect(answer.status).toBe(201);
          if (!seen) {
            expect(answer.replayed).toBe(false);
            firstAnswer.set(r.key, { body: answer.body, fingerprint: r.body });
          } else {
            expect(answer).toMatchObject({ replayed: true, body: seen.body });
          }
        }
        const counts = processes.map((p) => p.counts);
        expect(counts.map((c) => c.claims)).toEqual([0, 0]);
        // The recording statement ran for each new key, and at most once more per process that had not met the key.
        const distinct = firstAnswer.size;
        expect(counts[0]!.records + counts[1]!.records).toBeLessThanOrEqual(distinct * 2);
        expect(counts[0]!.settles + counts[1]!.settles).toBe(distinct);
      }),
      { numRuns: 15 },
    );
  });

  it('a repeat of a key this process met runs nothing but a read: not the handler, not the recording statement', async () => {
    const account = await fundedAccount(first(), '1000.00');
    const p = counted(first());
    const body = { network: 'mtn', phone_number: '08011111111', amount: '100.00' };
    const a = await buy(p, account, 'met-before', body);
    const again = await Promise.all(Array.from({ length: 20 }, () => buy(p, account, 'met-before', body)));
    expect(again.map((x) => x.body === a.body && x.replayed)).toEqual(Array(20).fill(true));
    expect(p.counts).toEqual({ claims: 0, records: 1, settles: 1 });
    expect((await first().getWallet(account))!.balance).toBe('900.00');
  });

  it('a recorded purchase is settled and answered 201 when the database was unavailable to its settlement once or twice; a third time is 503', async () => {
    const account = await fundedAccount(first(), '1000000.00');
    // The sandbox stories that answer at once (successful, then reversed later): the first answer must be theirs.
    const phones = ['08011111111', '08044444444'];
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 3 }), fc.constantFrom(...phones), async (failures, phone) => {
        const p = counted(first());
        p.unavailable.settles = failures;
        const key = randomUUID();
        const body = { network: 'mtn', phone_number: phone, amount: '100.00' };
        if (failures >= 3) {
          await expect(buy(p, account, key, body)).rejects.toBeInstanceOf(StoreUnavailableError);
          return;
        }
        const answer = await buy(p, account, key, body);
        expect(answer.status).toBe(201);
        expect(statusOf(answer.body)).toBe('successful');
        expect(p.counts.settles).toBe(failures + 1);
        // The record holds exactly that answer: a replay is the same bytes.
        const replay = await buy(counted(first()), account, key, body);
        expect(replay).toMatchObject({ replayed: true, body: answer.body });
      }),
      { numRuns: 12 },
    );
  });
});
