/**
 * The sandbox scenarios: magic values (like test card numbers) that make the simulator tell a chosen story. This
 * table IS the simulator's behaviour (simulator.ts looks every answer up here) and is what the contract documents in
 * `info.x-sandbox-scenarios`; scenarios.test.ts holds the two equal once the contract carries the extension.
 *
 * Precedence: the first matching row wins, and every number row comes before the amount rows, so a magic number
 * with the magic amount follows the number's story. In production no value is magic (simulator.ts).
 */
import type { MeterType, ProductKind, TransactionStatus } from '../domain.ts';
import { parseKobo } from '../money.ts';
import type { ProductEventType } from '../store/webhook-types.ts';
import type { VendOrder } from './types.ts';

export type PurchaseOperation =
  'createAirtimePurchase' | 'createDataPurchase' | 'createElectricityPurchase' | 'createCableTvPurchase';
export type VerificationOperation = 'getElectricityMeter' | 'getCableTvSmartcard';

/** One row as the contract's `x-sandbox-scenarios` carries it. */
export interface SandboxScenario {
  readonly name: string;
  readonly operation: PurchaseOperation | VerificationOperation;
  /** Body members (purchases) or path parameters (verifications) that trigger it. */
  readonly when: Readonly<Record<string, string>>;
  /** The state the 201 answers with, or `found` / `not_found` for a verification. */
  readonly outcome: 'successful' | 'pending' | 'found' | 'not_found';
  /** The final state reached later, or null when final at once. */
  readonly then: 'successful' | 'failed' | 'reversed' | null;
  readonly after_seconds: number | null;
  /**
   * A drill (issue 25): the `product.*` events the scenario sends to the purchasing account's endpoints, about the
   * product bought — `outcome` ones when the purchase reaches its first state, `then` ones when it reaches its
   * final one. The catalogue itself does not change: it is shared by every sandbox account.
   */
  readonly events?: Readonly<{ outcome?: readonly ProductEventType[]; then?: readonly ProductEventType[] }>;
}

/** A row plus what only the simulator needs: a meter of a fixed type, or a vend that times out. */
export interface SimulatorScenario extends SandboxScenario {
  readonly meter_type?: MeterType;
  readonly timeout?: true;
}

/** A scenario that gets as far as the vend: a purchase, not one refused by its verification. */
export const reachesVend = (s: SandboxScenario): boolean =>
  s.operation.startsWith('create') && s.outcome !== 'not_found';

/** When a scenario's later state (`then`) is reached, counted from the purchase's created_at. */
export const SCENARIO_DELAY_SECONDS = 3;

/**
 * The amount that makes the biller time out. Not the design's 13.13: the check order refuses an amount outside the
 * product's range (422 AMOUNT_OUT_OF_RANGE) before the biller is called, and 13.13 is below every airtime (50.00)
 * and electricity (500.00 / 1000.00) minimum; 1313.13 lies inside every airtime and electricity range.
 */
export const TIMEOUT_AMOUNT = '1313.13';

const later = (then: 'successful' | 'failed' | 'reversed') => ({ then, after_seconds: SCENARIO_DELAY_SECONDS });
const final = { then: null, after_seconds: null } as const;

function phoneStories(kind: 'airtime' | 'data', operation: PurchaseOperation): SimulatorScenario[] {
  return [
    { name: `${kind}_successful`, operation, when: { phone_number: '08011111111' }, outcome: 'successful', ...final },
    {
      name: `${kind}_pending_then_successful`,
      operation,
      when: { phone_number: '08022222222' },
      outcome: 'pending',
      ...later('successful'),
    },
    {
      name: `${kind}_pending_then_failed`,
      operation,
      when: { phone_number: '08033333333' },
      outcome: 'pending',
      ...later('failed'),
    },
    {
      name: `${kind}_successful_then_reversed`,
      operation,
      when: { phone_number: '08044444444' },
      outcome: 'successful',
      ...later('reversed'),
    },
  ];
}

/** The drills (issue 25): a biller outage announced on the product, and a price change announced on it. */
const productDrills: SimulatorScenario[] = [
  {
    name: 'airtime_biller_outage',
    operation: 'createAirtimePurchase',
    when: { phone_number: '08066666666' },
    outcome: 'pending',
    ...later('failed'),
    events: { outcome: ['product.unavailable'], then: ['product.available'] },
  },
  {
    name: 'data_price_changed',
    operation: 'createDataPurchase',
    when: { phone_number: '08077777777' },
    outcome: 'successful',
    ...final,
    events: { outcome: ['product.price_changed'] },
  },
];

const ELECTRICITY = 'createElectricityPurchase';
const CABLE_TV = 'createCableTvPurchase';

/** Frozen at every depth: the table is shared by every request and must not be changed by any. */
const frozen = <T extends SandboxScenario>(list: T[]): readonly T[] =>
  Object.freeze(
    list.map((s) =>
      Object.freeze({
        ...s,
        when: Object.freeze({ ...s.when }),
        ...(s.events ? { events: frozenEvents(s.events) } : {}),
      }),
    ),
  );
const frozenEvents = (e: NonNullable<SandboxScenario['events']>) =>
  Object.freeze(
    Object.fromEntries(Object.entries(e).map(([at, types]) => [at, Object.freeze([...types])])),
  ) as SandboxScenario['events'];

export const SIMULATOR_SCENARIOS: readonly SimulatorScenario[] = frozen([
  ...phoneStories('airtime', 'createAirtimePurchase'),
  ...phoneStories('data', 'createDataPurchase'),
  ...productDrills,
  {
    name: 'electricity_prepaid_successful',
    operation: ELECTRICITY,
    when: { meter_number: '1111111111111' },
    outcome: 'successful',
    ...final,
    meter_type: 'prepaid',
  },
  {
    name: 'electricity_postpaid_successful',
    operation: ELECTRICITY,
    when: { meter_number: '1010101010101' },
    outcome: 'successful',
    ...final,
    meter_type: 'postpaid',
  },
  {
    name: 'electricity_pending_then_successful',
    operation: ELECTRICITY,
    when: { meter_number: '2222222222222' },
    outcome: 'pending',
    ...later('successful'),
  },
  {
    name: 'electricity_pending_then_failed',
    operation: ELECTRICITY,
    when: { meter_number: '3333333333333' },
    outcome: 'pending',
    ...later('failed'),
  },
  {
    name: 'electricity_successful_then_reversed',
    operation: ELECTRICITY,
    when: { meter_number: '4444444444444' },
    outcome: 'successful',
    ...later('reversed'),
  },
  {
    name: 'cabletv_successful',
    operation: CABLE_TV,
    when: { smartcard_number: '1212121212' },
    outcome: 'successful',
    ...final,
  },
  {
    name: 'cabletv_pending_then_successful',
    operation: CABLE_TV,
    when: { smartcard_number: '2222222222' },
    outcome: 'pending',
    ...later('successful'),
  },
  {
    name: 'cabletv_pending_then_failed',
    operation: CABLE_TV,
    when: { smartcard_number: '3333333333' },
    outcome: 'pending',
    ...later('failed'),
  },
  {
    name: 'cabletv_successful_then_reversed',
    operation: CABLE_TV,
    when: { smartcard_number: '4444444444' },
    outcome: 'successful',
    ...later('reversed'),
  },
  // A biller that does not answer, for the purchases without an amount (the others also time out on TIMEOUT_AMOUNT).
  {
    name: 'data_biller_timeout',
    operation: 'createDataPurchase',
    when: { phone_number: '08055555555' },
    outcome: 'pending',
    ...later('successful'),
    timeout: true,
  },
  {
    name: 'cabletv_biller_timeout',
    operation: CABLE_TV,
    when: { smartcard_number: '5555555555' },
    outcome: 'pending',
    ...later('successful'),
    timeout: true,
  },
  {
    name: 'airtime_biller_timeout',
    operation: 'createAirtimePurchase',
    when: { amount: TIMEOUT_AMOUNT },
    outcome: 'pending',
    ...later('successful'),
    timeout: true,
  },
  {
    name: 'electricity_biller_timeout',
    operation: ELECTRICITY,
    when: { amount: TIMEOUT_AMOUNT },
    outcome: 'pending',
    ...later('successful'),
    timeout: true,
  },
  // A purchase refused by its verification (404 METER_NOT_FOUND / SMARTCARD_NOT_FOUND), and the verifications.
  {
    name: 'electricity_meter_not_found',
    operation: ELECTRICITY,
    when: { meter_number: '0000000000000' },
    outcome: 'not_found',
    ...final,
  },
  {
    name: 'cabletv_smartcard_not_found',
    operation: CABLE_TV,
    when: { smartcard_number: '0000000000' },
    outcome: 'not_found',
    ...final,
  },
  {
    name: 'meter_prepaid_found',
    operation: 'getElectricityMeter',
    when: { meter_number: '1111111111111' },
    outcome: 'found',
    ...final,
    meter_type: 'prepaid',
  },
  {
    name: 'meter_postpaid_found',
    operation: 'getElectricityMeter',
    when: { meter_number: '1010101010101' },
    outcome: 'found',
    ...final,
    meter_type: 'postpaid',
  },
  {
    name: 'meter_not_found',
    operation: 'getElectricityMeter',
    when: { meter_number: '0000000000000' },
    outcome: 'not_found',
    ...final,
  },
  {
    name: 'smartcard_found',
    operation: 'getCableTvSmartcard',
    when: { smartcard_number: '1212121212' },
    outcome: 'found',
    ...final,
  },
  {
    name: 'smartcard_not_found',
    operation: 'getCableTvSmartcard',
    when: { smartcard_number: '0000000000' },
    outcome: 'not_found',
    ...final,
  },
]);

/** The table in the contract's shape (what `info.x-sandbox-scenarios` must equal). */
export const SANDBOX_SCENARIOS: readonly SandboxScenario[] = frozen(
  SIMULATOR_SCENARIOS.map(({ name, operation, when, outcome, then, after_seconds, events }) => ({
    name,
    operation,
    when,
    outcome,
    then,
    after_seconds,
    ...(events ? { events } : {}),
  })),
);

/**
 * The product events a scenario's purchase announces on a settlement from `from` to `to`: its `outcome` events on
 * the first settlement (pending to its first state), its `then` events on the move to its final state. The store
 * writes them only with a settlement that happens once — a move, or the first settlement that leaves a purchase
 * pending (sql/settle_purchase.sql) —, so a later requery that leaves it pending announces nothing again.
 */
export function scenarioProductEvents(
  scenario: SandboxScenario | undefined,
  from: TransactionStatus,
  to: TransactionStatus,
): readonly ProductEventType[] {
  if (!scenario?.events) return [];
  if (from === 'pending' && to === scenario.outcome) return scenario.events.outcome ?? [];
  if (from !== to && to === scenario.then) return scenario.events.then ?? [];
  return [];
}

export const PURCHASE_OPERATION: Readonly<Record<ProductKind, PurchaseOperation>> = Object.freeze({
  airtime: 'createAirtimePurchase',
  dataplan: 'createDataPurchase',
  electricity: 'createElectricityPurchase',
  cabletv: 'createCableTvPurchase',
});

/** The sandbox scenario of a purchase, or undefined for an ordinary one (successful at once). */
export function purchaseScenario(order: VendOrder): SimulatorScenario | undefined {
  const operation = PURCHASE_OPERATION[order.product_type];
  return SIMULATOR_SCENARIOS.find(
    (s) =>
      s.operation === operation && Object.entries(s.when).every(([member, value]) => matches(order, member, value)),
  );
}

/** The sandbox scenario of a verification (a path value), or undefined (found, with a synthetic customer). */
export function verificationScenario(operation: VerificationOperation, number: string): SimulatorScenario | undefined {
  return SIMULATOR_SCENARIOS.find((s) => s.operation === operation && Object.values(s.when)[0] === number);
}

/** The meter type a sandbox meter has whatever the product, or undefined when it takes the product's. */
export function fixedMeterType(meter_number: string): MeterType | undefined {
  return SIMULATOR_SCENARIOS.find((s) => s.operation === ELECTRICITY && s.when.meter_number === meter_number)
    ?.meter_type;
}

function matches(order: VendOrder, member: string, value: string): boolean {
  switch (member) {
    case 'phone_number':
      return order.phone_number === value;
    case 'meter_number':
      return order.meter_number === value;
    case 'smartcard_number':
      return order.smartcard_number === value;
    // By value, not by text: a request's "500.5" and a stored "500.50" are the same amount.
    case 'amount':
      return sameAmount(order.product_amount, value);
    default:
      throw new Error(`scenario member ${member} is not a member of an order`);
  }
}

function sameAmount(a: string, b: string): boolean {
  const kobo = (s: string) => {
    try {
      return parseKobo(s);
    } catch {
      return NaN;
    }
  };
  return kobo(a) === kobo(b);
}
