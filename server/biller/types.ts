/**
 * The biller seen by the rest of the server: verify a meter or a smartcard, deliver (vend) a purchase, and ask again
 * (requery) how a delivery ended. One built-in adapter, the simulator (simulator.ts); a real biller adapter implements
 * the same interface.
 */
import type { CableProvider, Distributor, Environment, MeterType, ProductKind, TransactionStatus } from '../domain.ts';
import type { ProductEventType } from '../store/webhook-types.ts';
import type { ProductRow } from '../store/types.ts';

/** What the distributor knows of a meter (the verification before paying for electricity). */
export interface MeterInfo {
  meter_number: string;
  meter_type: MeterType;
  customer_name: string;
  address: string;
  distributor: Distributor;
}

/** What the provider knows of a smartcard (the verification before paying for cable TV). */
export interface SmartcardInfo {
  smartcard_number: string;
  provider: CableProvider;
  customer_name: string;
  /** Display name of a bouquet of the same provider, e.g. "DStv Compact". */
  current_bouquet: string;
  /** YYYY-MM-DD. */
  due_date: string;
}

/**
 * One purchase as the biller sees it, built from the transaction (by the handler at creation, by the settlement
 * worker from the stored row). `id` is the transaction id: the biller's idempotency key and requery handle.
 */
export interface VendOrder {
  id: string;
  environment: Environment;
  product_type: ProductKind;
  product_id: string | null;
  phone_number: string | null;
  meter_number: string | null;
  /** Electricity: the meter type of the product bought (prepaid gets a token and units); otherwise null. */
  meter_type: MeterType | null;
  smartcard_number: string | null;
  /** What the customer receives, without the fee: decimal string, e.g. "5000.00". */
  product_amount: string;
  created_at: Date;
}

/** Who asks the biller again: the settlement worker on its schedule, or the partner's query. */
export type RequeryAsker = 'worker' | 'partner';

/** How a delivery stands. `recheck_at`: when to ask again (a successful delivery that the biller may still reverse). */
export type VendResult =
  | { status: 'successful'; token?: string; units?: string; recheck_at?: Date }
  | { status: 'pending'; recheck_at: Date }
  | { status: 'failed'; reason: string }
  | { status: 'reversed'; reason: string };

export interface Biller {
  readonly name: string;
  /** null: the distributor does not know this meter for this product (404 METER_NOT_FOUND). */
  verifyMeter(q: { environment: Environment; product: ProductRow; meter_number: string }): Promise<MeterInfo | null>;
  /** null: the provider does not know this smartcard (404 SMARTCARD_NOT_FOUND). */
  verifySmartcard(q: {
    environment: Environment;
    product: ProductRow;
    smartcard_number: string;
  }): Promise<SmartcardInfo | null>;
  /** Delivers the purchase. Throws BillerTimeoutError when it does not answer in time (outcome unknown: requery). */
  vend(order: VendOrder): Promise<VendResult>;
  /**
   * How the delivery of `order` stands now. Stable across restarts: the same order, instant and asker, the same
   * answer. `asked`: by the settlement worker on its schedule (the default), or by the partner now
   * (`POST /purchases/{id}/query`) — a real biller answers both alike; the sandbox simulator tells the scenario's
   * next state at once to a partner's query.
   */
  requery(order: VendOrder, asked?: RequeryAsker): Promise<VendResult>;
  /**
   * The `product.*` events a settlement of `order` from `from` to `to` announces to its account: the sandbox
   * simulator's drills (scenarios.ts, `events`). A real biller has none (the method is absent).
   */
  productEvents?(order: VendOrder, from: TransactionStatus, to: TransactionStatus): readonly ProductEventType[];
}

/** The biller of each environment; null = none configured (production purchases then answer 503 BILLER_UNAVAILABLE). */
export type Billers = Readonly<Record<Environment, Biller | null>>;
