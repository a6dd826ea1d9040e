/**
 * The realistic dataset's shape, and its rows recomputed in JavaScript. Every row of generate-sql.ts is a function
 * of (account, g): hashing `bench-transaction:<account>:<g>` with md5 gives its id, category, status, external
 * reference and created_at. So the workload (realistic-mix.ts) draws ids, references and date windows from the data
 * without reading a row back, and realistic-rows.test.ts proves the recomputation equal to what the database holds.
 *
 * Accounts: rank k = 1..accounts; history of rank k = max(smallest, round(largest / k²)) — 1M, 250k, 111k … down
 * to 10 transactions at rank ≥ 317 (1.64M rows in all); the requests of rank k ∝ 1/k (Zipf, s = 1): the busiest
 * partners have the longest histories. Every history is as dense as generate-sql.ts makes it (1,000 a day back
 * from ANCHOR), so a longer history reaches further back.
 */
import { createHash } from 'node:crypto';
import { uuidV5 } from '../../server/ids.ts';
import { ANCHOR, DENSITY_PER_DAY } from './generate-sql.ts';

export interface RealisticShape {
  accounts: number;
  largest: number;
  smallest: number;
}

export const FULL_SHAPE: RealisticShape = { accounts: 1000, largest: 1_000_000, smallest: 10 };
/** `--quick`: the same law, a tenth of the history. */
export const QUICK_SHAPE: RealisticShape = { accounts: 1000, largest: 100_000, smallest: 10 };

export const historySize = (shape: RealisticShape, rank: number) =>
  Math.max(shape.smallest, Math.round(shape.largest / rank ** 2));
export const realisticAccountId = (rank: number) => uuidV5(`bench-realistic-account:${rank}`);
export const shapeLabel = (shape: RealisticShape) => `realistic_${shape.accounts}_${shape.largest}`; // also a schema name: no dashes

const SPACING_MS = 86_400_000 / DENSITY_PER_DAY;
const CATEGORIES = [
  [62, 'purchase'],
  [72, 'funding'],
  [80, 'withdrawal'],
  [88, 'transfer'],
  [96, 'commission'],
  [100, 'promo'],
] as const;

export interface DerivedRow {
  id: string;
  category: string;
  status: string;
  external_reference: string | null;
  created_at: Date;
}

/** Row g of `accountId`, as INSERT_GENERATED writes it. */
export function derivedRow(accountId: string, g: number): DerivedRow {
  const h = createHash('md5').update(`bench-transaction:${accountId}:${g}`).digest('hex');
  const r = (at: number) => parseInt(h.slice(at, at + 7), 16);
  const [r1, r2, r5] = [r(0), r(7), r(25)];
  const category = CATEGORIES.find(([below]) => r1 % 100 < below)![1];
  const s = r2 % 100;
  const status =
    s < 84
      ? 'successful'
      : s < 93 && category !== 'promo'
        ? 'failed'
        : s < 96 && category !== 'promo'
          ? 'pending'
          : 'reversed';
  const referenced = g % 2 === 0 && ['purchase', 'funding', 'withdrawal', 'transfer'].includes(category);
  return {
    id: `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`,
    category,
    status,
    external_reference: referenced ? String(g).padStart(10, '0') + h.slice(19, 25).toUpperCase() : null,
    created_at: new Date(ANCHOR.getTime() - ((g - 1) * SPACING_MS + 1 + (r5 % SPACING_MS))),
  };
}
