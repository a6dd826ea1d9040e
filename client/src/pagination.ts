/**
 * Page-number pagination as the contract defines it (`Pagination`: `page`, `per_page`, `total_pages`,
 * `total_count`; a page past the end is empty with the same totals). The iterator asks for page 1, 2, … and stops
 * after the last non-empty page. Pages are read one at a time: an item added meanwhile at the head of a list
 * (newest first) shifts later pages by one, so an item may be seen twice; filter by `to` for a stable walk.
 */
import type { Pagination } from './generated-types.ts';

export interface Page<T> {
  data: T[];
  pagination: Pagination;
}

export async function* paginate<T>(
  fetchPage: (page: number) => Promise<Page<T>>,
  startPage = 1,
): AsyncGenerator<T, void, undefined> {
  for (let page = startPage; ; page++) {
    const body = await fetchPage(page);
    yield* body.data;
    if (body.data.length === 0 || page >= body.pagination.total_pages) return;
  }
}
