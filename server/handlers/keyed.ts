/**
 * The write of a POST other than a purchase, under its Idempotency-Key in one database transaction
 * (store.writeUnderIdempotencyKey): the handler gives the write and the 201 it answers; this records the key's
 * outcome with it and says, as a value, what happened (idempotency/outcome.ts), as purchase-flow.ts does for purchases.
 */
import type { Created, OkBody, WriteOperationId } from '../contract/operations.ts';
import { created } from '../contract/envelope.ts';
import { errors } from '../errors.ts';
import type { KeyUse, Recording } from '../idempotency/outcome.ts';
import type { Store } from '../store/types.ts';

export async function keyedCreate<K extends WriteOperationId, T>(
  ctx: { store: Pick<Store, 'writeUnderIdempotencyKey'>; principal: { account_id: string } },
  use: KeyUse,
  write: (tx: Store) => Promise<{ value: T; data: unknown; location: string }>,
): Promise<Recording<Created<K>>> {
  // These writes are deduplicated by their key alone: the pipeline never runs one without it.
  if (use.kind === 'none') throw errors.internal(new Error('a keyed write without an Idempotency-Key'));
  const r = await ctx.store.writeUnderIdempotencyKey(
    { account_id: ctx.principal.account_id, key: use.key, claim: use.kind === 'claim' ? use.terms : null },
    async (tx) => {
      const { value, data, location } = await write(tx);
      return { value, response: { status: 201, body: JSON.stringify(created(data)), location } };
    },
  );
  switch (r.kind) {
    case 'written': {
      const answer = {
        body: JSON.parse(r.response.body) as OkBody<K>,
        location: r.response.location!,
        stored: r.response,
      };
      return { kind: 'recorded', finish: () => Promise.resolve(answer) };
    }
    case 'idempotency_key_exists':
      return { kind: 'key_exists' };
    case 'idempotency_key_lost':
      return { kind: 'key_lost' };
  }
}
