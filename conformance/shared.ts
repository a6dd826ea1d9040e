/** Data the first phase of a run reads from the target, for the cases of the second phase. */
import type { PageRead } from './checks/pages_partition.ts';
import type { Exchange } from './model.ts';

export interface Item {
  id: string;
  type: string;
  attributes: Record<string, unknown>;
}

export interface Walk {
  /** The items of the pages read, in order. */
  items: Item[];
  pages: PageRead[];
  /** The exchange of each page read, in the order of `pages`. */
  exchanges: Exchange[];
  /** Every page was read (total_count ≤ 2000). */
  complete: boolean;
  totalCount: number;
  perPage: number;
}

export interface Shared {
  /** Per list operation id. */
  walks: Map<string, Walk>;
  /** GET /products, read in the first phase. */
  categories?: { items: Item[]; exchange: Exchange };
}
