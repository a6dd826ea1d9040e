/**
 * The body of a webhook delivery and of GET /events/{id}: `{ id, type, created_at, data: <Transaction> }`, the
 * Transaction as it was when the event happened. Events store no copy of the transaction (server/store/sql/webhook_enqueue.sql says why):
 * the current row with the event's status and updated_at is that Transaction — a purchase's token and units exist
 * from its move to successful on, so a pending event has neither. The same function renders every attempt, so a
 * retry sends the same bytes.
 */
import type { components } from '../../generated/schema.d.ts';
import { transactionOf } from '../contract/transaction.ts';
import type { TransactionStatus } from '../domain.ts';
import type { WebhookEventType, WebhookEventWithTransaction } from '../store/webhook-types.ts';

export interface WebhookEventBody {
  id: string;
  type: WebhookEventType;
  created_at: string;
  data: components['schemas']['Transaction'];
}

export function statusOf(type: WebhookEventType): TransactionStatus {
  return type.slice('transaction.'.length) as TransactionStatus;
}

export function eventBody(e: WebhookEventWithTransaction): WebhookEventBody {
  const status = statusOf(e.type);
  const pending = status === 'pending';
  const asItWas = {
    ...e.transaction,
    status,
    updated_at: e.created_at,
    token: pending ? null : e.transaction.token,
    units: pending ? null : e.transaction.units,
  };
  return { id: e.id, type: e.type, created_at: e.created_at.toISOString(), data: transactionOf(asItWas) };
}
