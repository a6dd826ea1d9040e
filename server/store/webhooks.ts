/**
 * Webhook endpoints and the event log (migrations 006, 013). Endpoints belong to an account: every query is scoped by
 * account, so one partner can never read, change or aim deliveries at another's. Events are written only by triggers
 * in the transaction of the change (sql/webhook_outbox_of_history.sql on transaction_history,
 * sql/wallet_low_balance_event.sql on wallets, both through sql/webhook_enqueue.sql); here they are read, with the
 * transaction they are about or the snapshot they keep.
 */
import { storedInstant } from './instants.ts';
import { pagedQuery, splitPage } from './paging.ts';
import { join, one, raw, rows, sql, type SqlFragment } from './sql.ts';
import { asTx, TX_COLS } from './transactions.ts';
import type { Sql, Store } from './types.ts';
import {
  isTransactionEventType,
  type EventData,
  type StoredWebhookEvent,
  type WebhookEndpointRow,
  type WebhookEventType,
} from './webhook-types.ts';
import { isUuid, toCount } from './values.ts';

type Row = Record<string, unknown>;

export const ENDPOINT_COLS = raw(`id, account_id, url, events, description, enabled, disabled_reason, secret_generation,
  secret_hash, secret_hint, previous_secret_expires_at, failing_since, created_at, updated_at`);
const asEndpoint = (r: Row) => r as unknown as WebhookEndpointRow;

/**
 * An event's columns prefixed `event_`, then the transaction's own when it is about one (a `transaction.*` event; NULL
 * columns for any other type, which carries its `data` snapshot instead: migration 013). One row per event.
 */
export const EVENT_JOIN = sql`webhook_events e LEFT JOIN LATERAL (SELECT ${TX_COLS} FROM transactions
  WHERE transactions.id = e.transaction_id) t ON true`;
export const EVENT_COLS = raw(`e.id AS event_id, e.account_id AS event_account_id, e.type AS event_type,
  e.created_at AS event_created_at, e.data AS event_data, t.*`);

export function asEvent(r: Row): StoredWebhookEvent {
  const { event_id, event_account_id, event_type, event_created_at, event_data, ...tx } = r;
  const event = {
    id: event_id as string,
    account_id: event_account_id as string,
    created_at: event_created_at as Date,
  };
  const type = event_type as WebhookEventType;
  if (isTransactionEventType(type)) {
    return { ...event, type, transaction_id: tx['id'] as string, transaction: asTx(tx), data: null };
  }
  // jsonb: an object on node-postgres and PGlite alike; text only from a driver that leaves it unparsed.
  const data = (typeof event_data === 'string' ? JSON.parse(event_data) : event_data) as EventData;
  return { ...event, type, transaction_id: null, transaction: null, data };
}

export type WebhookEndpointQueries = Pick<
  Store,
  | 'createWebhookEndpoint'
  | 'getWebhookEndpoint'
  | 'listWebhookEndpoints'
  | 'updateWebhookEndpoint'
  | 'deleteWebhookEndpoint'
  | 'rotateWebhookSecret'
  | 'listWebhookEvents'
  | 'getWebhookEvent'
>;

export function webhookEndpointQueries(db: Sql): WebhookEndpointQueries {
  const scoped = (accountId: string, id: string) => sql`account_id = ${accountId} AND id = ${id}`;

  return {
    async createWebhookEndpoint(e, max) {
      const row = await one(
        db,
        sql`SELECT * FROM create_webhook_endpoint(p_id => ${e.id}, p_account_id => ${e.account_id},
        p_url => ${e.url}, p_events => ${e.events}::text[], p_description => ${e.description},
        p_secret_hash => ${e.secret_hash}, p_secret_hint => ${e.secret_hint}, p_at => ${storedInstant(e.at, 'at')},
        p_max => ${max})`,
      );
      return row && asEndpoint(row);
    },

    async getWebhookEndpoint(accountId, id) {
      if (!isUuid(id)) return null;
      const row = await one(db, sql`SELECT ${ENDPOINT_COLS} FROM webhook_endpoints WHERE ${scoped(accountId, id)}`);
      return row && asEndpoint(row);
    },

    async listWebhookEndpoints(accountId, page) {
      const r = await rows(
        db,
        pagedQuery(
          raw('webhook_endpoints'),
          ENDPOINT_COLS,
          sql`account_id = ${accountId}`,
          raw('created_at DESC, id DESC'),
          { limit: page.per_page, offset: (page.page - 1) * page.per_page },
        ),
      );
      return splitPage(r, asEndpoint);
    },

    async updateWebhookEndpoint(accountId, id, patch, at) {
      if (!isUuid(id)) return null;
      const sets: SqlFragment[] = [sql`updated_at = ${storedInstant(at, 'at')}`];
      if (patch.url !== undefined) sets.push(sql`url = ${patch.url}`);
      if (patch.events !== undefined) sets.push(sql`events = ${patch.events}::text[]`);
      if (patch.description !== undefined) sets.push(sql`description = ${patch.description}`);
      if (patch.enabled === true) sets.push(sql`enabled = true, disabled_reason = NULL, failing_since = NULL`);
      if (patch.enabled === false) {
        // Disabling keeps the reason it already had (a partner disabling an endpoint gone quiet changes nothing).
        sets.push(sql`enabled = false, disabled_reason = COALESCE(disabled_reason, 'disabled_by_partner')`);
      }
      const row = await one(
        db,
        sql`UPDATE webhook_endpoints SET ${join(sets, ', ')} WHERE ${scoped(accountId, id)}
        RETURNING ${ENDPOINT_COLS}`,
      );
      return row && asEndpoint(row);
    },

    async deleteWebhookEndpoint(accountId, id) {
      if (!isUuid(id)) return false;
      return (
        (await rows(db, sql`DELETE FROM webhook_endpoints WHERE ${scoped(accountId, id)} RETURNING id`)).length > 0
      );
    },

    async rotateWebhookSecret(accountId, id, r) {
      if (!isUuid(id)) return null;
      const row = await one(
        db,
        sql`UPDATE webhook_endpoints SET secret_generation = ${r.generation},
          secret_hash = ${r.secret_hash}, secret_hint = ${r.secret_hint},
          previous_secret_expires_at = ${storedInstant(r.previous_secret_expires_at, 'previous_secret_expires_at')},
          updated_at = ${storedInstant(r.at, 'at')}
        WHERE ${scoped(accountId, id)} AND secret_generation = ${r.generation - 1}
        RETURNING ${ENDPOINT_COLS}`,
      );
      return row && asEndpoint(row);
    },

    async listWebhookEvents(accountId, filter, page) {
      const where: SqlFragment[] = [sql`e.account_id = ${accountId}`, sql`e.created_at >= ${filter.since}`];
      if (filter.type !== undefined) where.push(sql`e.type = ${filter.type}`);
      if (filter.transaction_id !== undefined) {
        if (!isUuid(filter.transaction_id)) return { items: [], total_count: 0 };
        where.push(sql`e.transaction_id = ${filter.transaction_id}`);
      }
      const r = await rows(
        db,
        pagedQuery(
          EVENT_JOIN,
          EVENT_COLS,
          join(where, ' AND '),
          raw('e.created_at DESC, e.id DESC'),
          { limit: page.per_page, offset: (page.page - 1) * page.per_page },
          sql`(SELECT count(*) FROM webhook_events e WHERE ${join(where, ' AND ')})`,
        ),
      );
      // Not splitPage (it keys on `id`, which is the transaction's here, NULL for an event about none): the page row
      // is there exactly when its event_id is.
      const items = r.filter((row) => row['event_id'] != null).map(({ _total: _ignored, ...row }) => asEvent(row));
      return { items, total_count: toCount(r[0]?.['_total']) };
    },

    async getWebhookEvent(accountId, id, since) {
      if (!isUuid(id)) return null;
      const row = await one(
        db,
        sql`SELECT ${EVENT_COLS} FROM ${EVENT_JOIN}
        WHERE e.account_id = ${accountId} AND e.id = ${id} AND e.created_at >= ${since}`,
      );
      return row && asEvent(row);
    },
  };
}
