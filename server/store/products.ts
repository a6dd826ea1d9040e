/** The product catalogues: one environment's list of a kind (filters, page + exact total), one by id, replace, count. */
import type { Environment, ProductKind } from '../domain.ts';
import { InvalidStoreValueError } from './errors.ts';
import { pagedQuery, splitPage } from './paging.ts';
import { join, one, raw, rows, sql } from './sql.ts';
import type { ProductFilter, ProductRow, Sql, Store } from './types.ts';
import { pageBounds, toCount } from './values.ts';

type Row = Record<string, unknown>;

const PRODUCT_COLS = raw('id, environment, kind, network, bundle_type, distributor, meter_type, provider, attributes, sort_order');

const insertProducts = (environment: Environment, rs: ProductRow[]) => sql`
INSERT INTO products (id, environment, kind, network, bundle_type, distributor, meter_type, provider, attributes,
  sort_order)
SELECT id, ${environment}, kind, network, bundle_type, distributor, meter_type, provider, attributes::jsonb, sort_order
FROM unnest(${rs.map((p) => p.id)}::text[], ${rs.map((p) => p.kind)}::text[], ${rs.map((p) => p.network)}::text[],
  ${rs.map((p) => p.bundle_type)}::text[], ${rs.map((p) => p.distributor)}::text[],
  ${rs.map((p) => p.meter_type)}::text[], ${rs.map((p) => p.provider)}::text[],
  ${rs.map((p) => JSON.stringify(p.attributes ?? {}))}::text[], ${rs.map((p) => p.sort_order)}::int[])
  AS u(id, kind, network, bundle_type, distributor, meter_type, provider, attributes, sort_order)`;

const asProduct = (r: Row): ProductRow => ({ ...(r as unknown as ProductRow), sort_order: Number(r['sort_order']) });

export type ProductQueries = Pick<Store, 'listProducts' | 'getProduct' | 'replaceProducts' | 'loadProductsIfEmpty' | 'countProducts'>;

/**
 * Every change of an environment's catalogue first takes this transaction-scoped lock (keyed by schema and
 * environment, as migrate.ts keys its own). Without it, two instances starting on one empty database both found the
 * catalogue empty and both inserted it: the second start failed on products_pkey (seen in the robustness suite's
 * two-instance starts); a replace racing another one failed the same way.
 */
const lockCatalogue = (environment: Environment) =>
  sql`SELECT pg_advisory_xact_lock(hashtext('bpp-catalogue:' || current_schema() || ':' || ${environment}::text))`;

function checkEnvironment(environment: Environment, all: ProductRow[]): void {
  for (const p of all) {
    if (p.environment !== environment) {
      throw new InvalidStoreValueError(`product ${p.id} belongs to ${p.environment}, not ${environment}`);
    }
  }
}

export function productQueries(db: Sql): ProductQueries {
  return {
    async listProducts(environment: Environment, kind: ProductKind, filter: ProductFilter, page) {
      const bounds = pageBounds(page);
      const conds = [sql`environment = ${environment}`, sql`kind = ${kind}`];
      // Networks, distributors and providers are stored upper case, bundle types lower case: match any case.
      if (filter.network !== undefined) conds.push(sql`network = upper(${filter.network})`);
      if (filter.bundle_type !== undefined) conds.push(sql`bundle_type = lower(${filter.bundle_type})`);
      if (filter.distributor !== undefined) conds.push(sql`distributor = upper(${filter.distributor})`);
      if (filter.provider !== undefined) conds.push(sql`provider = upper(${filter.provider})`);
      const query = pagedQuery(raw('products'), PRODUCT_COLS, join(conds, ' AND '), raw('sort_order, id'), bounds);
      return splitPage(await rows(db, query), asProduct);
    },

    async getProduct(environment, id) {
      const row = await one(db, sql`SELECT ${PRODUCT_COLS} FROM products WHERE environment = ${environment} AND id = ${id}`);
      return row ? asProduct(row) : null;
    },

    async replaceProducts(environment: Environment, all: ProductRow[]) {
      checkEnvironment(environment, all);
      await db.transaction(async (tx) => {
        await rows(tx, lockCatalogue(environment));
        await rows(tx, sql`DELETE FROM products WHERE environment = ${environment}`);
        if (all.length > 0) await rows(tx, insertProducts(environment, all));
      });
    },

    async loadProductsIfEmpty(environment: Environment, all: ProductRow[]) {
      checkEnvironment(environment, all);
      return db.transaction(async (tx) => {
        await rows(tx, lockCatalogue(environment));
        // Read after the lock: a load committed by another instance while this one waited is seen here.
        if (await one(tx, sql`SELECT 1 FROM products WHERE environment = ${environment} LIMIT 1`)) return false;
        if (all.length > 0) await rows(tx, insertProducts(environment, all));
        return all.length > 0;
      });
    },

    async countProducts(environment) {
      const row = await one(db, sql`SELECT count(*) AS n FROM products WHERE environment = ${environment}`);
      return toCount(row?.['n']);
    },
  };
}
