/**
 * The product catalogue of each environment: airtime per network, data plans, electricity per distributor and meter
 * type, cable / streaming TV bouquets. Prices are realistic Nigerian retail prices (2025). Each row stores the wire
 * `attributes` of the product (checked against the contract by catalogue.test.ts) plus the filter columns.
 *
 * Ids are name-based UUIDs (v5) of (environment, kind, code): stable across starts and machines, and different
 * between environments, which are isolated (an id of one is unknown in the other) — except the products the
 * contract's examples show, which carry the example's id in both (CONTRACT_PRODUCT_IDS).
 */
import {
  BUNDLE_VALIDITY_DAYS,
  CABLE_PROVIDERS,
  DISTRIBUTORS,
  METER_TYPES,
  NETWORKS,
  type BundleType,
  type CableProvider,
  type Distributor,
  type Environment,
  type MeterType,
  type Network,
  type ProductKind,
} from '../domain.ts';
import { uuidV5 } from '../ids.ts';
import type { ProductRow } from '../store/types.ts';
import { formatKobo, naira } from '../money.ts';

export const CURRENCY = 'NGN';

/** Networks as marketed (display names); the wire `network` field is the upper-case code. */
export const NETWORK_NAMES: Record<Network, string> = {
  MTN: 'MTN',
  AIRTEL: 'Airtel',
  GLO: 'Glo',
  '9MOBILE': '9mobile',
};

export const DISTRIBUTOR_NAMES: Record<Distributor, string> = {
  AEDC: 'Abuja Electricity Distribution Company',
  BEDC: 'Benin Electricity',
  EEDC: 'Enugu Electricity',
  EKEDC: 'Eko Electricity',
  IBEDC: 'Ibadan Electricity',
  IKEDC: 'Ikeja Electric',
  JED: 'Jos Electricity',
  KAEDCO: 'Kaduna Electric',
  KEDCO: 'Kano Electricity',
  PHED: 'Port Harcourt Electricity',
  YEDC: 'Yola Electricity',
  ABAPOWER: 'Aba Power',
};

export const CABLE_PROVIDER_NAMES: Record<CableProvider, string> = {
  DSTV: 'DStv',
  GOTV: 'GOtv',
  STARTIMES: 'StarTimes',
  SHOWMAX: 'Showmax',
};

const METER_TYPE_NAMES: Record<MeterType, string> = { prepaid: 'Prepaid', postpaid: 'Postpaid' };
const BUNDLE_TYPE_NAMES: Record<BundleType, string> = { daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly' };

/** Airtime limits per network, in naira. */
const AIRTIME_LIMITS: Record<Network, { min: number; max: number }> = {
  MTN: { min: 50, max: 50_000 },
  AIRTEL: { min: 50, max: 50_000 },
  GLO: { min: 50, max: 20_000 },
  '9MOBILE': { min: 50, max: 20_000 },
};

/** Data plans per network and bundle type: [marketed size, price in naira]. Sizes: "110MB", "1.5GB", "10GB". */
const DATA_PLANS: Record<Network, Record<BundleType, [size: string, price: number][]>> = {
  MTN: {
    daily: [
      ['110MB', 100],
      ['500MB', 350],
      ['1GB', 500],
      ['2.5GB', 750],
    ],
    weekly: [
      ['1GB', 800],
      ['1.5GB', 1000],
      ['3.5GB', 1500],
      ['6GB', 2500],
    ],
    monthly: [
      ['1.5GB', 1200],
      ['2GB', 1500],
      ['3.5GB', 2500],
      ['7GB', 3500],
      ['10GB', 4500],
      ['20GB', 7500],
      ['75GB', 20000],
    ],
  },
  AIRTEL: {
    daily: [
      ['150MB', 100],
      ['1GB', 500],
      ['2GB', 750],
    ],
    weekly: [
      ['1GB', 800],
      ['1.5GB', 1000],
      ['3.5GB', 1500],
      ['6GB', 2500],
    ],
    monthly: [
      ['2GB', 1500],
      ['3GB', 2000],
      ['4GB', 2500],
      ['8GB', 3000],
      ['10GB', 4000],
      ['13GB', 5000],
      ['25GB', 8000],
    ],
  },
  GLO: {
    daily: [
      ['125MB', 100],
      ['1GB', 350],
      ['2GB', 500],
    ],
    weekly: [
      ['1.5GB', 500],
      ['3.5GB', 1000],
      ['6GB', 1500],
    ],
    monthly: [
      ['2.6GB', 1000],
      ['5GB', 1500],
      ['10GB', 3000],
      ['18GB', 5000],
      ['48GB', 10000],
    ],
  },
  '9MOBILE': {
    daily: [
      ['100MB', 100],
      ['650MB', 200],
      ['1GB', 350],
    ],
    weekly: [
      ['1GB', 600],
      ['2.5GB', 1000],
      ['7GB', 1500],
    ],
    monthly: [
      ['1.5GB', 1200],
      ['2GB', 1500],
      ['4.5GB', 2000],
      ['11GB', 4000],
      ['15GB', 5000],
    ],
  },
};

/** Electricity limits per meter type, in naira (the same for every distributor). */
const ELECTRICITY_LIMITS: Record<MeterType, { min: number; max: number }> = {
  prepaid: { min: 1_000, max: 500_000 },
  postpaid: { min: 500, max: 1_000_000 },
};

/** Bouquets per provider: [name without provider, code suffix, price in naira, validity days]. */
const BOUQUETS: Record<CableProvider, [name: string, code: string, price: number, validityDays: number][]> = {
  DSTV: [
    ['Padi', 'PADI', 4400, 30],
    ['Yanga', 'YANGA', 6000, 30],
    ['Confam', 'CONFAM', 11000, 30],
    ['Compact', 'COMPACT', 19000, 30],
    ['Compact Plus', 'COMPACT-PLUS', 30000, 30],
    ['Premium', 'PREMIUM', 44500, 30],
  ],
  GOTV: [
    ['Smallie', 'SMALLIE', 1900, 30],
    ['Jinja', 'JINJA', 3900, 30],
    ['Jolli', 'JOLLI', 5800, 30],
    ['Max', 'MAX', 8500, 30],
    ['Supa', 'SUPA', 11400, 30],
    ['Supa Plus', 'SUPA-PLUS', 16800, 30],
  ],
  STARTIMES: [
    ['Nova Weekly', 'NOVA-WEEKLY', 700, 7],
    ['Basic Weekly', 'BASIC-WEEKLY', 1300, 7],
    ['Nova', 'NOVA', 1900, 30],
    ['Basic', 'BASIC', 3700, 30],
    ['Smart', 'SMART', 4700, 30],
    ['Classic', 'CLASSIC', 5500, 30],
    ['Super', 'SUPER', 9800, 30],
  ],
  SHOWMAX: [
    ['Mobile', 'MOBILE', 1450, 30],
    ['Entertainment', 'ENTERTAINMENT', 3500, 30],
    ['Pro Mobile', 'PRO-MOBILE', 3200, 30],
    ['Pro', 'PRO', 6300, 30],
  ],
};

/**
 * The ids the contract's catalogue examples give products (components/examples/*ListOk.yaml; the purchase bodies and
 * verification paths use them too), by kind and catalogue code. These products carry them in both environments, so
 * an example request names a product of the demo catalogue wherever it is sent (contract-examples.ts). A product is
 * keyed by (environment, id), so the environments stay isolated; contract-examples.test.ts checks the table against
 * the contract.
 */
export const CONTRACT_PRODUCT_IDS: Readonly<Record<string, string>> = {
  'airtime:MTN': '1e2d3c4b-5a6f-4e7d-8c9b-0a1b2c3d4e5f',
  'airtime:AIRTEL': '2f3e4d5c-6b7a-4f8e-9d0c-1b2c3d4e5f6a',
  'dataplan:MTN-1500MB-30D': '4b5c6d7e-8f9a-4b0c-9d1e-2f3a4b5c6d7e',
  'dataplan:MTN-10GB-30D': '5c6d7e8f-9a0b-4c1d-8e2f-3a4b5c6d7e8f',
  'electricity:IKEDC-PREPAID': '6d7e8f9a-0b1c-4d2e-9f3a-4b5c6d7e8f9a',
  'electricity:IKEDC-POSTPAID': '7e8f9a0b-1c2d-4e3f-8a4b-5c6d7e8f9a0b',
  'cabletv:DSTV-COMPACT': '8f9a0b1c-2d3e-4f4a-9b5c-6d7e8f9a0b1c',
  'cabletv:DSTV-PREMIUM': '9a0b1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d',
};

/** The stable id of a product of one environment: the contract's example id, or a name-based one of the environment. */
export function productId(environment: Environment, kind: ProductKind, code: string): string {
  return CONTRACT_PRODUCT_IDS[`${kind}:${code}`] ?? uuidV5(`product:${environment}:${kind}:${code}`);
}

/** "1.5GB" -> { mb: 1536, code: "1500MB" }; "10GB" -> { mb: 10240, code: "10GB" }; "110MB" -> { mb: 110, code: "110MB" }. */
function parseSize(size: string): { mb: number; code: string } {
  const m = /^(\d+(?:\.\d+)?)(MB|GB)$/.exec(size);
  if (!m) throw new Error(`bad data size ${size}`);
  const value = Number(m[1]);
  if (m[2] === 'MB') return { mb: value, code: size };
  if (Number.isInteger(value)) return { mb: value * 1024, code: size };
  return { mb: Math.round(value * 1024), code: `${Math.round(value * 1000)}MB` };
}

const fixedPrice = (nairaAmount: number) => ({
  currency: CURRENCY,
  basis: 'fixed',
  amount: formatKobo(naira(nairaAmount)),
});
const rangePrice = (min: number, max: number) => ({
  currency: CURRENCY,
  basis: 'face_value',
  min_amount: formatKobo(naira(min)),
  max_amount: formatKobo(naira(max)),
});

type ProductDraft = Omit<ProductRow, 'id' | 'environment' | 'sort_order'> & { code: string };

const noFilters = { network: null, bundle_type: null, distributor: null, meter_type: null, provider: null } as const;

function airtimeDrafts(): ProductDraft[] {
  return NETWORKS.map((network) => {
    const { min, max } = AIRTIME_LIMITS[network];
    const price = rangePrice(min, max);
    return {
      ...noFilters,
      kind: 'airtime',
      network,
      code: network,
      attributes: {
        display_name: `${NETWORK_NAMES[network]} Airtime`,
        network,
        min_amount: price.min_amount,
        max_amount: price.max_amount,
        price,
      },
    };
  });
}

function dataPlanDrafts(): ProductDraft[] {
  const out: ProductDraft[] = [];
  for (const network of NETWORKS) {
    for (const bundle_type of ['daily', 'weekly', 'monthly'] as const) {
      const validity_days = BUNDLE_VALIDITY_DAYS[bundle_type];
      const plans = [...DATA_PLANS[network][bundle_type]].sort(
        (x, y) => x[1] - y[1] || parseSize(x[0]).mb - parseSize(y[0]).mb,
      );
      for (const [size, price] of plans) {
        const { mb, code } = parseSize(size);
        const plan_code = `${network}-${code}-${validity_days}D`;
        out.push({
          ...noFilters,
          kind: 'dataplan',
          network,
          bundle_type,
          code: plan_code,
          attributes: {
            display_name: `${NETWORK_NAMES[network]} ${size} ${BUNDLE_TYPE_NAMES[bundle_type]}`,
            network,
            bundle_type,
            plan_code,
            data_volume_mb: mb,
            validity_days,
            price: fixedPrice(price),
          },
        });
      }
    }
  }
  return out;
}

function electricityDrafts(): ProductDraft[] {
  const out: ProductDraft[] = [];
  for (const distributor of DISTRIBUTORS) {
    for (const meter_type of METER_TYPES) {
      const { min, max } = ELECTRICITY_LIMITS[meter_type];
      const price = rangePrice(min, max);
      const distributor_name = DISTRIBUTOR_NAMES[distributor];
      out.push({
        ...noFilters,
        kind: 'electricity',
        distributor,
        meter_type,
        code: `${distributor}-${meter_type.toUpperCase()}`,
        attributes: {
          display_name: `${distributor_name} ${METER_TYPE_NAMES[meter_type]}`,
          distributor,
          distributor_name,
          meter_type,
          min_amount: price.min_amount,
          max_amount: price.max_amount,
          price,
        },
      });
    }
  }
  return out;
}

function cableTvDrafts(): ProductDraft[] {
  const out: ProductDraft[] = [];
  for (const provider of CABLE_PROVIDERS) {
    const bouquets = [...BOUQUETS[provider]].sort((x, y) => x[2] - y[2]);
    for (const [name, suffix, price, validity_days] of bouquets) {
      const bouquet_code = `${provider}-${suffix}`;
      out.push({
        ...noFilters,
        kind: 'cabletv',
        provider,
        code: bouquet_code,
        attributes: {
          display_name: `${CABLE_PROVIDER_NAMES[provider]} ${name}`,
          provider,
          bouquet_code,
          validity_days,
          price: fixedPrice(price),
        },
      });
    }
  }
  return out;
}

/**
 * The whole catalogue of one environment. Listing order (`sort_order`, increasing over the whole array): kind, then
 * network / distributor / provider in domain order, then bundle type (daily, weekly, monthly) or meter type, then price.
 */
export function buildCatalogue(environment: Environment): ProductRow[] {
  const drafts = [...airtimeDrafts(), ...dataPlanDrafts(), ...electricityDrafts(), ...cableTvDrafts()];
  return drafts.map(({ code, ...d }, i) => ({
    id: productId(environment, d.kind, code),
    environment,
    ...d,
    sort_order: (i + 1) * 10,
  }));
}

/** The catalogue code of a product (plan_code, bouquet_code, network or distributor-meter type). */
export function productCode(p: ProductRow): string {
  const a = p.attributes;
  switch (p.kind) {
    case 'airtime':
      return String(a.network);
    case 'dataplan':
      return String(a.plan_code);
    case 'cabletv':
      return String(a.bouquet_code);
    case 'electricity':
      return `${String(a.distributor)}-${String(a.meter_type).toUpperCase()}`;
  }
}
