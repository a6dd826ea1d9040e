/**
 * The state history of the demo transactions, as the store would have appended it: a purchase is created pending
 * and then settled (a reversed one was successful first); other transactions are created in their first state
 * (pending ones that failed, successful ones that were reversed). Every move is one the state machine allows
 * (migration 003 refuses any other), and the instants lie between created_at and updated_at.
 */
import type { TransactionStatus } from '../domain.ts';
import type { NewHistoryEntry, TransactionRow } from '../store/types.ts';

/** How long after creation a reversed purchase had been successful: its vend took about this long. */
const VEND_MS = 4_000;

export function historyOf(rows: readonly TransactionRow[]): NewHistoryEntry[] {
  const out: NewHistoryEntry[] = [];
  for (const t of rows) {
    const add = (from: TransactionStatus | null, to: TransactionStatus, at: Date) =>
      out.push({ transaction_id: t.id, from_status: from, to_status: to, at, reason: null });
    const vended = new Date(Math.min(t.updated_at.getTime(), t.created_at.getTime() + VEND_MS));
    if (t.category === 'purchase') {
      add(null, 'pending', t.created_at);
      if (t.status === 'successful' || t.status === 'failed') add('pending', t.status, t.updated_at);
      if (t.status === 'reversed') {
        add('pending', 'successful', vended);
        add('successful', 'reversed', t.updated_at);
      }
      continue;
    }
    const first: TransactionStatus = t.status === 'pending' || t.status === 'failed' ? 'pending' : 'successful';
    add(null, first, t.created_at);
    if (t.status !== first) add(first, t.status, t.updated_at);
  }
  return out;
}
