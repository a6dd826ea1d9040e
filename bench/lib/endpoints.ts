/** The endpoints measured, as paths relative to a base path (the reference server's, or the root for Prism). */
import { BASE_PATH } from '../../server/domain.ts';

export const BASE = BASE_PATH.sandbox;

/**
 * The filtered list: status + category + a 7-day window whose both ends fall inside a day (so both boundary
 * buckets are partial). With the constant density of generate-sql.ts it selects about the same rows at every size.
 */
export const FILTERED_QUERY = 'status=successful&category=purchase&from=2026-10-24T05:17:00Z&to=2026-10-30T18:42:59Z';

export type EndpointId = 'health' | 'balance' | 'list100' | 'filtered' | 'lookup' | 'dataplans' | 'products';

export interface Endpoint {
  id: EndpointId;
  label: string;
  /** Path + query for a dataset (the lookup needs one of its external references). */
  path: (externalReference: string) => string;
  auth: boolean;
}

export const ENDPOINTS: Endpoint[] = [
  { id: 'health', label: '/health', path: () => '/health', auth: false },
  { id: 'balance', label: '/account/balance', path: () => '/account/balance', auth: true },
  {
    id: 'list100',
    label: '/account/transactions?per_page=100',
    path: () => '/account/transactions?per_page=100',
    auth: true,
  },
  {
    id: 'filtered',
    label: '/account/transactions?status&category&from&to',
    path: () => `/account/transactions?${FILTERED_QUERY}`,
    auth: true,
  },
  {
    id: 'lookup',
    label: '/account/transactions/{external_reference}',
    path: (ref) => `/account/transactions/${ref}`,
    auth: true,
  },
  {
    id: 'dataplans',
    label: '/products/dataplans?network=MTN',
    path: () => '/products/dataplans?network=MTN',
    auth: true,
  },
];

/** Auth-only operation (no store call in its handler): /products vs /health isolates the key lookup. */
export const PRODUCTS: Endpoint = {
  id: 'products',
  label: '/products (auth only)',
  path: () => '/products',
  auth: true,
};
