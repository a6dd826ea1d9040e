/**
 * The realistic workload (issue 14): a fixed-seed sequence of requests as a partner integration sends them —
 * balance polls, first pages, filtered lists, lookups by id and by external reference, catalogue reads and deep
 * pages — from accounts drawn by Zipf (rank k ∝ 1/k), with filter values, ids, references, windows and pages drawn
 * from each account's data (realistic-rows.ts). Each request carries its path AND the store calls its handler makes
 * (`direct`), so the direct-queries baseline (realistic-direct.ts) runs the same database work without HTTP.
 */
import { BUNDLE_TYPES, CABLE_PROVIDERS, DISTRIBUTORS, NETWORKS, type ProductKind } from '../../server/domain.ts';
import { createRng, type Rng } from '../../server/demo/prng.ts';
import type { ProductFilter, TransactionFilter } from '../../server/store/types.ts';
import { derivedRow } from './realistic-rows.ts';

/** Share of each operation in 100 requests. */
export const MIX_WEIGHTS = {
  balance: 24,
  account: 4,
  first_page: 14,
  first_page_100: 4,
  filtered: 12,
  lookup_id: 7,
  lookup_reference: 7,
  deep_page: 6,
  products: 3,
  airtimes: 3,
  dataplans: 8,
  cabletv: 4,
  electricity: 4,
} as const;
export type MixKind = keyof typeof MIX_WEIGHTS;

export type DirectCall =
  | { call: 'getWallet' }
  | { call: 'getAccount' }
  | { call: 'none' }
  | { call: 'listTransactions'; filter: TransactionFilter; page: { page: number; per_page: number } }
  | { call: 'getTransactionById'; id: string }
  | { call: 'getTransactionByExternalReference'; ref: string }
  | { call: 'listProducts'; kind: ProductKind; filter: ProductFilter; page: { page: number; per_page: number } };

export interface MixRequest {
  kind: MixKind;
  /** Index into the dataset's accounts (rank − 1). */
  account: number;
  /** Path and query, relative to the sandbox base path. */
  path: string;
  direct: DirectCall;
}

export interface MixAccount {
  id: string;
  size: number;
}

const STATUSES = [
  ['successful', 84],
  ['failed', 9],
  ['pending', 3],
  ['reversed', 4],
] as const;
const CATEGORIES = [
  ['purchase', 62],
  ['funding', 10],
  ['withdrawal', 8],
  ['transfer', 8],
  ['commission', 8],
  ['promo', 4],
] as const;
const weighted = <T extends string>(rng: Rng, table: readonly (readonly [T, number])[]) =>
  rng.weighted(Object.fromEntries(table) as Record<T, number>);

/** Zipf sampler over ranks 1..n with exponent 1 (inverse CDF over the precomputed cumulative weights). */
function zipf(n: number): (rng: Rng) => number {
  const cumulative: number[] = [];
  let sum = 0;
  for (let k = 1; k <= n; k++) cumulative.push((sum += 1 / k));
  return (rng) => {
    const x = rng.next() * sum;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

const query = (params: Record<string, string | number | undefined>) => {
  const q = new URLSearchParams(
    Object.entries(params).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])),
  ).toString();
  return q ? `?${q}` : '';
};
const iso = (d: Date) => new Date(Math.floor(d.getTime() / 1000) * 1000).toISOString().replace('.000Z', 'Z');

function transactions(
  filter: TransactionFilter & { page?: number; per_page?: number },
): Pick<MixRequest, 'path' | 'direct'> {
  const { page, per_page, ...f } = filter;
  return {
    path: `/account/transactions${query({ status: f.status, category: f.category, from: f.from && iso(f.from), to: f.to && iso(f.to), page, per_page })}`,
    direct: { call: 'listTransactions', filter: f, page: { page: page ?? 1, per_page: per_page ?? 20 } },
  };
}

/** A window between the created_at of two rows of the account, whole seconds (as a partner would type it). */
function windowOf(rng: Rng, a: MixAccount): { from: Date; to: Date } {
  const [newer, older] = [rng.int(1, a.size), rng.int(1, a.size)].sort((x, y) => x - y) as [number, number];
  const from = new Date(Math.floor(derivedRow(a.id, older).created_at.getTime() / 1000) * 1000);
  return { from, to: new Date(Math.ceil(derivedRow(a.id, newer).created_at.getTime() / 1000) * 1000) };
}

function filtered(rng: Rng, a: MixAccount): Pick<MixRequest, 'path' | 'direct'> {
  const form = rng.weighted({ status: 25, category: 20, both: 20, window: 15, all: 20 });
  const status = ['status', 'both', 'all'].includes(form) ? weighted(rng, STATUSES) : undefined;
  const category = ['category', 'both', 'all'].includes(form) ? weighted(rng, CATEGORIES) : undefined;
  const window = ['window', 'all'].includes(form) ? windowOf(rng, a) : {};
  return transactions({ status, category, ...window });
}

function deepPage(rng: Rng, a: MixAccount): Pick<MixRequest, 'path' | 'direct'> {
  const pages = Math.max(1, Math.ceil(a.size / 100));
  // Half anywhere past page 1, half in the last twentieth (a partner reconciling its oldest records).
  const page =
    pages === 1 ? 1 : rng.chance(0.5) ? rng.int(2, pages) : rng.int(Math.max(2, pages - Math.ceil(pages / 20)), pages);
  return transactions({ page, per_page: 100 });
}

function lookupReference(rng: Rng, a: MixAccount): Pick<MixRequest, 'path' | 'direct'> | null {
  for (let tries = 0; tries < 40; tries++) {
    const ref = derivedRow(a.id, rng.int(1, a.size)).external_reference;
    if (ref)
      return { path: `/account/transactions/${ref}`, direct: { call: 'getTransactionByExternalReference', ref } };
  }
  return null; // an account without a referenced row: the caller draws another account
}

const maybe = <T>(rng: Rng, p: number, value: () => T): T | undefined => (rng.chance(p) ? value() : undefined);
const PAGE1 = { page: 1, per_page: 20 };

function catalogue(
  rng: Rng,
  kind: 'airtimes' | 'dataplans' | 'cabletv' | 'electricity',
): Pick<MixRequest, 'path' | 'direct'> {
  switch (kind) {
    case 'airtimes': {
      const network = maybe(rng, 0.5, () => rng.pick(NETWORKS));
      return {
        path: `/products/airtimes${query({ network })}`,
        direct: { call: 'listProducts', kind: 'airtime', filter: { network }, page: PAGE1 },
      };
    }
    case 'dataplans': {
      const network = rng.pick(NETWORKS);
      const bundle_type = maybe(rng, 0.5, () => rng.pick(BUNDLE_TYPES));
      return {
        path: `/products/dataplans${query({ network, bundle_type })}`,
        direct: { call: 'listProducts', kind: 'dataplan', filter: { network, bundle_type }, page: PAGE1 },
      };
    }
    case 'cabletv': {
      const provider = maybe(rng, 0.7, () => rng.pick(CABLE_PROVIDERS));
      return {
        path: `/products/cabletv${query({ provider })}`,
        direct: { call: 'listProducts', kind: 'cabletv', filter: { provider }, page: PAGE1 },
      };
    }
    case 'electricity': {
      const distributor = maybe(rng, 0.5, () => rng.pick(DISTRIBUTORS));
      return {
        path: `/products/electricity${query({ distributor })}`,
        direct: { call: 'listProducts', kind: 'electricity', filter: { distributor }, page: PAGE1 },
      };
    }
  }
}

function requestOf(rng: Rng, kind: MixKind, a: MixAccount): Pick<MixRequest, 'path' | 'direct'> | null {
  switch (kind) {
    case 'balance':
      return { path: '/account/balance', direct: { call: 'getWallet' } };
    case 'account':
      return { path: '/account', direct: { call: 'getAccount' } };
    case 'first_page':
      return transactions({});
    case 'first_page_100':
      return transactions({ per_page: 100 });
    case 'filtered':
      return filtered(rng, a);
    case 'deep_page':
      return deepPage(rng, a);
    case 'lookup_id': {
      const id = derivedRow(a.id, rng.int(1, a.size)).id;
      return { path: `/account/transactions/${id}`, direct: { call: 'getTransactionById', id } };
    }
    case 'lookup_reference':
      return lookupReference(rng, a);
    case 'products':
      return { path: '/products', direct: { call: 'none' } };
    default:
      return catalogue(rng, kind);
  }
}

/** `count` requests of the mix over `accounts` (in rank order), the same for a given seed on every machine. */
export function realisticMix(
  accounts: readonly MixAccount[],
  count: number,
  seed = 'bench-realistic-mix',
): MixRequest[] {
  const rng = createRng(seed);
  const rank = zipf(accounts.length);
  const out: MixRequest[] = [];
  while (out.length < count) {
    const kind = rng.weighted(MIX_WEIGHTS);
    const account = rank(rng);
    const r = requestOf(rng, kind, accounts[account]!);
    if (r) out.push({ kind, account, ...r });
  }
  return out;
}
