/**
 * verification_conformance: a meter or smartcard verification answers about what was asked — `type`, `id` and the
 * number member are the path's number, `product_id` the path's product, and the distributor / provider that
 * product's (a meter's type one the product sells).
 */
import { isRecord, type Problem } from './types.ts';

export interface Verified {
  type: 'meter' | 'smartcard';
  number: string;
  product: { id: string; attributes: Record<string, unknown> };
}

export function verificationConformance(data: unknown, v: Verified): Problem[] {
  if (!isRecord(data) || !isRecord(data.attributes))
    return [{ message: 'no verification object', documented: `data: the ${v.type}` }];
  const a = data.attributes;
  const out: Problem[] = [];
  const want = (field: string, got: unknown, expected: unknown) => {
    if (got !== expected)
      out.push({ message: `${field} is ${JSON.stringify(got)}`, documented: `${field} ${JSON.stringify(expected)}` });
  };
  want('type', data.type, v.type);
  want('id', data.id, v.number);
  want(`attributes.${v.type}_number`, a[`${v.type}_number`], v.number);
  want('attributes.product_id', a.product_id, v.product.id);
  const owner = v.type === 'meter' ? 'distributor' : 'provider';
  want(`attributes.${owner}`, a[owner], v.product.attributes[owner]);
  return out;
}
