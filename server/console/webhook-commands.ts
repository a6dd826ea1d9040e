/**
 * The console's webhook commands (command-table.ts takes them in): an account's endpoints, an endpoint's delivery
 * log, and a redelivery of one event — the operator's (and a sandbox tester's) way to send an event again without
 * the API. Secrets are never printed: only their hints.
 */
import { randomUUID } from 'node:crypto';
import type { Store } from '../store/types.ts';
import type { WebhookDeliveryRow, WebhookDeliveryStatus } from '../store/webhook-types.ts';
import { EVENT_RETENTION_MS } from '../webhooks/worker.ts';
import type { CommandSpec, OptionSpec } from './command-table.ts';
import { ConsoleError, UsageError } from './errors.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const STATUSES: readonly WebhookDeliveryStatus[] = ['pending', 'delivered', 'failed'];
const ALL = { page: 1, per_page: 100 };

const id = (help: string): OptionSpec => ({ value: 'ID', help, required: true });
function checkIds(values: Readonly<Record<string, string | undefined>>, names: readonly string[]): void {
  for (const n of names) {
    const v = values[n];
    if (v !== undefined && !UUID.test(v))
      throw new UsageError(`--${n} must be an id such as 5c1d7e9a-3b2f-4a6c-8d0e-1f2a3b4c5d6e, got '${v}'`);
  }
}

async function accountOf(store: Store, accountId: string) {
  const account = await store.getAccount(accountId);
  if (!account) throw new ConsoleError(`no account ${accountId} (see account list)`);
  return account;
}

const deliveryRow = (d: WebhookDeliveryRow) => {
  const last = d.attempt_log.at(-1);
  return {
    id: d.id,
    event_id: d.event_id,
    event_type: d.event_type,
    trigger: d.trigger,
    status: d.status,
    attempts: d.attempts,
    last_status_code: last?.response_status_code ?? null,
    last_error: last?.error ?? null,
    next_attempt_at: d.next_attempt_at?.toISOString() ?? null,
    created_at: d.created_at.toISOString(),
  };
};

export const WEBHOOK_COMMANDS: Readonly<Record<string, CommandSpec>> = {
  'webhook list': {
    summary: "list an account's webhook endpoints (never their secrets: a hint of each)",
    options: { account: id('the account') },
    check: ({ values }) => checkIds(values, ['account']),
    run: async (store, { values: v }) => {
      await accountOf(store, v.account!);
      const page = await store.listWebhookEndpoints(v.account!, ALL);
      return {
        rows: page.items.map((e) => ({
          id: e.id,
          url: e.url,
          events: [...e.events],
          enabled: e.enabled,
          disabled_reason: e.disabled_reason,
          secret_hint: e.secret_hint,
          created_at: e.created_at.toISOString(),
        })),
        note: page.total_count > page.items.length ? `showing ${page.items.length} of ${page.total_count}` : undefined,
      };
    },
  },
  'webhook deliveries': {
    summary: "an endpoint's delivery log, newest first (up to 100)",
    options: {
      account: id('the account the endpoint belongs to'),
      webhook: id('the endpoint (from webhook list)'),
      status: { value: 'S', help: `only deliveries in this state: ${STATUSES.join(', ')}` },
    },
    check: ({ values }) => {
      checkIds(values, ['account', 'webhook']);
      if (values.status !== undefined && !STATUSES.includes(values.status as WebhookDeliveryStatus)) {
        throw new UsageError(`--status must be one of ${STATUSES.join(', ')}, got '${values.status}'`);
      }
    },
    run: async (store, { values: v }) => {
      await accountOf(store, v.account!);
      const page = await store.listWebhookDeliveries(
        v.account!,
        v.webhook!,
        { status: v.status as WebhookDeliveryStatus | undefined },
        ALL,
      );
      if (!page) throw new ConsoleError(`account ${v.account} has no webhook endpoint ${v.webhook} (see webhook list)`);
      return { rows: page.items.map(deliveryRow) };
    },
  },
  'webhook redeliver': {
    summary: 'send one event to an endpoint again (same webhook-id); the delivery worker sends it',
    options: {
      account: id('the account'),
      webhook: id('the endpoint (from webhook list)'),
      event: id('the event (GET /events, or webhook deliveries)'),
    },
    check: ({ values }) => checkIds(values, ['account', 'webhook', 'event']),
    run: async (store, { values: v }) => {
      await accountOf(store, v.account!);
      const now = new Date();
      const r = await store.createWebhookRedelivery({
        account_id: v.account!,
        endpoint_id: v.webhook!,
        event_id: v.event!,
        id: randomUUID(),
        at: now,
        since: new Date(now.getTime() - EVENT_RETENTION_MS),
      });
      if (r === 'webhook_not_found')
        throw new ConsoleError(`account ${v.account} has no webhook endpoint ${v.webhook} (see webhook list)`);
      if (r === 'event_not_found')
        throw new ConsoleError(`account ${v.account} has no event ${v.event} in the last 30 days`);
      return { rows: deliveryRow(r), note: 'Queued: the delivery worker of a running server sends it.' };
    },
  },
};
