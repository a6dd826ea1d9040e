/** Success envelopes of the contract: `{ status: { code, message }, data }`, plus `pagination` for lists; 201 for writes. */
import { STATUS_CODES } from 'node:http';
import type { PageRequest } from '../store/types.ts';

export function statusOf(code: number): { code: number; message: string } {
  return { code, message: STATUS_CODES[code] ?? 'Unknown' };
}

export function ok<T>(data: T) {
  return { status: statusOf(200), data };
}

/** The envelope of a 201: what a write answers (with a Location header) and what its idempotency record keeps. */
export function created<T>(data: T) {
  return { status: statusOf(201), data };
}

export interface Pagination {
  page: number;
  per_page: number;
  total_pages: number;
  total_count: number;
}

/** `total_pages = ceil(total_count / per_page)`: 0 for an empty list; a page past the end keeps the true totals. */
export function pagination(page: PageRequest, total_count: number): Pagination {
  return { page: page.page, per_page: page.per_page, total_pages: Math.ceil(total_count / page.per_page), total_count };
}

export function okList<T>(data: T[], page: PageRequest, total_count: number) {
  return { status: statusOf(200), data, pagination: pagination(page, total_count) };
}
