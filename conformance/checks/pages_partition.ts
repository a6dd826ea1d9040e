/**
 * pages_partition: the pages of a list partition it — no id on two pages (or twice on one), the same totals on
 * every page, and, when every page was read, as many distinct ids as total_count.
 */
import type { Pagination } from './pagination_conformance.ts';
import type { Problem } from './types.ts';

export interface PageRead {
  page: number;
  ids: string[];
  pagination: Pagination;
}

export function pagesPartition(pages: PageRead[], complete: boolean): Problem[] {
  const out: Problem[] = [];
  const seen = new Map<string, number>();
  const dups: string[] = [];
  for (const p of pages) {
    for (const id of p.ids) {
      const first = seen.get(id);
      if (first !== undefined) dups.push(`${id} on pages ${first} and ${p.page}`);
      else seen.set(id, p.page);
    }
  }
  if (dups.length)
    out.push({
      message: `${dups.length} duplicate ids: ${dups.slice(0, 3).join('; ')}`,
      documented: 'each item on exactly one page',
    });
  const first = pages[0]?.pagination;
  for (const p of pages) {
    if (first && (p.pagination.total_count !== first.total_count || p.pagination.total_pages !== first.total_pages)) {
      out.push({
        message: `page ${p.page} reports total_count ${p.pagination.total_count}, total_pages ${p.pagination.total_pages}; page ${pages[0]!.page} reported ${first.total_count}, ${first.total_pages}`,
        documented: 'the same totals on every page',
      });
    }
  }
  if (complete && first && seen.size !== first.total_count) {
    out.push({
      message: `the ${pages.length} pages hold ${seen.size} distinct ids`,
      documented: `total_count = ${first.total_count} distinct ids`,
    });
  }
  return out;
}
