/**
 * An in-memory SettlementStore for the worker's tests: the design's semantics of claimDueChecks (due rows, limit,
 * lease, one attempt counted per claim) and settlePurchase (compare-and-set on the status, refund on failed and
 * reversed, history, completion of an idempotency record left in flight). The real store's concurrency is proven by
 * the store's own tests; this fake lets the worker's decisions be tested without a database.
 */
import type { TransactionStatus } from '../../server/domain.ts';
import { formatKobo, parseKobo } from '../../server/money.ts';
import type { TransactionRow } from '../../server/store/types.ts';
import type {
  DuePurchase,
  PurchaseSnapshot,
  SettleRequest,
  SettlementStore,
} from '../../server/biller/settlement-decision.ts';
import type { VendOrder } from '../../server/biller/types.ts';

export interface StoredPurchase extends DuePurchase {
  account_id: string;
  total_debit: string;
  token: string | null;
  units: string | null;
  next_check_at: Date | null;
  updated_at: Date;
  history: { from: TransactionStatus | null; to: TransactionStatus; at: Date; reason: string | null }[];
}

export class MemorySettlementStore implements SettlementStore {
  readonly purchases = new Map<string, StoredPurchase>();
  /** Wallet balances in kobo. */
  readonly wallets = new Map<string, number>();
  /** Funding per account in kobo (what the ledger starts from). */
  readonly funded = new Map<string, number>();
  /** Idempotency records still in flight (by transaction id), and those completed by a settle. */
  readonly inFlight = new Set<string>();
  readonly completed = new Map<string, PurchaseSnapshot>();
  claims = 0;
  settles: SettleRequest[] = [];

  fund(account_id: string, amount: string): void {
    this.wallets.set(account_id, (this.wallets.get(account_id) ?? 0) + parseKobo(amount));
    this.funded.set(account_id, (this.funded.get(account_id) ?? 0) + parseKobo(amount));
  }

  /** Records a purchase the way recordPurchase + the handler's vend would leave it: debited, in `status`. */
  add(
    order: VendOrder,
    p: {
      account_id: string;
      total_debit: string;
      status: TransactionStatus;
      next_check_at: Date | null;
      token?: string;
      units?: string;
    },
  ): StoredPurchase {
    const balance = (this.wallets.get(p.account_id) ?? 0) - parseKobo(p.total_debit);
    if (balance < 0) throw new Error('insufficient balance');
    this.wallets.set(p.account_id, balance);
    const row: StoredPurchase = {
      ...order,
      account_id: p.account_id,
      total_debit: p.total_debit,
      status: p.status,
      check_attempts: 0,
      next_check_at: p.next_check_at,
      token: p.token ?? null,
      units: p.units ?? null,
      updated_at: order.created_at,
      history: [
        { from: null, to: 'pending', at: order.created_at, reason: null },
        ...(p.status === 'pending'
          ? []
          : [{ from: 'pending' as const, to: p.status, at: order.created_at, reason: null }]),
      ],
    };
    this.purchases.set(row.id, row);
    return row;
  }

  async claimDueChecks(now: Date, limit: number, lease_ms: number): Promise<DuePurchase[]> {
    this.claims++;
    const due = [...this.purchases.values()]
      .filter((p) => p.next_check_at !== null && p.next_check_at <= now)
      .sort((a, b) => a.next_check_at!.getTime() - b.next_check_at!.getTime())
      .slice(0, limit);
    for (const p of due) {
      p.next_check_at = new Date(now.getTime() + lease_ms);
      p.check_attempts++;
    }
    return due.map((p) => ({ ...p, history: [...p.history] }));
  }

  async settlePurchase(s: SettleRequest): Promise<{ row: TransactionRow } | null> {
    this.settles.push(s);
    const p = this.purchases.get(s.id);
    if (!p || p.status !== s.from) return null;
    p.next_check_at = s.next_check_at;
    if (s.to !== s.from) {
      p.status = s.to;
      p.updated_at = s.at;
      p.history.push({ from: s.from, to: s.to, at: s.at, reason: s.reason ?? null });
      if (s.token !== undefined) p.token = s.token;
      if (s.units !== undefined) p.units = s.units;
      if (s.to === 'failed' || s.to === 'reversed')
        this.wallets.set(p.account_id, this.wallets.get(p.account_id)! + parseKobo(p.total_debit));
    }
    const row = transactionRow(p);
    if (this.inFlight.delete(p.id)) this.completed.set(p.id, s.snapshot(row));
    return { row };
  }

  /** The design's ledger check: funding minus the debits of purchases still standing (pending or successful). */
  ledgerOf(account_id: string): { balance: string; expected: string } {
    const standing = [...this.purchases.values()]
      .filter((p) => p.account_id === account_id && (p.status === 'pending' || p.status === 'successful'))
      .reduce((sum, p) => sum + parseKobo(p.total_debit), 0);
    return {
      balance: formatKobo(this.wallets.get(account_id) ?? 0),
      expected: formatKobo((this.funded.get(account_id) ?? 0) - standing),
    };
  }
}

function transactionRow(p: StoredPurchase): TransactionRow {
  return {
    id: p.id,
    account_id: p.account_id,
    amount: p.total_debit,
    currency: 'NGN',
    status: p.status,
    category: 'purchase',
    description: `${p.product_type} purchase`,
    reference: `PUR-${p.id}`,
    external_reference: null,
    product_type: p.product_type,
    phone_number: p.phone_number,
    meter_number: p.meter_number,
    product_amount: p.product_amount,
    fee_amount: '0.00',
    total_debit: p.total_debit,
    price_basis: 'face_value',
    created_at: p.created_at,
    updated_at: p.updated_at,
    smartcard_number: p.smartcard_number,
    token: null,
    units: null,
    product_id: p.product_id,
    next_check_at: null,
    check_attempts: p.check_attempts,
  };
}
