import { describe, expect, it } from 'vitest';
import { ContractSchemas, loadBundle } from '../../conformance/contract-schemas.ts';
import {
  EXTERNAL_REFERENCE_PATTERN,
  PRODUCT_KINDS,
  TRANSACTION_CATEGORIES,
  TRANSACTION_STATUSES,
  type Network,
} from '../domain.ts';
import type { TransactionRow } from '../store/types.ts';
import { buildCatalogue } from './catalogue.ts';
import { historyOf } from './history.ts';
import { naira, parseKobo } from '../money.ts';
import { FIRST_CHECK_MS, PENDING_SCENARIOS, unitsFor } from './purchases.ts';
import { toTransaction } from '../handlers/transactions.ts';
import {
  balanceOfTransactions,
  COVERAGE_SIZE,
  DEFAULT_TRANSACTION_COUNT,
  DEMO_BALANCE_FLOOR_KOBO,
  generateTransactions,
  NETWORK_PREFIXES,
  SENSIBLE_STATUSES,
  type GenerateTransactionsOptions,
} from './transactions.ts';

const NOW = new Date('2026-11-23T10:00:00.000Z');
const DAY = 86_400_000;
const BASE: GenerateTransactionsOptions = {
  accountId: '6f1c2a9e-8b1d-5c7a-9e2f-5a4b3c2d1e0f',
  environment: 'sandbox',
  seed: 20261123,
  now: NOW,
};
const rows = generateTransactions(BASE);
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const MONEY = /^(0|[1-9][0-9]*)\.[0-9]{2}$/;

/** The wire shape (as handlers/transactions.ts builds it), for validation against the contract. */
/** The rows as the API sends them: the handlers' own mapper, so the check covers what partners see. */
const wire = (t: TransactionRow) => toTransaction(t);

describe('generateTransactions', () => {
  it(`generates ${DEFAULT_TRANSACTION_COUNT} rows by default (at least 250), for the given account`, () => {
    expect(rows).toHaveLength(DEFAULT_TRANSACTION_COUNT);
    expect(rows.length).toBeGreaterThanOrEqual(250);
    expect(rows.every((t) => t.account_id === BASE.accountId)).toBe(true);
  });

  it('is deterministic: the same inputs give identical rows', () => {
    expect(generateTransactions(BASE)).toEqual(rows);
  });

  it('keeps ids, amounts and statuses but moves the times with `now` (same offsets)', () => {
    const later = generateTransactions({ ...BASE, now: new Date(NOW.getTime() + 5 * DAY) });
    expect(later.map((t) => [t.id, t.amount, t.status, t.reference])).toEqual(
      rows.map((t) => [t.id, t.amount, t.status, t.reference]),
    );
    expect(later.map((t) => t.created_at.getTime() - 5 * DAY)).toEqual(rows.map((t) => t.created_at.getTime()));
  });

  it.each([
    { change: 'seed', opts: { seed: 20261124 } },
    { change: 'environment', opts: { environment: 'production' } },
    { change: 'account', opts: { accountId: '00000000-0000-4000-8000-000000000001' } },
  ] as const)('gives different rows when the $change changes', ({ opts }) => {
    const other = generateTransactions({ ...BASE, ...opts });
    expect(other.map((t) => t.id)).not.toEqual(rows.map((t) => t.id));
    const ids = new Set(rows.map((t) => t.id));
    expect(other.filter((t) => ids.has(t.id))).toEqual([]);
  });

  it('honours count', () => {
    expect(generateTransactions({ ...BASE, count: 300 })).toHaveLength(300);
    expect(generateTransactions({ ...BASE, count: 0 })).toEqual([]);
  });

  it.each(TRANSACTION_STATUSES)('covers status %s', (status) => {
    expect(rows.some((t) => t.status === status)).toBe(true);
  });

  it.each(TRANSACTION_CATEGORIES)('covers category %s', (category) => {
    expect(rows.some((t) => t.category === category)).toBe(true);
  });

  it('covers every sensible status x category pair, and every status x product type for purchases', () => {
    for (const category of TRANSACTION_CATEGORIES) {
      for (const status of SENSIBLE_STATUSES[category]) {
        expect(
          rows.some((t) => t.category === category && t.status === status),
          `${category}/${status}`,
        ).toBe(true);
      }
    }
    for (const kind of PRODUCT_KINDS) {
      for (const status of TRANSACTION_STATUSES) {
        expect(
          rows.some((t) => t.product_type === kind && t.status === status),
          `${kind}/${status}`,
        ).toBe(true);
      }
    }
  });

  it('keeps coverage for any seed once count >= COVERAGE_SIZE', () => {
    for (const seed of [1, 2, 'x']) {
      const few = generateTransactions({ ...BASE, seed, count: COVERAGE_SIZE });
      for (const category of TRANSACTION_CATEGORIES) {
        for (const status of SENSIBLE_STATUSES[category])
          expect(few.some((t) => t.category === category && t.status === status)).toBe(true);
      }
    }
  });

  it('uses only sensible statuses per category', () => {
    for (const t of rows) expect(SENSIBLE_STATUSES[t.category]).toContain(t.status);
  });

  it('makes purchases the majority (about 60%)', () => {
    const share = rows.filter((t) => t.category === 'purchase').length / rows.length;
    expect(share).toBeGreaterThan(0.5);
    expect(share).toBeLessThan(0.7);
  });

  it('validates every row against the contract Transaction schema', () => {
    const contract = new ContractSchemas(loadBundle());
    for (const t of rows)
      expect(contract.validate('#/components/schemas/Transaction', wire(t)), t.reference).toEqual([]);
  });

  it('gives v4-shaped unique ids and unique BPT references', () => {
    expect(rows.every((t) => UUID_V4.test(t.id))).toBe(true);
    expect(new Set(rows.map((t) => t.id)).size).toBe(rows.length);
    expect(rows.every((t) => /^BPT[0-9A-Z]{13}$/.test(t.reference))).toBe(true);
    expect(new Set(rows.map((t) => t.reference)).size).toBe(rows.length);
  });

  it('gives about half of the rows a well-formed external_reference, unique per account', () => {
    const refs = rows.flatMap((t) => (t.external_reference === null ? [] : [t.external_reference]));
    expect(refs.length / rows.length).toBeGreaterThanOrEqual(0.45);
    expect(refs.length / rows.length).toBeLessThanOrEqual(0.55);
    expect(refs.every((r) => EXTERNAL_REFERENCE_PATTERN.test(r))).toBe(true);
    expect(new Set(refs).size).toBe(refs.length);
  });

  it('does money in exact kobo: product_amount + fee_amount = total_debit = amount, two decimals', () => {
    for (const t of rows) {
      for (const v of [t.amount, t.product_amount, t.fee_amount, t.total_debit]) expect(v).toMatch(MONEY);
      expect(parseKobo(t.product_amount) + parseKobo(t.fee_amount)).toBe(parseKobo(t.total_debit));
      expect(t.amount).toBe(t.total_debit);
      expect(parseKobo(t.amount)).toBeGreaterThan(0);
      expect(t.currency).toBe('NGN');
    }
  });

  it('creates every row within (now - 90 days, now], with updated_at >= created_at (equal when pending)', () => {
    for (const t of rows) {
      const created = t.created_at.getTime();
      expect(Number.isInteger(created)).toBe(true);
      expect(created).toBeGreaterThan(NOW.getTime() - 90 * DAY);
      expect(created).toBeLessThanOrEqual(NOW.getTime());
      expect(t.updated_at.getTime()).toBeGreaterThanOrEqual(created);
      expect(t.updated_at.getTime()).toBeLessThanOrEqual(NOW.getTime());
      if (t.status === 'pending') expect(t.updated_at.getTime()).toBe(created);
    }
  });

  it('spreads rows over the window (oldest in the first week, newest in the last day)', () => {
    const times = rows.map((t) => t.created_at.getTime());
    expect(Math.min(...times)).toBeLessThan(NOW.getTime() - 83 * DAY);
    expect(Math.max(...times)).toBeGreaterThan(NOW.getTime() - DAY);
  });

  it('returns rows newest first', () => {
    for (let i = 1; i < rows.length; i++)
      expect(rows[i - 1]!.created_at.getTime()).toBeGreaterThanOrEqual(rows[i]!.created_at.getTime());
  });

  it('fills product, number and fee for purchases only, each kind with its own number', () => {
    const catalogue = new Map(buildCatalogue('sandbox').map((p) => [p.id, p]));
    const allPrefixes = Object.values(NETWORK_PREFIXES).flat();
    const magic = new Set<string>(Object.values(PENDING_SCENARIOS).flatMap((v) => [v.phone, v.meter, v.smartcard]));
    for (const t of rows) {
      if (t.category !== 'purchase') {
        expect([
          t.product_type,
          t.product_id,
          t.phone_number,
          t.meter_number,
          t.smartcard_number,
          t.token,
          t.units,
        ]).toEqual([null, null, null, null, null, null, null]);
        expect(t.price_basis).toBe('fixed');
        continue;
      }
      const product = catalogue.get(t.product_id!)!;
      expect(product?.kind).toBe(t.product_type);
      expect(t.fee_amount).toBe(t.product_type === 'electricity' ? '100.00' : '0.00');
      const numbers = { phone: t.phone_number, meter: t.meter_number, smartcard: t.smartcard_number };
      if (t.product_type === 'electricity') {
        expect(numbers).toEqual({ phone: null, meter: expect.stringMatching(/^[0-9]{11,13}$/), smartcard: null });
        expect(t.price_basis).toBe('face_value');
        continue;
      }
      if (t.product_type === 'cabletv') {
        expect(numbers).toEqual({ phone: null, meter: null, smartcard: expect.stringMatching(/^[0-9]{10,11}$/) });
        expect(t.product_amount).toBe((product.attributes.price as { amount: string }).amount);
        continue;
      }
      expect(numbers).toEqual({ phone: expect.stringMatching(/^0[789][01][0-9]{8}$/), meter: null, smartcard: null });
      expect(t.price_basis).toBe(t.product_type === 'airtime' ? 'face_value' : 'fixed');
      // Sandbox scenario numbers need not match the network (the sandbox accepts any); every other one does.
      if (!magic.has(t.phone_number!)) {
        expect(allPrefixes).toContain(t.phone_number!.slice(0, 4));
        expect(NETWORK_PREFIXES[product.network as Network]).toContain(t.phone_number!.slice(0, 4));
      }
      if (t.product_type === 'dataplan')
        expect(t.product_amount).toBe((product.attributes.price as { amount: string }).amount);
    }
  });

  it('describes purchases like the API does', () => {
    const names = new Map(buildCatalogue('sandbox').map((p) => [p.id, String(p.attributes.display_name)]));
    for (const t of rows.filter((r) => r.category === 'purchase')) {
      const name = names.get(t.product_id!)!;
      const expected = {
        airtime: `${name.replace(/ Airtime$/, '')} airtime ${t.product_amount} for ${t.phone_number}`,
        dataplan: `${name} for ${t.phone_number}`,
        electricity: `${name} ${t.product_amount} for meter ${t.meter_number}`,
        cabletv: `${name} for smartcard ${t.smartcard_number}`,
      }[t.product_type as 'airtime'];
      expect(t.description).toBe(expected);
    }
    expect(rows.map((t) => t.description)).toContain('Wallet funding via bank transfer');
    expect(rows.some((t) => /^MTN airtime [0-9]+\.[0-9]{2} for 0[0-9]{10}$/.test(t.description))).toBe(true);
  });

  it('gives successful and reversed prepaid electricity a 20-digit token and the units of the tariff, and nothing else one', () => {
    const prepaid = new Set(
      buildCatalogue('sandbox')
        .filter((p) => p.meter_type === 'prepaid')
        .map((p) => p.id),
    );
    let delivered = 0;
    for (const t of rows) {
      const should = prepaid.has(t.product_id ?? '') && (t.status === 'successful' || t.status === 'reversed');
      if (!should) {
        expect([t.token, t.units]).toEqual([null, null]);
        continue;
      }
      delivered++;
      expect(t.token).toMatch(/^[0-9]{20}$/);
      expect(t.units).toBe(unitsFor(parseKobo(t.product_amount)));
    }
    expect(delivered).toBeGreaterThan(0);
    expect(unitsFor(500_000)).toBe('73.0 kWh'); // NGN 5,000.00 / 68.50
    expect(unitsFor(547_945)).toBe('80.0 kWh');
  });

  it('schedules a first settlement check for pending purchases only, with sandbox scenario numbers', () => {
    const settleable = new Set<string>(
      Object.values(PENDING_SCENARIOS).flatMap((v) => [v.phone, v.meter, v.smartcard]),
    );
    for (const env of ['sandbox', 'production'] as const) {
      const all = generateTransactions({ ...BASE, environment: env });
      const pending = all.filter((t) => t.category === 'purchase' && t.status === 'pending');
      expect(pending.length).toBeGreaterThanOrEqual(4);
      for (const t of all) {
        const due = t.category === 'purchase' && t.status === 'pending';
        expect(t.next_check_at).toEqual(due ? new Date(t.created_at.getTime() + FIRST_CHECK_MS) : null);
        expect(t.check_attempts).toBe(0);
        const number = t.phone_number ?? t.meter_number ?? t.smartcard_number ?? '';
        // In production no value is magic; in the sandbox every pending purchase tells a scenario's story.
        if (due) expect(settleable.has(number), `${env} ${t.description}`).toBe(env === 'sandbox');
      }
    }
  });

  it('starts the history with the opening funding, raised only as far as the balance floor needs', () => {
    const oldest = rows.at(-1)!;
    expect([oldest.category, oldest.status, oldest.description]).toEqual([
      'funding',
      'successful',
      'Wallet funding via bank transfer',
    ]);
    expect(parseKobo(oldest.amount)).toBeGreaterThanOrEqual(naira(1_000_000));
    for (let seed = 0; seed < 40; seed++) {
      const all = generateTransactions({ ...BASE, seed });
      // The opening funding: the only one of NGN 1,000,000 or more (others are at most 500,000).
      const openings = all.filter((t) => t.category === 'funding' && parseKobo(t.amount) >= naira(1_000_000));
      expect(openings).toHaveLength(1);
      const opening = parseKobo(openings[0]!.amount);
      const balance = balanceOfTransactions(all);
      expect(balance, `seed ${seed}`).toBeGreaterThanOrEqual(DEMO_BALANCE_FLOOR_KOBO);
      // Raised in steps of NGN 10,000: one step less would leave it under the floor.
      if (opening > naira(1_000_000)) expect(balance - naira(10_000)).toBeLessThan(DEMO_BALANCE_FLOOR_KOBO);
      expect((opening - naira(1_000_000)) % naira(10_000)).toBe(0);
    }
  });
});

describe('historyOf', () => {
  const ALLOWED = new Set([
    'null>pending',
    'null>successful',
    'pending>successful',
    'pending>failed',
    'successful>reversed',
  ]);
  it('gives every transaction a history that ends in its status, through allowed moves, between its instants', () => {
    const history = historyOf(rows);
    const byTx = new Map<string, typeof history>();
    for (const e of history) byTx.set(e.transaction_id, [...(byTx.get(e.transaction_id) ?? []), e]);
    expect(byTx.size).toBe(rows.length);
    for (const t of rows) {
      const h = byTx.get(t.id)!;
      expect(h[0]!.from_status).toBeNull();
      if (t.category === 'purchase') expect(h[0]!.to_status).toBe('pending');
      expect(h.at(-1)!.to_status).toBe(t.status);
      for (let i = 0; i < h.length; i++) {
        expect(ALLOWED.has(`${h[i]!.from_status}>${h[i]!.to_status}`)).toBe(true);
        if (i > 0) expect(h[i]!.from_status).toBe(h[i - 1]!.to_status);
        if (i > 0) expect(h[i]!.at.getTime()).toBeGreaterThanOrEqual(h[i - 1]!.at.getTime());
      }
      expect(h[0]!.at).toEqual(t.created_at);
      if (h.length > 1) expect(h.at(-1)!.at).toEqual(t.updated_at);
    }
  });
});

describe('balanceOfTransactions', () => {
  const tx = (over: Partial<TransactionRow>): TransactionRow => ({ ...rows[0]!, ...over });
  it.each([
    {
      name: 'successful funding credits',
      t: { category: 'funding', status: 'successful', amount: '100.50' },
      kobo: 10_050,
    },
    {
      name: 'pending funding does not credit',
      t: { category: 'funding', status: 'pending', amount: '100.00' },
      kobo: 0,
    },
    {
      name: 'successful purchase debits',
      t: { category: 'purchase', status: 'successful', total_debit: '1210.00' },
      kobo: -121_000,
    },
    {
      name: 'pending purchase is held',
      t: { category: 'purchase', status: 'pending', total_debit: '10.00' },
      kobo: -1_000,
    },
    {
      name: 'failed purchase leaves no trace',
      t: { category: 'purchase', status: 'failed', total_debit: '10.00' },
      kobo: 0,
    },
    {
      name: 'reversed withdrawal leaves no trace',
      t: { category: 'withdrawal', status: 'reversed', total_debit: '10.00' },
      kobo: 0,
    },
    {
      name: 'successful commission credits',
      t: { category: 'commission', status: 'successful', amount: '0.01' },
      kobo: 1,
    },
  ] as const)('$name', ({ t, kobo }) => {
    expect(balanceOfTransactions([tx(t)])).toBe(kobo);
  });
});
