/** Transactions are listed newest first (created_at descending, then id descending), across pages. */
import { orderingConformance } from '../checks/ordering_conformance.ts';
import type { CaseDef } from '../context.ts';
import { TRANSACTIONS, walkedTransactions } from './common.ts';

export function orderingCases(): CaseDef[] {
  return [
    {
      id: `ordering.${TRANSACTIONS}`,
      group: 'ordering',
      operationId: TRANSACTIONS,
      title: 'transactions newest first (created_at desc, then id desc) across the pages read',
      needs: ['full'],
      async run(t) {
        const items = walkedTransactions(t).map((i) => ({ id: i.id, created_at: String(i.attributes.created_at) }));
        const walk = t.shared.walks.get(TRANSACTIONS)!;
        for (const problem of orderingConformance(items)) {
          // The page that holds the second item of the wrongly ordered pair.
          const page = Math.min(Math.floor((problem.index ?? 0) / walk.perPage), walk.exchanges.length - 1);
          t.report('ordering_conformance', [problem], walk.exchanges[page]);
        }
      },
    },
  ];
}
