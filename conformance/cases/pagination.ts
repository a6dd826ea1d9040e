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

async function readPage(t: CaseContext, page: number, perPage: number, reuse?: Exchange) {
  const ex = reuse ?? (await t.send({ query: { page, per_page: perPage } }, 'full', { status: 200 }));
  const body = t.ok<ListBody>(ex);
  if (body) t.report('pagination_conformance', paginationConformance(body.pagination, { page, per_page: perPage }, body.data.length), ex);
  return { ex, body };
}

async function walk(t: CaseContext, op: OperationModel): Promise<void> {
  const first = await readPage(t, 1, 100);
  if (!first.body) return;
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
    if (!read.body) return;
    last = read.ex;
    exchanges.push(read.ex);
    pages.push({ page, ids: read.body.data.map((d) => d.id), pagination: read.body.pagination });
    items.push(...read.body.data);
  }
  t.report('pages_partition', pagesPartition(pages, complete), last, op);
  t.shared.walks.set(op.operationId, { items, pages, exchanges, complete, totalCount: total, perPage });
}

export function walkCases(contract: Contract): CaseDef[] {
  return contract.operations.filter((op) => op.paginated).map((op) => ({
    id: `pagination.${op.operationId}.walk`,
    group: 'pagination',
    operationId: op.operationId,
    title: `${op.path}: the pages partition the list (no duplicates, union = total_count, total_pages = ceil)`,
    needs: ['full'],
    run: (t) => walk(t, op),
  }));
}

export function paginationCases(contract: Contract): CaseDef[] {
  return contract.operations.filter((op) => op.paginated).flatMap((op): CaseDef[] => [
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
      async run(t) {
        const w = t.shared.walks.get(op.operationId);
        if (!w) return t.skip(`the walk of ${op.operationId} failed`);
        const page = Math.ceil(w.totalCount / w.perPage) + 1;
        const { ex, body } = await readPage(t, page, w.perPage);
        if (body && body.pagination.total_count !== w.totalCount) {
          t.fail('pagination_conformance', op, `total_count ${body.pagination.total_count} past the end`, ex, `the true total ${w.totalCount}`);
        }
      },
    },
  ]);
}
