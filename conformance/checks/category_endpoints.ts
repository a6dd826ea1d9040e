/**
 * category_endpoints: GET /products lists one category per product kind, and each `endpoint` is the absolute path
 * of that kind's list in this environment (the environment's base path + /products/<kind>).
 */
import { isRecord, type Problem } from './types.ts';

export const PRODUCT_LISTS = ['airtimes', 'dataplans', 'cabletv', 'electricity'];

export function categoryEndpoints(categories: unknown[], basePath: string): Problem[] {
  const out: Problem[] = [];
  const kinds: string[] = [];
  for (const c of categories) {
    const endpoint = isRecord(c) && isRecord(c.attributes) ? c.attributes.endpoint : undefined;
    const kind =
      typeof endpoint === 'string' ? PRODUCT_LISTS.find((k) => endpoint === `${basePath}/products/${k}`) : undefined;
    if (!kind)
      out.push({
        message: `endpoint ${JSON.stringify(endpoint)}`,
        documented: `${basePath}/products/{${PRODUCT_LISTS.join('|')}}`,
      });
    else kinds.push(kind);
  }
  const missing = PRODUCT_LISTS.filter((k) => !kinds.includes(k));
  const twice = kinds.filter((k, i) => kinds.indexOf(k) !== i);
  if (missing.length || twice.length) {
    out.push({
      message: `categories for ${kinds.join(', ') || 'nothing'}`,
      documented: `one category per kind: ${PRODUCT_LISTS.join(', ')}`,
    });
  }
  return out;
}
