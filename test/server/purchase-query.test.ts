/**
 * GET /purchases/{id} and POST /purchases/{id}/query over HTTP, on both stores, with the server's own settlement
 * worker off (a pending sandbox purchase then stays pending until something asks): the read is the transaction of
 * GET /account/transactions/{id} by any of its three forms and a 404 for anything that is no purchase of this
 * account; a query moves a pending sandbox purchase to its scenario's next state at once, answers a final one
 * unchanged, and settles once however many queries and worker rounds meet on one purchase.
 */
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { SettlementWorker } from '../../server/biller/settlement.ts';
import { SimulatedBiller } from '../../server/biller/simulator.ts';
import { createAccounts, createKey, fundWallet } from '../../server/console/commands.ts';
import { parseKobo } from '../../server/money.ts';
import { onBothStores } from '../helpers/store-servers.ts';
import { snapshot } from '../helpers/store-fixtures.ts';

type Body = Record<string, any>;

onBothStores(
  'GET /purchases/{id} and POST /purchases/{id}/query',
  {},
  (server) => {
    const base = (env: 'sandbox' | 'production' = 'sandbox') => server().demoKeys![env].base_url;
    /** Accounts of this file's own (a secret each), so that no demo purchase moves the balances they compare. */
    const own: Record<string, { secret: string; account_id: string }> = {};
    async function ownAccount(name: string) {
      if (own[name]) return own[name];
      const store = server().store;
      const [account] = await createAccounts(store, {
        name,
        email: `${name}@example.com`,
        business_name: name,
        environments: ['sandbox'],
      });
      await fundWallet(store, { account_id: account!.id, amount: '100000.00' });
      const { secret } = await createKey(store, { account_id: account!.id, name, role: 'full' });
      return (own[name] = { secret, account_id: account!.id });
    }
    const key = (role = 'full', env: 'sandbox' | 'production' = 'sandbox') =>
      own[role]?.secret ?? (server().demoKeys![env].keys as Record<string, string>)[role]!;
    const call = async (
      method: string,
      path: string,
      opts: { role?: string; body?: unknown; env?: 'production' } = {},
    ) => {
      const r = await fetch(`${base(opts.env)}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${key(opts.role, opts.env)}`,
          ...(opts.body ? { 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID() } : {}),
        },
        ...(opts.body ? { body: JSON.stringify(opts.body) } : {}),
      });
      return { status: r.status, headers: r.headers, body: (await r.json()) as Body };
    };
    /** A sandbox airtime purchase of 100.00 for a scenario's phone number: its 201's transaction. */
    async function buy(phone_number: string, role = 'full'): Promise<Body> {
      const r = await call('POST', '/purchases/airtime', {
        role,
        body: { network: 'MTN', phone_number, amount: '100.00' },
      });
      expect(r.status).toBe(201);
      return r.body.data;
    }
    const balance = async (role = 'full') =>
      parseKobo((await call('GET', '/account/balance', { role })).body.data.balance);
    const query = (id: string, role?: string) => call('POST', `/purchases/${id}/query`, role ? { role } : {});

    it('reads a purchase as GET /account/transactions/{id} does, by id, txn_ id and external reference', async () => {
      const t = await buy('08011111111');
      const same = (await call('GET', `/account/transactions/${t.id}`)).body;
      for (const id of [t.id, `txn_${t.id}`, t.id.toUpperCase(), t.attributes.external_reference]) {
        const r = await call('GET', `/purchases/${id}`);
        expect([id, r.status, r.body]).toEqual([id, 200, same]);
      }
    });

    it('is 404 TRANSACTION_NOT_FOUND, as for an unknown id, for a funding, another account’s and the other environment’s purchase', async () => {
      const unknown = await call('GET', `/purchases/${randomUUID()}`);
      expect([unknown.status, unknown.body.error.code]).toEqual([404, 'TRANSACTION_NOT_FOUND']);
      const funding = (await call('GET', '/account/transactions?category=funding&per_page=1')).body.data[0];
      await ownAccount('other');
      const others = await buy('08011111111', 'other');
      const production = (
        await call('GET', '/account/transactions?category=purchase&per_page=1', { env: 'production' })
      ).body.data[0];
      for (const id of [funding.id, others.id, production.id, 'verify-me', 'x'.repeat(129)]) {
        for (const [method, path] of [
          ['GET', `/purchases/${id}`],
          ['POST', `/purchases/${id}/query`],
        ] as const) {
          const r = await call(method, path);
          expect([method, id, r.status, r.body]).toEqual([method, id, 404, unknown.body]);
        }
      }
    });

    it('moves a pending sandbox purchase to its scenario’s next state at once: pending → successful', async () => {
      const t = await buy('08022222222');
      expect(t.attributes.status).toBe('pending');
      const before = await balance();
      const r = await query(t.id);
      expect([r.status, r.body.data.attributes.status]).toEqual([200, 'successful']);
      expect(r.body).toEqual((await call('GET', `/purchases/${t.id}`)).body);
      expect(await balance()).toBe(before);
      expect(r.headers.get('location')).toBeNull();
    });

    it('pending → failed refunds the purchase, once, however often it is queried again', async () => {
      const before = await balance();
      const t = await buy('08033333333');
      expect(await balance()).toBe(before - parseKobo(t.attributes.price.total_debit));
      const first = await query(t.id);
      expect(first.body.data.attributes.status).toBe('failed');
      for (let i = 0; i < 3; i++)
        expect(await query(t.attributes.external_reference)).toEqual({ ...first, headers: expect.anything() });
      expect(await balance()).toBe(before);
      const history = await server().store.getTransactionHistory(t.id);
      expect(history.map((h) => h.to_status)).toEqual(['pending', 'failed']);
    });

    it('answers a final purchase unchanged, without asking the biller', async () => {
      const t = await buy('08011111111');
      const asked: string[] = [];
      const biller = server().billers.sandbox!;
      const requery = biller.requery.bind(biller);
      biller.requery = async (order, asker) => {
        asked.push(order.id);
        return requery(order, asker);
      };
      try {
        const r = await query(t.id);
        expect([r.status, r.body]).toEqual([200, (await call('GET', `/purchases/${t.id}`)).body]);
      } finally {
        biller.requery = requery;
      }
      expect(asked).toEqual([]);
    });

    it('needs read_transactions, and no Idempotency-Key', async () => {
      const t = await buy('08011111111');
      const r = await query(t.id, 'balance_only');
      expect([r.status, r.body.error.code]).toEqual([403, 'INSUFFICIENT_SCOPE']);
      expect(r.headers.get('www-authenticate')).toContain('scope="read_transactions"');
      expect((await query(t.id)).status).toBe(200);
    });

    it('settles once when queries and a worker round meet on one pending purchase: one refund, one history row', async () => {
      const { account_id } = await ownAccount('racer');
      const before = await balance('racer');
      const bought = await Promise.all(Array.from({ length: 5 }, () => buy('08033333333', 'racer')));
      expect(await balance('racer')).toBe(before - 5 * parseKobo('100.00'));
      // A worker whose clock is past every scenario's delay: it claims each purchase and decides `failed` too.
      const later = () => new Date(Date.now() + 60_000);
      const worker = new SettlementWorker({
        store: server().store,
        billers: { sandbox: new SimulatedBiller({ now: later, timeoutWaitMs: 0 }), production: null },
        snapshot,
        intervalMs: 3_600_000,
        now: later,
      });
      const answers = await Promise.all([
        worker.runOnce(),
        ...bought.flatMap((t) => [
          query(t.id, 'racer'),
          query(t.id, 'racer'),
          query(t.attributes.external_reference, 'racer'),
        ]),
        worker.runOnce(),
      ]);
      const queries = answers.slice(1, -1) as { status: number; body: Body }[];
      expect(queries.map((q) => [q.status, q.body.data.attributes.status])).toEqual(queries.map(() => [200, 'failed']));
      expect(await balance('racer')).toBe(before);
      for (const t of bought) {
        const history = await server().store.getTransactionHistory(t.id);
        expect(history.map((h) => h.to_status)).toEqual(['pending', 'failed']);
      }
      const ledger = await server().store.ledgerOf(account_id);
      expect(ledger.balance).toBe(ledger.expected);
    });

    it('is the route of /purchases/{id}/query: GET is 405 with Allow: POST', async () => {
      const t = await buy('08011111111');
      const r = await call('GET', `/purchases/${t.id}/query`);
      expect([r.status, r.headers.get('allow')]).toEqual([405, 'POST']);
      const put = await call('PUT', `/purchases/${t.id}`);
      expect([put.status, put.headers.get('allow')]).toEqual([405, 'GET, HEAD']);
    });
  },
  ['--no-settlement'],
);
