/**
 * POST /purchases over HTTP, on both stores: a purchase of each kind by product_id answers what the kind's own
 * operation answers (same product, amounts, fee, scenario); the scope of the product's kind (a key with none of the
 * four refused before the body is read); the members each kind takes, as a property over member names and values;
 * the other environment's product 422; idempotency as for every purchase.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { createAccounts, createKey, fundWallet } from '../../server/console/commands.ts';
import { onBothStores } from '../helpers/store-servers.ts';
import { catalogue, type Catalogue } from '../robustness/support/purchase-bodies.ts';

type Body = Record<string, any>;
const FOUR = 'purchase_airtime purchase_data purchase_electricity purchase_cable_tv';

onBothStores('POST /purchases', {}, (server) => {
  let c: Catalogue;
  const keys: Record<string, string> = {};
  const base = () => server().demoKeys!.sandbox.base_url;
  /** A funded account of this file's own, with a key of these scopes (or the role full). */
  async function keyOf(scopes: string): Promise<string> {
    if (keys[scopes]) return keys[scopes];
    const store = server().store;
    const name = `by-product-${Object.keys(keys).length}`;
    const [account] = await createAccounts(store, {
      name,
      email: `${name}@example.com`,
      business_name: name,
      environments: ['sandbox'],
    });
    await fundWallet(store, { account_id: account!.id, amount: '1000000.00' });
    const secret = (
      await createKey(store, {
        account_id: account!.id,
        name,
        ...(scopes === 'full' ? { role: 'full' } : { scopes: scopes.replace(/ /g, ',') }),
      })
    ).secret;
    return (keys[scopes] = secret);
  }
  async function post(path: string, body: unknown, o: { key?: string; idem?: string | null; raw?: string } = {}) {
    const r = await fetch(`${base()}${path}`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${o.key ?? (await keyOf('full'))}`,
        'Content-Type': 'application/json',
        ...(o.idem === null ? {} : { 'Idempotency-Key': o.idem ?? randomUUID() }),
      },
      body: o.raw ?? JSON.stringify(body),
    });
    const text = await r.text();
    return { status: r.status, headers: r.headers, text, body: JSON.parse(text) as Body };
  }
  const buy = (body: Body, o: { key?: string; idem?: string | null } = {}) => post('/purchases', body, o);
  /** What two purchases of one thing share: everything but their ids, references and instants. */
  const comparable = (t: Body) => {
    const a: Body = { ...t.attributes };
    for (const own of ['reference', 'external_reference', 'created_at', 'updated_at']) delete a[own];
    return { type: t.type, ...a, token: a.token === null ? null : 'a token' };
  };

  it('buys each kind as the kind’s own operation does: same product, amounts, fee, state', async () => {
    c ??= await catalogue(server().store);
    const cases: [Body, string, Body][] = [
      [
        { product_id: c.airtime.id, phone_number: '08011111111', amount: '100.00' },
        '/purchases/airtime',
        { network: c.airtime.network, phone_number: '08011111111', amount: '100.00' },
      ],
      [
        { product_id: c.dataPlan.id, phone_number: '08011111111' },
        '/purchases/data',
        { product_id: c.dataPlan.id, phone_number: '08011111111' },
      ],
      [
        { product_id: c.prepaid.id, meter_number: '1111111111111', amount: '1000.00', phone_number: '08031234567' },
        '/purchases/electricity',
        { product_id: c.prepaid.id, meter_number: '1111111111111', amount: '1000.00', phone_number: '08031234567' },
      ],
      [
        { product_id: c.bouquet.id, smart_number: '1212121212' },
        '/purchases/cabletv',
        { product_id: c.bouquet.id, smartcard_number: '1212121212' },
      ],
      [
        { product_id: c.bouquet.id, smartcard_number: '1212121212' },
        '/purchases/cabletv',
        { product_id: c.bouquet.id, smartcard_number: '1212121212' },
      ],
    ];
    for (const [body, kindPath, kindBody] of cases) {
      const byProduct = await buy(body);
      const byKind = await post(kindPath, kindBody);
      expect([kindPath, byProduct.status, byKind.status]).toEqual([kindPath, 201, 201]);
      expect(comparable(byProduct.body.data)).toEqual(comparable(byKind.body.data));
      expect(byProduct.headers.get('location')).toBe(
        `${new URL(base()).pathname}/account/transactions/${byProduct.body.data.id}`,
      );
      const read = await fetch(`${base()}/purchases/${byProduct.body.data.id}`, {
        headers: { Authorization: `Bearer ${await keyOf('full')}` },
      });
      expect(((await read.json()) as Body).data.id).toBe(byProduct.body.data.id);
    }
  });

  it('follows the sandbox scenarios of the kind: 08022222222 is pending, 0000000000000 is METER_NOT_FOUND', async () => {
    c ??= await catalogue(server().store);
    const pending = await buy({ product_id: c.airtime.id, phone_number: '08022222222', amount: '100.00' });
    expect([pending.status, pending.body.data.attributes.status]).toEqual([201, 'pending']);
    const meter = await buy({ product_id: c.prepaid.id, meter_number: '0000000000000', amount: '1000.00' });
    expect([meter.status, meter.body.error.code]).toEqual([404, 'METER_NOT_FOUND']);
  });

  it('refuses a key with none of the four purchase scopes before reading the body, naming the four', async () => {
    const r = await post('/purchases', null, { key: server().demoKeys!.sandbox.keys.products_only, raw: '{"bad' });
    expect([r.status, r.body.error.code]).toEqual([403, 'INSUFFICIENT_SCOPE']);
    for (const scope of FOUR.split(' ')) expect(r.body.error.message).toContain(scope);
    expect(r.headers.get('www-authenticate')).toBe(`Bearer error="insufficient_scope", scope="${FOUR}"`);
  });

  it('needs the scope of the product’s kind, and keeps nothing under the key when it is missing', async () => {
    c ??= await catalogue(server().store);
    const key = await keyOf('purchase_data');
    const idem = randomUUID();
    const airtime = await buy(
      { product_id: c.airtime.id, phone_number: '08011111111', amount: '100.00' },
      { key, idem },
    );
    expect([airtime.status, airtime.body.error.code]).toEqual([403, 'INSUFFICIENT_SCOPE']);
    expect(airtime.headers.get('www-authenticate')).toBe('Bearer error="insufficient_scope", scope="purchase_airtime"');
    // The same key then buys what the key may buy: the 403 was not kept.
    const data = await buy({ product_id: c.dataPlan.id, phone_number: '08011111111' }, { key, idem });
    expect([data.status, data.headers.get('idempotent-replayed')]).toEqual([201, null]);
  });

  it('buys with the partner’s external_reference and no Idempotency-Key, as the published API does; a second use is 409', async () => {
    c ??= await catalogue(server().store);
    const external_reference = `${Math.floor(Date.now() / 1000)}${randomUUID().replace(/-/g, '').slice(0, 6).toUpperCase()}`;
    const body = { product_id: c.dataPlan.id, phone_number: '08011111111', external_reference };
    const first = await buy(body, { idem: null });
    expect([first.status, first.body.data?.attributes.external_reference]).toEqual([201, external_reference]);
    const again = await buy(body, { idem: null });
    expect([again.status, again.body.error.code]).toEqual([409, 'DUPLICATE_REFERENCE']);
    expect(JSON.stringify(again.body.error)).toContain(first.body.data.id);
    const found = await fetch(`${base()}/purchases/${external_reference}`, {
      headers: { Authorization: `Bearer ${await keyOf('full')}` },
    });
    expect(((await found.json()) as Body).data.id).toBe(first.body.data.id);
  });

  it('is 422 PRODUCT_NOT_FOUND for an unknown product and the other environment’s', async () => {
    const production = (await server().store.listProducts('production', 'dataplan', {}, { page: 1, per_page: 1 }))
      .items[0]!;
    for (const product_id of [randomUUID(), production.id]) {
      const r = await buy({ product_id, phone_number: '08011111111' });
      expect([product_id, r.status, r.body.error.code]).toEqual([product_id, 422, 'PRODUCT_NOT_FOUND']);
    }
  });

  it('replays a key’s answer byte for byte, and refuses the key with another body', async () => {
    c ??= await catalogue(server().store);
    const idem = randomUUID();
    const body = { product_id: c.dataPlan.id, phone_number: '08011111111' };
    const first = await buy(body, { idem });
    const again = await buy(body, { idem });
    expect([first.status, again.status, again.headers.get('idempotent-replayed')]).toEqual([201, 201, 'true']);
    expect(again.text).toBe(first.text);
    const other = await buy({ ...body, phone_number: '08031234567' }, { idem });
    expect([other.status, other.body.error.code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
  });

  /**
   * Which members each kind takes, as a model: the number the kind takes (smart_number or smartcard_number, not
   * both; electricity's phone_number an optional extra), then the amount (airtime and electricity only). The first
   * rule broken is the 400 and names its member; a body breaking none buys.
   */
  function expected(kind: string, body: Body): { status: number; parameter?: string } {
    if (body.smart_number !== undefined && body.smartcard_number !== undefined)
      return { status: 400, parameter: '/smartcard_number' };
    const wanted = {
      airtime: 'phone_number',
      dataplan: 'phone_number',
      electricity: 'meter_number',
      cabletv: 'smart_number',
    }[kind]!;
    const given = (m: string) => (m === 'smart_number' ? (body.smart_number ?? body.smartcard_number) : body[m]);
    for (const other of ['phone_number', 'meter_number', 'smart_number']) {
      if (other === wanted || (other === 'phone_number' && kind === 'electricity') || given(other) === undefined)
        continue;
      return {
        status: 400,
        parameter: other === 'smart_number' && body.smart_number === undefined ? '/smartcard_number' : `/${other}`,
      };
    }
    if (given(wanted) === undefined) return { status: 400, parameter: `/${wanted}` };
    const priced = kind === 'airtime' || kind === 'electricity';
    if (priced !== (body.amount !== undefined)) return { status: 400, parameter: '/amount' };
    return { status: 201 };
  }

  it('answers every combination of number and amount members as the model of the kinds says (all 4 × 32)', async () => {
    c ??= await catalogue(server().store);
    const products = { airtime: c.airtime, dataplan: c.dataPlan, electricity: c.prepaid, cabletv: c.bouquet };
    const values: Body = {
      phone_number: '08011111111',
      meter_number: '1111111111111',
      smart_number: '1212121212',
      smartcard_number: '1212121212',
      amount: '1000.00',
    };
    const names = Object.keys(values);
    const key = await keyOf('full');
    // The space is small: every subset of the five members for every kind, rather than a sample of it.
    const cases = Object.entries(products).flatMap(([kind, product]) =>
      Array.from({ length: 2 ** names.length }, (_, bits) => ({
        kind,
        body: {
          product_id: product.id,
          ...Object.fromEntries(names.filter((_n, i) => bits & (1 << i)).map((n) => [n, values[n]])),
        } as Body,
      })),
    );
    const wrong: string[] = [];
    for (const { kind, body } of cases) {
      const want = expected(kind, body);
      const r = await buy(body, { key });
      const got =
        r.status === 400 ? `400 ${r.body.error.details.map((d: Body) => d.parameter).join(',')}` : `${r.status}`;
      const wanted = want.parameter ? `400 ${want.parameter}` : `${want.status}`;
      if (got !== wanted)
        wrong.push(`${kind} ${Object.keys(body).slice(1).join('+') || '(none)'}: ${got}, not ${wanted}`);
    }
    expect(cases).toHaveLength(128);
    expect(wrong).toEqual([]);
  });

  it('answers any body with its envelope, never a 5xx', async () => {
    c ??= await catalogue(server().store);
    const key = await keyOf('full');
    const value = fc.oneof(
      fc.constantFrom(c.airtime.id, c.prepaid.id, '08011111111', '1111111111111', '1212121212', '100.00', '13.13'),
      fc.string({ maxLength: 16 }),
      fc.integer(),
      fc.constant(null),
    );
    const member = fc.constantFrom(
      'product_id',
      'phone_number',
      'meter_number',
      'smart_number',
      'smartcard_number',
      'amount',
      'external_reference',
      'network',
    );
    await fc.assert(
      fc.asyncProperty(fc.dictionary(member, value, { maxKeys: 5 }), async (body) => {
        const r = await buy(body, { key });
        expect(r.status).toBeLessThan(500);
        expect(r.body.status.code).toBe(r.status);
        if (r.status >= 400) expect(typeof r.body.error.code).toBe('string');
      }),
      { numRuns: 50 },
    );
  });
});
