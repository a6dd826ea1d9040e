/**
 * The product catalogues: one environment's list of a kind (filters, page + exact total), one by id, replace, count,
 * and an operator's change of one product's price or availability with its events (sql/change_product.sql).
 */
import type { Environment, ProductKind } from '../domain.ts';
import { InvalidStoreValueError } from './errors.ts';
import { storeLookup } from './lookup-batch.ts';
import { pagedQuery, splitPage } from './paging.ts';
import { join, one, PREPARED, raw, rows, sql } from './sql.ts';
import { storedInstant } from './instants.ts';
import type { ProductChangeOutcome, ProductFilter, ProductResource, ProductRow, Sql, Store } from './types.ts';
import { pageBounds, toCount } from './values.ts';

type Row = Record<string, unknown>;

const PRODUCT_COLS = raw(
  'id, environment, kind, network, bundle_type, distributor, meter_type, provider, attributes, sort_order, available',
);

const insertProducts = (environment: Environment, rs: ProductRow[]) => sql`
INSERT INTO products (id, environment, kind, network, bundle_type, distributor, meter_type, provider, attributes,
  sort_order, available)
SELECT id, ${environment}, kind, network, bundle_type, distributor, meter_type, provider, attributes::jsonb, sort_order,
  available
FROM unnest(${rs.map((p) => p.id)}::text[], ${rs.map((p) => p.kind)}::text[], ${rs.map((p) => p.network)}::text[],
  ${rs.map((p) => p.bundle_type)}::text[], ${rs.map((p) => p.distributor)}::text[],
  ${rs.map((p) => p.meter_type)}::text[], ${rs.map((p) => p.provider)}::text[],
  ${rs.map((p) => JSON.stringify(p.attributes ?? {}))}::text[], ${rs.map((p) => p.sort_order)}::int[],
  ${rs.map((p) => p.available ?? true)}::boolean[])
  AS u(id, kind, network, bundle_type, distributor, meter_type, provider, attributes, sort_order, available)`;

const asProduct = (r: Row): ProductRow => ({
  ...(r as unknown as ProductRow),
  sort_order: Number(r['sort_order']),
  available: r['available'] !== false,
});

const asOutcome = (r: Row | null): ProductChangeOutcome => {
  if (!r) throw new Error('change_product answered no row');
  const outcome = r['outcome'] as ProductChangeOutcome['outcome'];
  if (outcome === 'product_not_found') return { outcome };
  const previous_price = r['previous_price'] as Record<string, unknown>;
  if (outcome === 'changed' || outcome === 'unchanged') {
    return { outcome, product: r['product'] as ProductResource, previous_price };
  }
  return { outcome, previous_price };
};

export type ProductQueries = Pick<
  Store,
  | 'listProducts'
  | 'getProduct'
  | 'getAirtimeProduct'
  | 'replaceProducts'
  | 'loadProductsIfEmpty'
  | 'countProducts'
  | 'changeProduct'
>;

/** `environment/rest`: an environment never holds a '/', so the first one splits the key. */
const splitKey = (key: string): [string, string] => {
  const at = key.indexOf('/');
  return [key.slice(0, at), key.slice(at + 1)];
};
const splitKeys = (keys: string[]) => [keys.map((k) => splitKey(k)[0]), keys.map((k) => splitKey(k)[1])] as const;

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

/**
 * `batched`: a purchase's product lookups in batches (lookup-batch.ts) — PostgreSQL, the pool's store only; alone,
 * each is the same statement with one key.
 */
export function productQueries(db: Sql, { batched = false } = {}): ProductQueries {
  const byIds = async (keys: string[]) => {
    const [environments, ids] = splitKeys(keys);
    return (
      await rows(
        db,
        sql`
      SELECT ${PRODUCT_COLS} FROM products
      WHERE (environment, id) IN (SELECT * FROM unnest(${environments}::text[], ${ids}::text[]))`,
        PREPARED,
      )
    ).map(asProduct);
  };
  const oneById = async (key: string) => {
    const [environment, id] = splitKey(key);
    const row = await one(
      db,
      sql`SELECT ${PRODUCT_COLS} FROM products WHERE environment = ${environment} AND id = ${id}`,
      PREPARED,
    );
    return row ? asProduct(row) : null;
  };
  const byId = storeLookup(batched, { one: oneById, many: byIds, keyOf: (p) => `${p.environment}/${p.id}` });
  // The airtime product of a network: the first in listing order (one per network in the catalogue).
  const airtimes = async (keys: string[]) => {
    const [environments, networks] = splitKeys(keys);
    return (
      await rows(
        db,
        sql`
      SELECT DISTINCT ON (environment, network) ${PRODUCT_COLS} FROM products
      WHERE kind = 'airtime' AND (environment, network) IN (SELECT * FROM unnest(${environments}::text[], ${networks}::text[]))
      ORDER BY environment, network, sort_order, id`,
        PREPARED,
      )
    ).map(asProduct);
  };
  const oneAirtime = async (key: string) => {
    const [environment, network] = splitKey(key);
    const row = await one(
      db,
      sql`
      SELECT ${PRODUCT_COLS} FROM products WHERE environment = ${environment} AND kind = 'airtime' AND network = ${network}
      ORDER BY sort_order, id LIMIT 1`,
      PREPARED,
    );
    return row ? asProduct(row) : null;
  };
  const airtimeOf = storeLookup(batched, {
    one: oneAirtime,
    many: airtimes,
    keyOf: (p) => `${p.environment}/${p.network}`,
  });
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

    getProduct: (environment, id) => byId(`${environment}/${id}`),
    getAirtimeProduct: (environment, network) => airtimeOf(`${environment}/${network.toUpperCase()}`),

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

    async changeProduct(c) {
      const price = c.price ?? {};
      return asOutcome(
        await one(
          db,
          sql`SELECT * FROM change_product(p_environment => ${c.environment}, p_product_id => ${c.product_id},
          p_amount => ${'amount' in price ? price.amount : null},
          p_min_amount => ${'min_amount' in price ? price.min_amount : null},
          p_max_amount => ${'max_amount' in price ? price.max_amount : null},
          p_available => ${c.available ?? null}, p_at => ${storedInstant(c.at, 'at')})`,
        ),
      );
    },

    async countProducts(environment) {
      const row = await one(db, sql`SELECT count(*) AS n FROM products WHERE environment = ${environment}`);
      return toCount(row?.['n']);
    },
  };
}
