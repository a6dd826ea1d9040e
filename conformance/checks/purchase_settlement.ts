/**
 * purchase_settlement: polled after its 201, a purchase reaches the scenario's final state (`then`) within the
 * bound, and only by the documented moves — pending → successful | failed, successful → reversed — never back.
 */
import type { Problem } from './types.ts';

const MOVES: Record<string, readonly string[]> = {
  pending: ['successful', 'failed'],
  successful: ['reversed'],
  failed: [],
  reversed: [],
};

export function purchaseSettlement(statuses: string[], want: string, reached: boolean, boundMs: number): Problem[] {
  const out: Problem[] = [];
  for (let i = 1; i < statuses.length; i++) {
    const [from, to] = [statuses[i - 1]!, statuses[i]!];
    if (from !== to && !(MOVES[from] ?? []).includes(to)) {
      out.push({
        message: `the purchase moved ${from} → ${to} (statuses read: ${statuses.join(' → ')})`,
        documented: 'pending → successful | failed, successful → reversed; never back',
      });
    }
  }
  if (!reached) {
    out.push({
      message: `still ${statuses.at(-1) ?? '?'} after ${boundMs / 1000} s (statuses read: ${statuses.join(' → ')})`,
      documented: `${want} within ${boundMs / 1000} s`,
    });
  }
  return out;
}
