/**
 * filter_conformance: a filtered list holds only matching items, at least one when the value occurs in the
 * unfiltered data, and at most one for a lookup (a filter on a unique attribute, `x-filter.match: lookup`).
 */
import type { Problem } from './types.ts';

export interface FilterInput<T> {
  items: T[];
  /** `status=pending`, for messages. */
  filter: string;
  matches: (item: T) => boolean;
  /** The value occurs in the unfiltered data, so the filtered list must not be empty. */
  present: boolean;
  /** The value identifies at most one item. */
  atMostOne?: boolean;
  describe: (item: T) => string;
}

export function filterConformance<T>({
  items,
  filter,
  matches,
  present,
  atMostOne,
  describe,
}: FilterInput<T>): Problem[] {
  const out: Problem[] = [];
  const wrong = items.filter((i) => !matches(i));
  if (wrong.length) {
    out.push({
      message: `${wrong.length} of ${items.length} items do not match ${filter}: ${wrong.slice(0, 3).map(describe).join(', ')}`,
      documented: `only items matching ${filter}`,
    });
  }
  if (present && items.length === 0) {
    out.push({
      message: `no item for ${filter}, although the unfiltered list has some`,
      documented: `the items matching ${filter}`,
    });
  }
  if (atMostOne && items.length > 1) {
    out.push({
      message: `${items.length} items for ${filter}, a lookup: ${items.slice(0, 3).map(describe).join(', ')}`,
      documented: `at most the one item matching ${filter}`,
    });
  }
  return out;
}
