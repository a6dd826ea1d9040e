/**
 * Pagination of every list operation: the walk (first phase) reads every page — at per_page=100, or at a third of
 * a short list so that there are several pages; a sample of pages beyond 2000 items — and checks each page and the
 * partition; then the defaults, the accepted bounds and a page past the end.
 */
import { pagesPartition, type PageRead } from '../checks/pages_partition.ts';
import { paginationConformance } from '../checks/pagination_conformance.ts';
import type { CaseContext, CaseDef } from '../context.ts';
import type { Contract, OperationModel } from '../contract/operations.ts';
import type { Exchange } from '../model.ts';
import type { Item } from '../shared.ts';
import type { ListBody } from './common.ts';

const FULL_WALK_LIMIT = 2000;
/** Reads of a list that keeps changing between two reads before it is judged (events and deliveries grow as purchases settle). */
const CHANGING_LIST_TRIES = 3;

async function readPage(t: CaseContext, page: number, perPage: number, reuse?: Exchange) {
  const ex = reuse ?? (await t.send({ query: { page, per_page: perPage } }, 'full', { status: 200 }));
  const body = t.ok<ListBody>(ex);
  if (body)
    t.report(
      'pagination_conformance',
      paginationConformance(body.pagination, { page, per_page: perPage }, body.data.length),
      ex,
    );
  return { ex, body };
}

/** One read of every wanted page; undefined when a page could not be read (the failure is already reported). */
async function walkOnce(t: CaseContext) {
  const first = await readPage(t, 1, 100);
  if (!first.body) return undefined;
  const total = first.body.pagination.total_count;
  const perPage = total <= 100 ? Math.max(1, Math.ceil(total / 3)) : 100;
  const totalPages = Math.ceil(total / perPage);
  const complete = total <= FULL_WALK_LIMIT;
  const wanted = complete ? Array.from({ length: totalPages }, (_, i) => i + 1) : [1, 2, 3, totalPages];
  const pages: PageRead[] = [];
  const items: Item[] = [];
  const exchanges: Exchange[] = [];
  let last = first.ex;
  for (const page of wanted) {
    const read = page === 1 && perPage === 100 ? first : await readPage(t, page, perPage);
    if (!read.body) return undefined;
    last = read.ex;
    exchanges.push(read.ex);
    pages.push({ page, ids: read.body.data.map((d) => d.id), pagination: read.body.pagination });
    items.push(...read.body.data);
  }
  const steady = pages.every((p) => p.pagination.total_count === total);
  return { items, pages, exchanges, complete, totalCount: total, perPage, last, steady };
}

/**
 * The walk, again when the list changed under it (its pages disagree on total_count: on a live target, or while
 * settlements add events); the partition is judged on a walk that held still, or on the last of CHANGING_LIST_TRIES.
 */
async function walk(t: CaseContext, op: OperationModel): Promise<void> {
  let w = await walkOnce(t);
  for (let i = 1; w && !w.steady && i < CHANGING_LIST_TRIES; i++) w = await walkOnce(t);
  if (!w) return;
  const { last, steady: _steady, ...read } = w;
  t.report('pages_partition', pagesPartition(read.pages, read.complete), last, op);
  t.shared.walks.set(op.operationId, read);
}

/**
 * A page past the end: the totals of page 1 read just before, then the page after the last. A list may change
 * between the two reads (a purchase settling adds events and deliveries in the background), so the pair is read
 * again when the totals differ; the same totals on every try means the page past the end lies about them.
 */
async function pastEnd(t: CaseContext, op: OperationModel): Promise<void> {
  const w = t.shared.walks.get(op.operationId);
  if (!w) return t.skip(`the walk of ${op.operationId} failed`);
  let seen: { total: number; past: number; ex: Exchange } | undefined;
  for (let i = 0; i < CHANGING_LIST_TRIES; i++) {
    const now = (await readPage(t, 1, w.perPage)).body;
    if (!now) return;
    const total = now.pagination.total_count;
    const { ex, body } = await readPage(t, Math.ceil(total / w.perPage) + 1, w.perPage);
    if (!body) return;
    if (body.pagination.total_count === total) return;
    seen = { total, past: body.pagination.total_count, ex };
  }
  if (seen)
    t.fail(
      'pagination_conformance',
      op,
      `total_count ${seen.past} past the end, ${CHANGING_LIST_TRIES} times in a row`,
      seen.ex,
      `the true total (${seen.total} on page 1 just before)`,
    );
}

export function walkCases(contract: Contract): CaseDef[] {
  return contract.operations
    .filter((op) => op.paginated)
    .map((op) => ({
      id: `pagination.${op.operationId}.walk`,
      group: 'pagination',
      operationId: op.operationId,
      title: `${op.path}: the pages partition the list (no duplicates, union = total_count, total_pages = ceil)`,
      needs: ['full'],
      run: (t) => walk(t, op),
    }));
}

export function paginationCases(contract: Contract): CaseDef[] {
  return contract.operations
    .filter((op) => op.paginated)
    .flatMap((op): CaseDef[] => [
      {
        id: `pagination.${op.operationId}.defaults`,
        group: 'pagination',
        operationId: op.operationId,
        title: `${op.path} without page/per_page → page 1, per_page 20`,
        needs: ['full'],
        async run(t) {
          await readPage(t, 1, 20, await t.send({}, 'full', { status: 200 }));
        },
      },
      {
        id: `pagination.${op.operationId}.bounds`,
        group: 'pagination',
        operationId: op.operationId,
        title: `${op.path}?per_page=1 and ?per_page=100 (the bounds) are accepted`,
        needs: ['full'],
        async run(t) {
          await readPage(t, 1, 1);
          await readPage(t, 1, 100);
        },
      },
      {
        id: `pagination.${op.operationId}.past_end`,
        group: 'pagination',
        operationId: op.operationId,
        title: `${op.path}: a page past the end → 200, data [] and the same totals`,
        needs: ['full'],
        run: (t) => pastEnd(t, op),
      },
    ]);
}
