/**
 * The floor server (bench/purchase-floor-server.mjs) is the bench's claim of what a purchase costs at the least on
 * this schema; it is only honest if it does all of a purchase's money work. Against a real PostgreSQL, in both of
 * its modes: every purchase answered 201 is in the schema, successful, with its two history rows and its key
 * completed with the 201 it answered, and the wallets lost exactly what was bought — and nothing else was written.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../bench/lib/dataset.ts';
import { startProcess, type Proc } from '../../bench/lib/procs.ts';
import { purchaseWorld, type PurchaseWorld } from '../../bench/lib/purchase-setup.ts';

const PG_URL = process.env['TEST_DATABASE_URL'];
const AIRTIME = JSON.stringify({ network: 'MTN', phone_number: '08011111111', amount: '100.00' });

describe.skipIf(!PG_URL)(`the purchase floor server${PG_URL ? '' : ' (skipped: TEST_DATABASE_URL not set)'}`, () => {
  let world: PurchaseWorld;
  let db: pg.Client;
  beforeAll(async () => {
    world = await purchaseWorld(PG_URL!, 3);
    db = new pg.Client({ connectionString: world.url });
    await db.connect();
  }, 60_000);
  afterAll(async () => {
    await db?.end();
    await world?.close();
  });

  const balances = async () =>
    Object.fromEntries(
      (
        await db.query<{ account_id: string; balance: string }>('SELECT account_id, balance::text FROM wallets')
      ).rows.map((r) => [r.account_id, Number(r.balance)]),
    );

  for (const mode of ['one statement each', 'grouped'] as const) {
    it(`records, debits and settles every purchase it answers (${mode})`, async () => {
      const proc: Proc = await startProcess(
        (port) => [
          `${PROJECT_ROOT}bench/purchase-floor-server.mjs`,
          String(port),
          ...(mode === 'grouped' ? ['grouped'] : []),
        ],
        { env: { DATABASE_URL: world.url }, readyPath: '/__ready' },
      );
      try {
        const before = await balances();
        const partners = [world.hot, world.hot, ...world.many];
        const sent = Array.from({ length: 60 }, (_, i) => ({
          partner: partners[i % partners.length]!,
          key: `floor-${mode}-${i}`,
        }));
        const answers = await Promise.all(
          sent.map(async ({ partner, key }) => {
            const r = await fetch(`${proc.origin}/v1/purchases/airtime`, {
              method: 'POST',
              body: AIRTIME,
              headers: {
                authorization: `Bearer ${partner.key}`,
                'idempotency-key': key,
                'content-type': 'application/json',
              },
            });
            return { status: r.status, location: r.headers.get('location'), body: await r.text() };
          }),
        );
        expect(
          answers.map((a) => a.status),
          answers.find((a) => a.status !== 201)?.body,
        ).toEqual(sent.map(() => 201));
        const ids = answers.map((a) => (JSON.parse(a.body) as { data: { id: string; status: string } }).data.id);
        const { rows } = await db.query<{
          id: string;
          status: string;
          history: number;
          key_state: string;
          response_body: string;
          response_location: string;
        }>(
          `
          SELECT t.id, t.status, (SELECT count(*)::int FROM transaction_history h WHERE h.transaction_id = t.id) AS history,
            k.state AS key_state, k.response_body, k.response_location
          FROM transactions t JOIN idempotency_keys k ON k.transaction_id = t.id WHERE t.id = ANY($1::uuid[])`,
          [ids],
        );
        expect(rows).toHaveLength(sent.length);
        const byId = new Map(rows.map((r) => [r.id, r]));
        answers.forEach((a, i) => {
          const row = byId.get(ids[i]!)!;
          expect(row).toMatchObject({
            status: 'successful',
            history: 2,
            key_state: 'completed',
            response_body: a.body,
            response_location: a.location,
          });
        });
        const after = await balances();
        for (const account of Object.keys(before)) {
          const bought = sent.filter((s) => s.partner.account_id === account).length;
          expect(before[account]! - after[account]!, account).toBe(bought * 100);
        }
      } finally {
        await proc.stop();
      }
    }, 60_000);
  }
});
