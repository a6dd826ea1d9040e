/**
 * pagination_conformance: one page's `pagination` is right — it echoes the requested page and per_page (the
 * defaults 1 and 20 when none was sent), total_pages = ceil(total_count / per_page), and `data` holds per_page
 * items on a full page, the remainder on the last page and none past the end.
 */
import type { Problem } from './types.ts';

export interface Pagination {
  page: number;
  per_page: number;
  total_pages: number;
  total_count: number;
}

export function paginationConformance(
  p: Pagination,
  requested: { page: number; per_page: number },
  dataLength: number,
): Problem[] {
  const out: Problem[] = [];
  const add = (message: string, documented: string) => out.push({ message, documented });
  if (p.page !== requested.page) add(`pagination.page is ${p.page}`, `page ${requested.page}`);
  if (p.per_page !== requested.per_page) add(`pagination.per_page is ${p.per_page}`, `per_page ${requested.per_page}`);
  const pages = Math.ceil(p.total_count / Math.max(p.per_page, 1));
  if (p.total_pages !== pages)
    add(
      `total_pages is ${p.total_pages} for total_count ${p.total_count} at per_page ${p.per_page}`,
      `total_pages = ceil(total_count / per_page) = ${pages}`,
    );
  const expected =
    requested.page < pages
      ? requested.per_page
      : requested.page === pages
        ? p.total_count - (pages - 1) * requested.per_page
        : 0;
  if (dataLength !== expected)
    add(
      `page ${requested.page} holds ${dataLength} items (total_count ${p.total_count}, per_page ${requested.per_page})`,
      `${expected} items on that page`,
    );
  return out;
}
