/**
 * The purchase rows of the demo history, shaped like the purchases the API records (purchases-design §1): the
 * product bought (product_id), the number it was for (phone, meter or smartcard), the fee (electricity NGN 100,
 * others 0), the description, and for successful prepaid electricity the token and units.
 *
 * Pending purchases are the ones the settlement worker will settle after a start: they get a next_check_at, and in
 * the sandbox they carry the scenario values of the contract (`08022222222` pending then successful, `08033333333`
 * pending then failed, and the meter and smartcard equivalents), so the biller simulator tells the same story.
 */
import {
  NETWORK_PREFIXES,
  type Environment,
  type Network,
  type ProductKind,
  type TransactionStatus,
} from '../domain.ts';
import type { ProductRow } from '../store/types.ts';
import { NETWORK_NAMES } from './catalogue.ts';
import { formatKobo, naira, parseKobo } from '../money.ts';
import type { Rng } from './prng.ts';

/** Mobile number prefixes (first four digits) per network. */

/** The sandbox scenario values of a pending purchase: settled successful, or failed (refunded), after ~3 s. */
export const PENDING_SCENARIOS = {
  successful: { phone: '08022222222', meter: '2222222222222', smartcard: '2222222222' },
  failed: { phone: '08033333333', meter: '3333333333333', smartcard: '3333333333' },
} as const;

/** When the settlement worker first requeries a pending demo purchase: this long after its creation. */
export const FIRST_CHECK_MS = 3_000;

/** NGN per kWh of the simulated prepaid tariff (units = product amount / tariff, one decimal). */
export const TARIFF_KOBO_PER_KWH = 6_850;

const AIRTIME_AMOUNTS = [100, 200, 200, 500, 500, 500, 1000, 1000, 1500, 2000, 3000, 5000, 10000];
const PREPAID_AMOUNTS = [1000, 2000, 3000, 5000, 5000, 5000, 7500, 10000, 10000, 15000, 20000, 25000, 50000, 100000];

export interface PurchaseDetail {
  productAmount: number;
  fee: number;
  basis: 'fixed' | 'face_value';
  description: string;
  productType: ProductKind;
  productId: string;
  phone: string | null;
  meter: string | null;
  smartcard: string | null;
  /** Electricity prepaid: a token and units once successful. */
  prepaid: boolean;
}

export function phoneFor(rng: Rng, network: Network): string {
  return rng.pick(NETWORK_PREFIXES[network]) + rng.digits(7);
}

function meterNumber(rng: Rng): string {
  const length = rng.pick([11, 11, 11, 12, 13]);
  return String(rng.int(1, 9)) + rng.digits(length - 1);
}

function smartcardNumber(rng: Rng): string {
  return String(rng.int(1, 9)) + rng.digits(rng.pick([9, 9, 10]));
}

/** "73.0 kWh": product amount / tariff, rounded half up to one decimal, in integer arithmetic. */
export function unitsFor(productKobo: number): string {
  const tenths = Math.floor((productKobo * 10 + TARIFF_KOBO_PER_KWH / 2) / TARIFF_KOBO_PER_KWH);
  return `${Math.floor(tenths / 10)}.${tenths % 10} kWh`;
}

/**
 * A purchase of `kind` in `status`. Sandbox pending ones use a scenario value (the settlement decided by rng);
 * the rng draws happen in the same order whatever the status, so the other rows do not move when one changes.
 */
export function purchaseDetail(
  rng: Rng,
  kind: ProductKind,
  products: Record<ProductKind, ProductRow[]>,
  environment: Environment,
  status: TransactionStatus,
): PurchaseDetail {
  const product = rng.pick(products[kind]);
  const a = product.attributes as Record<string, unknown> & { display_name: string };
  const scenario = PENDING_SCENARIOS[rng.chance(0.5) ? 'successful' : 'failed'];
  const magic = environment === 'sandbox' && status === 'pending';
  const base = {
    productType: kind,
    productId: product.id,
    phone: null,
    meter: null,
    smartcard: null,
    prepaid: false,
    fee: 0,
  };
  switch (kind) {
    case 'airtime': {
      const network = product.network as Network;
      const amount = Math.min(
        parseKobo(String(a.max_amount)),
        Math.max(parseKobo(String(a.min_amount)), naira(rng.pick(AIRTIME_AMOUNTS))),
      );
      const drawn = phoneFor(rng, network);
      const phone = magic ? scenario.phone : drawn;
      return {
        ...base,
        productAmount: amount,
        basis: 'face_value',
        phone,
        description: `${NETWORK_NAMES[network]} airtime ${formatKobo(amount)} for ${phone}`,
      };
    }
    case 'dataplan': {
      const drawn = phoneFor(rng, product.network as Network);
      const phone = magic ? scenario.phone : drawn;
      const amount = parseKobo(String((a.price as { amount: string }).amount));
      return { ...base, productAmount: amount, basis: 'fixed', phone, description: `${a.display_name} for ${phone}` };
    }
    case 'electricity': {
      const prepaid = product.meter_type === 'prepaid';
      // Prepaid tokens are bought in round amounts; postpaid bills are paid to the kobo.
      const raw = prepaid ? naira(rng.pick(PREPAID_AMOUNTS)) : naira(rng.int(3_000, 85_000)) + rng.int(0, 99);
      const amount = Math.min(parseKobo(String(a.max_amount)), Math.max(parseKobo(String(a.min_amount)), raw));
      const drawn = meterNumber(rng);
      const meter = magic ? scenario.meter : drawn;
      return {
        ...base,
        productAmount: amount,
        fee: naira(100),
        basis: 'face_value',
        meter,
        prepaid,
        description: `${a.display_name} ${formatKobo(amount)} for meter ${meter}`,
      };
    }
    case 'cabletv': {
      const drawn = smartcardNumber(rng);
      const smartcard = magic ? scenario.smartcard : drawn;
      const amount = parseKobo(String((a.price as { amount: string }).amount));
      return {
        ...base,
        productAmount: amount,
        basis: 'fixed',
        smartcard,
        description: `${a.display_name} for smartcard ${smartcard}`,
      };
    }
  }
}
