/**
 * The records the contract's examples name, seeded into the demo so that every example request names something
 * that exists: a docs reader's "try it" and a stock contract-test run (portman/, which sends each operation's
 * examples as they are) get the example's answer, not a 404.
 *
 * - Products: the ids of the catalogue examples are those products' ids in both environments (catalogue.ts
 *   CONTRACT_PRODUCT_IDS). A product is keyed by (environment, id), so the two environments stay isolated.
 * - The example transaction (`TransactionDataPlan`: an MTN 1.5GB Monthly data plan with the external reference
 *   `1731402345AB12CD`) is in the history of both demo accounts. Transactions, events, webhook endpoints and
 *   deliveries have ids unique across environments (a secret is derived from an endpoint's id, and a receiver
 *   deduplicates on an event's id), so their example ids are the sandbox's alone: the contract's example lookup of
 *   a transaction is by its external reference, which is unique per account and so can be in both.
 * - Sandbox: the transaction has the example id, its `transaction.successful` event the example event id, the demo
 *   webhook endpoint the example endpoint id, and that endpoint's delivery of that event the example delivery id.
 *
 * contract-examples.test.ts checks these values against the contract's examples.
 */
import type { Environment } from '../domain.ts';
import { uuidV5 } from '../ids.ts';
import { rows, sql } from '../store/sql.ts';
import type { Store, TransactionRow } from '../store/types.ts';

export const CONTRACT_EXAMPLE_IDS = {
  transaction: '3f6c2a9e-8b1d-4c7a-9e2f-5a4b3c2d1e0f',
  externalReference: '1731402345AB12CD',
  event: '2b4c6d8e-0f1a-4b3c-9d5e-7f8a9b0c1d2e',
  webhookEndpoint: '5c1d7e9a-3b2f-4a6c-8d0e-1f2a3b4c5d6e',
  delivery: '0a9b8c7d-6e5f-4d3c-8b2a-1f0e9d8c7b6a',
} as const;

/** The product the example transaction bought (the MTN 1.5GB Monthly plan; catalogue.ts gives it this id everywhere). */
const EXAMPLE_PRODUCT_ID = '4b5c6d7e-8f9a-4b0c-9d1e-2f3a4b5c6d7e';
const DAY_MS = 86_400_000;

/** The id of the example transaction in an environment: the contract's in the sandbox, a stable one in production. */
export function exampleTransactionId(environment: Environment): string {
  return environment === 'sandbox'
    ? CONTRACT_EXAMPLE_IDS.transaction
    : uuidV5(`demo-contract-example-transaction:${environment}`);
}

/**
 * The example transaction of the contract (components/examples/TransactionDataPlan.yaml) as a demo row: bought a
 * day before `now`, settled successful 2.784 s later, as in the example. Within the 30 days the event log keeps.
 */
export function exampleTransaction(environment: Environment, accountId: string, now: Date): TransactionRow {
  const created = new Date(now.getTime() - DAY_MS);
  return {
    id: exampleTransactionId(environment),
    account_id: accountId,
    amount: '1210.00',
    currency: 'NGN',
    status: 'successful',
    category: 'purchase',
    description: 'MTN 1.5GB Monthly data for 08031234567',
    reference: 'BPT7K2Q9ZX4M1C8D',
    external_reference: CONTRACT_EXAMPLE_IDS.externalReference,
    product_type: 'dataplan',
    phone_number: '08031234567',
    meter_number: null,
    smartcard_number: null,
    token: null,
    units: null,
    product_id: EXAMPLE_PRODUCT_ID,
    product_amount: '1200.00',
    fee_amount: '10.00',
    total_debit: '1210.00',
    price_basis: 'fixed',
    created_at: created,
    updated_at: new Date(created.getTime() + 2_784),
    next_check_at: null,
    check_attempts: 0,
  };
}

/**
 * Sandbox only: gives the example transaction's `transaction.successful` event the contract's example event id (the
 * store's trigger gave it a random one when the history was written). Done while no delivery refers to the event,
 * that is before the demo endpoint exists; a no-op when the id is taken or the event is not there. Returns the id
 * of that event, or null.
 */
export async function nameExampleEvent(store: Store, accountId: string): Promise<string | null> {
  const id = CONTRACT_EXAMPLE_IDS.event;
  await rows(
    store.sql,
    sql`UPDATE webhook_events SET id = ${id}
    WHERE account_id = ${accountId} AND transaction_id = ${CONTRACT_EXAMPLE_IDS.transaction} AND type = 'transaction.successful'
      AND NOT EXISTS (SELECT 1 FROM webhook_events WHERE id = ${id})
      AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id
        WHERE e.transaction_id = ${CONTRACT_EXAMPLE_IDS.transaction})`,
  );
  const event = await store.getWebhookEvent(accountId, id, new Date(0));
  return event ? id : null;
}
