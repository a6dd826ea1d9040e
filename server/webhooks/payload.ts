/**
 * The body of a webhook delivery and of GET /events/{id}: `{ id, type, api_version, created_at, data }`, `data` the
 * resource as it was when the event happened, `api_version` the contract's `info.version` (the caller passes it: the
 * worker and the handlers read it from the bundled contract, never a constant here). The same function renders every
 * attempt, so a retry sends the same bytes (while the server runs one contract version).
 *
 * - `transaction.*`: the Transaction. Events store no copy of the transaction (server/store/sql/webhook_enqueue.sql
 *   says why): the current row with the event's status and updated_at is that Transaction — a purchase's token and
 *   units exist from its move to successful on, so a pending event has neither.
 * - `account.low_balance`: the wallet's AccountBalance, from the snapshot the trigger kept with the event
 *   (server/store/sql/wallet_low_balance_event.sql): the balance right after the debit and the threshold.
 * - `product.*`: the product resource after the change, and `previous_price` beside it for `product.price_changed`,
 *   from the snapshot change_product kept (product-payload.ts).
 */
import type { components } from '../../generated/schema.d.ts';
import { transactionOf } from '../contract/transaction.ts';
import type { TransactionStatus } from '../domain.ts';
import {
  isProductEventType,
  type EventData,
  type ProductEventType,
  type StoredWebhookEvent,
  type TransactionEventType,
  type WebhookEventType,
} from '../store/webhook-types.ts';
import { productEventMembers } from './product-payload.ts';

type Schemas = components['schemas'];
export type WebhookEventBody = Schemas['WebhookEvent'];

export function statusOf(type: TransactionEventType): TransactionStatus {
  return type.slice('transaction.'.length) as TransactionStatus;
}

export function eventBody(e: StoredWebhookEvent, apiVersion: string): WebhookEventBody {
  const head = { id: e.id, type: e.type, api_version: apiVersion, created_at: e.created_at.toISOString() };
  if (e.transaction !== null) {
    const status = statusOf(e.type);
    const pending = status === 'pending';
    const asItWas = {
      ...e.transaction,
      status,
      updated_at: e.created_at,
      token: pending ? null : e.transaction.token,
      units: pending ? null : e.transaction.units,
    };
    return { ...head, data: transactionOf(asItWas) };
  }
  if (isProductEventType(e.type)) return { ...head, ...productEventMembers(e.type, e.data) };
  return { ...head, data: SNAPSHOTS[e.type](e, e.data) };
}

/** How the snapshot of each event type that is not about a transaction becomes its `data`. */
const SNAPSHOTS: Record<
  Exclude<WebhookEventType, TransactionEventType | ProductEventType>,
  (e: StoredWebhookEvent, data: EventData) => WebhookEventBody['data']
> = {
  'account.low_balance': (e, d): Schemas['AccountBalance'] => ({
    id: e.account_id,
    type: 'account_balance',
    attributes: {
      balance: String(d['balance']),
      currency: String(d['currency']) as Schemas['Currency'],
      low_balance_threshold: String(d['low_balance_threshold']),
      updated_at: e.created_at.toISOString(),
    },
  }),
};
