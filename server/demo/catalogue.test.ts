import { describe, expect, it } from 'vitest';
import { ContractSchemas, loadBundle } from '../../conformance/contract-schemas.ts';
import {
  BUNDLE_TYPES,
  BUNDLE_VALIDITY_DAYS,
  CABLE_PROVIDERS,
  DISTRIBUTORS,
  ENVIRONMENTS,
  METER_TYPES,
  NETWORKS,
  PRODUCT_KINDS,
  type ProductKind,
} from '../domain.ts';
import type { ProductRow } from '../store/types.ts';
import { buildCatalogue, CONTRACT_PRODUCT_IDS, productCode, productId } from './catalogue.ts';
import { parseKobo } from '../money.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const MONEY = /^(0|[1-9][0-9]*)\.[0-9]{2}$/;
const sandbox = buildCatalogue('sandbox');
const production = buildCatalogue('production');
const ofKind = (kind: ProductKind, rows: ProductRow[] = sandbox) => rows.filter((p) => p.kind === kind);
const attrs = (p: ProductRow) =>
  p.attributes as Record<string, unknown> & { display_name: string; price: Record<string, string> };

const SCHEMA: Record<ProductKind, string> = {
  airtime: '#/components/schemas/AirtimeProduct',
  dataplan: '#/components/schemas/DataPlanProduct',
  electricity: '#/components/schemas/ElectricityProduct',
  cabletv: '#/components/schemas/CableTvProduct',
};

describe('buildCatalogue', () => {
  it.each([
    { kind: 'airtime', check: (n: number) => n === 4, expected: 'exactly 4' },
    { kind: 'dataplan', check: (n: number) => n >= 30, expected: 'at least 30' },
    { kind: 'electricity', check: (n: number) => n === 24, expected: 'exactly 24' },
    { kind: 'cabletv', check: (n: number) => n >= 20, expected: 'at least 20' },
  ] as const)('has $expected $kind products', ({ kind, check }) => {
    expect(check(ofKind(kind).length)).toBe(true);
  });

  it.each(PRODUCT_KINDS)('produces %s attributes that validate against the contract', (kind) => {
    const contract = new ContractSchemas(loadBundle());
    for (const p of ofKind(kind)) {
      expect(
        // As listed: `available` is the product's own column (migration 012), shown among the attributes.
        contract.validate(SCHEMA[kind], { id: p.id, type: kind, attributes: { ...p.attributes, available: true } }),
        attrs(p).display_name,
      ).toEqual([]);
    }
  });

  it('would be caught by that contract check if an attribute were wrong', () => {
    const contract = new ContractSchemas(loadBundle());
    const plan = ofKind('dataplan')[0]!;
    const broken = { ...plan.attributes, validity_days: 2, network: 'mtn' };
    expect(
      contract.validate(SCHEMA.dataplan, { id: plan.id, type: 'dataplan', attributes: broken }).length,
    ).toBeGreaterThan(0);
  });

  it('is the same for every call (deterministic ids, attributes and order)', () => {
    expect(buildCatalogue('sandbox')).toEqual(sandbox);
    expect(buildCatalogue('production')).toEqual(production);
  });

  it("gives valid, unique UUIDs that differ between environments for the same product, but the contract's examples", () => {
    for (const rows of [sandbox, production]) {
      expect(rows.every((p) => UUID.test(p.id))).toBe(true);
      expect(new Set(rows.map((p) => p.id)).size).toBe(rows.length);
    }
    const sandboxIds = new Set(sandbox.map((p) => p.id));
    // The products the contract's examples show carry the example's id in both environments (contract-examples.ts).
    expect(
      production
        .filter((p) => sandboxIds.has(p.id))
        .map((p) => p.id)
        .sort(),
    ).toEqual(Object.values(CONTRACT_PRODUCT_IDS).sort());
    for (const [key, id] of Object.entries(CONTRACT_PRODUCT_IDS)) {
      for (const rows of [sandbox, production])
        expect(
          rows.filter((p) => `${p.kind}:${productCode(p)}` === key).map((p) => p.id),
          key,
        ).toEqual([id]);
    }
    // Same products, same order, other ids.
    expect(production.map((p) => p.attributes)).toEqual(sandbox.map((p) => p.attributes));
  });

  it('derives each id from (environment, kind, code)', () => {
    for (const env of ENVIRONMENTS) {
      for (const p of buildCatalogue(env)) {
        expect(p.environment).toBe(env);
        expect(p.id).toBe(productId(env, p.kind, productCode(p)));
      }
    }
  });

  it('orders rows by a strictly increasing sort_order', () => {
    const orders = sandbox.map((p) => p.sort_order);
    expect(orders.every((o, i) => Number.isInteger(o) && (i === 0 || o > orders[i - 1]!))).toBe(true);
  });

  it('has one airtime product per network, upper-case network, display name "<Network> Airtime", min < max', () => {
    expect(ofKind('airtime').map((p) => p.network)).toEqual([...NETWORKS]);
    const names = ofKind('airtime').map((p) => attrs(p).display_name);
    expect(names).toEqual(['MTN Airtime', 'Airtel Airtime', 'Glo Airtime', '9mobile Airtime']);
    for (const p of ofKind('airtime')) {
      const a = attrs(p);
      expect(a.network).toBe(p.network);
      expect(a.price).toEqual({
        currency: 'NGN',
        basis: 'face_value',
        min_amount: a.min_amount,
        max_amount: a.max_amount,
      });
      expect(parseKobo(String(a.min_amount))).toBeLessThan(parseKobo(String(a.max_amount)));
    }
  });

  it('has at least 2 data plans for every network x bundle type', () => {
    for (const network of NETWORKS) {
      for (const bundle_type of BUNDLE_TYPES) {
        const n = ofKind('dataplan').filter((p) => p.network === network && p.bundle_type === bundle_type).length;
        expect(n, `${network} ${bundle_type}`).toBeGreaterThanOrEqual(2);
      }
    }
  });

  it('keeps validity_days consistent with bundle_type, and the filter columns with the attributes', () => {
    for (const p of ofKind('dataplan')) {
      const a = attrs(p);
      expect(a.validity_days).toBe(BUNDLE_VALIDITY_DAYS[p.bundle_type!]);
      expect(a.bundle_type).toBe(p.bundle_type);
      expect(a.network).toBe(p.network);
      expect(NETWORKS).toContain(a.network);
      expect(a.plan_code).toMatch(new RegExp(`^${p.network}-[0-9]+(MB|GB)-${a.validity_days}D$`));
      expect(Number.isInteger(a.data_volume_mb) && (a.data_volume_mb as number) > 0).toBe(true);
      expect(a.price.basis).toBe('fixed');
      expect(a.price.amount).toMatch(MONEY);
    }
  });

  it('matches the documented example data plan', () => {
    const plan = ofKind('dataplan').find((p) => attrs(p).plan_code === 'MTN-1500MB-30D');
    expect(plan?.attributes).toEqual({
      display_name: 'MTN 1.5GB Monthly',
      network: 'MTN',
      bundle_type: 'monthly',
      plan_code: 'MTN-1500MB-30D',
      data_volume_mb: 1536,
      validity_days: 30,
      price: { currency: 'NGN', basis: 'fixed', amount: '1200.00' },
    });
  });

  it('has unique plan codes and bouquet codes', () => {
    const plans = ofKind('dataplan').map((p) => attrs(p).plan_code);
    const bouquets = ofKind('cabletv').map((p) => attrs(p).bouquet_code);
    expect(new Set(plans).size).toBe(plans.length);
    expect(new Set(bouquets).size).toBe(bouquets.length);
  });

  it('has an electricity product for every distributor x meter type, with min < max', () => {
    const pairs = ofKind('electricity').map((p) => `${p.distributor}/${p.meter_type}`);
    expect(pairs).toEqual(DISTRIBUTORS.flatMap((d) => METER_TYPES.map((m) => `${d}/${m}`)));
    for (const p of ofKind('electricity')) {
      const a = attrs(p);
      expect(a.distributor).toBe(p.distributor);
      expect(a.meter_type).toBe(p.meter_type);
      expect(a.display_name).toBe(
        `${String(a.distributor_name)} ${p.meter_type === 'prepaid' ? 'Prepaid' : 'Postpaid'}`,
      );
      expect(parseKobo(String(a.min_amount))).toBeLessThan(parseKobo(String(a.max_amount)));
      expect(a.price).toEqual({
        currency: 'NGN',
        basis: 'face_value',
        min_amount: a.min_amount,
        max_amount: a.max_amount,
      });
    }
    expect(attrs(ofKind('electricity').find((p) => p.distributor === 'IKEDC')!).display_name).toBe(
      'Ikeja Electric Prepaid',
    );
  });

  it('covers every cable provider, with the provider code in the bouquet code', () => {
    for (const provider of CABLE_PROVIDERS) {
      const rows = ofKind('cabletv').filter((p) => p.provider === provider);
      expect(rows.length, provider).toBeGreaterThanOrEqual(2);
      for (const p of rows) {
        expect(attrs(p).provider).toBe(provider);
        expect(attrs(p).bouquet_code).toMatch(new RegExp(`^${provider}-[A-Z0-9-]+$`));
      }
    }
    const compact = ofKind('cabletv').find((p) => attrs(p).bouquet_code === 'DSTV-COMPACT');
    expect(compact?.attributes).toEqual({
      display_name: 'DStv Compact',
      provider: 'DSTV',
      bouquet_code: 'DSTV-COMPACT',
      validity_days: 30,
      price: { currency: 'NGN', basis: 'fixed', amount: '19000.00' },
    });
  });

  it('fills only the filter columns of its kind', () => {
    const filled: Record<ProductKind, (keyof ProductRow)[]> = {
      airtime: ['network'],
      dataplan: ['network', 'bundle_type'],
      electricity: ['distributor', 'meter_type'],
      cabletv: ['provider'],
    };
    const columns = ['network', 'bundle_type', 'distributor', 'meter_type', 'provider'] as const;
    for (const p of sandbox) {
      for (const c of columns) expect(p[c] !== null, `${p.kind} ${c}`).toBe(filled[p.kind].includes(c));
    }
  });
});
