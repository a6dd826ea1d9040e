/**
 * The simulated biller: deterministic and stateless. Every answer is a pure function of (environment, the order or
 * query, the order's created_at, now), so a requery after a restart, or from another instance, tells the same story.
 *
 * Sandbox follows the scenarios of scenarios.ts; any other value is successful at once and any meter or smartcard
 * verifies with a synthetic customer. Production has no magic values: everything verifies, every vend is successful
 * at once.
 *
 * Meter types: a meter takes the type of the product it is verified or bought with, except the sandbox meters of a
 * fixed type (1111111111111 prepaid, 1010101010101 postpaid), which are not found with a product of the other type
 * (a distributor's prepaid vending system does not know its postpaid accounts, and the other way round).
 */
import type { Environment, TransactionStatus } from '../domain.ts';
import type { ProductEventType } from '../store/webhook-types.ts';
import type { ProductRow } from '../store/types.ts';
import { BillerTimeoutError } from './errors.ts';
import {
  fixedMeterType,
  purchaseScenario,
  scenarioProductEvents,
  verificationScenario,
  type SimulatorScenario,
} from './scenarios.ts';
import { currentBouquet, customerName, dueDate, meterAddress, tokenFor, unitsFor } from './synthetic.ts';
import type { Biller, MeterInfo, RequeryAsker, SmartcardInfo, VendOrder, VendResult } from './types.ts';

export interface SimulatedBillerOptions {
  /** The clock (tests move it). */
  now?: () => Date;
  /**
   * How long the timeout scenario keeps the vend waiting before it gives up, as a biller that does not answer does
   * (default TIMEOUT_WAIT_MS). It is what keeps such a purchase in flight long enough for a second request with its
   * Idempotency-Key to meet 409 IDEMPOTENCY_KEY_IN_USE; tests of the scenario table pass 0.
   */
  timeoutWaitMs?: number;
}

/** A simulated biller timeout takes this long (a real one takes the vend's whole timeout, 15 s: too slow for a sandbox). */
export const TIMEOUT_WAIT_MS = 1_500;

export class SimulatedBiller implements Biller {
  readonly name = 'simulator';
  readonly #now: () => Date;
  readonly #timeoutWaitMs: number;

  constructor(options: SimulatedBillerOptions = {}) {
    this.#now = options.now ?? (() => new Date());
    this.#timeoutWaitMs = options.timeoutWaitMs ?? TIMEOUT_WAIT_MS;
  }

  async verifyMeter(q: {
    environment: Environment;
    product: ProductRow;
    meter_number: string;
  }): Promise<MeterInfo | null> {
    const { product, meter_number } = q;
    if (product.kind !== 'electricity' || !product.distributor || !product.meter_type) return null;
    let meter_type = product.meter_type;
    if (q.environment === 'sandbox') {
      if (verificationScenario('getElectricityMeter', meter_number)?.outcome === 'not_found') return null;
      const fixed = fixedMeterType(meter_number);
      if (fixed !== undefined && fixed !== product.meter_type) return null;
      meter_type = fixed ?? meter_type;
    }
    return {
      meter_number,
      meter_type,
      customer_name: customerName(meter_number),
      address: meterAddress(meter_number, product.distributor),
      distributor: product.distributor,
    };
  }

  async verifySmartcard(q: {
    environment: Environment;
    product: ProductRow;
    smartcard_number: string;
  }): Promise<SmartcardInfo | null> {
    const { product, smartcard_number } = q;
    if (product.kind !== 'cabletv' || !product.provider) return null;
    if (
      q.environment === 'sandbox' &&
      verificationScenario('getCableTvSmartcard', smartcard_number)?.outcome === 'not_found'
    )
      return null;
    return {
      smartcard_number,
      provider: product.provider,
      customer_name: customerName(smartcard_number),
      current_bouquet: currentBouquet(smartcard_number, product.provider),
      due_date: dueDate(smartcard_number, this.#now()),
    };
  }

  /** What the biller answers at once: the scenario's first state (its `outcome`), whenever it is asked. */
  async vend(order: VendOrder): Promise<VendResult> {
    const scenario = this.#scenario(order);
    if (scenario?.timeout) {
      if (this.#timeoutWaitMs > 0) await new Promise((r) => setTimeout(r, this.#timeoutWaitMs));
      throw new BillerTimeoutError('the simulated biller did not answer (sandbox timeout scenario)');
    }
    return this.#state(order, scenario, scenario?.outcome === 'pending' ? 'pending' : 'successful');
  }

  /**
   * The scenario's first state until `after_seconds` past created_at, its final state (`then`) from then on — or at
   * once when the partner asks (POST /purchases/{id}/query moves a sandbox purchase on without waiting).
   */
  async requery(order: VendOrder, asked: RequeryAsker = 'worker'): Promise<VendResult> {
    const scenario = this.#scenario(order);
    if (!scenario?.then) return this.#state(order, scenario, 'successful');
    const settled = asked === 'partner' || this.#now().getTime() >= settlesAt(order, scenario).getTime();
    return this.#state(
      order,
      scenario,
      settled ? scenario.then : scenario.outcome === 'pending' ? 'pending' : 'successful',
    );
  }

  /** A drill's product events (scenarios.ts, `events`): sandbox only, like every scenario. */
  productEvents(order: VendOrder, from: TransactionStatus, to: TransactionStatus): readonly ProductEventType[] {
    return scenarioProductEvents(this.#scenario(order), from, to);
  }

  #scenario(order: VendOrder): SimulatorScenario | undefined {
    return order.environment === 'sandbox' ? purchaseScenario(order) : undefined;
  }

  #state(order: VendOrder, scenario: SimulatorScenario | undefined, status: VendResult['status']): VendResult {
    switch (status) {
      case 'pending':
        return { status, recheck_at: settlesAt(order, scenario!) };
      case 'failed':
        return { status, reason: 'the biller could not deliver the purchase (sandbox scenario)' };
      case 'reversed':
        return { status, reason: 'the biller reversed the delivery (sandbox scenario)' };
      case 'successful': {
        const delivered =
          order.product_type === 'electricity' && order.meter_type === 'prepaid'
            ? { token: tokenFor(order.id), units: unitsFor(order.product_amount) }
            : {};
        // A delivery the scenario will still reverse: the worker must ask again when the reversal is due.
        const reversal = scenario?.then === 'reversed' ? { recheck_at: settlesAt(order, scenario) } : {};
        return { status, ...delivered, ...reversal };
      }
    }
  }
}

function settlesAt(order: VendOrder, scenario: SimulatorScenario): Date {
  return new Date(order.created_at.getTime() + (scenario.after_seconds ?? 0) * 1000);
}
