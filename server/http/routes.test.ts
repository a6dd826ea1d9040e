import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { matchRoute, routesOf } from './routes.ts';

const bundle = JSON.parse(readFileSync(new URL('../../generated/openapi.json', import.meta.url), 'utf8'));
const routes = routesOf(bundle);

describe('routes from the contract', () => {
  it('has one GET route per operation', () => {
    expect(routes.map((r) => `${r.method} ${r.template}`)).toHaveLength(10);
    expect(new Set(routes.map((r) => r.operationId)).size).toBe(10);
  });

  it.each([
    ['/health', 'GET', 'getHealth', null],
    ['/account', 'GET', 'getAccount', 'read_balance'],
    ['/account/', 'GET', 'getAccount', 'read_balance'],
    ['/account/balance', 'GET', 'getAccountBalance', 'read_balance'],
    ['/account/transactions', 'GET', 'listTransactions', 'read_transactions'],
    ['/account/transactions/txn_abc', 'GET', 'getTransaction', 'read_transactions'],
    ['/products', 'GET', 'listProductCategories', 'view_products'],
    ['/products/dataplans', 'HEAD', 'listDataPlanProducts', 'view_products'],
  ])('matches %s %s to %s needing %s', (path, method, operationId, scope) => {
    const r = matchRoute(routes, path, method);
    expect([r?.operationId, r?.scope]).toEqual([operationId, scope]);
  });

  it.each([
    ['/nope', 'GET'],
    ['/account', 'POST'],
    ['/account/transactions/a/b', 'GET'],
    ['/products/airtimes.json', 'GET'],
  ])('matches nothing for %s %s', (path, method) => {
    expect(matchRoute(routes, path, method)).toBeNull();
  });

  it('turns contract path parameters into Express ones', () => {
    expect(routes.find((r) => r.operationId === 'getTransaction')?.expressPath).toBe('/account/transactions/:id');
  });
});
