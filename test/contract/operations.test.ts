/**
 * The contract covers every operation of the source specification (§4), of the purchases design (issue 12) and of
 * the webhooks design (contract decisions, "Webhooks") with the scope, parameters and responses the decisions give it. The expectations are written from the source spec and
 * the design, not read from the contract.
 */
import { describe, expect, it } from 'vitest';
import { bundle, deref, operations, type JsonObject } from '../helpers/bundle.ts';
import { ERROR_CODES } from '../../server/errors.ts';
import * as domain from '../../server/domain.ts';

const PAGING = ['page', 'per_page'];
const AUTH_ERRORS = ['400', '401', '403', '405', '429', '500', '503'];
type Expected = {
  method?: 'get' | 'post' | 'patch' | 'delete';
  path: string;
  /** The one scope, or the alternatives (one security requirement each) of which a key needs one. */
  scope: string | string[] | null;
  params: string[];
  statuses: string[];
  paginated: boolean;
};
const SOURCE_OPERATIONS: [string, Expected][] = [
  [
    'getHealth',
    {
      path: '/health',
      scope: null,
      params: [],
      statuses: ['200', '400', '405', '429', '500', '503'],
      paginated: false,
    },
  ],
  [
    'getAccount',
    { path: '/account', scope: 'read_balance', params: [], statuses: ['200', ...AUTH_ERRORS], paginated: false },
  ],
  [
    'getAccountBalance',
    {
      path: '/account/balance',
      scope: 'read_balance',
      params: [],
      statuses: ['200', ...AUTH_ERRORS],
      paginated: false,
    },
  ],
  [
    'listTransactions',
    {
      path: '/account/transactions',
      scope: 'read_transactions',
      params: ['status', 'category', 'reference', 'from', 'to', ...PAGING],
      statuses: ['200', ...AUTH_ERRORS],
      paginated: true,
    },
  ],
  [
    'getTransaction',
    {
      path: '/account/transactions/{id}',
      scope: 'read_transactions',
      params: ['id'],
      statuses: ['200', ...AUTH_ERRORS, '404'],
      paginated: false,
    },
  ],
  [
    'listProductCategories',
    { path: '/products', scope: 'view_products', params: [], statuses: ['200', ...AUTH_ERRORS], paginated: false },
  ],
  [
    'listAirtimeProducts',
    {
      path: '/products/airtimes',
      scope: 'view_products',
      params: ['network', ...PAGING],
      statuses: ['200', ...AUTH_ERRORS],
      paginated: true,
    },
  ],
  [
    'listDataPlanProducts',
    {
      path: '/products/dataplans',
      scope: 'view_products',
      params: ['network', 'bundle_type', ...PAGING],
      statuses: ['200', ...AUTH_ERRORS],
      paginated: true,
    },
  ],
  [
    'listElectricityProducts',
    {
      path: '/products/electricity',
      scope: 'view_products',
      params: ['distributor', ...PAGING],
      statuses: ['200', ...AUTH_ERRORS],
      paginated: true,
    },
  ],
  [
    'listCableTvProducts',
    {
      path: '/products/cabletv',
      scope: 'view_products',
      params: ['provider', ...PAGING],
      statuses: ['200', ...AUTH_ERRORS],
      paginated: true,
    },
  ],
];
/** Purchases design §1: four POSTs with an Idempotency-Key, two verifications under Products. */
const PURCHASE = (path: string, scope: string, verifies: boolean): Expected => ({
  method: 'post',
  path,
  scope,
  params: ['Idempotency-Key'],
  paginated: false,
  statuses: ['201', ...AUTH_ERRORS, '409', '422', ...(verifies ? ['404'] : [])],
});
const PURCHASE_OPERATIONS: [string, Expected][] = [
  ['createAirtimePurchase', PURCHASE('/purchases/airtime', 'purchase_airtime', false)],
  ['createDataPurchase', PURCHASE('/purchases/data', 'purchase_data', false)],
  ['createElectricityPurchase', PURCHASE('/purchases/electricity', 'purchase_electricity', true)],
  ['createCableTvPurchase', PURCHASE('/purchases/cabletv', 'purchase_cable_tv', true)],
  [
    'getElectricityMeter',
    {
      path: '/products/electricity/{product_id}/meters/{meter_number}',
      scope: 'purchase_electricity',
      params: ['product_id', 'meter_number'],
      statuses: ['200', ...AUTH_ERRORS, '404'],
      paginated: false,
    },
  ],
  [
    'getCableTvSmartcard',
    {
      path: '/products/cabletv/{product_id}/smartcards/{smartcard_number}',
      scope: 'purchase_cable_tv',
      params: ['product_id', 'smartcard_number'],
      statuses: ['200', ...AUTH_ERRORS, '404'],
      paginated: false,
    },
  ],
];
/** Webhooks design: 11 operations under the manage_webhooks scope; every POST takes an Idempotency-Key. */
const WH = (
  method: Expected['method'],
  path: string,
  params: string[],
  statuses: string[],
  paginated = false,
): Expected => ({ method, path, scope: 'manage_webhooks', params, statuses: [...statuses, ...AUTH_ERRORS], paginated });
// The webhook POSTs: kept answers and a key in use (409, 422), and 501 on a server without a signing key.
const KEYED = ['409', '422', '501'];
const WEBHOOK_OPERATIONS: [string, Expected][] = [
  ['listWebhookEndpoints', WH('get', '/webhooks', PAGING, ['200'], true)],
  ['createWebhookEndpoint', WH('post', '/webhooks', ['Idempotency-Key'], ['201', ...KEYED])],
  ['getWebhookEndpoint', WH('get', '/webhooks/{webhook_id}', ['webhook_id'], ['200', '404'])],
  ['updateWebhookEndpoint', WH('patch', '/webhooks/{webhook_id}', ['webhook_id'], ['200', '404', '422'])],
  ['deleteWebhookEndpoint', WH('delete', '/webhooks/{webhook_id}', ['webhook_id'], ['204', '404'])],
  [
    'createWebhookSecretRotation',
    WH('post', '/webhooks/{webhook_id}/secret_rotations', ['webhook_id', 'Idempotency-Key'], ['201', '404', ...KEYED]),
  ],
  [
    'listWebhookDeliveries',
    WH(
      'get',
      '/webhooks/{webhook_id}/deliveries',
      ['webhook_id', 'event_id', 'status', ...PAGING],
      ['200', '404'],
      true,
    ),
  ],
  [
    'createWebhookDelivery',
    WH('post', '/webhooks/{webhook_id}/deliveries', ['webhook_id', 'Idempotency-Key'], ['201', '404', ...KEYED]),
  ],
  [
    'getWebhookDelivery',
    WH('get', '/webhooks/{webhook_id}/deliveries/{delivery_id}', ['webhook_id', 'delivery_id'], ['200', '404']),
  ],
  ['listEvents', WH('get', '/events', ['type', 'transaction_id', ...PAGING], ['200'], true)],
  ['getEvent', WH('get', '/events/{event_id}', ['event_id'], ['200', '404'])],
];
/** The published partner API's purchase steps (issue 24): buy by product; verify, read, query (no Idempotency-Key). */
const PUBLISHED_OPERATIONS: [string, Expected][] = [
  [
    'createPurchase',
    {
      ...PURCHASE('/purchases', '', true),
      scope: ['purchase_airtime', 'purchase_data', 'purchase_electricity', 'purchase_cable_tv'],
    },
  ],
  [
    'verifyPurchase',
    {
      method: 'post',
      path: '/purchases/verify',
      scope: ['purchase_electricity', 'purchase_cable_tv'],
      params: [],
      statuses: ['200', ...AUTH_ERRORS, '404', '422'],
      paginated: false,
    },
  ],
  [
    'getPurchase',
    {
      path: '/purchases/{id}',
      scope: 'read_transactions',
      params: ['id'],
      statuses: ['200', ...AUTH_ERRORS, '404'],
      paginated: false,
    },
  ],
  [
    'queryPurchase',
    {
      method: 'post',
      path: '/purchases/{id}/query',
      scope: 'read_transactions',
      params: ['id'],
      statuses: ['200', ...AUTH_ERRORS, '404'],
      paginated: false,
    },
  ],
];
const ALL_OPERATIONS = [...SOURCE_OPERATIONS, ...PURCHASE_OPERATIONS, ...WEBHOOK_OPERATIONS, ...PUBLISHED_OPERATIONS];

const byId = new Map(operations().map((o) => [o.operationId, o]));
const schemaOf = (p: JsonObject) => deref(p.schema ?? null) as JsonObject;
const param = (op: JsonObject, name: string) =>
  ((op.parameters ?? []) as JsonObject[]).map((p) => deref(p)).find((p) => p.name === name);

describe('operations of the source specification', () => {
  it('has exactly the 10 operations of the source spec, the 6 of purchases, the 11 of webhooks and the 4 of the published purchase steps', () => {
    expect([...byId.keys()].sort()).toEqual(ALL_OPERATIONS.map(([id]) => id).sort());
    expect(ALL_OPERATIONS).toHaveLength(31);
  });

  it.each(ALL_OPERATIONS)('%s has its method, path, scope, parameters and responses', (id, want) => {
    const o = byId.get(id)!;
    expect(o.method).toBe(want.method ?? 'get');
    expect(o.path).toBe(want.path);
    const security = o.operation.security as JsonObject[];
    if (want.scope === null) expect(security).toEqual([]);
    else if (Array.isArray(want.scope)) expect(security).toEqual(want.scope.map((scope) => ({ bearerAuth: [scope] })));
    else expect(security).toEqual([{ bearerAuth: [want.scope] }]);
    const names = ((o.operation.parameters ?? []) as JsonObject[]).map((p) => deref(p).name);
    expect(names.sort()).toEqual([...want.params].sort());
    expect(Object.keys(o.operation.responses as JsonObject).sort()).toEqual([...want.statuses].sort());
    const success = want.statuses.filter((st) => st.startsWith('2'));
    expect(success, 'one success status').toHaveLength(1);
    const ok = deref((o.operation.responses as JsonObject)[success[0]!]!);
    if (success[0] === '204') return expect(ok.content, '204 has no body').toBeUndefined();
    const okSchema = deref(((ok.content as JsonObject)['application/json'] as JsonObject).schema!);
    expect(((okSchema.required ?? []) as string[]).includes('pagination')).toBe(want.paginated);
  });

  it('every error response uses the one error envelope and documents X-Request-Id', () => {
    const envelope = (bundle.components as JsonObject).schemas as JsonObject;
    for (const o of byId.values()) {
      for (const [status, r] of Object.entries(o.operation.responses as JsonObject)) {
        const resp = deref(r);
        expect((resp.headers as JsonObject)['X-Request-Id'], `${o.operationId} ${status}`).toBeDefined();
        if (status.startsWith('2')) continue;
        const media = (resp.content as JsonObject)['application/json'] as JsonObject;
        expect(media.schema, `${o.operationId} ${status}`).toEqual({ $ref: '#/components/schemas/ErrorResponse' });
      }
    }
    expect(envelope.ErrorResponse).toBeDefined();
  });

  it.each([
    ['401', 'WWW-Authenticate', true],
    ['403', 'WWW-Authenticate', false],
    ['405', 'Allow', true],
    ['429', 'Retry-After', true],
    ['503', 'Retry-After', true],
  ] as const)('the %s response documents the %s header (required: %s)', (status, header, required) => {
    const r = deref(
      ((bundle.components as JsonObject).responses as JsonObject)[
        {
          '401': 'Unauthorized',
          '403': 'Forbidden',
          '405': 'MethodNotAllowed',
          '429': 'TooManyRequests',
          '503': 'ServiceUnavailable',
        }[status]
      ]!,
    );
    const h = deref((r.headers as JsonObject)[header]!);
    expect(h.required ?? false).toBe(required);
  });
});

describe('parameters as decided', () => {
  const list = byId.get('listTransactions')!.operation;
  it.each([
    ['page', { type: 'integer', minimum: 1, default: 1 }],
    ['per_page', { type: 'integer', minimum: 1, maximum: 100, default: 20 }],
  ])('%s is an integer with its bounds and default on every paginated list', (name, want) => {
    for (const [id, w] of ALL_OPERATIONS) {
      if (!w.paginated) continue;
      const p = param(byId.get(id)!.operation, name)!;
      expect(p.required ?? false).toBe(false);
      expect(schemaOf(p)).toMatchObject(want);
    }
  });

  it.each([
    ['status', domain.TRANSACTION_STATUSES],
    ['category', domain.TRANSACTION_CATEGORIES],
  ])('transaction filter %s enumerates the source spec values', (name, values) => {
    expect(schemaOf(param(list, name)!).enum).toEqual([...values]);
  });

  it('reference has the external reference shape; from/to are date-times', () => {
    expect(schemaOf(param(list, 'reference')!).pattern).toBe('^[0-9]{10}[A-Za-z0-9]{6}$');
    for (const n of ['from', 'to']) expect(schemaOf(param(list, n)!).format).toBe('date-time');
  });

  it.each([
    [
      'network',
      'listAirtimeProducts',
      ['MTN', 'mtn', 'Airtel', 'AIRTEL', 'Glo', 'glo', '9mobile', '9MOBILE'],
      ['ETISALAT', 'MTNX', ''],
    ],
    ['distributor', 'listElectricityProducts', [...domain.DISTRIBUTORS, 'ikedc', 'AbaPower'], ['NEPA', 'IKEDC2']],
    ['provider', 'listCableTvProducts', [...domain.CABLE_PROVIDERS, 'dstv', 'Showmax'], ['NETFLIX']],
  ] as const)('%s matches its codes case-insensitively and nothing else', (name, opId, good, bad) => {
    const re = new RegExp(String(schemaOf(param(byId.get(opId)!.operation, name)!).pattern));
    for (const v of good) expect(re.test(v), v).toBe(true);
    for (const v of bad) expect(re.test(v), v).toBe(false);
  });

  it('the transaction id path parameter accepts any string of 1..128 characters (unknown shapes are 404, not 400)', () => {
    const p = param(byId.get('getTransaction')!.operation, 'id')!;
    expect(p.in).toBe('path');
    expect(schemaOf(p)).toEqual({ type: 'string', minLength: 1, maxLength: 128 });
    expect(String(p.description)).toMatch(/404 `TRANSACTION_NOT_FOUND`[^.]*longer than 128\s+characters/);
  });
});

describe('vocabulary shared with the server', () => {
  const schemas = (bundle.components as JsonObject).schemas as JsonObject;
  const enumOf = (name: string) => (schemas[name] as JsonObject).enum;
  it.each([
    ['ErrorCode', ERROR_CODES],
    ['TransactionStatus', domain.TRANSACTION_STATUSES],
    ['TransactionCategory', domain.TRANSACTION_CATEGORIES],
    ['Network', domain.NETWORKS],
    ['BundleType', domain.BUNDLE_TYPES],
    ['Distributor', domain.DISTRIBUTORS],
    ['CableProvider', domain.CABLE_PROVIDERS],
  ] as const)('%s enum equals the server list', (name, values) => {
    expect(enumOf(name)).toEqual([...values]);
  });

  it('the bearer scheme is declared and names all 8 scopes in the description', () => {
    expect(domain.SCOPES).toHaveLength(8);
    const scheme = ((bundle.components as JsonObject).securitySchemes as JsonObject).bearerAuth as JsonObject;
    expect(scheme).toMatchObject({ type: 'http', scheme: 'bearer' });
    const info = String((bundle.info as JsonObject).description);
    for (const s of domain.SCOPES) expect(info).toContain(s);
  });
});
