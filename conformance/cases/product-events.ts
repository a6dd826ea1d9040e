/**
 * The `product.*` events on demand (sandbox runs with writes, the `full` key): the contract's drills — the sandbox
 * scenarios with `events` — send, to the purchasing account's endpoints, events about the product bought. The case
 * registers an endpoint at the run's receiver subscribed to every type the drills name, then for each drill buys a
 * product of its operation with its magic values, and, when the drill has later events, queries the purchase
 * (`POST /purchases/{id}/query` moves a sandbox purchase on to its scenario's next state at once):
 *
 * - each event the drill names for the state reached arrives, once, signed with the endpoint's secret, a WebhookEvent;
 * - its `data` is the product bought, as the catalogue lists it (its id, type and attributes), but `available`,
 *   which is what the event says: false for `product.unavailable`, true for `product.available`;
 * - `product.price_changed` carries the price the catalogue lists now in `data`, and a `previous_price` that is
 *   another price.
 */
import { webhookPayloadConformance } from '../checks/webhook_payload_conformance.ts';
import { webhookSignatureConformance } from '../checks/webhook_signature_conformance.ts';
import type { SandboxScenario } from '../contract/sandbox.ts';
import type { CaseContext, CaseDef } from '../context.ts';
import type { Exchange } from '../model.ts';
import type { Item, ReceivedWebhook, RunWebhook } from '../shared.ts';
import { cheapest, PURCHASES, productsFor, validBody } from './purchase-support.ts';
import { eventOf, OTHER_ENDPOINT, until, webhookWrite, withQuery } from './webhooks.ts';

const CHECK = 'webhook_product_events';
const PROMISE =
  "a sandbox drill sends each product event it names once, about the product bought, to the account's endpoints: data is the product as listed, available as the event says, and price_changed carries the listed price and another previous_price";
/** How long an event may take to reach the receiver. */
const WAIT_MS = 20_000;

type Json = Record<string, any>;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const withoutAvailable = (attributes: Json) => {
  const { available: _shownByTheEvent, ...rest } = attributes;
  return rest;
};

/** What the event must say about the product, or why it does not. */
function judge(type: string, event: Json, product: Item): string | null {
  const data = (event.data ?? {}) as Json;
  const attributes = (data.attributes ?? {}) as Json;
  if (data.type !== product.type) return `data.type is ${JSON.stringify(data.type)}, the product is ${product.type}`;
  const available = type === 'product.unavailable' ? false : type === 'product.available' ? true : undefined;
  if (available !== undefined && attributes.available !== available)
    return `data.attributes.available is ${JSON.stringify(attributes.available)}: a ${type} event says ${available}`;
  if (!same(withoutAvailable(attributes), withoutAvailable(product.attributes)))
    return `data.attributes ${JSON.stringify(withoutAvailable(attributes))} are not the product's as listed, ${JSON.stringify(withoutAvailable(product.attributes))}`;
  if (type === 'product.price_changed') {
    if (event.previous_price === undefined) return 'it carries no previous_price';
    if (same(event.previous_price, attributes.price))
      return `its previous_price is the price itself, ${JSON.stringify(attributes.price)}`;
  }
  return null;
}

interface Drill {
  t: CaseContext;
  hook: RunWebhook;
  scenario: SandboxScenario;
  product: Item;
  /** The events of the receiver's other endpoints before the purchase: an event seen then is not this drill's. */
  seen: Set<string | undefined>;
}

const ofDrill = (d: Drill, type: string) => (r: ReceivedWebhook) => {
  const e = eventOf(r);
  return (
    r.endpoint === 'other' && e?.type === type && e.data?.id === d.product.id && !d.seen.has(r.headers['webhook-id'])
  );
};

/**
 * Waits for each of `types` about the drill's product and judges it; the state is where the purchase stands. False
 * when one never came: the drill stops there (its later events would only wait as long again).
 */
async function expectEvents(d: Drill, types: string[], state: string, ex: Exchange): Promise<boolean> {
  const { t, hook, scenario, product } = d;
  for (const type of types) {
    const event = await until(WAIT_MS, async () => hook.received.find(ofDrill(d, type)));
    if (!event) {
      t.fail(
        CHECK,
        t.op(),
        `drill ${scenario.name}: the purchase of ${product.id} reached ${state}, yet no ${type} event about it reached the endpoint within ${WAIT_MS / 1000} s`,
        ex,
        PROMISE,
      );
      return false;
    }
    t.report('webhook_signature_conformance', webhookSignatureConformance(event, hook.secrets), ex);
    t.report('webhook_payload_conformance', webhookPayloadConformance(event, t.run.contract.schemas), ex);
    const wrong = judge(type, eventOf(event) ?? {}, product);
    if (wrong)
      t.fail(CHECK, t.op(), `drill ${scenario.name}: the ${type} event about ${product.id}: ${wrong}`, ex, PROMISE);
  }
  return true;
}

async function runDrill(d: Drill): Promise<void> {
  const { t, hook, scenario, product } = d;
  const body = validBody(t, scenario.operation, scenario.when, product);
  const bought = await t.post({ operationId: scenario.operation, body }, 'full', { status: 201 });
  const id = t.ok<{ data: { id: string } }>(bought, scenario.operation)?.data.id;
  if (!id) return;
  if (!(await expectEvents(d, scenario.events!.outcome, scenario.outcome, bought))) return;
  if (scenario.events!.then.length > 0) {
    const queried = await t.send({ operationId: 'queryPurchase', method: 'POST', pathParams: { id } }, 'full', {
      status: 200,
    });
    if (!(await expectEvents(d, scenario.events!.then, String(scenario.then), queried))) return;
    // Safe to repeat: a second query of the settled purchase announces nothing again (judged below).
    await t.send({ operationId: 'queryPurchase', method: 'POST', pathParams: { id } }, 'full', { status: 200 });
  }
  for (const type of new Set([...scenario.events!.outcome, ...scenario.events!.then])) {
    const got = hook.received.filter(ofDrill(d, type));
    const named = [...scenario.events!.outcome, ...scenario.events!.then].filter((x) => x === type).length;
    if (got.length > named)
      t.fail(
        CHECK,
        t.op(),
        `drill ${scenario.name}: purchase ${id} made ${got.length} ${type} events about ${product.id} (ids ${got.map((r) => r.headers['webhook-id']).join(', ')}); the drill names it ${named} time(s)`,
        bought,
        PROMISE,
      );
  }
}

export function productEventsCase(): CaseDef {
  return {
    id: 'webhooks.product_events',
    group: 'webhooks',
    operationId: 'createAirtimePurchase',
    needs: ['full'],
    writes: true,
    title:
      "sandbox drills (scenarios with events): a purchase with a drill's magic values → its product.* events about the product bought, once each, signed, on contract, data the product as listed",
    async run(t) {
      if (t.target.env !== 'sandbox') t.skip('a sandbox scenario (magic values)');
      const hook = t.shared.webhook;
      if (!hook) return t.skip('webhooks.setup made no endpoint (see its result)');
      const drills = t.run.contract.scenarios.filter((s) => s.events && PURCHASES.includes(s.operation));
      if (drills.length === 0) return t.skip('the contract has no sandbox drill (a purchase scenario with events)');
      const types = [...new Set(drills.flatMap((s) => [...s.events!.outcome, ...s.events!.then]))];
      const made = await webhookWrite(
        t,
        'createWebhookEndpoint',
        {
          url: withQuery(hook.url, OTHER_ENDPOINT),
          events: types,
          description: 'conformance run receiver, product events',
        },
        {},
        { status: 201 },
      );
      const endpoint = t.ok<{ data: { id: string; attributes: { secret: string } } }>(made, 'createWebhookEndpoint');
      if (!endpoint) return;
      hook.secrets.push(endpoint.data.attributes.secret);
      try {
        for (const scenario of drills) {
          const onSale = productsFor(t, scenario.operation).filter((p) => p.attributes.available !== false);
          if (onSale.length === 0) {
            t.fail(
              CHECK,
              t.op(scenario.operation),
              `drill ${scenario.name}: the target lists no product of ${scenario.operation} on sale`,
            );
            continue;
          }
          const seen = new Set(hook.received.map((r) => r.headers['webhook-id']));
          await runDrill({ t, hook, scenario, product: cheapest(onSale), seen });
        }
      } finally {
        await webhookWrite(
          t,
          'deleteWebhookEndpoint',
          undefined,
          { pathParams: { webhook_id: endpoint.data.id } },
          { status: 204 },
        );
      }
    },
  };
}
