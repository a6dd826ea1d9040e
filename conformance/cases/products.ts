/**
 * Products: GET /products lists one category per kind whose `endpoint` is this environment's list path, and each
 * endpoint, taken relative to the target's origin, answers 200 to the full key with that list; the invariants of
 * every product read by the walks (product_invariants).
 */
import { categoryEndpoints, PRODUCT_LISTS } from '../checks/category_endpoints.ts';
import { productInvariants } from '../checks/product_invariants.ts';
import type { CaseDef } from '../context.ts';
import type { OkBody } from '../client/api.ts';
import type { Item } from '../shared.ts';

const CATEGORIES = 'listProductCategories';
export const PRODUCT_KINDS: Record<string, string> = {
  listAirtimeProducts: 'airtime',
  listDataPlanProducts: 'dataplan',
  listElectricityProducts: 'electricity',
  listCableTvProducts: 'cabletv',
};

export function categoryReadCase(): CaseDef {
  return {
    id: 'products.categories',
    group: 'products',
    operationId: CATEGORIES,
    title: "GET /products: one category per kind, each endpoint under this environment's base path",
    needs: ['full'],
    async run(t) {
      const ex = await t.get('/products', {}, 'full', { status: 200 });
      const body = t.ok<OkBody<'/products'>>(ex);
      if (!body) return;
      t.report('category_endpoints', categoryEndpoints(body.data, t.target.basePath), ex);
      t.shared.categories = { items: body.data as Item[], exchange: ex };
    },
  };
}

export function productCases(): CaseDef[] {
  const endpoints = PRODUCT_LISTS.map((kind): CaseDef => ({
    id: `products.endpoint.${kind}`,
    group: 'products',
    operationId: CATEGORIES,
    title: `the ${kind} category's endpoint answers 200 with the full key`,
    needs: ['full'],
    async run(t) {
      const categories = t.shared.categories;
      if (!categories) return t.skip('GET /products could not be read');
      const category = categories.items.find((c) => String(c.attributes.endpoint).endsWith(`/products/${kind}`));
      if (!category) return t.skip(`no category with a /products/${kind} endpoint (category_endpoints reports it)`);
      const endpoint = String(category.attributes.endpoint);
      const op = t.run.contract.match(endpoint.slice(t.target.basePath.length));
      if (!op) return t.skip(`${endpoint} is no operation of the contract`);
      await t.send({ operationId: op.operationId, baseUrl: t.target.origin, path: endpoint }, 'full', { status: 200 });
    },
  }));
  const invariants = Object.entries(PRODUCT_KINDS).map(([operationId, kind]): CaseDef => ({
    id: `products.invariants.${kind}`,
    group: 'products',
    operationId,
    title: `${kind} products: upper-case codes, display names, validity, min < max, money strings`,
    needs: ['full'],
    async run(t) {
      const walk = t.shared.walks.get(operationId);
      if (!walk) return t.skip(`the walk of ${operationId} failed`);
      for (const problem of productInvariants(kind, walk.items)) {
        const page = Math.min(Math.floor((problem.index ?? 0) / walk.perPage), walk.exchanges.length - 1);
        t.report('product_invariants', [problem], walk.exchanges[page]);
      }
    },
  }));
  return [...endpoints, ...invariants];
}
