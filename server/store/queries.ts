/**
 * The Store of types.ts, composed from one module per resource on top of an `Sql` executor; the same SQL runs on
 * PGlite and PostgreSQL.
 *
 * - accounts.ts      accounts and wallets
 * - transactions.ts  the list (page + exact total, transaction-count.ts), lookups, bulk insert
 * - products.ts      the catalogues
 * - keys.ts          API keys
 * - idempotency.ts   idempotency records of POST requests
 * - purchases.ts     recording and settling purchases, the settlement worker's claims, the state history
 * - wallets.ts       funding, the demo's balance reset, the ledger check (entries.ts: what money movements share)
 * - webhooks.ts      webhook endpoints and the event log; webhook-deliveries.ts the outbox of deliveries
 *
 * Every statement is built with sql.ts (values never enter SQL text); paging.ts runs page + total in one
 * statement; values.ts and instants.ts check what goes in: money as decimal strings NUMERIC(20,2) holds exactly,
 * instants inside the stored window, ids that are not UUIDs find nothing instead of a database type error.
 */
import type { DriverKind } from './driver.ts';
import { accountQueries } from './accounts.ts';
import { idempotencyQueries } from '../idempotency/records.ts';
import { keyedWrite } from '../idempotency/keyed-write.ts';
import { keyQueries } from './keys.ts';
import { productQueries } from './products.ts';
import { purchaseQueries } from './purchases.ts';
import { rows, sql } from './sql.ts';
import { transactionQueries, type TransactionOptions } from './transactions.ts';
import type { Sql, Store } from './types.ts';
import { walletQueries } from './wallets.ts';
import { webhookDeliveryQueries } from './webhook-deliveries.ts';
import { webhookEndpointQueries } from './webhooks.ts';

export { INSERT_CHUNK } from './transactions.ts';
export { KeyNotFoundError } from './errors.ts';
export { WalletNotFoundError } from './entries.ts';

export interface QueryOptions extends TransactionOptions {
  /**
   * Record and settle purchases in group commits (purchase-statements.ts), and batch the lookups of keys and products
   * (lookup-batch.ts): PostgreSQL, the pool's store only.
   */
  groupCommit?: boolean;
}

/** Builds the Store on an executor. `close` is what Store.close() runs (the driver's close). */
export function createQueries(
  db: Sql,
  driver: DriverKind,
  close: () => Promise<void> = async () => {},
  options: QueryOptions = {},
): Store {
  const grouped = options.groupCommit === true;
  const store: Store = {
    driver,
    sql: db,
    async ping() {
      await rows(db, sql`SELECT 1`);
    },
    close,
    ...accountQueries(db),
    ...transactionQueries(db, driver, { ...options, batchReferenceLookups: grouped }),
    ...productQueries(db, { batched: grouped }),
    ...keyQueries(db, { batched: grouped }),
    ...idempotencyQueries(db),
    ...purchaseQueries(db, { groupCommit: grouped }),
    ...walletQueries(db),
    ...webhookEndpointQueries(db),
    ...webhookDeliveryQueries(db),
    // A store bound to one transaction never groups: a group runs on a connection of its own, outside `tx`.
    writeUnderIdempotencyKey: keyedWrite(db, (tx) =>
      createQueries(tx, driver, async () => {}, { ...options, groupCommit: false }),
    ),
  };
  return store;
}
