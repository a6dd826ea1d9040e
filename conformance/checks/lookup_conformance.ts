/**
 * lookup_conformance: looking a transaction up (by id, by `txn_` + id, by external reference) returns the same
 * transaction as the list: same id and the same immutable attributes.
 */
import { isRecord, type Problem } from './types.ts';

const IMMUTABLE = ['amount', 'currency', 'category', 'reference', 'external_reference', 'created_at'];

export function lookupConformance(listed: unknown, found: unknown, form: string): Problem[] {
  if (!isRecord(listed) || !isRecord(found))
    return [{ message: `the lookup ${form} returned no transaction object`, documented: 'the transaction' }];
  if (found.id !== listed.id) {
    return [
      {
        message: `the lookup ${form} returned transaction ${String(found.id)}`,
        documented: `transaction ${String(listed.id)}`,
      },
    ];
  }
  const a = isRecord(listed.attributes) ? listed.attributes : {};
  const b = isRecord(found.attributes) ? found.attributes : {};
  const differ = IMMUTABLE.filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]));
  return differ.length
    ? [
        {
          message: `the lookup ${form} differs from the list on ${differ.map((k) => `${k} (${JSON.stringify(b[k])} vs ${JSON.stringify(a[k])})`).join(', ')}`,
          documented: 'the same transaction',
        },
      ]
    : [];
}
