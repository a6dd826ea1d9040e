/**
 * The store seen by the rest of the server: one small interface, two drivers (embedded PGlite, PostgreSQL via pg).
 * Every query is plain SQL that runs unchanged on both. Money travels as decimal strings, never floats.
 */
import type {
  BundleType, CableProvider, Distributor, Environment, KeyStatus, MeterType, Network, ProductKind, Scope,
  TransactionCategory, TransactionStatus,
} from '../domain.ts';

/** The lowest layer: a SQL executor. Both drivers implement it; queries.ts builds everything else on it. */
export interface Sql {
  query<R extends Record<string, unknown> = Record<string, unknown>>(text: string, params?: unknown[]): Promise<R[]>;
  /** Runs fn inside BEGIN/COMMIT (ROLLBACK on throw) on one connection. */
  transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T>;
}

export interface AccountRow {
  id: string;
  environment: Environment;
  name: string;
  email: string;
  business_name: string;
  role: string;
  created_at: Date;
}

export interface WalletRow {
  account_id: string;
  balance: string; // decimal string, 2 places
  currency: string;
  updated_at: Date;
}

export interface TransactionRow {
  id: string;
  account_id: string;
  amount: string;
  currency: string;
  status: TransactionStatus;
  category: TransactionCategory;
  description: string;
  reference: string;
  external_reference: string | null;
  product_type: string | null;
  phone_number: string | null;
  meter_number: string | null;
  product_amount: string;
  fee_amount: string;
  total_debit: string;
  price_basis: string;
  created_at: Date;
  updated_at: Date;
}

export interface ApiKeyRow {
  id: string;
  account_id: string;
  environment: Environment;
  name: string;
  /** Short non-secret display prefix, e.g. "sk_live_Ab3d". */
  display_prefix: string;
  /** Hex SHA-256 of the secret. The secret itself is never stored. */
  secret_hash: string;
  scopes: Scope[];
  /** Allow-list entries as configured (single IPv4, IPv4 CIDR, single IPv6); empty = any address. */
  ip_allowlist: string[];
  status: KeyStatus;
  expires_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface ProductRow {
  id: string;
  environment: Environment;
  kind: ProductKind;
  network: Network | null;
  bundle_type: BundleType | null;
  distributor: Distributor | null;
  meter_type: MeterType | null;
  provider: CableProvider | null;
  /** The wire `attributes` object of the product, stored as JSONB. */
  attributes: Record<string, unknown>;
  sort_order: number;
}

export interface TransactionFilter {
  status?: TransactionStatus | undefined;
  category?: TransactionCategory | undefined;
  external_reference?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

export interface ProductFilter {
  network?: Network | undefined;
  bundle_type?: BundleType | undefined;
  distributor?: Distributor | undefined;
  provider?: CableProvider | undefined;
}

export interface Page<T> {
  items: T[];
  total_count: number;
}

export interface PageRequest {
  page: number; // >= 1
  per_page: number; // 1..100
}

export interface NewApiKey {
  account_id: string;
  name: string;
  display_prefix: string;
  secret_hash: string;
  scopes: Scope[];
  ip_allowlist: string[];
  expires_at: Date | null;
}

/** Everything the server, the console and the demo loader need from the database. */
export interface Store {
  readonly driver: 'pglite' | 'postgres';
  readonly sql: Sql;
  /** Cheap round trip used by /health and readiness; throws when the database does not answer. */
  ping(): Promise<void>;
  close(): Promise<void>;

  createAccount(a: Omit<AccountRow, 'id' | 'created_at'> & { id?: string; created_at?: Date }): Promise<AccountRow>;
  getAccount(id: string): Promise<AccountRow | null>;
  listAccounts(environment?: Environment): Promise<AccountRow[]>;
  getWallet(accountId: string): Promise<WalletRow | null>;
  upsertWallet(w: WalletRow): Promise<void>;

  /** Newest first (created_at desc, id desc); total_count is exact. */
  listTransactions(accountId: string, filter: TransactionFilter, page: PageRequest): Promise<Page<TransactionRow>>;
  getTransactionById(accountId: string, id: string): Promise<TransactionRow | null>;
  getTransactionByExternalReference(accountId: string, ref: string): Promise<TransactionRow | null>;
  insertTransactions(rows: TransactionRow[]): Promise<void>;
  countTransactions(accountId: string): Promise<number>;

  listProducts(environment: Environment, kind: ProductKind, filter: ProductFilter, page: PageRequest): Promise<Page<ProductRow>>;
  replaceProducts(environment: Environment, rows: ProductRow[]): Promise<void>;
  countProducts(environment: Environment): Promise<number>;

  /** Lookup by hash only; one indexed query per request (no cache, so revoke/disable/regenerate act at once). */
  findKeyByHash(secretHash: string): Promise<ApiKeyRow | null>;
  getKey(id: string): Promise<ApiKeyRow | null>;
  listKeys(accountId?: string): Promise<ApiKeyRow[]>;
  createKey(k: NewApiKey): Promise<ApiKeyRow>;
  setKeyStatus(id: string, status: KeyStatus): Promise<ApiKeyRow>;
  /** Replaces the secret hash (regenerate): the old secret stops matching in the same statement. */
  replaceKeySecret(id: string, secretHash: string, displayPrefix: string): Promise<ApiKeyRow>;
  updateKey(id: string, patch: Partial<Pick<ApiKeyRow, 'scopes' | 'ip_allowlist' | 'expires_at' | 'name'>>): Promise<ApiKeyRow>;
}
