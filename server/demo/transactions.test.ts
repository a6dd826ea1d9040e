import { describe, expect, it } from 'vitest';
import { ContractSchemas, loadBundle } from '../../conformance/contract-schemas.ts';
import {
  EXTERNAL_REFERENCE_PATTERN, NETWORKS, PRODUCT_KINDS, TRANSACTION_CATEGORIES, TRANSACTION_STATUSES, type Network,
} from '../domain.ts';
import type { TransactionRow } from '../store/types.ts';
import { buildCatalogue, NETWORK_NAMES } from './catalogue.ts';
import { parseKobo } from './money.ts';
import {
  balanceOfTransactions, COVERAGE_SIZE, DEFAULT_TRANSACTION_COUNT, generateTransactions, NETWORK_PREFIXES,
  SENSIBLE_STATUSES, type GenerateTransactionsOptions,
} from './transactions.ts';

const NOW = new Date('2026-11-23T10:00:00.000Z');
const DAY = 86_400_000;
const BASE: GenerateTransactionsOptions = {
  accountId: '6f1c2a9e-8b1d-5c7a-9e2f-5a4b3c2d1e0f', environment: 'sandbox', seed: 20261123, now: NOW,
};
const rows = generateTransactions(BASE);
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const MONEY = /^(0|[1-9][0-9]*)\.[0-9]{2}$/;

/** The wire shape (as handlers/transactions.ts builds it), for validation against the contract. */
const wire = (t: TransactionRow) => ({
  id: t.id,
  type: 'transaction',
  attributes: {
    amount: t.amount, currency: t.currency, status: t.status, category: t.category, description: t.description,
    reference: t.reference, external_reference: t.external_reference, product_type: t.product_type,
    phone_number: t.phone_number, meter_number: t.meter_number,
    price: { product_amount: t.product_amount, fee_amount: t.fee_amount, total_debit: t.total_debit, currency: t.currency, basis: t.price_basis },
    created_at: t.created_at.toISOString(), updated_at: t.updated_at.toISOString(),
  },
});

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
    expect(later.map((t) => [t.id, t.amount, t.status, t.reference])).toEqual(rows.map((t) => [t.id, t.amount, t.status, t.reference]));
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
        expect(rows.some((t) => t.category === category && t.status === status), `${category}/${status}`).toBe(true);
      }
    }
    for (const kind of PRODUCT_KINDS) {
      for (const status of TRANSACTION_STATUSES) {
        expect(rows.some((t) => t.product_type === kind && t.status === status), `${kind}/${status}`).toBe(true);
      }
    }
  });

  it('keeps coverage for any seed once count >= COVERAGE_SIZE', () => {
    for (const seed of [1, 2, 'x']) {
      const few = generateTransactions({ ...BASE, seed, count: COVERAGE_SIZE });
      for (const category of TRANSACTION_CATEGORIES) {
        for (const status of SENSIBLE_STATUSES[category]) expect(few.some((t) => t.category === category && t.status === status)).toBe(true);
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
    for (const t of rows) expect(contract.validate('#/components/schemas/Transaction', wire(t)), t.reference).toEqual([]);
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
    for (let i = 1; i < rows.length; i++) expect(rows[i - 1]!.created_at.getTime()).toBeGreaterThanOrEqual(rows[i]!.created_at.getTime());
  });

  it('fills product_type, phone and meter for purchases only, with numbers matching the network', () => {
    const products = new Map(buildCatalogue('sandbox').map((p) => [String(p.attributes.display_name), p]));
    const allPrefixes = Object.values(NETWORK_PREFIXES).flat();
    for (const t of rows) {
      if (t.category !== 'purchase') {
        expect([t.product_type, t.phone_number, t.meter_number]).toEqual([null, null, null]);
        expect(t.price_basis).toBe('fixed');
        continue;
      }
      expect(PRODUCT_KINDS).toContain(t.product_type);
      if (t.product_type === 'electricity') {
        expect(t.phone_number).toBeNull();
        expect(t.meter_number).toMatch(/^[0-9]{11,13}$/);
        expect(t.description).toContain(t.meter_number);
        expect(t.price_basis).toBe('face_value');
        continue;
      }
      expect(t.meter_number).toBeNull();
      expect(t.phone_number).toMatch(/^0[789][01][0-9]{8}$/);
      expect(t.description).toContain(t.phone_number);
      expect(allPrefixes).toContain(t.phone_number!.slice(0, 4));
      expect(t.price_basis).toBe(t.product_type === 'airtime' ? 'face_value' : 'fixed');
      if (t.product_type === 'airtime' || t.product_type === 'dataplan') {
        const network = NETWORKS.find((n) => t.description.startsWith(`${NETWORK_NAMES[n]} `)) as Network;
        expect(NETWORK_PREFIXES[network]).toContain(t.phone_number!.slice(0, 4));
      }
      if (t.product_type === 'dataplan') {
        const name = t.description.replace(/ data for .*$/, '');
        const product = products.get(name);
        expect(product?.kind, name).toBe('dataplan');
        expect(t.product_amount).toBe((product!.attributes.price as { amount: string }).amount);
      }
    }
  });

  it('writes realistic descriptions', () => {
    const descriptions = rows.map((t) => t.description);
    expect(descriptions).toContain('Wallet funding via bank transfer');
    expect(descriptions.some((d) => /^[A-Za-z0-9]+ [0-9.]+(MB|GB) (Daily|Weekly|Monthly) data for 0[0-9]{10}$/.test(d))).toBe(true);
    expect(descriptions.some((d) => /^Commission on /.test(d))).toBe(true);
    expect(descriptions.some((d) => /^Promo credit: /.test(d))).toBe(true);
    expect(descriptions.some((d) => / token for meter [0-9]{11,13}$/.test(d))).toBe(true);
  });

  it('starts the history with the opening funding', () => {
    const oldest = rows.at(-1)!;
    expect([oldest.category, oldest.status, oldest.amount]).toEqual(['funding', 'successful', '1000000.00']);
  });
});

describe('balanceOfTransactions', () => {
  const tx = (over: Partial<TransactionRow>): TransactionRow => ({ ...rows[0]!, ...over });
  it.each([
    { name: 'successful funding credits', t: { category: 'funding', status: 'successful', amount: '100.50' }, kobo: 10_050 },
    { name: 'pending funding does not credit', t: { category: 'funding', status: 'pending', amount: '100.00' }, kobo: 0 },
    { name: 'successful purchase debits', t: { category: 'purchase', status: 'successful', total_debit: '1210.00' }, kobo: -121_000 },
    { name: 'pending purchase is held', t: { category: 'purchase', status: 'pending', total_debit: '10.00' }, kobo: -1_000 },
    { name: 'failed purchase leaves no trace', t: { category: 'purchase', status: 'failed', total_debit: '10.00' }, kobo: 0 },
    { name: 'reversed withdrawal leaves no trace', t: { category: 'withdrawal', status: 'reversed', total_debit: '10.00' }, kobo: 0 },
    { name: 'successful commission credits', t: { category: 'commission', status: 'successful', amount: '0.01' }, kobo: 1 },
  ] as const)('$name', ({ t, kobo }) => {
    expect(balanceOfTransactions([tx(t)])).toBe(kobo);
  });
});
