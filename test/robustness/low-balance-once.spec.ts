/**
 * 100 concurrent airtime purchases on one wallet from two server instances (the bundle, one PostgreSQL schema),
 * across the account's low-balance threshold: the wallet holds 100 × P and the threshold sits between the 30th and
 * the 70th debit (drawn from a seed), so the balance crosses it exactly once — and exactly one `account.low_balance`
 * event is recorded, whatever the order in which the two instances' debits took the wallet's lock, with the balance
 * right after the crossing debit and the threshold. Skipped, visibly, without TEST_DATABASE_URL.
 */
import { describe, expect, it } from 'vitest';
import { recordFigures } from './support/figures.ts';
import { naira } from './support/ledger.ts';
import { noDatabase } from './support/postgres.ts';
import { catalogue, purchaseBody, scenarioOf, seed, seeded } from './support/purchase-bodies.ts';
import { burst, fundedPartner, openWorld, purchaseTarget, untilFinal } from './support/purchases.ts';

const REQUESTS = 100;

describe.skipIf(!!noDatabase)(
  `low-balance event from two instances${noDatabase ? ` (skipped: ${noDatabase})` : ''}`,
  () => {
    it('100 concurrent purchases across the threshold make exactly one account.low_balance event', async () => {
      const s = seed();
      const rnd = seeded(s);
      const world = await openWorld('lowbalance');
      let figures: Record<string, number | string> = { seed: s };
      let passed = false;
      try {
        const [a, b] = [await world.start(), await world.start()];
        const c = await catalogue(world.store);
        const P = 100_00n; // NGN 100.00 of airtime each
        const partner = await fundedPartner(world.store, naira(BigInt(REQUESTS) * P));
        const crossing = 30 + Math.floor(rnd() * 41); // the debit that goes below: 30..70
        // Below after `crossing` debits, not after crossing - 1: (REQUESTS - crossing) × P < T <= (REQUESTS - crossing + 1) × P
        const threshold = BigInt(REQUESTS - crossing) * P + 1n + BigInt(Math.floor(rnd() * Number(P - 1n)));
        await world.store.setLowBalanceThreshold(partner.account_id, naira(threshold));
        const targets = Array.from({ length: REQUESTS }, (_, i) => {
          const body: Record<string, string> = {
            ...purchaseBody(c, 'createAirtimePurchase', rnd),
            amount: naira(P),
            reference: `LB-${i}`,
          };
          if (scenarioOf('createAirtimePurchase', body)) body.phone_number = '08030000000';
          return purchaseTarget(
            (i % 2 ? b : a).url,
            partner.key,
            `low-balance-${i}`,
            'createAirtimePurchase',
            JSON.stringify(body),
          );
        });
        const first = await burst(targets);
        const retried = await Promise.all(
          first.map((x, i) => (x.status === 503 || x.status === 0 ? untilFinal(targets[i]!, 30_000) : null)),
        );
        const answers = first.map((x, i) => retried[i]?.final ?? x);
        const { rows: events } = await world.pool.query<{ data: Record<string, string> }>(
          `SELECT data FROM webhook_events WHERE account_id = $1 AND type = 'account.low_balance'`,
          [partner.account_id],
        );
        const { rows: wallet } = await world.pool.query<{ balance: string }>(
          'SELECT balance::text AS balance FROM wallets WHERE account_id = $1',
          [partner.account_id],
        );
        figures = {
          seed: s,
          requests: REQUESTS,
          instances: 2,
          threshold: naira(threshold),
          '201': answers.filter((x) => x.status === 201).length,
          low_balance_events: events.length,
          final_balance: wallet[0]!.balance,
        };
        expect(answers.filter((x) => x.status !== 201).map((x) => `${x.status} ${x.body.slice(0, 200)}`)).toEqual([]);
        expect(wallet[0]!.balance).toBe('0.00');
        expect(events).toHaveLength(1);
        expect(events[0]!.data).toEqual({
          balance: naira(BigInt(REQUESTS - crossing) * P),
          currency: 'NGN',
          low_balance_threshold: naira(threshold),
        });
        passed = true;
      } finally {
        await world.close();
        recordFigures({ check: 'low-balance-once', passed, figures });
      }
    });
  },
);

if (noDatabase) recordFigures({ check: 'low-balance-once', passed: false, skipped: noDatabase, figures: {} });
