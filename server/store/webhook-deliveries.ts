/**
 * The outbox of webhook deliveries (tables: migration 006): the delivery log partners read, redeliveries, and the
 * delivery worker's claims and attempt records. Deliveries are written by the outbox trigger on transaction_history
 * (sql/webhook_outbox_of_history.sql and sql/webhook_enqueue.sql: automatic, at the event, in the transaction of the
 * state change) or here (a partner's redelivery); an attempt is recorded by sql/record_webhook_attempt.sql, one
 * transaction each.
 *
 * An attempt's values come from the receiver (its status, its body, words naming its headers), so they are made
 * storable and bounded here, whatever the caller passed: text without U+0000 or lone surrogates, cut to the
 * contract's limits in characters (WebhookAttempt: error 256, response_body 1000 — within 006's CHECKs), a status
 * outside 006's 100–599 recorded as null with the code in `error`, duration_ms within the contract's 0–60 000. No
 * value a receiver sends can make the write fail, and the log reads back within the contract (rows written before
 * these bounds are cut on the way out too).
 */
import { leaseOf, nothingDue, storedInstant } from './instants.ts';
import { pagedQuery, splitPage } from './paging.ts';
import { join, one, raw, rows, sql, type SqlFragment } from './sql.ts';
import type { Sql, Store } from './types.ts';
import type { DueDelivery, WebhookAttemptRow, WebhookDeliveryRow, WebhookDisabledReason } from './webhook-types.ts';
import { asEvent, EVENT_COLS, EVENT_JOIN } from './webhooks.ts';
import { isUuid, toCount } from './values.ts';
import { storableTextOrNull } from '../storable-text.ts';

/** The contract's limits on an attempt (WebhookAttempt). */
export const ATTEMPT_LIMITS = { error: 256, response_body: 1000, duration_ms: 60_000 } as const;

/** An attempt's receiver-borne values as the store keeps and shows them. */
export function boundedAttempt(a: {
  response_status_code: number | null;
  duration_ms: number;
  error: string | null;
  response_body: string | null;
}) {
  const code = a.response_status_code;
  const status = code !== null && Number.isInteger(code) && code >= 100 && code <= 599 ? code : null;
  const error =
    code !== null && status === null && a.error === null
      ? `the endpoint answered with status ${code}, which is not an HTTP status`
      : a.error;
  const duration = Number.isFinite(a.duration_ms) ? Math.round(a.duration_ms) : 0;
  return {
    response_status_code: status,
    duration_ms: Math.min(ATTEMPT_LIMITS.duration_ms, Math.max(0, duration)),
    error: storableTextOrNull(error, ATTEMPT_LIMITS.error, { ellipsis: true }),
    // An empty body is no excerpt (null), as the contract words it.
    response_body: storableTextOrNull(a.response_body, ATTEMPT_LIMITS.response_body) || null,
  };
}

type Row = Record<string, unknown>;

/** A delivery with its event's type and every attempt (a JSON array, in order). */
const DELIVERY_COLS = raw(`d.id, d.endpoint_id, d.event_id, ev.type AS event_type, d.trigger, d.status, d.attempts,
  d.next_attempt_at, d.created_at,
  COALESCE((SELECT json_agg(json_build_object('attempt', a.attempt, 'attempted_at', a.attempted_at,
      'response_status_code', a.response_status_code, 'duration_ms', a.duration_ms, 'error', a.error,
      'response_body', a.response_body) ORDER BY a.attempt)
    FROM webhook_attempts a WHERE a.delivery_id = d.id), '[]') AS attempt_log`);
const DELIVERY_FROM = raw('webhook_deliveries d JOIN webhook_events ev ON ev.id = d.event_id');

function asDelivery(r: Row): WebhookDeliveryRow {
  // json_agg comes back as text from one driver and parsed from the other; instants inside it are ISO strings.
  const log = (typeof r['attempt_log'] === 'string' ? JSON.parse(r['attempt_log']) : r['attempt_log']) as Row[];
  return {
    ...(r as unknown as WebhookDeliveryRow),
    attempt_log: log.map((a) => {
      const row = a as unknown as WebhookAttemptRow;
      return { ...row, ...boundedAttempt(row), attempted_at: new Date(a['attempted_at'] as string) };
    }),
  };
}

/** The endpoint belongs to the account (a delivery is only ever reached through its endpoint). */
const ownedEndpoint = (accountId: string, endpointId: string) =>
  sql`EXISTS (SELECT 1 FROM webhook_endpoints w WHERE w.id = ${endpointId} AND w.account_id = ${accountId})`;

export type WebhookDeliveryQueries = Pick<
  Store,
  | 'listWebhookDeliveries'
  | 'getWebhookDelivery'
  | 'createWebhookRedelivery'
  | 'claimDueWebhookDeliveries'
  | 'recordWebhookAttempt'
  | 'purgeWebhookEvents'
>;

/** The deliveries a worker may claim, pending and to an enabled endpoint: its pre-check (nothingDue) and its claim
 *  read this one set. */
const CLAIMABLE = raw(`webhook_deliveries q JOIN webhook_endpoints w ON w.id = q.endpoint_id AND w.enabled
  WHERE q.status = 'pending'`);

export function webhookDeliveryQueries(db: Sql): WebhookDeliveryQueries {
  const getDelivery = async (accountId: string, endpointId: string, id: string) => {
    if (!isUuid(endpointId) || !isUuid(id)) return null;
    const row = await one(
      db,
      sql`SELECT ${DELIVERY_COLS} FROM ${DELIVERY_FROM}
      WHERE d.id = ${id} AND d.endpoint_id = ${endpointId} AND ${ownedEndpoint(accountId, endpointId)}`,
    );
    return row && asDelivery(row);
  };

  return {
    async listWebhookDeliveries(accountId, endpointId, filter, page) {
      if (!isUuid(endpointId)) return null;
      const owned = await one(db, sql`SELECT 1 AS found WHERE ${ownedEndpoint(accountId, endpointId)}`);
      if (owned === null) return null;
      const where: SqlFragment[] = [sql`d.endpoint_id = ${endpointId}`];
      if (filter.status !== undefined) where.push(sql`d.status = ${filter.status}`);
      if (filter.event_id !== undefined) {
        if (!isUuid(filter.event_id)) return { items: [], total_count: 0 };
        where.push(sql`d.event_id = ${filter.event_id}`);
      }
      const w = join(where, ' AND ');
      const r = await rows(
        db,
        pagedQuery(
          DELIVERY_FROM,
          DELIVERY_COLS,
          w,
          raw('d.created_at DESC, d.id DESC'),
          { limit: page.per_page, offset: (page.page - 1) * page.per_page },
          sql`(SELECT count(*) FROM webhook_deliveries d WHERE ${w})`,
        ),
      );
      return splitPage(r, asDelivery);
    },

    getWebhookDelivery: getDelivery,

    async createWebhookRedelivery(r) {
      if (!isUuid(r.endpoint_id)) return 'webhook_not_found';
      const at = storedInstant(r.at, 'at');
      // One statement: the endpoint and the event must both be the account's; which one is missing decides the answer.
      const row = await one(
        db,
        sql`WITH ep AS (SELECT id FROM webhook_endpoints WHERE id = ${r.endpoint_id} AND account_id = ${r.account_id}),
          ev AS (SELECT id FROM webhook_events WHERE id = ${isUuid(r.event_id) ? r.event_id : null}::uuid
            AND account_id = ${r.account_id} AND created_at >= ${r.since}),
          ins AS (INSERT INTO webhook_deliveries (id, endpoint_id, event_id, trigger, status, next_attempt_at, created_at)
            SELECT ${r.id}, ep.id, ev.id, 'redelivery', 'pending', ${at}, ${at} FROM ep, ev RETURNING id)
        SELECT (SELECT count(*) FROM ep) AS endpoints, (SELECT count(*) FROM ins) AS inserted`,
      );
      if (toCount(row?.['endpoints']) === 0) return 'webhook_not_found';
      if (toCount(row?.['inserted']) === 0) return 'event_not_found';
      return (await getDelivery(r.account_id, r.endpoint_id, r.id))!;
    },

    async claimDueWebhookDeliveries(now, limit, leaseMs) {
      const lease = leaseOf(now, limit, leaseMs, 'next_attempt_at');
      if (!lease) return [];
      const { n, until } = lease;
      if (await nothingDue(db, sql`SELECT q.next_attempt_at FROM ${CLAIMABLE} ORDER BY q.next_attempt_at LIMIT 1`, now))
        return [];
      // As claimDueChecks (purchases.ts): the ARRAY(subquery) runs once, so the rows locked are the rows moved.
      const claimed = await rows(
        db,
        sql`
        UPDATE webhook_deliveries d SET next_attempt_at = ${until}
        WHERE d.id = ANY(ARRAY(
          SELECT q.id FROM ${CLAIMABLE} AND q.next_attempt_at <= ${now}
          ORDER BY q.next_attempt_at LIMIT ${n}
          FOR UPDATE OF q SKIP LOCKED))
        RETURNING d.id, d.attempts, d.endpoint_id, d.event_id`,
      );
      if (claimed.length === 0) return [];
      const ids = claimed.map((c) => c['event_id'] as string);
      const events = new Map(
        (await rows(db, sql`SELECT ${EVENT_COLS} FROM ${EVENT_JOIN} WHERE e.id = ANY(${ids}::uuid[])`)).map((r) => {
          const e = asEvent(r);
          return [e.id, e];
        }),
      );
      const endpointIds = [...new Set(claimed.map((c) => c['endpoint_id'] as string))];
      const endpoints = new Map(
        (
          await rows(
            db,
            sql`SELECT w.id, w.account_id, w.url, w.secret_generation,
          w.previous_secret_expires_at, a.environment
        FROM webhook_endpoints w JOIN accounts a ON a.id = w.account_id WHERE w.id = ANY(${endpointIds}::uuid[])`,
          )
        ).map((r) => [r['id'] as string, r as unknown as DueDelivery['endpoint']]),
      );
      const due: DueDelivery[] = [];
      for (const c of claimed) {
        const event = events.get(c['event_id'] as string);
        const endpoint = endpoints.get(c['endpoint_id'] as string);
        // Deleted between the claim and these reads: nothing left to deliver to (or about).
        if (event && endpoint)
          due.push({ delivery_id: c['id'] as string, attempt: Number(c['attempts']) + 1, endpoint, event });
      }
      return due;
    },

    async recordWebhookAttempt(o) {
      const nextAt =
        o.outcome === 'retry' ? storedInstant(o.next_attempt_at ?? new Date(NaN), 'next_attempt_at') : null;
      const a = boundedAttempt(o);
      const row = await one(
        db,
        sql`SELECT recorded, endpoint_disabled FROM record_webhook_attempt(
        p_delivery => ${o.delivery_id}, p_attempt => ${o.attempt}, p_at => ${storedInstant(o.at, 'at')},
        p_status => ${a.response_status_code}, p_duration_ms => ${a.duration_ms}, p_error => ${a.error},
        p_response_body => ${a.response_body}, p_outcome => ${o.outcome}, p_next_attempt_at => ${nextAt}::timestamptz,
        p_failing_after => ${`${Math.round(o.failing_after_ms)} milliseconds`}::interval)`,
      );
      return {
        recorded: row?.['recorded'] === true,
        endpoint_disabled: (row?.['endpoint_disabled'] ?? null) as WebhookDisabledReason | null,
      };
    },

    async purgeWebhookEvents(before, limit) {
      const n = Math.trunc(limit);
      if (!(n >= 1)) return 0;
      const gone = await rows(
        db,
        sql`DELETE FROM webhook_events WHERE id = ANY(ARRAY(
        SELECT id FROM webhook_events WHERE created_at < ${before} ORDER BY created_at LIMIT ${n})) RETURNING id`,
      );
      return gone.length;
    },
  };
}
