/**
 * money_conservation: the wallet moves by exactly what the run bought — balance before − balance after = Σ
 * total_debit of the run's purchases that are neither failed nor reversed at the end (those were refunded), to the
 * kobo, in integer arithmetic; and the balance is never below zero.
 */
import type { Problem } from './types.ts';

export interface Spent {
  id: string;
  status: string;
  totalDebitKobo: bigint;
}

const naira = (k: bigint) =>
  `${k < 0n ? '-' : ''}${(k < 0n ? -k : k) / 100n}.${String((k < 0n ? -k : k) % 100n).padStart(2, '0')}`;

export function moneyConservation(beforeKobo: bigint, afterKobo: bigint, purchases: Spent[]): Problem[] {
  const out: Problem[] = [];
  const kept = purchases.filter((p) => p.status !== 'failed' && p.status !== 'reversed');
  const spent = kept.reduce((sum, p) => sum + p.totalDebitKobo, 0n);
  const refunded = purchases.length - kept.length;
  if (beforeKobo - afterKobo !== spent) {
    out.push({
      message: `the balance went from ${naira(beforeKobo)} to ${naira(afterKobo)} (−${naira(beforeKobo - afterKobo)}) over ${purchases.length} purchases of the run (${refunded} refunded)`,
      documented: `−${naira(spent)}: the total_debit of the ${kept.length} purchases neither failed nor reversed`,
    });
  }
  if (afterKobo < 0n)
    out.push({ message: `the balance is ${naira(afterKobo)}`, documented: 'a balance never below zero' });
  return out;
}
