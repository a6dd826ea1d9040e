import { describe, expect, it } from 'vitest';
import { OPERATIONS } from './operations.ts';
import { RouteTable } from './route-table.ts';

const table = new RouteTable();
const P = '/api/partners/v1';
const S = '/api/partners/sandbox/v1';

describe('the route table', () => {
  it('has one route per operation and environment, from the generated table', () => {
    expect(table.routes).toHaveLength(Object.keys(OPERATIONS).length * 2);
  });

  it.each([
    [`${P}/health`, 'GET', 'getHealth', 'production', null, {}],
    [`${S}/account`, 'GET', 'getAccount', 'sandbox', 'read_balance', {}],
    [`${P}/account/balance`, 'HEAD', 'getAccountBalance', 'production', 'read_balance', {}],
    [`${S}/account/transactions`, 'GET', 'listTransactions', 'sandbox', 'read_transactions', {}],
    [`${S}/account/transactions/txn_abc`, 'GET', 'getTransaction', 'sandbox', 'read_transactions', { id: 'txn_abc' }],
    [
      `${S}/account/transactions/a%2Fb;x=1`,
      'GET',
      'getTransaction',
      'sandbox',
      'read_transactions',
      { id: 'a%2Fb;x=1' },
    ],
    [`${S}/account/transactions/...`, 'GET', 'getTransaction', 'sandbox', 'read_transactions', { id: '...' }],
    [`${P}/products/dataplans`, 'GET', 'listDataPlanProducts', 'production', 'view_products', {}],
  ])('routes %s %s to %s on %s needing %s', (path, method, operationId, environment, scope, params) => {
    const m = table.match(path, method);
    expect(m.kind).toBe('operation');
    if (m.kind !== 'operation') return;
    expect([m.route.operationId, m.route.environment, m.route.scope, m.params]).toEqual([
      operationId,
      environment,
      scope,
      params,
    ]);
  });

  it.each([
    // Case, trailing and doubled slashes, encoded letters, dot and empty segments, matrix parameters, base variants.
    `${P}/Account`,
    `${P}/ACCOUNT`,
    `${P}/products/AIRTIMES`,
    `${P}/Products`,
    `/API/partners/v1/account`,
    `${P}/account/`,
    `${P}//account`,
    `${P}/account//balance`,
    `/api//partners/v1/account`,
    `${P}/%61ccount`,
    `${P}/./account`,
    `${P}/x/../account`,
    `${P}/account;x=1`,
    `${P}/account/transactions/`,
    `${P}/account/transactions/a/b`,
    `${P}/account/transactions/.`,
    `${P}/account/transactions/..`,
    `${P}/products/airtimes.json`,
    `${P}`,
    `${P}/`,
    `/api/partners/account`,
    `/api/partners/sandbox/account`,
    `${S}/../v1/account`,
    '/',
    '/nope',
    '',
    // One base path per environment: no `/api/partners/<environment>/v1` spelling of production's.
    '/api/partners/production/v1/health',
    '/api/partners/production/v1/account',
    '/api/partners/live/v1/account',
  ])('routes nothing for %s', (path) => {
    expect(table.match(path, 'GET').kind).toBe('no_route');
  });

  it('names the environment of an unrouted path under its base path (for its rate-limit budget)', () => {
    expect(table.match(`${S}/Account`, 'GET')).toEqual({ kind: 'no_route', environment: 'sandbox' });
    expect(table.match('/api/partners/v2/account', 'GET')).toEqual({ kind: 'no_route', environment: null });
    expect(table.match('/api/partners/production/v1/account', 'GET')).toEqual({ kind: 'no_route', environment: null });
    expect(table.match('/api/partners/v1x/account', 'GET')).toEqual({ kind: 'no_route', environment: null });
  });

  it.each(['POST', 'OPTIONS', 'DELETE', 'PUT', 'PATCH', 'TRACE', 'get'])(
    'answers %s on a known path with its Allow list',
    (method) => {
      expect(table.match(`${P}/account`, method)).toEqual({
        kind: 'method_not_allowed',
        environment: 'production',
        allow: ['GET', 'HEAD'],
      });
    },
  );
});
