/**
 * Deterministic demo transactions of one account: the same (accountId, environment, seed, now, count) gives the same
 * rows (ids, references, amounts, statuses, offsets from `now`) on every machine. All money is computed in integer
 * kobo and formatted at the end, so product_amount + fee_amount = total_debit exactly.
 *
 * Guarantees (tested in transactions.test.ts): every row's created_at lies in (now - 90 days, now] with millisecond
 * precision; updated_at >= created_at (equal for pending); every status and every category occurs, and every
 * sensible status x category pair (all 16 status x product type pairs for purchases) occurs at least once when
 * count >= COVERAGE_SIZE; exactly round(count / 2) rows carry an external_reference, unique per account.
 */
import {
  PRODUCT_KINDS,
  type Environment,
  type ProductKind,
  type TransactionCategory,
  type TransactionStatus,
} from '../domain.ts';
import type { ProductRow, TransactionRow } from '../store/types.ts';
import { buildCatalogue, CURRENCY } from './catalogue.ts';
import { formatKobo, naira, parseKobo } from '../money.ts';
import { createRng, type Rng } from './prng.ts';
import { FIRST_CHECK_MS, purchaseDetail, unitsFor } from './purchases.ts';

export { NETWORK_PREFIXES } from '../domain.ts';

/** The demo account's wallet never shows less than this (NGN 250,000.00): see raiseOpeningFunding. */
export const DEMO_BALANCE_FLOOR_KOBO = naira(250_000);

export const DEMO_WINDOW_DAYS = 90;
export const DEFAULT_TRANSACTION_COUNT = 260;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const WINDOW_MS = DEMO_WINDOW_DAYS * DAY_MS;

/** The statuses that make sense for each category (a promo credit is never "failed", for instance). */
export const SENSIBLE_STATUSES: Record<TransactionCategory, readonly TransactionStatus[]> = {
  funding: ['pending', 'successful', 'failed', 'reversed'],
  purchase: ['pending', 'successful', 'failed', 'reversed'],
  withdrawal: ['pending', 'successful', 'failed', 'reversed'],
  transfer: ['pending', 'successful', 'failed', 'reversed'],
  commission: ['pending', 'successful', 'reversed'],
  promo: ['successful', 'reversed'],
};

/** Categories that credit the wallet; the others debit it. */
export const CREDIT_CATEGORIES: readonly TransactionCategory[] = ['funding', 'commission', 'promo'];

/** Categories whose transactions the partner initiates, and which may therefore carry the partner's reference. */
const PARTNER_INITIATED: readonly TransactionCategory[] = ['funding', 'purchase', 'withdrawal', 'transfer'];

const CATEGORY_WEIGHTS: Record<TransactionCategory, number> = {
  purchase: 62,
  funding: 10,
  withdrawal: 8,
  transfer: 8,
  commission: 8,
  promo: 4,
};
const PRODUCT_WEIGHTS: Record<ProductKind, number> = { airtime: 35, dataplan: 35, electricity: 15, cabletv: 15 };
const STATUS_WEIGHTS: Record<TransactionCategory, Partial<Record<TransactionStatus, number>>> = {
  purchase: { successful: 84, failed: 9, pending: 3, reversed: 4 },
  funding: { successful: 88, failed: 6, pending: 3, reversed: 3 },
  withdrawal: { successful: 85, failed: 8, pending: 4, reversed: 3 },
  transfer: { successful: 88, failed: 7, pending: 3, reversed: 2 },
  commission: { successful: 95, pending: 3, reversed: 2 },
  promo: { successful: 95, reversed: 5 },
};

const FUNDING_AMOUNTS = [50_000, 100_000, 100_000, 200_000, 250_000, 300_000, 500_000];
const OPENING_FUNDING = 1_000_000;
const PROMO_AMOUNTS = [500, 1000, 1000, 2000, 2500, 5000];
const BANKS = [
  'Access Bank',
  'GTBank',
  'Zenith Bank',
  'First Bank',
  'UBA',
  'Fidelity Bank',
  'Kuda',
  'Moniepoint',
  'OPay',
  'Wema Bank',
];
const AGENTS = [
  'Chinedu Okafor',
  'Bisi Adeyemi',
  'Musa Abdullahi',
  'Ngozi Eze',
  'Tunde Bakare',
  'Halima Yusuf',
  'Emeka Nwosu',
  'Funke Akindele',
];
const COMMISSION_LINES: Record<ProductKind, string> = {
  airtime: 'airtime sales',
  dataplan: 'data sales',
  electricity: 'electricity payments',
  cabletv: 'cable TV subscriptions',
};
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

interface Spec {
  category: TransactionCategory;
  status: TransactionStatus;
  productType: ProductKind | null;
  opening?: boolean;
}

/** The rows that guarantee coverage: an opening funding, then every sensible status x category (x product type) pair. */
function coverageSpecs(): Spec[] {
  const specs: Spec[] = [{ category: 'funding', status: 'successful', productType: null, opening: true }];
  for (const productType of PRODUCT_KINDS) {
    for (const status of SENSIBLE_STATUSES.purchase) specs.push({ category: 'purchase', status, productType });
  }
  for (const category of ['funding', 'withdrawal', 'transfer', 'commission', 'promo'] as const) {
    for (const status of SENSIBLE_STATUSES[category]) specs.push({ category, status, productType: null });
  }
  return specs;
}

/** Number of rows needed for full coverage (every sensible pair once, plus the opening funding). */
export const COVERAGE_SIZE = coverageSpecs().length;

export interface GenerateTransactionsOptions {
  accountId: string;
  environment: Environment;
  seed: number | string;
  now: Date;
  /** Number of rows; default DEFAULT_TRANSACTION_COUNT (260). Below COVERAGE_SIZE, full coverage is not guaranteed. */
  count?: number;
  /** Rows added as they are, besides the `count` generated ones, and counted in the balance (contract-examples.ts). */
  extra?: readonly TransactionRow[];
}

/** NIP-style transfer fee tiers: up to 5,000 -> 10; up to 50,000 -> 25; above -> 50 (naira). */
function bankTransferFee(amountKobo: number): number {
  if (amountKobo <= naira(5_000)) return naira(10);
  if (amountKobo <= naira(50_000)) return naira(25);
  return naira(50);
}

interface Detail {
  productAmount: number;
  fee: number;
  basis: 'fixed' | 'face_value';
  description: string;
}

function otherDetail(rng: Rng, spec: Spec, createdAt: Date): Detail {
  const base = { basis: 'fixed' as const };
  const month = MONTHS[createdAt.getUTCMonth()]!;
  switch (spec.category) {
    case 'funding': {
      if (spec.opening)
        return {
          ...base,
          productAmount: naira(OPENING_FUNDING),
          fee: 0,
          description: 'Wallet funding via bank transfer',
        };
      const channel = rng.weighted({ 'bank transfer': 70, card: 20, USSD: 10 });
      const amount = naira(
        channel === 'bank transfer' ? rng.pick(FUNDING_AMOUNTS) : rng.pick([20_000, 50_000, 100_000]),
      );
      return { ...base, productAmount: amount, fee: 0, description: `Wallet funding via ${channel}` };
    }
    case 'withdrawal': {
      const amount = naira(rng.int(10, 300) * 1_000);
      return {
        ...base,
        productAmount: amount,
        fee: bankTransferFee(amount),
        description: `Withdrawal to ${rng.pick(BANKS)} account ****${rng.digits(4)}`,
      };
    }
    case 'transfer': {
      const amount = naira(rng.int(4, 100) * 500);
      return {
        ...base,
        productAmount: amount,
        fee: 0,
        description: `Wallet transfer to sub-agent ${rng.pick(AGENTS)} (AGT-${rng.digits(4)})`,
      };
    }
    case 'commission': {
      const line = COMMISSION_LINES[rng.weighted(PRODUCT_WEIGHTS)];
      return {
        ...base,
        productAmount: rng.int(5_000, 2_500_000),
        fee: 0,
        description: `Commission on ${line}, ${month} ${createdAt.getUTCFullYear()}`,
      };
    }
    case 'promo': {
      const what = rng.pick([`${month} cashback`, 'Referral bonus', 'Weekend data bonus', 'Loyalty reward']);
      return { ...base, productAmount: naira(rng.pick(PROMO_AMOUNTS)), fee: 0, description: `Promo credit: ${what}` };
    }
    case 'purchase':
      throw new Error('purchases are built by purchaseDetail');
  }
}

function productsByKind(environment: Environment): Record<ProductKind, ProductRow[]> {
  const out: Record<ProductKind, ProductRow[]> = { airtime: [], dataplan: [], electricity: [], cabletv: [] };
  for (const p of buildCatalogue(environment)) out[p.kind].push(p);
  return out;
}

/** Offset before `now` at which a transaction was created, in ms: always in [0, 90 days). */
function createdOffset(rng: Rng, spec: Spec): number {
  if (spec.opening) return WINDOW_MS - 1 - rng.int(0, 12 * HOUR_MS); // the oldest row: the opening funding
  if (spec.status === 'pending') return rng.int(0, 3 * DAY_MS); // pending ones are recent
  return rng.int(0, WINDOW_MS - 1);
}

/** How long after creation the transaction reached its status, in ms. */
function settleDelay(rng: Rng, status: TransactionStatus): number {
  switch (status) {
    case 'pending':
      return 0;
    case 'successful':
      return rng.int(800, 45_000);
    case 'failed':
      return rng.int(500, 120_000);
    case 'reversed':
      return rng.int(2 * HOUR_MS, 72 * HOUR_MS);
  }
}

/** `YYMMDDHHmm` in Lagos time (UTC+1), the first 10 characters of the service's external references. */
function lagosMinute(ms: number): string {
  const iso = new Date(ms + HOUR_MS).toISOString();
  return iso.slice(2, 4) + iso.slice(5, 7) + iso.slice(8, 10) + iso.slice(11, 13) + iso.slice(14, 16);
}

/**
 * Raises the opening funding (in steps of NGN 10,000) until the history implies at least DEMO_BALANCE_FLOOR_KOBO:
 * the wallet then equals what its transactions add up to, and the ledger check holds for the demo accounts too.
 */
function raiseOpeningFunding(opening: TransactionRow, rows: readonly TransactionRow[]): void {
  const shortfall = DEMO_BALANCE_FLOOR_KOBO - balanceOfTransactions(rows);
  if (shortfall <= 0) return;
  const step = naira(10_000);
  const raised = formatKobo(parseKobo(opening.amount) + Math.ceil(shortfall / step) * step);
  Object.assign(opening, { amount: raised, product_amount: raised, total_debit: raised });
}

export function generateTransactions(opts: GenerateTransactionsOptions): TransactionRow[] {
  const { accountId, environment, seed, now } = opts;
  const count = opts.count ?? DEFAULT_TRANSACTION_COUNT;
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`count must be a non-negative integer, got ${count}`);
  const nowMs = now.getTime();
  if (!Number.isFinite(nowMs)) throw new RangeError('now is not a valid date');

  const rng = createRng(`demo-transactions:${seed}:${environment}:${accountId}`);
  const products = productsByKind(environment);

  const specs = coverageSpecs().slice(0, count);
  while (specs.length < count) {
    const category = rng.weighted(CATEGORY_WEIGHTS);
    const status = rng.weighted(STATUS_WEIGHTS[category] as Record<TransactionStatus, number>);
    specs.push({ category, status, productType: category === 'purchase' ? rng.weighted(PRODUCT_WEIGHTS) : null });
  }

  // Exactly round(count / 2) rows carry the partner's reference, chosen among partner-initiated transactions.
  const eligible = specs.flatMap((s, i) => (PARTNER_INITIATED.includes(s.category) ? [i] : []));
  const withExternal = new Set(rng.shuffle(eligible).slice(0, Math.round(count / 2)));

  const ids = new Set<string>();
  const references = new Set<string>();
  const externals = new Set<string>();
  const unique = (set: Set<string>, make: () => string) => {
    for (;;) {
      const v = make();
      if (!set.has(v)) {
        set.add(v);
        return v;
      }
    }
  };

  const rows = specs.map((spec, i): TransactionRow => {
    const createdMs = nowMs - createdOffset(rng, spec);
    const created_at = new Date(createdMs);
    const updated_at = new Date(Math.min(nowMs, createdMs + settleDelay(rng, spec.status)));
    const p =
      spec.category === 'purchase' ? purchaseDetail(rng, spec.productType!, products, environment, spec.status) : null;
    const d = p ?? otherDetail(rng, spec, created_at);
    const total = d.productAmount + d.fee;
    const delivered = p?.prepaid === true && (spec.status === 'successful' || spec.status === 'reversed');
    const token = delivered ? rng.digits(20) : null;
    return {
      id: unique(ids, () => rng.uuid()),
      account_id: accountId,
      amount: formatKobo(total),
      currency: CURRENCY,
      status: spec.status,
      category: spec.category,
      description: d.description,
      reference: unique(references, () => `BPT${rng.alnum(13)}`),
      external_reference: withExternal.has(i) ? unique(externals, () => lagosMinute(createdMs) + rng.alnum(6)) : null,
      product_type: p?.productType ?? null,
      phone_number: p?.phone ?? null,
      meter_number: p?.meter ?? null,
      smartcard_number: p?.smartcard ?? null,
      token,
      units: delivered ? unitsFor(d.productAmount) : null,
      product_id: p?.productId ?? null,
      product_amount: formatKobo(d.productAmount),
      fee_amount: formatKobo(d.fee),
      total_debit: formatKobo(total),
      price_basis: d.basis,
      created_at,
      updated_at,
      // The settlement worker requeries pending purchases (other pending rows are not the biller's business).
      next_check_at: p !== null && spec.status === 'pending' ? new Date(createdMs + FIRST_CHECK_MS) : null,
      check_attempts: 0,
    };
  });
  rows.push(...(opts.extra ?? []).map((t) => ({ ...t, account_id: accountId })));
  if (specs[0]?.opening) raiseOpeningFunding(rows[0]!, rows);

  // Newest first, like the store's listing order.
  return rows.sort(
    (x, y) => y.created_at.getTime() - x.created_at.getTime() || (x.id < y.id ? 1 : x.id > y.id ? -1 : 0),
  );
}

/**
 * Wallet balance implied by the transactions, in kobo: successful credits add their amount, successful and pending
 * debits (pending ones are held) subtract their total debit; failed and reversed ones leave no trace. May be negative.
 */
export function balanceOfTransactions(rows: readonly TransactionRow[]): number {
  let kobo = 0;
  for (const t of rows) {
    const credit = CREDIT_CATEGORIES.includes(t.category);
    if (credit && t.status === 'successful') kobo += parseKobo(t.amount);
    if (!credit && (t.status === 'successful' || t.status === 'pending')) kobo -= parseKobo(t.total_debit);
  }
  return kobo;
}
