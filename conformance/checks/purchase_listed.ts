/**
 * purchase_listed: a purchase just made shows in the account's transactions — on the first page of the list
 * (newest first), with the same immutable attributes as its 201 (lookup_conformance compares them).
 */
import { lookupConformance } from './lookup_conformance.ts';
import { isRecord, type Problem } from './types.ts';

export function purchaseListed(page: unknown[], created: unknown): Problem[] {
  const id = isRecord(created) ? created.id : undefined;
  const listed = page.find((i) => isRecord(i) && i.id === id);
  if (!listed)
    return [
      {
        message: `transaction ${String(id)} is not on the first page of ${page.length} items`,
        documented: 'a new purchase on the first page (newest first)',
      },
    ];
  return lookupConformance(created, listed, 'in the list');
}
