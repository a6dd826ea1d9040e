/**
 * /webhooks/{webhook_id}/deliveries (the delivery log; POST = a redelivery of one event) and /events — scope
 * manage_webhooks. Events and their deliveries are kept 30 days.
 */
import { randomUUID } from 'node:crypto';
import { ok, okList } from '../contract/envelope.ts';
import { queryHandler, type Handler } from '../contract/operations.ts';
import { errors } from '../errors.ts';
import { eventBody } from '../webhooks/payload.ts';
import { toWebhookDelivery } from '../webhooks/representation.ts';
import { EVENT_RETENTION_MS } from '../webhooks/worker.ts';
import { keyedCreate } from './keyed.ts';
import { pageOf } from './paging.ts';
import { secretsOf } from './webhook-endpoints.ts';

const retainedSince = () => new Date(Date.now() - EVENT_RETENTION_MS);

export const listWebhookDeliveries = queryHandler(
  'listWebhookDeliveries',
  { page: true, per_page: true, event_id: true, status: true },
  async (ctx) => {
    const page = pageOf(ctx.query);
    const r = await ctx.store.listWebhookDeliveries(
      ctx.principal.account_id,
      ctx.path.webhook_id,
      { event_id: ctx.query.event_id, status: ctx.query.status },
      page,
    );
    if (!r) throw errors.webhookNotFound();
    return okList(r.items.map(toWebhookDelivery), page, r.total_count);
  },
);

export const getWebhookDelivery: Handler<'getWebhookDelivery'> = async (ctx) => {
  const account = ctx.principal.account_id;
  const row = await ctx.store.getWebhookDelivery(account, ctx.path.webhook_id, ctx.path.delivery_id);
  if (row) return ok(toWebhookDelivery(row));
  throw (await ctx.store.getWebhookEndpoint(account, ctx.path.webhook_id))
    ? errors.deliveryNotFound()
    : errors.webhookNotFound();
};

/** A redelivery is signed anew at its first attempt, made at once: a server without the signing key cannot (501). */
export const createWebhookDelivery: Handler<'createWebhookDelivery'> = async (ctx) => {
  secretsOf(ctx.webhooks);
  return (use) =>
    keyedCreate(ctx, use, async (tx) => {
      const r = await tx.createWebhookRedelivery({
        account_id: ctx.principal.account_id,
        endpoint_id: ctx.path.webhook_id,
        event_id: ctx.body.event_id,
        id: randomUUID(),
        at: new Date(),
        since: retainedSince(),
      });
      if (r === 'webhook_not_found') throw errors.webhookNotFound();
      if (r === 'event_not_found') throw errors.eventNotFound(422);
      return {
        value: r,
        data: toWebhookDelivery(r),
        location: `${ctx.basePath}/webhooks/${r.endpoint_id}/deliveries/${r.id}`,
      };
    });
};

export const listEvents = queryHandler(
  'listEvents',
  { page: true, per_page: true, type: true, transaction_id: true },
  async (ctx) => {
    const page = pageOf(ctx.query);
    const r = await ctx.store.listWebhookEvents(
      ctx.principal.account_id,
      { type: ctx.query.type, transaction_id: ctx.query.transaction_id, since: retainedSince() },
      page,
    );
    return okList(
      r.items.map((e) => eventBody(e, ctx.version)),
      page,
      r.total_count,
    );
  },
);

export const getEvent: Handler<'getEvent'> = async (ctx) => {
  const e = await ctx.store.getWebhookEvent(ctx.principal.account_id, ctx.path.event_id, retainedSince());
  if (!e) throw errors.eventNotFound();
  return ok(eventBody(e, ctx.version));
};
