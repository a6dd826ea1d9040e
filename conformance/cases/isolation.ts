/** The environments are isolated: a transaction id of this environment is 404 TRANSACTION_NOT_FOUND in the other. */
import type { CaseDef } from '../context.ts';
import { walkedTransactions } from './common.ts';

export function isolationCases(): CaseDef[] {
  return [
    {
      id: 'isolation.transaction_id_in_other_environment',
      group: 'isolation',
      operationId: 'getTransaction',
      title:
        "a transaction id of this environment → 404 TRANSACTION_NOT_FOUND with the other environment's key and URL",
      needs: ['full'],
      needsOther: ['key', 'url'],
      async run(t) {
        const id = walkedTransactions(t)[0]!.id;
        const { baseUrl, full } = t.target.other;
        const who = { authorization: `Bearer ${full ?? ''}`, label: "the other environment's full key" };
        await t.send({ baseUrl: baseUrl ?? '', pathParams: { id } }, who, {
          status: 404,
          code: 'TRANSACTION_NOT_FOUND',
        });
      },
    },
  ];
}
