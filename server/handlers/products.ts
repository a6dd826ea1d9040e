/** GET /products and the four product lists — scope view_products. */
import type { components } from '../../generated/schema.d.ts';
import type { CableProvider, Distributor, Environment, Network, ProductKind } from '../domain.ts';
import { ok, okList } from '../contract/envelope.ts';
import { asResponseBody, deepFreeze, type Frozen } from '../frozen.ts';
import { uuidV5 } from '../ids.ts';
import type { ProductFilter, ProductRow } from '../store/types.ts';
import { mapOnce } from './memo.ts';
import { pageOf } from './paging.ts';
import { queryHandler, type Handler, type HandlerContext } from '../contract/operations.ts';

type Schemas = components['schemas'];

const CATEGORIES: { kind: ProductKind; segment: string; name: string; description: string }[] = [
  {
    kind: 'airtime',
    segment: 'airtimes',
    name: 'Airtime',
    description: 'Mobile airtime top-up for MTN, Airtel, Glo and 9mobile.',
  },
  {
    kind: 'dataplan',
    segment: 'dataplans',
    name: 'Data plans',
    description: 'Daily, weekly and monthly data bundles.',
  },
  {
    kind: 'cabletv',
    segment: 'cabletv',
    name: 'Cable TV',
    description: 'DStv, GOtv, StarTimes and Showmax subscriptions.',
  },
  {
    kind: 'electricity',
    segment: 'electricity',
    name: 'Electricity',
    description: 'Prepaid and postpaid electricity bill payments for every distribution company.',
  },
];

/** The categories depend only on (environment, base path): built once per pair, frozen (they were 3 % of a request). */
const categoryLists = new Map<string, Frozen<Schemas['ProductCategory'][]>>();

export function productCategories(environment: Environment, basePath: string): Frozen<Schemas['ProductCategory'][]> {
  const key = `${environment} ${basePath}`;
  let list = categoryLists.get(key);
  if (!list) {
    list = deepFreeze(buildCategories(environment, basePath));
    categoryLists.set(key, list);
  }
  return list;
}

function buildCategories(environment: Environment, basePath: string): Schemas['ProductCategory'][] {
  return CATEGORIES.map((c) => ({
    id: uuidV5(`product-category:${environment}:${c.kind}`),
    type: 'product_category' as const,
    attributes: { name: c.name, description: c.description, endpoint: `${basePath}/products/${c.segment}` },
  }));
}

export const listProductCategories: Handler<'listProductCategories'> = async (ctx) =>
  ok(asResponseBody(productCategories(ctx.environment, ctx.basePath)));

/** page and per_page, read by pageOf(). */
const PAGING = { page: true, per_page: true } as const;

/** Filters arrive case-insensitive (validated by the contract's patterns); the store holds upper-case codes. */
const upper = <T extends string>(v: string | undefined): T | undefined =>
  v === undefined ? undefined : (v.toUpperCase() as T);

/**
 * The catalogue stores each product's wire attributes as JSONB, written by server/demo/catalogue.ts and checked
 * against the contract by its tests and by response validation; here they get their id and type.
 */
async function pageOfProducts(ctx: HandlerContext<ListOperation>, kind: ProductKind, filter: ProductFilter) {
  const page = pageOf(ctx.query);
  const result = await ctx.store.listProducts(ctx.environment, kind, filter, page);
  return { page, rows: result.items, total: result.total_count };
}
type ListOperation = 'listAirtimeProducts' | 'listDataPlanProducts' | 'listElectricityProducts' | 'listCableTvProducts';
const attributesOf = <T>(p: ProductRow) => p.attributes as T;

/**
 * Rows → wire items of one product type, once per page the read cache hands out again (memo.ts). `available` is a
 * column of its own (an operator's switch, migration 012), shown among the attributes.
 */
const itemsOf = <T extends string, A>(type: T) =>
  mapOnce((rows: readonly ProductRow[]) =>
    rows.map((p) => ({ id: p.id, type, attributes: { ...attributesOf<A>(p), available: p.available !== false } })),
  );
const wire = {
  airtime: itemsOf<'airtime', Schemas['AirtimeProduct']['attributes']>('airtime'),
  dataplan: itemsOf<'dataplan', Schemas['DataPlanProduct']['attributes']>('dataplan'),
  electricity: itemsOf<'electricity', Schemas['ElectricityProduct']['attributes']>('electricity'),
  cabletv: itemsOf<'cabletv', Schemas['CableTvProduct']['attributes']>('cabletv'),
};

export const listAirtimeProducts = queryHandler('listAirtimeProducts', { network: true, ...PAGING }, async (ctx) => {
  const { page, rows, total } = await pageOfProducts(ctx, 'airtime', { network: upper<Network>(ctx.query.network) });
  return okList(wire.airtime(rows), page, total);
});

export const listDataPlanProducts = queryHandler(
  'listDataPlanProducts',
  { network: true, bundle_type: true, ...PAGING },
  async (ctx) => {
    const { page, rows, total } = await pageOfProducts(ctx, 'dataplan', {
      network: upper<Network>(ctx.query.network),
      bundle_type: ctx.query.bundle_type,
    });
    return okList(wire.dataplan(rows), page, total);
  },
);

export const listElectricityProducts = queryHandler(
  'listElectricityProducts',
  { distributor: true, ...PAGING },
  async (ctx) => {
    const { page, rows, total } = await pageOfProducts(ctx, 'electricity', {
      distributor: upper<Distributor>(ctx.query.distributor),
    });
    return okList(wire.electricity(rows), page, total);
  },
);

export const listCableTvProducts = queryHandler('listCableTvProducts', { provider: true, ...PAGING }, async (ctx) => {
  const { page, rows, total } = await pageOfProducts(ctx, 'cabletv', {
    provider: upper<CableProvider>(ctx.query.provider),
  });
  return okList(wire.cabletv(rows), page, total);
});
