/** Helpers shared by the cases: random keys and identifiers, the sample transaction, list bodies. */
import { randomInt, randomUUID } from 'node:crypto';
import type { Pagination } from '../checks/pagination_conformance.ts';
import type { CaseContext } from '../context.ts';
import type { OperationModel } from '../contract/operations.ts';
import { KEY_PREFIX, type Environment } from '../model.ts';
import type { Item } from '../shared.ts';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const random = (alphabet: string, n: number) =>
  Array.from({ length: n }, () => alphabet[randomInt(alphabet.length)]).join('');

/** A well-formed key that no deployment issued: the prefix of `env` and 40 random base62 characters. */
export const randomKey = (env: Environment) => KEY_PREFIX[env] + random(BASE62, 40);
/** A well-formed external reference (10 digits, 6 alphanumerics) that matches nothing. */
export const randomExternalReference = () => random('0123456789', 10) + random(BASE62, 6);
export { randomUUID };

export interface ListBody {
  data: Item[];
  pagination: Pagination;
}

export const TRANSACTIONS = 'listTransactions';

/** Why a case that needs a webhook endpoint, a delivery or an event is skipped when the target lists none: only a
 *  sandbox run with writes creates them (webhooks.setup). */
export const NO_WEBHOOK_DATA =
  'the target lists no webhook endpoint, delivery or event of this key, and a run without writes cannot create one';

/** Transactions read by the walk of the first phase; the case is skipped when there are none. */
export function walkedTransactions(t: CaseContext): Item[] {
  const walk = t.shared.walks.get(TRANSACTIONS);
  if (!walk) t.skip('the transaction list could not be read (see the listTransactions pagination case)');
  if (walk.items.length === 0) t.skip('the target has no transactions');
  return walk.items;
}

/**
 * Path parameters for an operation, real ones when the run read them: `{id}` a transaction id; `{product_id}` under
 * `/products/<kind>/` the first product of that list; any other its contract example (a meter number, a smartcard
 * number — in a sandbox not a magic one, so it verifies). Without the data, a random UUID — or a skip with `needReal`.
 */
export function pathParamsFor(
  t: CaseContext,
  op: OperationModel,
  needReal: boolean,
): Record<string, string> | undefined {
  if (!op.path.includes('{')) return undefined;
  const value = (name: string, examples: string[]): string => {
    if (name === 'product_id') {
      const list = t.run.contract.operations.find((o) => op.path.startsWith(`${o.path}/{product_id}`) && o.paginated);
      const product = list ? t.shared.walks.get(list.operationId)?.items[0]?.id : undefined;
      if (!product && needReal)
        t.skip(`no product read for ${op.path} (the walk of ${list?.operationId ?? 'its list'} failed)`);
      return product ?? randomUUID();
    }
    if (name === 'webhook_id' || name === 'delivery_id' || name === 'event_id') {
      const list = { webhook_id: 'listWebhookEndpoints', delivery_id: 'listWebhookDeliveries', event_id: 'listEvents' }[
        name
      ];
      const id = (name === 'webhook_id' ? t.shared.webhook?.id : undefined) ?? t.shared.walks.get(list)?.items[0]?.id;
      if (!id && needReal) t.skip(`${NO_WEBHOOK_DATA} (${list} read none)`);
      return id ?? examples[0] ?? randomUUID();
    }
    if (name === 'id') {
      const id = t.shared.walks.get(TRANSACTIONS)?.items[0]?.id;
      if (!id && needReal) walkedTransactions(t);
      return id ?? randomUUID();
    }
    return examples[0] ?? randomUUID();
  };
  return Object.fromEntries(op.params.filter((p) => p.in === 'path').map((p) => [p.name, value(p.name, p.examples)]));
}
