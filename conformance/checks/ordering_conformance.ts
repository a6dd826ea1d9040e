/** ordering_conformance: transactions come newest first — `created_at` descending, then `id` descending. */
import type { Problem } from './types.ts';

export interface Ordered {
  id: string;
  created_at: string;
}

export function orderingConformance(items: Ordered[]): Problem[] {
  for (let i = 1; i < items.length; i++) {
    const a = items[i - 1]!;
    const b = items[i]!;
    const ta = Date.parse(a.created_at);
    const tb = Date.parse(b.created_at);
    if (ta < tb || (ta === tb && a.id < b.id)) {
      return [
        {
          message: `item ${i - 1} (${a.id}, ${a.created_at}) comes before item ${i} (${b.id}, ${b.created_at})`,
          documented: 'created_at descending, then id descending',
          index: i,
        },
      ];
    }
  }
  return [];
}
