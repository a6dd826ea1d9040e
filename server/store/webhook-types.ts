/**
 * What the store keeps for webhooks (migration 006; queries in webhooks.ts, webhook-deliveries.ts): partners'
 * endpoints, the event log, and the outbox of deliveries with their attempts. The Store interface (types.ts) extends
 * WebhookStore.
 */
import type { Page, PageRequest, TransactionRow } from './types.ts';

/** The events of a purchase's states: each is about a transaction (webhook_events.transaction_id). */
export const TRANSACTION_EVENT_TYPES = [
  'transaction.pending',
  'transaction.successful',
  'transaction.failed',
  'transaction.reversed',
] as const;
/** The events of an operator's catalogue changes (sql/change_product.sql): `data` is the product resource. */
export const PRODUCT_EVENT_TYPES = ['product.price_changed', 'product.unavailable', 'product.available'] as const;
export type ProductEventType = (typeof PRODUCT_EVENT_TYPES)[number];
export const isProductEventType = (t: string): t is ProductEventType =>
  (PRODUCT_EVENT_TYPES as readonly string[]).includes(t);
/** The contract's WebhookEventType: every type an event can have (migration 013's CHECK lists the same). */
export const WEBHOOK_EVENT_TYPES = [...TRANSACTION_EVENT_TYPES, 'account.low_balance', ...PRODUCT_EVENT_TYPES] as const;
export type TransactionEventType = (typeof TRANSACTION_EVENT_TYPES)[number];
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
/** What an endpoint subscribes to: event types, or `*` — every type, present and future (webhook_enqueue.sql). */
export const ALL_EVENT_TYPES = '*';
export type WebhookSubscription = WebhookEventType | typeof ALL_EVENT_TYPES;
/** The contract's WebhookEventSubscription. */
export const WEBHOOK_SUBSCRIPTIONS: readonly WebhookSubscription[] = [ALL_EVENT_TYPES, ...WEBHOOK_EVENT_TYPES];

export const isTransactionEventType = (t: WebhookEventType): t is TransactionEventType =>
  (TRANSACTION_EVENT_TYPES as readonly string[]).includes(t);
export type WebhookDisabledReason = 'disabled_by_partner' | 'endpoint_gone' | 'failing';
export type WebhookDeliveryStatus = 'pending' | 'delivered' | 'failed';

export interface WebhookEndpointRow {
  id: string;
  account_id: string;
  url: string;
  events: WebhookSubscription[];
  description: string | null;
  enabled: boolean;
  disabled_reason: WebhookDisabledReason | null;
  /** The secret is derived from the server's signing key, the id and this generation; never stored. */
  secret_generation: number;
  /** SHA-256 (hex) of the current secret. */
  secret_hash: string;
  /** `whsec_…` + the secret's last 4 characters. */
  secret_hint: string;
  previous_secret_expires_at: Date | null;
  failing_since: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface NewWebhookEndpoint {
  id: string;
  account_id: string;
  url: string;
  events: WebhookSubscription[];
  description: string | null;
  secret_hash: string;
  secret_hint: string;
  at: Date;
}

export interface WebhookEndpointPatch {
  url?: string | undefined;
  events?: WebhookSubscription[] | undefined;
  description?: string | null | undefined;
  /** true: enabled again (whatever disabled it); false: disabled_by_partner. */
  enabled?: boolean | undefined;
}

export interface SecretRotation {
  /** The generation the caller derived the new secret from; the rotation applies only if the current one is this - 1. */
  generation: number;
  secret_hash: string;
  secret_hint: string;
  previous_secret_expires_at: Date;
  at: Date;
}

export interface WebhookEventRow {
  id: string;
  account_id: string;
  type: WebhookEventType;
  /** The transaction a `transaction.*` event is about; null for any other type. */
  transaction_id: string | null;
  created_at: Date;
}

/**
 * An event as the payload is rendered from it (server/webhooks/payload.ts): a `transaction.*` event with the
 * transaction it is about (its row now), any other with the snapshot kept with it (`data`, migration 013: e.g. the
 * balance and threshold of `account.low_balance`).
 */
export type StoredWebhookEvent =
  | (WebhookEventRow & { type: TransactionEventType; transaction: TransactionRow; data: null })
  | (WebhookEventRow & { type: Exclude<WebhookEventType, TransactionEventType>; transaction: null; data: EventData });

/** The snapshot an event that is not about a transaction keeps (a JSON object; its members depend on the type). */
export type EventData = Readonly<Record<string, unknown>>;

export interface WebhookAttemptRow {
  attempt: number;
  attempted_at: Date;
  response_status_code: number | null;
  duration_ms: number;
  error: string | null;
  response_body: string | null;
}

export interface WebhookDeliveryRow {
  id: string;
  endpoint_id: string;
  event_id: string;
  event_type: WebhookEventType;
  trigger: 'automatic' | 'redelivery';
  status: WebhookDeliveryStatus;
  attempts: number;
  next_attempt_at: Date | null;
  created_at: Date;
  /** Every attempt, in order. */
  attempt_log: WebhookAttemptRow[];
}

/** A delivery claimed by a worker: what it needs to sign and send attempt `attempt`. */
export interface DueDelivery {
  delivery_id: string;
  /** The attempt about to be made (attempts so far + 1). */
  attempt: number;
  endpoint: Pick<
    WebhookEndpointRow,
    'id' | 'account_id' | 'url' | 'secret_generation' | 'previous_secret_expires_at'
  > & { environment: 'sandbox' | 'production' };
  event: StoredWebhookEvent;
}

export interface WebhookAttemptOutcome {
  delivery_id: string;
  attempt: number;
  at: Date;
  response_status_code: number | null;
  duration_ms: number;
  error: string | null;
  response_body: string | null;
  /** 'retry' needs next_attempt_at; 'gone' (410) disables the endpoint; 'failed': no retry left. */
  outcome: 'delivered' | 'retry' | 'failed' | 'gone';
  next_attempt_at: Date | null;
  /** A failing streak this long disables the endpoint (contract: 3 days). */
  failing_after_ms: number;
}

export interface WebhookStore {
  /** Null when the account already has `max` endpoints (counted under a lock on the account: never more). */
  createWebhookEndpoint(e: NewWebhookEndpoint, max: number): Promise<WebhookEndpointRow | null>;
  getWebhookEndpoint(accountId: string, id: string): Promise<WebhookEndpointRow | null>;
  /** Newest first. */
  listWebhookEndpoints(accountId: string, page: PageRequest): Promise<Page<WebhookEndpointRow>>;
  /** Null when the account has no such endpoint. */
  updateWebhookEndpoint(
    accountId: string,
    id: string,
    patch: WebhookEndpointPatch,
    at: Date,
  ): Promise<WebhookEndpointRow | null>;
  /** False when the account has no such endpoint. Its deliveries go with it; events stay. */
  deleteWebhookEndpoint(accountId: string, id: string): Promise<boolean>;
  /** Compare-and-set on secret_generation; null when the endpoint is gone or another rotation came first. */
  rotateWebhookSecret(accountId: string, id: string, r: SecretRotation): Promise<WebhookEndpointRow | null>;

  /** Newest first; `since`: events older are no longer listed (retention). */
  listWebhookEvents(
    accountId: string,
    filter: { type?: WebhookEventType | undefined; transaction_id?: string | undefined; since: Date },
    page: PageRequest,
  ): Promise<Page<StoredWebhookEvent>>;
  getWebhookEvent(accountId: string, id: string, since: Date): Promise<StoredWebhookEvent | null>;

  /** Newest first; null when the account has no such endpoint. */
  listWebhookDeliveries(
    accountId: string,
    endpointId: string,
    filter: { event_id?: string | undefined; status?: WebhookDeliveryStatus | undefined },
    page: PageRequest,
  ): Promise<Page<WebhookDeliveryRow> | null>;
  getWebhookDelivery(accountId: string, endpointId: string, id: string): Promise<WebhookDeliveryRow | null>;
  /** A redelivery of one of the account's events (not older than `since`) to one of its endpoints, due at `at`. */
  createWebhookRedelivery(r: {
    account_id: string;
    endpoint_id: string;
    event_id: string;
    id: string;
    at: Date;
    since: Date;
  }): Promise<WebhookDeliveryRow | 'webhook_not_found' | 'event_not_found'>;

  /**
   * Up to `limit` pending deliveries due at `now` to enabled endpoints, each moved to now + lease_ms in the same
   * statement, skipping rows another claimer holds: concurrent workers never claim one delivery at once.
   */
  claimDueWebhookDeliveries(now: Date, limit: number, lease_ms: number): Promise<DueDelivery[]>;
  /** One transaction (sql/record_webhook_attempt.sql). False when the delivery moved on (another worker recorded it). */
  recordWebhookAttempt(
    o: WebhookAttemptOutcome,
  ): Promise<{ recorded: boolean; endpoint_disabled: WebhookDisabledReason | null }>;
  /** Deletes events created before `before` (their deliveries go with them), at most `limit`; returns how many. */
  purgeWebhookEvents(before: Date, limit: number): Promise<number>;
}
