import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { CABLE_PROVIDER_NAMES } from '../demo/catalogue.ts';
import { ENVIRONMENTS, METER_TYPES, PRODUCT_KINDS, type Environment } from '../domain.ts';
import { BillerTimeoutError } from './errors.ts';
import { reachesVend, SIMULATOR_SCENARIOS, TIMEOUT_AMOUNT } from './scenarios.ts';
import { SimulatedBiller, TIMEOUT_WAIT_MS } from './simulator.ts';
import { tokenFor, unitsFor } from './synthetic.ts';
import { order, product, productsOf, scenarioOrder, T0 } from '../../test/helpers/biller-orders.ts';
import type { VendOrder, VendResult } from './types.ts';

/** A simulator whose clock reads T0 + ms. */
const sim = (ms = 0) => new SimulatedBiller({ now: () => new Date(T0.getTime() + ms), timeoutWaitMs: 0 });
const DAY = 86_400_000;

async function answer(p: Promise<VendResult>): Promise<VendResult | 'timeout'> {
  try {
    return await p;
  } catch (e) {
    if (e instanceof BillerTimeoutError) return 'timeout';
    throw e;
  }
}
const status = async (p: Promise<VendResult>) => {
  const a = await answer(p);
  return a === 'timeout' ? a : a.status;
};

const purchases = SIMULATOR_SCENARIOS.filter(reachesVend);
const MAGIC = {
  phone_number: purchases.flatMap((s) => s.when.phone_number ?? []),
  meter_number: SIMULATOR_SCENARIOS.flatMap((s) => s.when.meter_number ?? []),
  smartcard_number: SIMULATOR_SCENARIOS.flatMap((s) => s.when.smartcard_number ?? []),
};

describe('sandbox purchase scenarios', () => {
  it.each(purchases.map((s) => [s.name, s] as const))(
    '%s: vend answers the outcome; requery the outcome until after_seconds, then the final state',
    async (_n, s) => {
      const o = scenarioOrder(s);
      const due = (s.after_seconds ?? 0) * 1000;
      // The vend answer is the scenario's first state however late it is asked (the 201 always shows `outcome`).
      for (const ms of [0, due + DAY]) expect(await status(sim(ms).vend(o))).toBe(s.timeout ? 'timeout' : s.outcome);
      if (s.then === null) {
        for (const ms of [0, DAY]) expect(await status(sim(ms).requery(o))).toBe(s.outcome);
      } else {
        expect(await status(sim(due - 1).requery(o))).toBe(s.outcome);
        for (const ms of [due, due + DAY]) expect(await status(sim(ms).requery(o))).toBe(s.then);
      }
    },
  );

  it.each(purchases.filter((s) => s.then !== null).map((s) => [s.name, s] as const))(
    '%s: tells the worker when the final state is due',
    async (_n, s) => {
      const o = scenarioOrder(s);
      const due = new Date(T0.getTime() + s.after_seconds! * 1000);
      const first = await answer(sim(0).requery(o));
      expect(first !== 'timeout' && 'recheck_at' in first ? first.recheck_at : null).toEqual(due);
    },
  );

  it('lets a magic number win over the magic amount', async () => {
    const o = order({ phone_number: '08033333333', product_amount: TIMEOUT_AMOUNT });
    expect(await status(sim().vend(o))).toBe('pending');
    expect(await status(sim(3000).requery(o))).toBe('failed');
  });
});

const phone = fc.stringMatching(/^(0[0-9]{10}|234[0-9]{10})$/);
const meter = fc.stringMatching(/^[0-9]{11,13}$/);
const smartcard = fc.stringMatching(/^[0-9]{10,11}$/);
const kobo = fc
  .integer({ min: 1, max: 99_999_999_999 })
  .map((k) => `${Math.floor(k / 100)}.${String(k % 100).padStart(2, '0')}`);
const anyOrder = (
  environment: Environment,
  numbers: {
    phone: fc.Arbitrary<string>;
    meter: fc.Arbitrary<string>;
    card: fc.Arbitrary<string>;
    amount: fc.Arbitrary<string>;
  },
) =>
  fc
    .record({
      product_type: fc.constantFrom(...PRODUCT_KINDS),
      phone: numbers.phone,
      meter: numbers.meter,
      card: numbers.card,
      amount: numbers.amount,
      meter_type: fc.constantFrom(...METER_TYPES),
      created: fc.integer({ min: -DAY, max: DAY }),
    })
    .map((r): VendOrder =>
      order({
        environment,
        product_type: r.product_type,
        phone_number: r.phone,
        meter_number: r.product_type === 'electricity' ? r.meter : null,
        meter_type: r.product_type === 'electricity' ? r.meter_type : null,
        smartcard_number: r.product_type === 'cabletv' ? r.card : null,
        product_amount: r.amount,
        created_at: new Date(T0.getTime() + r.created),
      }),
    );

describe('ordinary values and production', () => {
  const notMagic = (list: string[]) => (v: string) => !list.includes(v);
  const ordinarySandbox = anyOrder('sandbox', {
    phone: phone.filter(notMagic(MAGIC.phone_number)),
    meter: meter.filter(notMagic(MAGIC.meter_number)),
    card: smartcard.filter(notMagic(MAGIC.smartcard_number)),
    amount: kobo.filter((a) => a !== TIMEOUT_AMOUNT),
  });
  const withMagic = (arb: fc.Arbitrary<string>, magic: string[]) => fc.oneof(fc.constantFrom(...magic), arb);
  const anyProduction = anyOrder('production', {
    phone: withMagic(phone, MAGIC.phone_number),
    meter: withMagic(meter, MAGIC.meter_number),
    card: withMagic(smartcard, MAGIC.smartcard_number),
    amount: withMagic(kobo, [TIMEOUT_AMOUNT]),
  });

  it.each([
    ['sandbox, any value outside the table', ordinarySandbox],
    ['production, any value (none is magic)', anyProduction],
  ] as const)('%s: vend and every requery are successful at once, never to be rechecked', async (_n, orders) => {
    await fc.assert(
      fc.asyncProperty(orders, fc.integer({ min: 0, max: 10 * DAY }), async (o, later) => {
        for (const a of [await sim(0).vend(o), await sim(later).requery(o)]) {
          expect(a.status).toBe('successful');
          expect(a).not.toHaveProperty('recheck_at');
        }
      }),
    );
  });

  it('answers the same for the same order and instant, from any instance (stateless)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(ordinarySandbox, anyProduction), fc.integer({ min: 0, max: 10_000 }), async (o, ms) => {
        expect(await answer(sim(ms).requery(o))).toEqual(await answer(sim(ms).requery(o)));
      }),
    );
  });
});

describe('tokens and units', () => {
  it('gives a prepaid electricity purchase a 20-digit token from its id and its units; vend and requery agree', async () => {
    const o = order({ product_type: 'electricity', meter_type: 'prepaid', product_amount: '5473.15' });
    const vend = await sim().vend(o);
    expect(vend).toEqual({ status: 'successful', token: tokenFor(o.id), units: '79.9 kWh' });
    expect(vend).toMatchObject({ token: expect.stringMatching(/^[0-9]{20}$/) });
    expect(await sim(DAY).requery(o)).toEqual(vend);
  });

  it('gives the token once the pending purchase succeeds', async () => {
    const o = order({ product_type: 'electricity', meter_number: '2222222222222', meter_type: 'prepaid' });
    expect(await sim(3000).requery(o)).toEqual({
      status: 'successful',
      token: tokenFor(o.id),
      units: unitsFor(o.product_amount),
    });
  });

  it.each([
    ['postpaid electricity', { product_type: 'electricity', meter_type: 'postpaid' }],
    ['airtime', { product_type: 'airtime' }],
    ['data', { product_type: 'dataplan' }],
    ['cable TV', { product_type: 'cabletv' }],
  ] as const)('gives %s no token and no units', async (_n, o) => {
    expect(await sim().vend(order(o))).toEqual({ status: 'successful' });
  });
});

describe('verification', () => {
  const meterQuery = (environment: Environment, meter_number: string, meter_type: 'prepaid' | 'postpaid' = 'prepaid') =>
    sim().verifyMeter({ environment, product: product(environment, 'electricity', meter_type), meter_number });

  it('does not find the sandbox not-found meter and smartcard, and finds them in production', async () => {
    const card = (environment: Environment) =>
      sim().verifySmartcard({ environment, product: product(environment, 'cabletv'), smartcard_number: '0000000000' });
    expect([await meterQuery('sandbox', '0000000000000'), await card('sandbox')]).toEqual([null, null]);
    expect(await meterQuery('production', '0000000000000')).toMatchObject({ meter_number: '0000000000000' });
    expect(await card('production')).toMatchObject({ smartcard_number: '0000000000' });
  });

  it.each([
    ['1111111111111', 'prepaid', 'postpaid'],
    ['1010101010101', 'postpaid', 'prepaid'],
  ] as const)(
    'sandbox meter %s is %s: found with such a product, not found with a %s one',
    async (meterNumber, type, other) => {
      expect(await meterQuery('sandbox', meterNumber, type)).toMatchObject({ meter_type: type });
      expect(await meterQuery('sandbox', meterNumber, other)).toBeNull();
    },
  );

  it("finds any other meter with any electricity product, of the product's type and distributor, with a stable customer", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ENVIRONMENTS),
        meter.filter((m) => !MAGIC.meter_number.includes(m)),
        fc.nat(23),
        async (environment, meter_number, i) => {
          const p = productsOf(environment, 'electricity')[i]!;
          const info = await sim().verifyMeter({ environment, product: p, meter_number });
          expect(info).toEqual({
            meter_number,
            meter_type: p.meter_type,
            distributor: p.distributor,
            customer_name: expect.stringMatching(/^[A-Z][a-z]+ [A-Z][a-z]+$/),
            address: expect.stringMatching(/^\d+ [A-Za-z ]+, [A-Za-z ,]+$/),
          });
          expect(await sim(DAY).verifyMeter({ environment, product: p, meter_number })).toEqual(info);
        },
      ),
    );
  });

  it("finds any other smartcard with a bouquet of the product's provider and a due date 1-31 days ahead", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ENVIRONMENTS),
        smartcard.filter((c) => !MAGIC.smartcard_number.includes(c)),
        fc.nat(),
        fc.integer({ min: 0, max: 400 * DAY }),
        async (environment, smartcard_number, i, ms) => {
          const bouquets = productsOf(environment, 'cabletv');
          const p = bouquets[i % bouquets.length]!;
          const info = (await sim(ms).verifySmartcard({ environment, product: p, smartcard_number }))!;
          expect(info).toMatchObject({
            smartcard_number,
            provider: p.provider,
            customer_name: expect.stringMatching(/^[A-Z][a-z]+ [A-Z][a-z]+$/),
          });
          expect(info.current_bouquet.startsWith(`${CABLE_PROVIDER_NAMES[p.provider!]} `)).toBe(true);
          expect(bouquets.map((b) => b.attributes.display_name)).toContain(info.current_bouquet);
          const lagosToday = Date.parse(new Date(T0.getTime() + ms + 3_600_000).toISOString().slice(0, 10));
          const ahead = (Date.parse(info.due_date) - lagosToday) / DAY;
          expect(ahead >= 1 && ahead <= 31, `${info.due_date} is ${ahead} days ahead`).toBe(true);
        },
      ),
    );
  });

  it.each([
    [
      'a meter with a product that is not electricity',
      () =>
        sim().verifyMeter({
          environment: 'sandbox',
          product: product('sandbox', 'cabletv'),
          meter_number: '45678901234',
        }),
    ],
    [
      'a smartcard with a product that is not cable TV',
      () =>
        sim().verifySmartcard({
          environment: 'sandbox',
          product: product('sandbox', 'electricity'),
          smartcard_number: '7012345678',
        }),
    ],
  ])('does not find %s', async (_n, query) => {
    expect(await query()).toBeNull();
  });
});

describe('the timeout scenario', () => {
  it('keeps the vend waiting as an unanswering biller does, then gives up (so a second request meets the first in flight)', async () => {
    vi.useFakeTimers();
    try {
      const slow = new SimulatedBiller({ now: () => T0 });
      const timeout = scenarioOrder({ operation: 'createAirtimePurchase', when: { amount: TIMEOUT_AMOUNT } });
      let settled = false;
      const vend = slow
        .vend(timeout)
        .then(
          () => 'answered',
          (e: unknown) => (e instanceof BillerTimeoutError ? 'timeout' : 'other'),
        )
        .finally(() => {
          settled = true;
        });
      await vi.advanceTimersByTimeAsync(TIMEOUT_WAIT_MS - 1);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(await vend).toBe('timeout');
    } finally {
      vi.useRealTimers();
    }
  });
});
