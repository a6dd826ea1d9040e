/**
 * Idempotency-Key on every purchase operation (IETF draft-ietf-httpapi-idempotency-key-header):
 * - replay: the same key and body again (members in another order, other spacing: the same JSON) → the first
 *   answer again, byte for byte, with `Idempotent-Replayed: true` (idempotent_replay_conformance);
 * - reuse: the same key with another body → 422 IDEMPOTENCY_KEY_REUSED;
 * - concurrent: the same purchase sent several times at once under one key (the biller-timeout scenario when the
 *   contract has one for the operation: the slowest purchase) → one purchase, every other answer a 409
 *   IDEMPOTENCY_KEY_IN_USE or a replay (idempotent_concurrency_conformance);
 * - no key, an empty one, 256 characters, a non-ASCII one → 400 IDEMPOTENCY_KEY_REQUIRED.
 * Whatever is bought is entered in the run's purchases: money_conservation counts it (and would see a double debit).
 */
import { idempotentConcurrencyConformance } from '../checks/idempotent_concurrency_conformance.ts';
import { idempotentReplayConformance } from '../checks/idempotent_replay_conformance.ts';
import type { CaseContext, CaseDef } from '../context.ts';
import type { Contract } from '../contract/operations.ts';
import type { RecordedResponse } from '../model.ts';
import { choosePurchase } from './purchase-choice.ts';
import { PURCHASES, type Body } from './purchase-support.ts';

/** How many identical requests the concurrent case sends at once. */
export const CONCURRENT_REQUESTS = 4;

/** The same JSON object in another text: members in reverse order, indented. */
export const reordered = (b: Body) => JSON.stringify(Object.fromEntries(Object.entries(b).reverse()), null, 2);

export function idempotencyCases(contract: Contract): CaseDef[] {
  return PURCHASES.filter((id) => contract.operations.some((o) => o.operationId === id)).flatMap(
    (operationId): CaseDef[] => {
      const c = (name: string, title: string, run: (t: CaseContext) => Promise<void>): CaseDef => ({
        id: `idempotency.${operationId}.${name}`,
        group: 'idempotency',
        operationId,
        title,
        needs: ['full'],
        writes: true,
        run,
      });
      // The biller-timeout scenario keeps the first request in flight (its 201 takes a while): a chance for a 409.
      const slow = contract.scenarios.find(
        (s) => s.operation === operationId && s.name.endsWith('_biller_timeout') && s.outcome === 'pending',
      );
      return [
        c(
          'replay',
          'the same key and body again → the first answer, byte for byte, with Idempotent-Replayed: true',
          async (t) => {
            const { body } = await choosePurchase(t, operationId);
            const key = t.newIdempotencyKey();
            const first = await t.post({ body, idempotencyKey: key }, 'full', { status: 201 });
            if (first.response?.status !== 201) return;
            const again = await t.post({ raw: reordered(body), idempotencyKey: key }, 'full', { status: 201 });
            if (again.response)
              t.report(
                'idempotent_replay_conformance',
                idempotentReplayConformance(first.response, again.response),
                again,
              );
          },
        ),
        c('reuse', 'the same key with another body → 422 IDEMPOTENCY_KEY_REUSED', async (t) => {
          const { body } = await choosePurchase(t, operationId);
          const key = t.newIdempotencyKey();
          const first = await t.post({ body, idempotencyKey: key }, 'full', { status: 201 });
          if (first.response?.status !== 201) return;
          await t.post(
            { body: { ...body, reference: t.run.api.unique('conformance-other') }, idempotencyKey: key },
            'full',
            { status: 422, code: 'IDEMPOTENCY_KEY_REUSED' },
          );
        }),
        c(
          'concurrent',
          `${CONCURRENT_REQUESTS} identical requests at once under one key${
            slow
              ? ` (${slow.name}: ${Object.entries(slow.when)
                  .map(([k, v]) => `${k} ${v}`)
                  .join(', ')})`
              : ''
          } → one purchase; the others 409 IDEMPOTENCY_KEY_IN_USE or its replay`,
          async (t) => {
            const { body } = await choosePurchase(t, operationId, slow ? slow.when : {});
            const key = t.newIdempotencyKey();
            const exchanges = await Promise.all(
              Array.from({ length: CONCURRENT_REQUESTS }, () => t.post({ body, idempotencyKey: key }, 'full')),
            );
            const answers = exchanges.map((e) => e.response).filter((r): r is RecordedResponse => r !== undefined);
            if (answers.length < exchanges.length) return; // reported as response_received
            // The cells the answers exercised, when they are answers the contract allows here.
            for (const r of answers) {
              const code = (r.body as { error?: { code?: string } }).error?.code;
              if (r.status === 201 || (r.status === 409 && code === 'IDEMPOTENCY_KEY_IN_USE'))
                t.cells.push({ operationId, status: r.status, code: code ?? null });
            }
            t.report('idempotent_concurrency_conformance', idempotentConcurrencyConformance(answers), exchanges[0]);
          },
        ),
        c(
          'key_required',
          'no Idempotency-Key, an empty one, 256 characters, a non-ASCII one → 400 IDEMPOTENCY_KEY_REQUIRED',
          async (t) => {
            // Without an external_reference: with one, a purchase needs no key (issue 24).
            const { external_reference: _reference, ...body } = (await choosePurchase(t, operationId)).body;
            for (const idempotencyKey of [null, '', 'k'.repeat(256), 'clé-conformance']) {
              await t.post({ body, idempotencyKey }, 'full', { status: 400, code: 'IDEMPOTENCY_KEY_REQUIRED' });
            }
          },
        ),
      ];
    },
  );
}
