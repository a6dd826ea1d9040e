/** Page request from validated query parameters, with the contract's defaults (page 1, per_page 20). */
import type { PageRequest } from '../store/types.ts';

export const DEFAULT_PAGE = 1;
export const DEFAULT_PER_PAGE = 20;

export function pageOf(query: { page?: number | undefined; per_page?: number | undefined }): PageRequest {
  return { page: query.page ?? DEFAULT_PAGE, per_page: query.per_page ?? DEFAULT_PER_PAGE };
}
