/**
 * The events of a purchase over HTTP, on the embedded store and on PostgreSQL (TEST_DATABASE_URL): every purchase
 * kind in every sandbox scenario of the contract (`info.x-sandbox-scenarios`) and ordinary purchases of generated
 * bodies. The contract sends `transaction.pending` only for a purchase created pending (the biller has not
 * confirmed it): a purchase answered 201 `successful` has no pending event, ever, and each purchase's events are the
 * states it went through from its 201 on, each once — read back with `GET /events?transaction_id=…`.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import {
  catalogue,
  PURCHASE_OPERATIONS,
  PURCHASE_SCENARIOS,
  pathOf,
  purchaseBody,
  scenarioOf,
  type Catalogue,
  type PurchaseOperation,
  type Scenario,
} from '../robustness/support/purchase-bodies.ts';

type Body = Record<string, any>;
const url = process.env.TEST_DATABASE_URL;

interface Bought {
  label: string;
  id: string;
  /** The 201's status, then the final state its scenario ends in. */
  answered: string;
  final: string;
}

function purchaseEventSuite(title: string, start: () => Promise<{ srv: TestServer; stop(): Promise<void> }>) {
  describe(title, () => {
    let srv: TestServer;
    let stop: () => Promise<void>;
    let c: Catalogue;
    beforeAll(async () => {
      ({ srv, stop } = await start());
      c = await catalogue(srv.store);
    }, 90_000);
    afterAll(async () => {
      await stop?.();
    });

    const base = () => srv.demoKeys!.sandbox.base_url;
    const auth = () => ({ Authorization: `Bearer ${srv.demoKeys!.sandbox.keys.full}` });
    async function get(path: string): Promise<Body> {
      const r = await fetch(`${base()}${path}`, { headers: auth() });
      expect(r.status, path).toBe(200);
      return (await r.json()) as Body;
    }
    /** Oldest first. */
    const eventTypes = async (id: string): Promise<string[]> =>
      (await get(`/events?transaction_id=${id}&per_page=100`)).data.map((e: Body) => e.type as string).reverse();

    async function buy(
      label: string,
      operation: PurchaseOperation,
      body: Record<string, string>,
      s: Scenario | undefined,
    ): Promise<Bought> {
      const r = await fetch(`${base()}${pathOf(operation)}`, {
        method: 'POST',
        headers: { ...auth(), 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID() },
        body: JSON.stringify(body),
      });
      const text = await r.text();
      expect(r.status, `${label}: ${text}`).toBe(201);
      const tx = (JSON.parse(text) as Body).data;
      const answered = tx.attributes.status as string;
      // Right after the 201: a successful purchase never has a pending event; a pending one has exactly one.
      const now = await eventTypes(tx.id);
      expect(now[0], `${label}: the first event of a purchase answered ${answered}`).toBe(`transaction.${answered}`);
      expect(now.filter((t) => t === 'transaction.pending').length, label).toBe(answered === 'pending' ? 1 : 0);
      return { label, id: tx.id, answered, final: s?.then ?? answered };
    }

    /** The 201's state, then the scenario's later one: the states a partner sees, each once. */
    async function settledEvents(b: Bought): Promise<void> {
      const end = Date.now() + 20_000;
      while ((await get(`/account/transactions/${b.id}`)).data.attributes.status !== b.final) {
        if (Date.now() > end) throw new Error(`${b.label}: never reached ${b.final}`);
        await new Promise((r) => setTimeout(r, 200));
      }
      const want = b.answered === b.final ? [b.answered] : [b.answered, b.final];
      expect(await eventTypes(b.id), b.label).toEqual(want.map((s) => `transaction.${s}`));
    }

    it('every sandbox scenario of every purchase kind: pending only when the 201 is pending, then each later state once', async () => {
      const scenarios = PURCHASE_SCENARIOS.filter((s) => s.outcome !== 'not_found');
      expect(new Set(scenarios.map((s) => s.operation))).toEqual(new Set(PURCHASE_OPERATIONS));
      const bought = await Promise.all(
        scenarios.map((s) => {
          const op = s.operation as PurchaseOperation;
          return buy(s.name, op, purchaseBody(c, op, Math.random, s), s);
        }),
      );
      // The table's own outcome is what the 201 answered.
      for (const [i, s] of scenarios.entries()) expect(bought[i]!.answered, s.name).toBe(s.outcome);
      await Promise.all(bought.map(settledEvents));
    }, 60_000);

    it('ordinary purchases of generated bodies (every kind): successful at once, one event, never pending', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...PURCHASE_OPERATIONS),
          fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
          async (op, r) => {
            const body = purchaseBody(c, op, () => r);
            expect(scenarioOf(op, body)).toBeUndefined();
            const b = await buy(`${op} ${JSON.stringify(body)}`, op, body, undefined);
            expect(b.answered).toBe('successful');
            expect(await eventTypes(b.id)).toEqual(['transaction.successful']);
          },
        ),
        { numRuns: 16 },
      );
    }, 60_000);
  });
}

const serverEnv = { SETTLEMENT_INTERVAL_MS: '100', WEBHOOK_WORKER: 'false' };

purchaseEventSuite('purchase events over HTTP, embedded store', async () => {
  const srv = await startTestServer([], serverEnv);
  return { srv, stop: () => srv.stop() };
});

describe.skipIf(!url)(
  `purchase events over HTTP, PostgreSQL${url ? '' : ' (skipped: TEST_DATABASE_URL not set)'}`,
  () => {
    const schema = `purchase_events_${process.pid}_${Date.now()}`;
    const admin = async (statement: string) => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      try {
        await c.query(statement);
      } finally {
        await c.end();
      }
    };
    purchaseEventSuite('on PostgreSQL', async () => {
      await admin(`CREATE SCHEMA ${schema}`);
      const srv = await startTestServer([], {
        ...serverEnv,
        WEBHOOK_SIGNING_KEY: randomBytes(32).toString('base64'),
        DATABASE_URL: `${url}${url!.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`,
      });
      return {
        srv,
        async stop() {
          await srv.stop();
          await admin(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
        },
      };
    });
  },
);
