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

/** A purchase the run created (a 201 it received), for money_conservation and the final states. */
export interface RunPurchase {
  id: string;
  operationId: string;
  /** The key role that bought it: only the `full` key's purchases move the balance the conservation reads. */
  role: string;
  caseId: string;
  /** The 201 that created it. */
  exchange: Exchange;
  /** price.total_debit of the 201 (null when the 201 had none: its schema check says so). */
  totalDebit: string | null;
  /** The last status read. */
  status: string | null;
}

export interface Shared {
  /** Per list operation id. */
  walks: Map<string, Walk>;
  /** GET /products, read in the first phase. */
  categories?: { items: Item[]; exchange: Exchange };
  /** Every purchase the run created, by transaction id. */
  purchases: Map<string, RunPurchase>;
  /** The webhook endpoint the run created (webhooks.setup, sandbox runs with writes), its secret and what its
   *  receiver got. */
  webhook?: RunWebhook;
  /** The `full` key's balance before the first write of the run, in kobo (money.before). */
  balanceBefore?: { kobo: bigint; exchange: Exchange };
}

/** A request the run's webhook receiver got. */
export interface ReceivedWebhook {
  headers: Record<string, string>;
  body: string;
  at: number;
  /** What the receiver answered: 500 to the first request once the setup has armed it (the retry check), else 204. */
  answered: number;
  /** Which endpoint it came for, by its URL: the run's own, the run's `*` endpoint (every type), or another. */
  endpoint: 'own' | 'every' | 'other';
}

export interface RunWebhook {
  id: string;
  /** The signing secret of the create response (and, after a rotation, the new one). */
  secrets: string[];
  url: string;
  /** Everything the receiver got, in order. */
  received: ReceivedWebhook[];
  /** The transaction whose events the setup waited for. */
  transactionId: string;
  /** Set at the end of the setup: the receiver answers its next request 500, once (webhooks.retry judges the retry). */
  failNext: { armed: boolean };
  /** The endpoint subscribed to `*` (every event type) the setup made beside it, at the same receiver. */
  every?: { id: string };
}
