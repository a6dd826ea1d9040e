/**
 * POST /purchases/verify over HTTP, on both stores: the GET verifications' answers by product and body, buying
 * nothing and needing no Idempotency-Key; the scope of the product's kind (a key with neither scope refused before
 * the body is read); the body's 400s naming the member; other kinds and the other environment's products 422.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { createKey } from '../../server/console/commands.ts';
import { onBothStores } from '../helpers/store-servers.ts';
import { catalogue, type Catalogue } from '../robustness/support/purchase-bodies.ts';
import type { TestServer } from '../helpers/server.ts';

type Body = Record<string, any>;

// Without the settlement worker: it would settle demo purchases (and move the balance) while a test compares it.
onBothStores(
  'POST /purchases/verify',
  {},
  (server) => {
    let c: Catalogue;
    const base = () => server().demoKeys!.sandbox.base_url;
    const full = () => server().demoKeys!.sandbox.keys.full;
    const call = async (method: string, path: string, opts: { body?: unknown; key?: string; raw?: string } = {}) => {
      const r = await fetch(`${base()}${path}`, {
        method,
        headers: { Authorization: `Bearer ${opts.key ?? full()}`, 'Content-Type': 'application/json' },
        ...(opts.raw !== undefined || opts.body !== undefined ? { body: opts.raw ?? JSON.stringify(opts.body) } : {}),
      });
      return { status: r.status, headers: r.headers, body: (await r.json()) as Body };
    };
    const verify = (body: unknown, key?: string) =>
      call('POST', '/purchases/verify', { body, ...(key ? { key } : {}) });
    async function keyWith(srv: TestServer, scopes: string): Promise<string> {
      const account = (await srv.store.listAccounts('sandbox')).find((a) => a.name !== 'Low Balance Ltd')!;
      return (await createKey(srv.store, { account_id: account.id, name: `verify-${randomUUID()}`, scopes })).secret;
    }

    it('answers a meter as GET /products/electricity/{id}/meters/{number} does, and buys nothing', async () => {
      c ??= await catalogue(server().store);
      const before = await call('GET', '/account/transactions?per_page=1');
      const balance = await call('GET', '/account/balance');
      for (const meter of ['1111111111111', '45678901234']) {
        const viaGet = await call('GET', `/products/electricity/${c.prepaid.id}/meters/${meter}`);
        const viaPost = await verify({ product_id: c.prepaid.id, meter_number: meter });
        expect(viaPost.status).toBe(200);
        expect(viaPost.body).toEqual(viaGet.body);
      }
      expect((await call('GET', '/account/transactions?per_page=1')).body.pagination.total_count).toBe(
        before.body.pagination.total_count,
      );
      expect((await call('GET', '/account/balance')).body.data.balance).toBe(balance.body.data.balance);
    });

    it('answers a smartcard by smart_number or smartcard_number as the GET form does', async () => {
      c ??= await catalogue(server().store);
      const viaGet = await call('GET', `/products/cabletv/${c.bouquet.id}/smartcards/1212121212`);
      expect(viaGet.status).toBe(200);
      for (const member of ['smart_number', 'smartcard_number']) {
        const viaPost = await verify({ product_id: c.bouquet.id, [member]: '1212121212' });
        expect([member, viaPost.status, viaPost.body]).toEqual([member, 200, viaGet.body]);
      }
    });

    it('answers the GET forms’ 404 codes for numbers the biller does not know', async () => {
      c ??= await catalogue(server().store);
      const meter = await verify({ product_id: c.prepaid.id, meter_number: '0000000000000' });
      expect([meter.status, meter.body.error.code]).toEqual([404, 'METER_NOT_FOUND']);
      const card = await verify({ product_id: c.bouquet.id, smart_number: '0000000000' });
      expect([card.status, card.body.error.code]).toEqual([404, 'SMARTCARD_NOT_FOUND']);
    });

    it('needs no Idempotency-Key, and ignores one that is sent', async () => {
      c ??= await catalogue(server().store);
      const r = await fetch(`${base()}/purchases/verify`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${full()}`, 'Content-Type': 'application/json', 'Idempotency-Key': 'x' },
        body: JSON.stringify({ product_id: c.prepaid.id, meter_number: '1111111111111' }),
      });
      expect(r.status).toBe(200);
      expect(r.headers.get('idempotent-replayed')).toBeNull();
    });

    it('names the member: both smartcard names, the other kind’s number, none', async () => {
      c ??= await catalogue(server().store);
      const cases: [Body, string][] = [
        [{ product_id: c.bouquet.id, smart_number: '1212121212', smartcard_number: '1212121212' }, '/smartcard_number'],
        [{ product_id: c.prepaid.id, smart_number: '1212121212' }, '/smart_number'],
        [{ product_id: c.prepaid.id, smartcard_number: '1212121212' }, '/smartcard_number'],
        [{ product_id: c.bouquet.id, meter_number: '1111111111111' }, '/meter_number'],
        [{ product_id: c.prepaid.id }, '/meter_number'],
        [{ product_id: c.bouquet.id }, '/smart_number'],
        [{ meter_number: '1111111111111' }, '/product_id'],
        [{ product_id: c.prepaid.id, meter_number: '12' }, '/meter_number'],
        [{ product_id: c.prepaid.id, meter_number: '1111111111111', phone_number: '08011111111' }, '/phone_number'],
      ];
      for (const [body, parameter] of cases) {
        const r = await verify(body);
        expect([JSON.stringify(body), r.status, r.body.error?.code]).toEqual([
          JSON.stringify(body),
          400,
          'INVALID_PARAMETER',
        ]);
        expect(r.body.error.details.map((d: Body) => d.parameter)).toContain(parameter);
      }
    });

    it('is 422 PRODUCT_NOT_FOUND for an airtime or data product, an unknown id and the other environment’s', async () => {
      c ??= await catalogue(server().store);
      const production = (await server().store.listProducts('production', 'electricity', {}, { page: 1, per_page: 1 }))
        .items[0]!;
      for (const product_id of [c.airtime.id, c.dataPlan.id, randomUUID(), production.id]) {
        const r = await verify({ product_id, meter_number: '1111111111111' });
        expect([product_id, r.status, r.body.error.code]).toEqual([product_id, 422, 'PRODUCT_NOT_FOUND']);
      }
    });

    it('refuses a key with neither scope before reading the body, naming both', async () => {
      const key = server().demoKeys!.sandbox.keys.products_only;
      const r = await call('POST', '/purchases/verify', { key, raw: '{"not json' });
      expect([r.status, r.body.error.code]).toEqual([403, 'INSUFFICIENT_SCOPE']);
      expect(r.body.error.message).toContain('purchase_electricity');
      expect(r.body.error.message).toContain('purchase_cable_tv');
      expect(r.headers.get('www-authenticate')).toBe(
        'Bearer error="insufficient_scope", scope="purchase_electricity purchase_cable_tv"',
      );
    });

    it('needs the scope of the product’s kind: a cable TV key verifies smartcards, not meters', async () => {
      c ??= await catalogue(server().store);
      const key = await keyWith(server(), 'purchase_cable_tv');
      const card = await verify({ product_id: c.bouquet.id, smart_number: '1212121212' }, key);
      expect(card.status).toBe(200);
      const meter = await verify({ product_id: c.prepaid.id, meter_number: '1111111111111' }, key);
      expect([meter.status, meter.body.error.code]).toEqual([403, 'INSUFFICIENT_SCOPE']);
      expect(meter.headers.get('www-authenticate')).toBe(
        'Bearer error="insufficient_scope", scope="purchase_electricity"',
      );
    });

    it('answers any body with its envelope, never a 5xx (property over member names and values)', async () => {
      c ??= await catalogue(server().store);
      const value = fc.oneof(
        fc.constantFrom(c.prepaid.id, c.bouquet.id, c.airtime.id, '1111111111111', '1212121212', '0000000000'),
        fc.string({ maxLength: 20 }),
        fc.integer(),
        fc.constant(null),
        fc.array(fc.string(), { maxLength: 2 }),
      );
      const member = fc.constantFrom(
        'product_id',
        'meter_number',
        'smart_number',
        'smartcard_number',
        'phone_number',
        'x',
      );
      await fc.assert(
        fc.asyncProperty(fc.dictionary(member, value, { maxKeys: 4 }), async (body) => {
          const r = await verify(body);
          expect(r.status).toBeLessThan(500);
          expect([200, 400, 404, 422]).toContain(r.status);
          expect(r.body.status.code).toBe(r.status);
          if (r.status !== 200) expect(typeof r.body.error.code).toBe('string');
          if (r.status === 400) expect(r.body.error.details.length).toBeGreaterThan(0);
        }),
        { numRuns: 60 },
      );
    });

    it('is the route of /purchases/verify for every method: GET is 405 with Allow: POST, not a purchase lookup', async () => {
      const r = await call('GET', '/purchases/verify');
      expect([r.status, r.body.error.code, r.headers.get('allow')]).toEqual([405, 'METHOD_NOT_ALLOWED', 'POST']);
    });
  },
  ['--no-settlement'],
);
