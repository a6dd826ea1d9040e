/**
 * Domain vocabulary shared by the store, the auth layer, the handlers and the demo data.
 * The wire contract (openapi/) is the source of truth for these values: `test/contract/operations.test.ts`
 * ("vocabulary shared with the server") asserts that each list here equals the corresponding enum of the bundle.
 */

export const ENVIRONMENTS = ['production', 'sandbox'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

/** Key prefix per environment: the environment of a key is decided by its prefix alone. */
export const KEY_PREFIX: Record<Environment, string> = { production: 'sk_live_', sandbox: 'sk_test_' };

/**
 * Base path of each environment, relative to the server origin: the one path the environment answers at, and the
 * one its links use. The contract's `servers` give exactly these, as the values of their `base_path` variable
 * (test/contract/servers.test.ts).
 */
export const BASE_PATH: Record<Environment, string> = {
  production: '/api/partners/v1',
  sandbox: '/api/partners/sandbox/v1',
};

export const SCOPES = [
  'read_balance',
  'read_transactions',
  'view_products',
  'purchase_airtime',
  'purchase_data',
  'purchase_electricity',
  'purchase_cable_tv',
  'manage_webhooks',
] as const;
export type Scope = (typeof SCOPES)[number];

export const KEY_STATUSES = ['active', 'disabled', 'revoked'] as const;
export type KeyStatus = (typeof KEY_STATUSES)[number];

export const TRANSACTION_STATUSES = ['pending', 'successful', 'failed', 'reversed'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

export const TRANSACTION_CATEGORIES = ['funding', 'purchase', 'withdrawal', 'transfer', 'commission', 'promo'] as const;
export type TransactionCategory = (typeof TRANSACTION_CATEGORIES)[number];

/** Networks as they appear in responses (upper case); filters match case-insensitively. */
export const NETWORKS = ['MTN', 'AIRTEL', 'GLO', '9MOBILE'] as const;
export type Network = (typeof NETWORKS)[number];

/** The number prefixes of each network (0 + 3 digits of the national number): a purchase in production must match. */
export const NETWORK_PREFIXES: Record<Network, readonly string[]> = {
  MTN: ['0803', '0806', '0703', '0706', '0704', '0813', '0816', '0810', '0814', '0903', '0906', '0913', '0916'],
  AIRTEL: ['0802', '0808', '0708', '0701', '0812', '0901', '0902', '0904', '0907', '0912'],
  GLO: ['0805', '0807', '0705', '0815', '0811', '0905', '0915'],
  '9MOBILE': ['0809', '0818', '0817', '0909', '0908'],
};

export const BUNDLE_TYPES = ['daily', 'weekly', 'monthly'] as const;
export type BundleType = (typeof BUNDLE_TYPES)[number];
/** validity_days is consistent with bundle_type. */
export const BUNDLE_VALIDITY_DAYS: Record<BundleType, number> = { daily: 1, weekly: 7, monthly: 30 };

export const DISTRIBUTORS = [
  'AEDC',
  'BEDC',
  'EEDC',
  'EKEDC',
  'IBEDC',
  'IKEDC',
  'JED',
  'KAEDCO',
  'KEDCO',
  'PHED',
  'YEDC',
  'ABAPOWER',
] as const;
export type Distributor = (typeof DISTRIBUTORS)[number];

export const METER_TYPES = ['prepaid', 'postpaid'] as const;
export type MeterType = (typeof METER_TYPES)[number];

export const CABLE_PROVIDERS = ['DSTV', 'GOTV', 'STARTIMES', 'SHOWMAX'] as const;
export type CableProvider = (typeof CABLE_PROVIDERS)[number];

export const PRODUCT_KINDS = ['airtime', 'dataplan', 'electricity', 'cabletv'] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];

/** external_reference: 10 digits followed by 6 alphanumeric characters. */
export const EXTERNAL_REFERENCE_PATTERN = /^[0-9]{10}[A-Za-z0-9]{6}$/;
