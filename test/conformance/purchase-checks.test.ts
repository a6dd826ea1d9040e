/**
 * The checks of purchases on canned data — the contract's own examples, then each promise broken once — and, where
 * a check is arithmetic or a rule over sequences, properties over whole classes of inputs (fast-check).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { idempotentConcurrencyConformance } from '../../conformance/checks/idempotent_concurrency_conformance.ts';
import { idempotentReplayConformance } from '../../conformance/checks/idempotent_replay_conformance.ts';
import { locationConformance } from '../../conformance/checks/location_conformance.ts';
import { moneyConservation, type Spent } from '../../conformance/checks/money_conservation.ts';
import { purchaseListed } from '../../conformance/checks/purchase_listed.ts';
import { purchaseSettlement } from '../../conformance/checks/purchase_settlement.ts';
import {
  purchaseStateConformance,
  unixSeconds,
  type PurchaseExpectation,
} from '../../conformance/checks/purchase_state_conformance.ts';
import { verificationConformance } from '../../conformance/checks/verification_conformance.ts';
import { headWithoutGet } from '../../conformance/checks/head_mirrors_get.ts';
import { example, response } from './support/canned.ts';

const messages = (ps: { message: string }[]) => ps.map((p) => p.message);

describe('purchase_state_conformance', () => {
  const electricity = (): { tx: any; e: PurchaseExpectation } => ({
    tx: example('ElectricityPurchaseTokenIssued').data,
    e: {
      status: 'successful',
      productType: 'electricity',
      body: example('ElectricityPurchaseBody') as Record<string, string>,
      productAmount: 500_000n,
      feeKobo: 10_000n,
      prepaid: true,
    },
  });
  it.each([
    ['AirtimePurchaseSuccessful', 'AirtimePurchaseBody', 'airtime', 'successful', 50_000n, 0n, null],
    ['ElectricityPurchaseTokenIssued', 'ElectricityPurchaseBody', 'electricity', 'successful', 500_000n, 10_000n, true],
    ['DataPurchasePending', 'DataPurchaseBody', 'dataplan', 'pending', 120_000n, 0n, null],
    ['CableTvPurchaseSuccessful', 'CableTvPurchaseBody', 'cabletv', 'successful', 1_900_000n, 0n, null],
  ] as const)(
    'the contract example %s is the purchase of %s',
    (tx, body, productType, status, productAmount, feeKobo, prepaid) => {
      const e = { status, productType, body: example(body) as Record<string, string>, productAmount, feeKobo, prepaid };
      expect(purchaseStateConformance(example(tx).data, e)).toEqual([]);
    },
  );
  it.each([
    [
      'another state',
      (x: any) => {
        x.tx.attributes.status = 'pending';
      },
      'status is "pending"',
    ],
    [
      'another category',
      (x: any) => {
        x.tx.attributes.category = 'funding';
      },
      'category is "funding"',
    ],
    [
      'another meter',
      (x: any) => {
        x.tx.attributes.meter_number = '11111111111';
      },
      'meter_number is "11111111111"',
    ],
    [
      'amount ≠ total_debit',
      (x: any) => {
        x.tx.attributes.amount = '5000.00';
      },
      'amount "5000.00"',
    ],
    [
      'total ≠ product + fee',
      (x: any) => {
        x.tx.attributes.price.total_debit = '5100.01';
        x.tx.attributes.amount = '5100.01';
      },
      '≠ total_debit "5100.01"',
    ],
    [
      'another fee',
      (x: any) => {
        x.e.feeKobo = 0n;
      },
      'price.fee_amount is "100.00"',
    ],
    [
      'another product amount',
      (x: any) => {
        x.e.productAmount = 400_000n;
      },
      'price.product_amount is "5000.00"',
    ],
    [
      'the reference not echoed',
      (x: any) => {
        x.tx.attributes.reference = 'PUR-01JD3Z8K4M6N7P8Q9R0S1T2V3W';
      },
      'reference is "PUR-',
    ],
    [
      'a generated reference of another form',
      (x: any) => {
        delete x.e.body.reference;
        x.tx.attributes.reference = 'PUR-123';
      },
      'reference is "PUR-123"',
    ],
    [
      'a generated external_reference of another second',
      (x: any) => {
        delete x.e.body.external_reference; // generated: the partner sent none
        x.tx.attributes.external_reference = '1795166251M2N6PB';
      },
      'external_reference "1795166251M2N6PB"',
    ],
    [
      'a generated external_reference in the Lagos YYMMDDHHmm of before 1.2.0',
      (x: any) => {
        delete x.e.body.external_reference; // generated: the partner sent none
        x.tx.attributes.external_reference = '2611201017M2N6PB';
      },
      'external_reference "2611201017M2N6PB"',
    ],
    [
      'an external_reference other than the one sent',
      (x: any) => {
        x.e.body.external_reference = '1795166250ab12cd';
      },
      'external_reference is "1795166250M2N6PB"',
    ],
    [
      'no token on prepaid',
      (x: any) => {
        x.tx.attributes.token = null;
      },
      'token null',
    ],
    [
      'a token on postpaid',
      (x: any) => {
        x.e.prepaid = false;
      },
      'on a successful postpaid purchase',
    ],
  ])('finds %s', (_n, edit, want) => {
    const x = electricity();
    edit(x);
    expect(messages(purchaseStateConformance(x.tx, x.e)).join(' | ')).toContain(want);
  });
  it('the Unix seconds of an instant are 10 digits, its milliseconds dropped', () => {
    expect(unixSeconds('2026-12-31T23:30:00.999Z')).toBe('1798759800');
    expect(unixSeconds('2001-09-09T01:46:39.000Z')).toBe('0999999999');
  });
  it('takes the external_reference the partner sent, whatever its digits', () => {
    const x = electricity();
    x.e.body.external_reference = x.tx.attributes.external_reference = '0000000001aBcDeF';
    expect(messages(purchaseStateConformance(x.tx, x.e))).toEqual([]);
  });
});

describe('purchase_settlement', () => {
  const STATES = ['pending', 'successful', 'failed', 'reversed'];
  const MOVES: Record<string, string[]> = {
    pending: ['successful', 'failed'],
    successful: ['reversed'],
    failed: [],
    reversed: [],
  };
  const legal = (s: string[]) => s.every((x, i) => i === 0 || x === s[i - 1] || MOVES[s[i - 1]!]!.includes(x));
  it('judges any sequence of statuses by the documented moves', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...STATES), { minLength: 1, maxLength: 8 }), (seq) => {
        const problems = purchaseSettlement(seq, seq.at(-1)!, true, 14_000);
        expect(problems.length === 0).toBe(legal(seq));
      }),
    );
  });
  it('reports a state not reached in time', () =>
    expect(messages(purchaseSettlement(['pending', 'pending'], 'failed', false, 14_000))[0]).toContain(
      'still pending after 14 s',
    ));
});

describe('money_conservation', () => {
  const spent = fc.array(
    fc.record({
      id: fc.uuid(),
      status: fc.constantFrom('pending', 'successful', 'failed', 'reversed'),
      totalDebitKobo: fc.bigInt({ min: 1n, max: 10_000_000_00n }),
    }),
    { maxLength: 30 },
  );
  const kept = (ps: Spent[]) =>
    ps.filter((p) => p.status !== 'failed' && p.status !== 'reversed').reduce((s, p) => s + p.totalDebitKobo, 0n);
  it('accepts exactly the debits of the purchases not refunded, to the kobo', () => {
    fc.assert(
      fc.property(spent, fc.bigInt({ min: 0n, max: 10n ** 12n }), (ps, rest) => {
        expect(moneyConservation(rest + kept(ps), rest, ps)).toEqual([]);
      }),
    );
  });
  it('rejects any other balance (a kobo off, a refund missing, a double debit)', () => {
    fc.assert(
      fc.property(
        spent,
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.bigInt({ min: -(10n ** 9n), max: 10n ** 9n }).filter((d) => d !== 0n),
        (ps, rest, off) => {
          expect(moneyConservation(rest + kept(ps), rest + off, ps).length).toBeGreaterThan(0);
        },
      ),
    );
  });
  it('reports a negative balance', () =>
    expect(messages(moneyConservation(0n, -100n, [])).join()).toContain('the balance is -1.00'));
});

describe('idempotent_replay_conformance', () => {
  const first = () =>
    response(201, example('AirtimePurchaseSuccessful'), {
      location: '/api/partners/sandbox/v1/account/transactions/5d1e9b4c-7a2f-4e3d-8b6c-9f0a1b2c3d4e',
    });
  const replay = () => ({ ...first(), headers: { ...first().headers, 'idempotent-replayed': 'true' } });
  it('accepts the first answer again, marked', () =>
    expect(idempotentReplayConformance(first(), replay())).toEqual([]));
  it.each([
    [
      'an unmarked replay',
      (r: any) => {
        delete r.headers['idempotent-replayed'];
      },
      'Idempotent-Replayed: (none)',
    ],
    [
      'another Location',
      (r: any) => {
        r.headers.location = '/x';
      },
      "the replay's Location is /x",
    ],
    [
      'another body',
      (r: any) => {
        r.text = r.text.replace('5d1e9b4c', '5d1e9b4d');
      },
      'body differs',
    ],
    [
      'another status',
      (r: any) => {
        r.status = 200;
      },
      'the replay is 200',
    ],
  ])('finds %s', (_n, edit, want) => {
    const r = replay();
    edit(r);
    expect(messages(idempotentReplayConformance(first(), r)).join(' | ')).toContain(want);
  });
});

describe('idempotent_concurrency_conformance', () => {
  const created = (id: string, replayed: boolean) => {
    const b = example('AirtimePurchaseSuccessful');
    b.data.id = id;
    return response(201, b, replayed ? { 'idempotent-replayed': 'true' } : {});
  };
  const inUse = () =>
    response(
      409,
      { status: { code: 409, message: 'Conflict' }, error: { code: 'IDEMPOTENCY_KEY_IN_USE', message: 'm' } },
      { 'retry-after': '1' },
    );
  it('accepts one first answer, the others 409 or its replay, in any order', () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { minLength: 0, maxLength: 6 }), fc.nat(6), (others, at) => {
        const answers = others.map((replay) => (replay ? created('a', true) : inUse()));
        answers.splice(Math.min(at, answers.length), 0, created('a', false));
        expect(idempotentConcurrencyConformance(answers)).toEqual([]);
      }),
    );
  });
  it('rejects two purchases under one key', () =>
    expect(messages(idempotentConcurrencyConformance([created('a', false), created('b', false)])).join()).toContain(
      '2 first answers',
    ));
  it('rejects another error', () =>
    expect(
      messages(idempotentConcurrencyConformance([created('a', false), response(500, example('ErrorInternal'))])).join(),
    ).toContain('an answer is 500'));
});

describe('location_conformance, purchase_listed, verification_conformance', () => {
  const tx = () => example('AirtimePurchaseSuccessful').data;
  const base = '/api/partners/sandbox/v1';
  it('Location names the transaction under the base path', () => {
    expect(
      locationConformance(
        response(201, example('AirtimePurchaseSuccessful'), { location: `${base}/account/transactions/${tx().id}` }),
        base,
      ),
    ).toEqual([]);
    expect(
      messages(
        locationConformance(
          response(201, example('AirtimePurchaseSuccessful'), {
            location: `/api/partners/v1/account/transactions/${tx().id}`,
          }),
          base,
        ),
      )[0],
    ).toContain('Location is /api/partners/v1/');
    expect(messages(locationConformance(response(201, example('AirtimePurchaseSuccessful')), base))[0]).toContain(
      'no Location',
    );
  });
  it('a purchase is on the first page, as it was created', () => {
    expect(purchaseListed([example('TransactionDataPlan').data, tx()], tx())).toEqual([]);
    expect(messages(purchaseListed([example('TransactionDataPlan').data], tx()))[0]).toContain(
      'is not on the first page',
    );
  });
  it('a verification is of the number and product asked for', () => {
    const data = example('MeterVerificationOk').data;
    const product = { id: data.attributes.product_id, attributes: { distributor: 'IKEDC' } };
    expect(verificationConformance(data, { type: 'meter', number: '45678901234', product })).toEqual([]);
    expect(messages(verificationConformance(data, { type: 'meter', number: '45678901235', product })).join()).toContain(
      'id is "45678901234"',
    );
    expect(
      messages(
        verificationConformance(data, {
          type: 'meter',
          number: '45678901234',
          product: { ...product, attributes: { distributor: 'EKEDC' } },
        }),
      ).join(),
    ).toContain('attributes.distributor');
  });
});

describe('head_not_allowed_without_get', () => {
  const head = (status: number, allow: string, text = '') => ({
    status,
    headers: { allow },
    text,
    body: undefined,
    isJson: false,
  });
  it('accepts 405, Allow: POST, no body', () => expect(headWithoutGet(head(405, 'POST'), ['POST'])).toEqual([]));
  it.each([
    ['answered as a GET', head(200, ''), 'HEAD answered 200'],
    ['Allow without POST', head(405, 'GET'), "Allow is 'GET'"],
    ['Allow offering HEAD', head(405, 'POST, HEAD'), "Allow is 'POST, HEAD'"],
    ['a body', head(405, 'POST', '{}'), 'a body of 2 bytes'],
  ])('finds %s', (_n, res, want) => expect(messages(headWithoutGet(res, ['POST'])).join()).toContain(want));
});
