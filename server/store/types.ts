/**
 * The store seen by the rest of the server: one small interface, two drivers (embedded PGlite, PostgreSQL via pg).
 * Every query is plain SQL that runs unchanged on both. Money travels as decimal strings, never floats.
 */
import type {
  BundleType,
  CableProvider,
  Distributor,
  Environment,
  KeyStatus,
  MeterType,
  Network,
  ProductKind,
  Scope,
  TransactionCategory,
  TransactionStatus,
} from '../domain.ts';
import type { ProductEventType, WebhookStore } from './webhook-types.ts';
import type { KeyedWrite, KeyedWriteResult } from '../idempotency/keyed-write.ts';

export interface QueryOptions {
  /**
   * Run as a prepared statement where the driver can (PostgreSQL: parsed and planned once per connection, then only
   * executed). For statements with a fixed text that run on every purchase; the PGlite driver ignores it.
   */
  prepared?: boolean;
}

/** The lowest layer: a SQL executor. Both drivers implement it; queries.ts builds everything else on it. */
export interface Sql {
  query<R extends Record<string, unknown> = Record<string, unknown>>(
    text: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<R[]>;
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

/** A wallet's low-balance threshold beside its balance (decimal strings, 2 places). */
export interface LowBalanceSetting {
  account_id: string;
  balance: string;
  currency: string;
  low_balance_threshold: string;
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
  smartcard_number: string | null;
  /** Electricity prepaid, once successful: the 20-digit token; else null. */
  token: string | null;
  /** Electricity prepaid, once successful: e.g. "79.9 kWh"; else null. */
  units: string | null;
  /** The catalogue id of the product bought (purchases); else null. */
  product_id: string | null;
  product_amount: string;
  fee_amount: string;
  total_debit: string;
  price_basis: string;
  created_at: Date;
  updated_at: Date;
  /** Internal: when the settlement worker requeries the biller about this purchase (null = never). Not on the wire. */
  next_check_at: Date | null;
  /** Internal: requeries claimed in the current state (the worker's backoff). Not on the wire. */
  check_attempts: number;
}

/**
 * A purchase claimed for a biller requery: its row, plus what the biller's order needs that is not a transaction
 * column — its account's environment and, for electricity, its product's meter type.
 */
export type DueCheck = TransactionRow & { environment: Environment; meter_type: MeterType | null };

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

/** A change of one product (`products set-price` / `set-availability`); amounts are wire decimal strings. */
export interface ProductChange {
  environment: Environment;
  product_id: string;
  price?: { amount: string } | { min_amount: string; max_amount: string } | undefined;
  available?: boolean | undefined;
  at: Date;
}

/** What change_product did (sql/change_product.sql lists the outcomes); `product` is the wire resource after it. */
export type ProductChangeOutcome =
  | { outcome: 'changed' | 'unchanged'; product: ProductResource; previous_price: Record<string, unknown> }
  | { outcome: 'fixed_price' | 'range_price' | 'min_above_max'; previous_price: Record<string, unknown> }
  | { outcome: 'product_not_found' };

/** A product as the catalogue lists it: id, type (its kind) and attributes with `available`. */
export interface ProductResource {
  id: string;
  type: ProductKind;
  attributes: Record<string, unknown> & { available: boolean };
}

/** A key as authentication reads it: its row and its account's API access, in one statement (store/keys.ts). */
export interface KeyLookupRow extends ApiKeyRow {
  /** False when the operator switched the account's API access off: its keyed operations answer API_DISABLED. */
  account_api_access_enabled: boolean;
}

/** An account's API access, as `account set-api-access` leaves it. */
export interface AccountApiAccess {
  account_id: string;
  environment: Environment;
  api_access_enabled: boolean;
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
  /** The wire `attributes` object of the product, stored as JSONB (without `available`: that is its own column). */
  attributes: Record<string, unknown>;
  sort_order: number;
  /**
   * False while an operator has the product offline (migration 012): listed, not sold. Always set when read; a
   * catalogue written without it (server/demo/catalogue.ts) is available.
   */
  available?: boolean;
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

/** One entry of a transaction's append-only state history (from_status null = created). */
export interface HistoryEntry {
  from_status: TransactionStatus | null;
  to_status: TransactionStatus;
  at: Date;
  reason: string | null;
}

/** A history row written together with rows of insertTransactions (the demo loader). */
export interface NewHistoryEntry extends HistoryEntry {
  transaction_id: string;
}

/**
 * A purchase about to be recorded (always `pending`, category `purchase`, amount = total_debit). The caller has
 * checked the product, the amount range and the verification; the store checks the money and the balance.
 */
export interface NewPurchase {
  /** UUID; also the biller's idempotency key and requery handle. */
  id: string;
  account_id: string;
  currency: string;
  description: string;
  /** The partner's reference, or one the service generated (references.ts: serviceReference('PUR')). */
  reference: string;
  /**
   * The partner's own reference (unique per account: `reference_used` when a transaction has it already). Absent:
   * the store generates one (references.ts) and draws again on the rare collision within the account.
   */
  external_reference?: string | undefined;
  product_type: ProductKind;
  product_id: string | null;
  phone_number: string | null;
  meter_number: string | null;
  smartcard_number: string | null;
  product_amount: string;
  fee_amount: string;
  /** Must equal product_amount + fee_amount, and be > 0. */
  total_debit: string;
  price_basis: string;
  created_at: Date;
  /**
   * When the settlement worker should requery the biller if nobody settles the purchase first (the process may die
   * between recording and the biller's answer): a little after the vend's own timeout. Null: never.
   */
  next_check_at: Date | null;
}

export type IdempotencyClaim =
  /** New, expired, or an abandoned in-flight lease taken over: proceed (and complete, release or link it). */
  | { kind: 'claimed' }
  /** Completed before with the same fingerprint: send this again (same status, body bytes and Location). */
  | { kind: 'replay'; status: number; body: string; location: string | null }
  /** Same key, other fingerprint or operation. */
  | { kind: 'reused' }
  /** The first request with this key is still being processed. */
  | { kind: 'in_flight' };

export interface IdempotencyClaimRequest {
  account_id: string;
  key: string;
  operation: string;
  fingerprint: string;
  now: Date;
  /** How long this request holds the key before another request with it may take it over (nothing recorded yet). */
  lease_ms: number;
  /** How long the record is kept (24 h): afterwards the key is new again. */
  ttl_ms: number;
}

export interface IdempotencyCompletion {
  account_id: string;
  key: string;
  status: number;
  body: string;
  location: string | null;
}

/** The response stored with an idempotency record: what a replay sends again. */
export interface ResponseSnapshot {
  status: number;
  body: string;
  location: string | null;
}

export type RecordPurchaseResult =
  | { kind: 'recorded'; row: TransactionRow }
  /** Wallet < total_debit: nothing recorded, nothing debited; the idempotency record (if any) holds the 422. */
  | { kind: 'insufficient_balance' }
  /**
   * The product is offline, as read in the recording transaction (an operator's change raced the request's own
   * check): nothing written, not even the key's claim. Answer 422 PRODUCT_UNAVAILABLE.
   */
  | { kind: 'product_unavailable' }
  /**
   * The idempotency record is no longer this request's to use (another request with the same key took over an
   * expired lease and linked or completed it first, or it was released): nothing written. Answer 409 IN_USE.
   */
  | { kind: 'idempotency_key_lost' }
  /**
   * Only with `idem.claim`: the account already has a record with this key (any state): nothing written. Inspect it
   * with claimIdempotencyKey (replay, reused, in flight, or claimed again) before anything else.
   */
  | { kind: 'idempotency_key_exists' }
  /**
   * Only with a given `external_reference`: a transaction of the account already has it (any category and status,
   * failed and reversed purchases included): nothing written — no debit, no key claimed. Answer 409
   * DUPLICATE_REFERENCE naming `transaction_id`. Decided by the constraint on (account_id, external_reference).
   */
  | { kind: 'reference_used'; transaction_id: string };

/**
 * The Idempotency-Key a purchase is recorded under. `claim`: the key is new as far as this request knows, and
 * recordPurchase claims it in the same database transaction as the debit (sql/record_purchase.sql); absent: the
 * record was claimed beforehand (claimIdempotencyKey) and is linked.
 */
export interface PurchaseKey {
  key: string;
  insufficient: { status: 422; body: string };
  claim?: Omit<IdempotencyClaimRequest, 'account_id' | 'key'> | undefined;
}

export interface SettlePurchase {
  id: string;
  /** Compare-and-set: nothing is written unless the purchase is in this state now. */
  from: TransactionStatus;
  /**
   * pending -> successful | failed, successful -> reversed; or the same state (`from`), which changes no state and
   * writes no history: only next_check_at (and completes an in-flight idempotency record).
   */
  to: TransactionStatus;
  token?: string | null | undefined;
  units?: string | null | undefined;
  /** The next requery; must be null when `to` is final (failed, reversed). */
  next_check_at: Date | null;
  at: Date;
  reason?: string | null | undefined;
  /**
   * The 201 to store when the purchase's idempotency record is still in flight, built from the purchase as it will
   * stand after the move (the store predicts it from `row`, stores it in the same statement, and rewrites it should
   * the settled row answer differently). Synchronous.
   */
  snapshot: (row: TransactionRow) => { status: number; body: string; location: string };
  /**
   * The purchase as the caller last read it, in state `from` (the flow's recorded row, the worker's claimed one):
   * saves the store reading it first. Only its unchanging columns are used; the compare-and-set decides.
   */
  row?: TransactionRow | undefined;
  /**
   * Product events to write with this settlement, about the purchase's product, for its account only: a sandbox
   * scenario's drill (biller/scenarios.ts). Written only when the settlement is one that happens once — a move, or the
   * first settlement that leaves the purchase pending —, never on a later requery's reschedule.
   */
  product_events?: readonly ProductEventType[] | undefined;
}

/** A settled purchase, and the response its idempotency record was completed with by this settlement (else null). */
export interface SettledPurchase {
  row: TransactionRow;
  stored: ResponseSnapshot | null;
}

export interface FundWallet {
  account_id: string;
  /** Positive decimal string, at most 2 decimals. */
  amount: string;
  /** The partner-visible reference; generated (FND-…) when absent. */
  reference?: string | undefined;
  description?: string | undefined;
  at: Date;
}

/** The wallet balance and what the account's transactions say it must be (ledger.ts for the rule). */
export interface Ledger {
  balance: string;
  expected: string;
}

/**
 * Everything the server, the console and the demo loader need from the database. What a read returns may be a value
 * shared with other callers, deep-frozen (the embedded store's read cache: server/frozen.ts): never change it.
 * Instants written must lie in years 0001-9999 UTC (store/instants.ts); any valid Date is a list bound.
 */
export interface Store extends WebhookStore {
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
  /**
   * The wallet's low-balance threshold ('0.00': off; migration 013), set in one statement; null when the account has
   * no wallet. Moves no money, so it makes no event (sql/wallet_low_balance_event.sql).
   */
  setLowBalanceThreshold(accountId: string, threshold: string): Promise<LowBalanceSetting | null>;

  /** Newest first (created_at desc, id desc); total_count is exact. */
  listTransactions(accountId: string, filter: TransactionFilter, page: PageRequest): Promise<Page<TransactionRow>>;
  getTransactionById(accountId: string, id: string): Promise<TransactionRow | null>;
  getTransactionByExternalReference(accountId: string, ref: string): Promise<TransactionRow | null>;
  /** Bulk insert (demo, bench, tests); `history`, when given, is written in the same database transaction. */
  insertTransactions(rows: TransactionRow[], history?: NewHistoryEntry[]): Promise<void>;
  countTransactions(accountId: string): Promise<number>;

  listProducts(
    environment: Environment,
    kind: ProductKind,
    filter: ProductFilter,
    page: PageRequest,
  ): Promise<Page<ProductRow>>;
  /** One product of an environment by its id (any kind), or null. */
  getProduct(environment: Environment, id: string): Promise<ProductRow | null>;
  /** The airtime product of a network (any case) in an environment — the first in listing order — or null. */
  getAirtimeProduct(environment: Environment, network: string): Promise<ProductRow | null>;
  replaceProducts(environment: Environment, rows: ProductRow[]): Promise<void>;
  /**
   * Loads `rows` as the environment's catalogue only when it has none; true when it loaded them. Atomic across
   * instances: concurrent starts on one empty database load it once, and the others see it loaded.
   */
  loadProductsIfEmpty(environment: Environment, rows: ProductRow[]): Promise<boolean>;
  countProducts(environment: Environment): Promise<number>;
  /**
   * An operator's change of one product's price or availability, with its product.* events for every account of
   * the environment, in one database transaction (sql/change_product.sql).
   */
  changeProduct(c: ProductChange): Promise<ProductChangeOutcome>;

  /**
   * Lookup by hash only; one indexed read per request, batched with concurrent ones on PostgreSQL (lookup-batch.ts),
   * never cached, so revoke/disable/regenerate act at once. The same statement reads the account's API access, so
   * switching it acts at once too.
   */
  findKeyByHash(secretHash: string): Promise<KeyLookupRow | null>;
  /** Switches an account's API access on or off (one UPDATE); AccountNotFoundError for an unknown account. */
  setAccountApiAccess(accountId: string, enabled: boolean): Promise<AccountApiAccess>;
  getKey(id: string): Promise<ApiKeyRow | null>;
  listKeys(accountId?: string): Promise<ApiKeyRow[]>;
  createKey(k: NewApiKey): Promise<ApiKeyRow>;
  setKeyStatus(id: string, status: KeyStatus): Promise<ApiKeyRow>;
  /** Replaces the secret hash (regenerate): the old secret stops matching in the same statement. */
  replaceKeySecret(id: string, secretHash: string, displayPrefix: string): Promise<ApiKeyRow>;
  updateKey(
    id: string,
    patch: Partial<Pick<ApiKeyRow, 'scopes' | 'ip_allowlist' | 'expires_at' | 'name'>>,
  ): Promise<ApiKeyRow>;

  // Idempotency records (idempotency.ts): each call is one database transaction.
  /** Insert-or-inspect atomically: exactly one of any number of concurrent first requests gets `claimed`. */
  claimIdempotencyKey(k: IdempotencyClaimRequest): Promise<IdempotencyClaim>;
  /**
   * What a record means for a request that will not run (one statement, writes nothing): its replay, reused or in
   * flight; null when there is no record, or only one a new request would replace or take over.
   */
  inspectIdempotencyKey(
    k: Pick<IdempotencyClaimRequest, 'account_id' | 'key' | 'operation' | 'fingerprint' | 'now'>,
  ): Promise<Exclude<IdempotencyClaim, { kind: 'claimed' }> | null>;
  /** Stores an error outcome (404/422 after the idempotency step). False when the record is no longer held. */
  completeIdempotencyKey(k: IdempotencyCompletion): Promise<boolean>;
  /** Forgets an in-flight record that recorded nothing (503: the outcome was transient). */
  releaseIdempotencyKey(accountId: string, key: string): Promise<void>;
  /** Deletes records expired at `now` (at most `limit`); returns how many. */
  purgeExpiredIdempotencyKeys(now: Date, limit: number): Promise<number>;
  /**
   * A write other than a purchase in one database transaction with its key's record: claimed (or already held),
   * the write on a Store bound to that transaction, the record completed with the write's response (keyed-write.ts).
   */
  writeUnderIdempotencyKey<T>(
    k: KeyedWrite,
    write: (tx: Store) => Promise<{ value: T; response: ResponseSnapshot }>,
  ): Promise<KeyedWriteResult<T>>;

  // Purchases and wallets (purchases.ts, wallets.ts): each call is one database transaction.
  /**
   * Debit (`UPDATE wallets ... WHERE balance >= total`), the pending purchase, its first history row and the link of
   * its idempotency record (`idem`, null when there is none; with `idem.claim` the record is first created here).
   * Insufficient balance: the record is completed with `idem.insufficient` in the same transaction and nothing else
   * is written.
   */
  recordPurchase(p: NewPurchase, idem: PurchaseKey | null): Promise<RecordPurchaseResult>;
  /**
   * Compare-and-set on status: the new state, token/units, the refund of total_debit (to failed or reversed),
   * next_check_at, the history row, and the completion of the purchase's in-flight idempotency record with
   * `snapshot(row)`. Null when the purchase is not in state `from` (someone else settled it: nothing written).
   */
  settlePurchase(s: SettlePurchase): Promise<SettledPurchase | null>;
  /**
   * Up to `limit` purchases whose next_check_at <= now, each moved to now + lease_ms (and check_attempts + 1) in the
   * same statement, skipping rows another claimer holds: concurrent claimers never get the same purchase.
   */
  claimDueChecks(now: Date, limit: number, lease_ms: number): Promise<DueCheck[]>;
  /** A successful `funding` transaction and the credit, in one database transaction. */
  fundWallet(f: FundWallet): Promise<TransactionRow>;
  /**
   * Sets the wallet to exactly `balance` through a ledger entry for the difference (a funding credit or a withdrawal
   * debit), so the ledger still reconciles; null when it already held that balance. Used by the demo's low_balance account.
   */
  resetWalletBalance(r: {
    account_id: string;
    balance: string;
    at: Date;
    description: string;
  }): Promise<TransactionRow | null>;
  /** The state history of a transaction, in order of appending. */
  getTransactionHistory(transactionId: string): Promise<HistoryEntry[]>;
  /** The wallet balance and the balance the account's transactions imply: equal unless money went astray. */
  ledgerOf(accountId: string): Promise<Ledger>;
}
