/**
 * The write of a POST other than a purchase, under its Idempotency-Key in one database transaction
 * (store.writeUnderIdempotencyKey): the handler gives the write and the 201 it answers; this records the key's
 * outcome with it and tells the pipeline (http/idempotency.ts) how it went, as purchase-flow.ts does for purchases.
 */
import { IdempotencyKeyExists, type KeyHold } from '../contract/key-hold.ts';
import type { Created, OkBody, WriteOperationId } from '../contract/operations.ts';
import { created } from '../contract/envelope.ts';
import { errors } from '../errors.ts';
import type { Store } from '../store/types.ts';

export async function keyedCreate<K extends WriteOperationId, T>(
  ctx: { store: Store; idempotency: KeyHold; principal: { account_id: string } },
  write: (tx: Store) => Promise<{ value: T; data: unknown; location: string }>,
): Promise<Created<K>> {
  const r = await ctx.store.writeUnderIdempotencyKey(
    { account_id: ctx.principal.account_id, key: ctx.idempotency.key, claim: ctx.idempotency.claim },
    async (tx) => {
      const { value, data, location } = await write(tx);
      return { value, response: { status: 201, body: JSON.stringify(created(data)), location } };
    },
  );
  if (r.kind === 'idempotency_key_exists') throw new IdempotencyKeyExists(ctx.idempotency.key);
  if (r.kind === 'idempotency_key_lost') throw errors.idempotencyKeyInUse();
  ctx.idempotency.claimed = true;
  return { body: JSON.parse(r.response.body) as OkBody<K>, location: r.response.location!, stored: r.response };
}
