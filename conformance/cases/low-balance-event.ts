/**
 * `account.low_balance` on demand (sandbox runs with writes, the `low_balance` key): its account's wallet holds little
 * and has a low-balance threshold under it (the demo data: 50.00 NGN, threshold 40.00). The case registers an
 * endpoint for that account at the run's receiver, subscribed to `account.low_balance`, and twice buys airtime worth
 * the whole wallet with the magic values of a scenario that ends failed (refunded), queried at once
 * (`POST /purchases/{id}/query` moves a sandbox purchase on to its scenario's next state):
 *
 * - each debit takes the wallet from the threshold or more to 0.00, below it: one `account.low_balance` event reaches
 *   the receiver, signed with the endpoint's secret, a WebhookEvent, whose `data` is the account's wallet — its id,
 *   `balance` 0.00 (right after the debit), a `low_balance_threshold` above 0.00 and at most the balance before;
 * - the refund takes the wallet back to the threshold or more, so the second purchase makes a second event (once per
 *   crossing, again after the balance came back), and the wallet ends as it began.
 *
 * A target whose low_balance account has no threshold fails here, with what the key needs said in words.
 */
import { webhookPayloadConformance } from '../checks/webhook_payload_conformance.ts';
import { webhookSignatureConformance } from '../checks/webhook_signature_conformance.ts';
import type { CaseContext, CaseDef } from '../context.ts';
import type { ReceivedWebhook, RunWebhook } from '../shared.ts';
import { kobo, naira, productsFor, rangeOf, validBody } from './purchase-support.ts';
import { eventOf, OTHER_ENDPOINT, until, webhookWrite, withQuery } from './webhooks.ts';

const TYPE = 'account.low_balance';
const CHECK = 'webhook_low_balance_event';
const PROMISE =
  'a debit that takes the wallet from its low-balance threshold or more to below it sends one account.low_balance event, whose data is the wallet right after the debit';
/** How long an event may take to reach the receiver. */
const WAIT_MS = 20_000;

type Json = Record<string, any>;

async function balanceOf(t: CaseContext): Promise<bigint | null> {
  const ex = await t.send({ operationId: 'getAccountBalance' }, 'low_balance', { status: 200 });
  return kobo(t.ok<{ data: { balance: string } }>(ex, 'getAccountBalance')?.data.balance);
}

/**
 * One crossing: buy `amount` (the whole wallet) for the failing scenario, wait for the event, judge it, then query the
 * purchase to its refund and wait until the wallet is back to `before`. Returns false when the run cannot go on.
 */
async function crossing(
  t: CaseContext,
  hook: RunWebhook,
  accountId: string,
  order: () => Record<string, string>,
  before: bigint,
  nth: number,
): Promise<boolean> {
  const seen = new Set(hook.received.filter((r) => eventOf(r)?.type === TYPE).map((r) => r.headers['webhook-id']));
  const bought = await t.post({ operationId: 'createAirtimePurchase', body: order() }, 'low_balance', { status: 201 });
  const id = t.ok<{ data: { id: string } }>(bought, 'createAirtimePurchase')?.data.id;
  if (!id) return false;
  const ours = (r: ReceivedWebhook) => {
    const e = eventOf(r);
    return e?.type === TYPE && e.data?.id === accountId && !seen.has(r.headers['webhook-id']);
  };
  const event = await until(WAIT_MS, async () => hook.received.find(ours));
  if (!event) {
    t.fail(
      CHECK,
      t.op(),
      `purchase ${nth} (${id}) took the low_balance wallet from ${naira(before)} to 0.00, yet no ${TYPE} event of account ${accountId} reached the endpoint within ${WAIT_MS / 1000} s (the account needs a low-balance threshold above 0.00 and at most ${naira(before)}: the demo data sets 40.00)`,
      bought,
      PROMISE,
    );
    return false;
  }
  t.report('webhook_signature_conformance', webhookSignatureConformance(event, hook.secrets), bought);
  t.report('webhook_payload_conformance', webhookPayloadConformance(event, t.run.contract.schemas), bought);
  const a = (eventOf(event)?.data?.attributes ?? {}) as Json;
  const threshold = kobo(a.low_balance_threshold);
  if (a.balance !== '0.00')
    t.fail(
      CHECK,
      t.op(),
      `the ${TYPE} event of purchase ${nth} says balance ${JSON.stringify(a.balance)}; right after the debit the wallet held 0.00`,
      bought,
      PROMISE,
    );
  if (threshold === null || threshold <= 0n || threshold > before)
    t.fail(
      CHECK,
      t.op(),
      `the ${TYPE} event of purchase ${nth} says low_balance_threshold ${JSON.stringify(a.low_balance_threshold)}: a debit from ${naira(before)} to 0.00 crosses only a threshold above 0.00 and at most ${naira(before)}`,
      bought,
      PROMISE,
    );
  // The refund: the scenario's next state at once, then the wallet back where it was (the next crossing needs it).
  await t.send({ operationId: 'queryPurchase', method: 'POST', pathParams: { id } }, 'low_balance', { status: 200 });
  const back = await until(WAIT_MS, async () => ((await balanceOf(t)) === before ? true : undefined));
  if (!back) {
    t.fail(
      'money_conservation',
      t.op('getAccountBalance'),
      `purchase ${nth} (${id}) of a scenario that fails was queried, yet the low_balance wallet is not back to ${naira(before)} within ${WAIT_MS / 1000} s`,
      bought,
      'a failed purchase is refunded in full',
    );
    return false;
  }
  const again = hook.received.filter(ours);
  if (again.length > 1)
    t.fail(
      CHECK,
      t.op(),
      `purchase ${nth} made ${again.length} ${TYPE} events (ids ${again.map((r) => r.headers['webhook-id']).join(', ')}); one debit crosses once`,
      bought,
      PROMISE,
    );
  return true;
}

export function lowBalanceEventCase(): CaseDef {
  return {
    id: 'webhooks.low_balance_event',
    group: 'webhooks',
    operationId: 'createAirtimePurchase',
    needs: ['low_balance'],
    writes: true,
    title:
      'low_balance key: airtime worth its whole wallet (a scenario that fails) → one account.low_balance event (balance 0.00, its threshold); refunded, the next purchase → another',
    async run(t) {
      if (t.target.env !== 'sandbox') t.skip('a sandbox scenario (magic values)');
      const hook = t.shared.webhook;
      if (!hook) return t.skip('webhooks.setup made no endpoint (see its result)');
      const story = t.run.contract.scenarios.find(
        (s) => s.operation === 'createAirtimePurchase' && s.outcome === 'pending' && s.then === 'failed',
      );
      if (!story) return t.skip('the contract has no sandbox scenario of an airtime purchase that fails (refunded)');
      const before = await balanceOf(t);
      if (before === null) return;
      const product = productsFor(t, 'createAirtimePurchase').find((p) => {
        const r = rangeOf(p);
        return r !== null && r.min <= before && before <= r.max;
      });
      if (!product)
        return t.skip(`no airtime product's amount range holds the low_balance wallet (${naira(before)}) in full`);
      const account = await t.send({ operationId: 'getAccount' }, 'low_balance', { status: 200 });
      const accountId = t.ok<{ data: { id: string } }>(account, 'getAccount')?.data.id;
      if (!accountId) return;
      const made = await webhookWrite(
        t,
        'createWebhookEndpoint',
        {
          url: withQuery(hook.url, OTHER_ENDPOINT),
          events: [TYPE],
          description: 'conformance run receiver, low-balance events',
        },
        { role: 'low_balance' },
        { status: 201 },
      );
      const endpoint = t.ok<{ data: { id: string; attributes: { secret: string } } }>(made, 'createWebhookEndpoint');
      if (!endpoint) return;
      hook.secrets.push(endpoint.data.attributes.secret);
      try {
        // A new body each time: each carries an external_reference of its own.
        const order = () => validBody(t, 'createAirtimePurchase', { ...story.when, amount: naira(before) }, product);
        if (await crossing(t, hook, accountId, order, before, 1)) await crossing(t, hook, accountId, order, before, 2);
      } finally {
        await webhookWrite(
          t,
          'deleteWebhookEndpoint',
          undefined,
          { pathParams: { webhook_id: endpoint.data.id }, role: 'low_balance' },
          { status: 204 },
        );
      }
    },
  };
}
