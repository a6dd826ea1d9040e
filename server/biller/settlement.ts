/**
 * The settlement worker: every interval, claim the purchases due for a requery, ask the biller how each stands, and
 * settle it (one compare-and-set database transaction per purchase, store.settlePurchase). Rounds never overlap in
 * one process (each is chained after the last); several processes are safe because the claim skips rows another
 * instance holds and the settle writes nothing when the status has already moved.
 *
 * A purchase settled by a round is logged at info, one line each — except the backlog: purchases created before the
 * worker was, such as the demo data's pending purchases at a start (server/demo/purchases.ts) or those left pending
 * by a stopped server. A round logs those in one info line that lists each one (id, from, to), and each at debug, so
 * that a start is not followed by a screenful of settlements while every settled purchase is still in the log.
 */
import type { Logger } from 'pino';
import { PRODUCT_KINDS, type Environment, type ProductKind } from '../domain.ts';
import type { TransactionRow } from '../store/types.ts';
import {
  decide,
  type DuePurchase,
  type PurchaseSnapshot,
  type RequeryOutcome,
  type SettlementStore,
} from './settlement-decision.ts';
import type { Biller, Billers, RequeryAsker, VendOrder } from './types.ts';

export interface SettlementWorkerOptions {
  store: SettlementStore;
  billers: Billers;
  /**
   * The 201 of a purchase from its row (the handlers' mapper), for an idempotency record left in flight by a crash.
   * The environment comes with it because the row has none and the Location is under the environment's base path.
   */
  snapshot: (row: TransactionRow, environment: Environment) => PurchaseSnapshot;
  /** Pause between the end of one round and the start of the next. */
  intervalMs: number;
  /** Purchases claimed per round. */
  batchSize?: number;
  /** How long a claimed purchase stays invisible to other claims: longer than one round's requeries. */
  leaseMs?: number;
  now?: () => Date;
  logger?: Logger;
}

/** What one round did: each claimed purchase is counted once. */
export interface RoundReport {
  claimed: number;
  /** Changed state (successful, failed, reversed). */
  settled: number;
  /** Same state, next requery scheduled or checks ended. */
  rescheduled: number;
  /** Another instance settled it first (the compare-and-set found another status): nothing written. */
  lost: number;
  /** The settle itself failed (database): the lease expires and a later round retries. */
  errors: number;
}

export const DEFAULT_BATCH_SIZE = 50;
export const DEFAULT_LEASE_MS = 30_000;

export class SettlementWorker {
  readonly #o: Required<Omit<SettlementWorkerOptions, 'logger'>> & { logger: Logger | undefined };
  #chain: Promise<unknown> = Promise.resolve();
  #timer: NodeJS.Timeout | null = null;
  #started = false;
  /** Purchases created before this instant are the backlog (see above). */
  readonly #since: Date;

  constructor(options: SettlementWorkerOptions) {
    this.#o = {
      batchSize: DEFAULT_BATCH_SIZE,
      leaseMs: DEFAULT_LEASE_MS,
      now: () => new Date(),
      ...options,
      logger: options.logger,
    };
    this.#since = this.#o.now();
  }

  /** Runs a round every intervalMs until stop(). */
  start(): void {
    if (this.#started) return;
    this.#started = true;
    this.#schedule();
  }

  /** No new round starts; resolves once the round in progress (if any) has finished. */
  async stop(): Promise<void> {
    this.#started = false;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    await this.#chain;
  }

  /** One round, after any round in progress: rounds of one worker never overlap. */
  runOnce(): Promise<RoundReport> {
    const round = this.#chain.then(() => this.#round());
    this.#chain = round.catch(() => undefined);
    return round;
  }

  #schedule(): void {
    this.#timer = setTimeout(() => {
      this.runOnce()
        .catch((err: unknown) => this.#o.logger?.warn({ err }, 'settlement round failed; next round retries'))
        .finally(() => {
          if (this.#started) this.#schedule();
        });
    }, this.#o.intervalMs);
    // The worker alone never keeps the process alive: the HTTP server does, and shutdown stops the worker.
    this.#timer.unref();
  }

  async #round(): Promise<RoundReport> {
    const report: RoundReport = { claimed: 0, settled: 0, rescheduled: 0, lost: 0, errors: 0 };
    const due = await this.#o.store.claimDueChecks(this.#o.now(), this.#o.batchSize, this.#o.leaseMs);
    report.claimed = due.length;
    const backlog: BacklogSettlement[] = [];
    for (const row of due) report[await this.#settle(row, backlog)]++;
    if (backlog.length) {
      const by_status: Record<string, number> = {};
      for (const b of backlog) by_status[b.to] = (by_status[b.to] ?? 0) + 1;
      this.#o.logger?.info(
        { settled: backlog.length, by_status, transactions: backlog },
        `${backlog.length} purchase(s) pending since before the start settled`,
      );
    }
    return report;
  }

  async #settle(
    row: DuePurchase,
    backlog: BacklogSettlement[],
  ): Promise<'settled' | 'rescheduled' | 'lost' | 'errors'> {
    const before = row.created_at < this.#since;
    try {
      const settled = await requeryAndSettle(row, {
        store: this.#o.store,
        biller: this.#o.billers[row.environment],
        asked: 'worker',
        now: this.#o.now,
        snapshot: (settledRow) => this.#o.snapshot(settledRow, row.environment),
        logger: this.#o.logger,
        settledLevel: before ? 'debug' : 'info',
      });
      if (before && settled.kind === 'settled')
        backlog.push({ transaction_id: row.id, from: row.status, to: settled.row.status });
      return settled.kind;
    } catch (err) {
      this.#o.logger?.warn(
        { err, transaction_id: row.id },
        'settling a purchase failed; retried when its lease expires',
      );
      return 'errors';
    }
  }
}

/** One purchase of the backlog a round settled, as its summary line lists it. */
interface BacklogSettlement {
  transaction_id: string;
  from: string;
  to: string;
}

export interface RequeryAndSettle {
  store: Pick<SettlementStore, 'settlePurchase'>;
  /** The biller of the purchase's environment, or null when none is configured (the purchase stays as it is). */
  biller: Biller | null;
  asked: RequeryAsker;
  now: () => Date;
  snapshot: (row: TransactionRow) => PurchaseSnapshot;
  logger?: Logger | undefined;
  /** The level of the "purchase settled" line: info unless the caller summarizes it (the worker's backlog). */
  settledLevel?: 'info' | 'debug';
}

/**
 * Asks the biller how one purchase stands and settles what it answers, by decide()'s rules, in one compare-and-set
 * database transaction (store.settlePurchase: state, history row, refund, webhook event, the in-flight key's
 * record). The settlement worker's step for each purchase it claimed, and the partner's query of a pending purchase
 * (POST /purchases/{id}/query): one path, so a purchase asked about by both, or by two queries at once, is settled
 * once — whoever comes second finds another status and writes nothing (`lost`). A purchase already final is not
 * asked about: decide() only ends its checks. Throws only what the store throws.
 */
export async function requeryAndSettle(
  row: DuePurchase,
  o: RequeryAndSettle,
): Promise<{ kind: 'settled' | 'rescheduled'; row: TransactionRow } | { kind: 'lost' }> {
  const final = row.status === 'failed' || row.status === 'reversed';
  const outcome: RequeryOutcome = final ? { kind: 'no_biller' } : await requery(row, o);
  const at = o.now();
  const s = decide(row, outcome, at);
  const product_events = final ? [] : (o.biller?.productEvents?.(orderOf(row), s.from, s.to) ?? []);
  const settled = await o.store.settlePurchase({ id: row.id, at, snapshot: o.snapshot, ...s, product_events });
  if (settled === null) return { kind: 'lost' };
  if (s.to === s.from) return { kind: 'rescheduled', row: settled.row };
  o.logger?.[o.settledLevel ?? 'info'](
    { transaction_id: row.id, from: s.from, to: s.to, asked: o.asked },
    'purchase settled',
  );
  return { kind: 'settled', row: settled.row };
}

async function requery(row: DuePurchase, o: RequeryAndSettle): Promise<RequeryOutcome> {
  if (!o.biller) {
    o.logger?.warn(
      { transaction_id: row.id, environment: row.environment },
      'no biller configured for a pending purchase; asking later',
    );
    return { kind: 'no_biller' };
  }
  try {
    return { kind: 'answer', result: await o.biller.requery(orderOf(row), o.asked) };
  } catch (error) {
    o.logger?.warn({ err: error, transaction_id: row.id }, 'biller requery failed; asking later');
    return { kind: 'error', error };
  }
}

/** The biller's view of a stored purchase. Throws on a row that is not a purchase of a known kind. */
export function orderOf(row: DuePurchase): VendOrder {
  if (!PRODUCT_KINDS.includes(row.product_type as ProductKind))
    throw new Error(`transaction ${row.id} has no purchase product type`);
  return {
    id: row.id,
    environment: row.environment,
    product_type: row.product_type as ProductKind,
    product_id: row.product_id,
    phone_number: row.phone_number,
    meter_number: row.meter_number,
    meter_type: row.meter_type,
    smartcard_number: row.smartcard_number,
    product_amount: row.product_amount,
    created_at: row.created_at,
  };
}
