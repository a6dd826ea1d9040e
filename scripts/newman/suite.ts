/**
 * The Portman configuration of the Newman contract suite, derived from the bundle: contract tests on every
 * operation's success (status, content type, JSON body, JSON Schema, required headers; a purchase's 201 with a fresh
 * Idempotency-Key and products of the catalogue), the auth matrix on every keyed
 * operation, lookups, documented filter examples, fuzzed parameters and the edges the contract promises, plus a
 * collection-level check of the RateLimit headers on every response.
 */
import { DEMO_KEY_SPECS, type DemoKeyRole } from '../../server/demo/keys.ts';

type Json = Record<string, unknown>;

export interface SuiteOperation {
  id: string;
  method: string;
  path: string;
  /** The documented success status (200; 201 for a creation; 204 for a deletion, which has no body). */
  success: number;
  /** A scope the operation needs (its first alternative); null when public. */
  scope: string | null;
  /**
   * Every scope that grants the operation, in the contract's order: one, or the alternatives of an operation open to
   * any of several (POST /purchases, POST /purchases/verify — issue 24), which a 403 names space-separated.
   */
  scopes: string[];
  /** Documented query parameters with their documented example. */
  query: { name: string; example: string }[];
}

/** Variation tags: the name of each generated request ends in `[<tag>]` (fuzzed ones in `[fuzz][…]`). */
export const GROUPS = {
  auth: ['no-key', 'unknown-key', 'other-environment', 'scope-less'],
  lookup: ['txn-prefix', 'unknown-id', 'longest-id'],
  filters: ['examples'],
  edge: ['too-long-id', 'extreme-dates'],
} as const;

/** Roles of the demo keys file that hold one scope only: a key lacking an operation's scope is one of these. */
const SINGLE_SCOPE_ROLES = (['balance_only', 'products_only'] as const satisfies readonly DemoKeyRole[]).map((role) => {
  const scopes = DEMO_KEY_SPECS[role].scopes;
  if (scopes.length !== 1) throw new Error(`demo role ${role} should hold one scope, holds ${scopes.join(', ')}`);
  return { role, scope: scopes[0]! };
});

/** The demo role used for 403 INSUFFICIENT_SCOPE on an operation that needs `scope`. */
export function scopeLessRole(scope: string): DemoKeyRole {
  const r = SINGLE_SCOPE_ROLES.find((x) => x.scope !== scope);
  if (!r) throw new Error(`no single-scope demo role lacks ${scope}`);
  return r.role;
}

/**
 * Collection variable holding the key of a role (`balance_only` → `key_balance_only`). The full key is
 * `bearerToken`: the name Portman gives the token of every request generated from the bearer scheme.
 */
export const keyVariable = (role: DemoKeyRole) => (role === 'full' ? 'bearerToken' : `key_${role}`);

/** Every method the contract uses: each operation of a path is one request of the collection (PATCH and DELETE too). */
const METHODS = ['get', 'post', 'patch', 'delete'] as const;

export function operationsOf(bundle: Json): SuiteOperation[] {
  const params = ((bundle.components as Json).parameters ?? {}) as Record<string, Json>;
  const deref = (p: Json) => (typeof p.$ref === 'string' ? params[p.$ref.split('/').pop()!]! : p);
  const out: SuiteOperation[] = [];
  for (const [path, item] of Object.entries(bundle.paths as Record<string, Json>))
    for (const method of METHODS) {
      if (item[method] === undefined) continue;
      const op = item[method] as Json;
      const success = Math.min(
        ...Object.keys(op.responses as Json)
          .map(Number)
          .filter((c) => c >= 200 && c < 300),
      );
      const security = (op.security ?? bundle.security ?? []) as Record<string, string[]>[];
      const scopes = security.flatMap((s) => Object.values(s).flat());
      const scope = scopes[0] ?? null;
      const query = ((op.parameters ?? []) as Json[])
        .map(deref)
        .filter((p) => p.in === 'query')
        .map((p) => ({ name: String(p.name), example: String(p.example) }));
      out.push({ id: String(op.operationId), method: method.toUpperCase(), path, success, scope, scopes, query });
    }
  return out;
}

const CONTRACT = {
  statusCode: { enabled: true },
  contentType: { enabled: true },
  jsonBody: { enabled: true },
  schemaValidation: { enabled: true },
  headersPresent: { enabled: true },
};

/** A test script checking that a response header contains `text` (Portman's own header tests do not escape quotes). */
const headerIncludes = (tag: string, header: string, text: string) =>
  `pm.test(${JSON.stringify(`[${tag}] ${header} contains ${text}`)}, function () { pm.expect(pm.response.headers.get(${JSON.stringify(header)}) || '').to.include(${JSON.stringify(text)}); });`;

/** A variation expecting `status` with `code` in the error envelope, and headers containing texts. */
function errorVariation(
  name: string,
  status: number,
  code: string,
  overwrites: Json[],
  headers: [string, string][] = [],
): Json {
  return {
    name,
    overwrites,
    tests: {
      contractTests: [CONTRACT],
      contentTests: [
        {
          responseBodyTests: [
            { key: 'status.code', value: status },
            { key: 'error.code', value: code },
            { key: 'data', notExist: true },
          ],
        },
      ],
      ...(headers.length
        ? { extendTests: [{ tests: headers.map(([h, text]) => headerIncludes(name, h, text)) }] }
        : {}),
    },
  };
}

const bearer = (variable: string) => ({ overwriteRequestSecurity: { bearer: { token: `{{${variable}}}` } } });
const pathId = (value: string) => ({ overwriteRequestPathVariables: [{ key: 'id', value }] });
const queryOf = (pairs: [string, string][]) => ({
  overwriteRequestQueryParams: pairs.map(([key, value]) => ({ key, value, disable: false })),
});
const ok200 = (name: string, overwrites: Json[], extra: Json = {}): Json => ({
  name,
  overwrites,
  tests: {
    contractTests: [CONTRACT],
    contentTests: [{ responseBodyTests: [{ key: 'status.code', value: 200 }] }],
    ...extra,
  },
});

/** JavaScript run by Newman after every request: the RateLimit fields have their documented form. */
function rateLimitScript(bundle: Json): string {
  const headers = (bundle.components as Json).headers as Record<string, Json>;
  const patterns = Object.fromEntries(
    ['RateLimit', 'RateLimit-Policy'].map((h) => {
      const schema = headers[h.replace('-', '')]!.schema as Json;
      return [h, String(schema.pattern)];
    }),
  );
  return [
    `const patterns = ${JSON.stringify(patterns)};`,
    // `required`: the target limits (production always does); otherwise only a header that is present is checked.
    `const required = pm.variables.get('rateLimitHeaders') === 'required';`,
    'for (const [name, pattern] of Object.entries(patterns)) {',
    '  const value = pm.response.headers.get(name);',
    '  if (value === undefined && !required) continue;',
    '  pm.test(`${name} has its documented form`, function () {',
    '    pm.expect(value, name).to.match(new RegExp(pattern));',
    '  });',
    '}',
  ].join('\n');
}

/** The list whose first product each purchase and verification uses, and the collection variable holding its id. */
const PRODUCT_VARIABLES = [
  ['listDataPlanProducts', 'dataPlanId'],
  ['listElectricityProducts', 'electricityProductId'],
  ['listCableTvProducts', 'cableTvProductId'],
] as const;
/** Customer numbers that are no sandbox scenario: they verify with any product and their purchases succeed at once. */
const METER = '45678901234';
const SMARTCARD = '7023456789';

const body = (pairs: [string, string][]) => ({
  overwriteRequestBody: pairs.map(([key, value]) => ({ key, value, overwrite: true })),
});
/** A new Idempotency-Key for every request (Postman's `$guid`): each base purchase is a new purchase. */
const freshKey = { overwriteRequestHeaders: [{ key: 'Idempotency-Key', value: '{{$guid}}', overwrite: true }] };

function purchaseOverwrites(): Json[] {
  return [
    {
      openApiOperationId: 'getElectricityMeter',
      overwriteRequestPathVariables: [
        { key: 'product_id', value: '{{electricityProductId}}' },
        { key: 'meter_number', value: METER },
      ],
    },
    {
      openApiOperationId: 'getCableTvSmartcard',
      overwriteRequestPathVariables: [
        { key: 'product_id', value: '{{cableTvProductId}}' },
        { key: 'smartcard_number', value: SMARTCARD },
      ],
    },
    { openApiOperationId: 'createAirtimePurchase', ...freshKey },
    { openApiOperationId: 'createDataPurchase', ...freshKey, ...body([['product_id', '{{dataPlanId}}']]) },
    {
      openApiOperationId: 'createElectricityPurchase',
      ...freshKey,
      ...body([
        ['product_id', '{{electricityProductId}}'],
        ['meter_number', METER],
      ]),
    },
    {
      openApiOperationId: 'createCableTvPurchase',
      ...freshKey,
      ...body([
        ['product_id', '{{cableTvProductId}}'],
        ['smartcard_number', SMARTCARD],
      ]),
    },
  ];
}

/**
 * The webhook lifecycle, on an endpoint the collection creates itself (production has no demo endpoint, and the
 * sandbox's demo endpoint is left as it is): create it, read it, change it, rotate its secret, redeliver an event the
 * purchases made (listEvents runs first, see WEBHOOK_FOLDERS) and read that delivery; the DELETE of that endpoint
 * runs last of the whole collection (moveDeletionsLast in run.ts), after every request that reads it.
 */
const WEBHOOK_ID = [{ key: 'webhook_id', value: '{{webhookId}}' }];
/** A host that never resolves (RFC 2606 `.invalid`): the policy accepts it, and the redelivery is sent nowhere. */
export const WEBHOOK_URL = 'https://newman-contract-suite.invalid/billpay/events';
const WEBHOOK_PATH_VARIABLES: Record<string, { key: string; value: string }[]> = {
  getWebhookEndpoint: WEBHOOK_ID,
  updateWebhookEndpoint: WEBHOOK_ID,
  deleteWebhookEndpoint: WEBHOOK_ID,
  createWebhookSecretRotation: WEBHOOK_ID,
  listWebhookDeliveries: WEBHOOK_ID,
  createWebhookDelivery: WEBHOOK_ID,
  getWebhookDelivery: [...WEBHOOK_ID, { key: 'delivery_id', value: '{{deliveryId}}' }],
  getEvent: [{ key: 'event_id', value: '{{eventId}}' }],
};
/** Order in the Webhooks folder: each request after the one whose response gives its ids. */
const WEBHOOK_ORDER = [
  'GET /webhooks',
  'POST /webhooks',
  'GET /webhooks/{webhook_id}',
  'PATCH /webhooks/{webhook_id}',
  'POST /webhooks/{webhook_id}/secret_rotations',
  'POST /webhooks/{webhook_id}/deliveries',
  'GET /webhooks/{webhook_id}/deliveries',
  'GET /webhooks/{webhook_id}/deliveries/{delivery_id}',
  'DELETE /webhooks/{webhook_id}',
];

function webhookOverwrites(): Json[] {
  return [
    { openApiOperationId: 'createWebhookEndpoint', ...freshKey, ...body([['url', WEBHOOK_URL]]) },
    { openApiOperationId: 'createWebhookSecretRotation', ...freshKey },
    { openApiOperationId: 'createWebhookDelivery', ...freshKey, ...body([['event_id', '{{eventId}}']]) },
    ...Object.entries(WEBHOOK_PATH_VARIABLES).map(([opId, vars]) => ({
      openApiOperationId: opId,
      overwriteRequestPathVariables: vars,
    })),
  ];
}

/** Top-level folders (the first tag of each operation, in the order of the paths), the events' before the webhooks'. */
function folderOrder(ops: SuiteOperation[], bundle: Json): string[] {
  const tagOf = (o: SuiteOperation) =>
    String(
      (
        ((bundle.paths as Record<string, Json>)[o.path]![o.method.toLowerCase()] as Json).tags as string[] | undefined
      )?.[0] ?? '',
    );
  const folders = [...new Set(ops.map(tagOf).filter((t) => t !== ''))];
  const events = ops.find((o) => o.id === 'listEvents');
  const webhooks = ops.find((o) => o.id === 'createWebhookDelivery');
  if (!events || !webhooks) return folders;
  const [e, w] = [tagOf(events), tagOf(webhooks)];
  const rest = folders.filter((f) => f !== e);
  rest.splice(rest.indexOf(w), 0, e);
  return rest;
}

export function portmanConfig(bundle: Json): Json {
  const ops = operationsOf(bundle);
  const transactions = 'listTransactions';
  // One entry per operation and expected status: Portman validates a variation against that status's response.
  const variationTests: Json[] = [];
  const expect = (opId: string, status: number, variations: Json[]) =>
    variationTests.push({ openApiOperationId: opId, openApiResponse: String(status), variations });

  for (const o of ops.filter((x) => x.scope !== null)) {
    expect(o.id, 401, [
      errorVariation(
        'no-key',
        401,
        'AUTHENTICATION_REQUIRED',
        [{ overwriteRequestSecurity: { remove: true } }],
        [['WWW-Authenticate', 'realm="partner-api"']],
      ),
      errorVariation(
        'unknown-key',
        401,
        'INVALID_CREDENTIALS',
        [bearer('unknownKey')],
        [['WWW-Authenticate', 'error="invalid_token"']],
      ),
    ]);
    expect(o.id, 403, [
      errorVariation('other-environment', 403, 'ENVIRONMENT_MISMATCH', [bearer('otherEnvironmentKey')]),
      errorVariation(
        'scope-less',
        403,
        'INSUFFICIENT_SCOPE',
        [bearer(keyVariable(scopeLessRole(o.scope!)))],
        [['WWW-Authenticate', `scope="${o.scopes.join(' ')}"`]],
      ),
    ]);
  }
  expect('getTransaction', 200, [
    ok200('txn-prefix', [pathId('txn_{{transactionId}}')], {
      extendTests: [
        {
          tests: [
            "pm.test('[txn-prefix] returns the transaction of the bare id', function () { pm.expect(pm.response.json().data.id).to.eql(pm.variables.get('transactionId')); });",
          ],
        },
      ],
    }),
  ]);
  expect('getTransaction', 404, [
    errorVariation('unknown-id', 404, 'TRANSACTION_NOT_FOUND', [pathId('00000000-0000-4000-8000-000000000000')]),
    errorVariation('longest-id', 404, 'TRANSACTION_NOT_FOUND', [pathId('x'.repeat(128))]),
    errorVariation('too-long-id', 404, 'TRANSACTION_NOT_FOUND', [pathId('x'.repeat(129))]),
  ]);
  for (const o of ops.filter((x) => x.query.length > 0)) {
    const vars = WEBHOOK_PATH_VARIABLES[o.id];
    const ok = [
      ok200('examples', [
        {
          ...queryOf(o.query.map((q) => [q.name, q.example])),
          ...(vars ? { overwriteRequestPathVariables: vars } : {}),
        },
      ]),
    ];
    // Syntactically valid date-times at the ends of the range, with the most extreme offsets: 200, never a 5xx.
    if (o.id === transactions)
      ok.push(
        ok200('extreme-dates', [
          queryOf([
            ['from', '0000-01-01T00:00:00%2B23:59'],
            ['to', '9999-12-31T23:59:59.999999999-23:59'],
          ]),
        ]),
      );
    expect(o.id, 200, ok);
    expect(o.id, 400, [
      {
        name: 'fuzz',
        fuzzing: [
          {
            requestQueryParams: [
              {
                minimumNumberFields: { enabled: true },
                maximumNumberFields: { enabled: true },
                maxLengthFields: { enabled: true },
              },
            ],
          },
        ],
        tests: {
          contractTests: [CONTRACT],
          contentTests: [
            {
              responseBodyTests: [
                { key: 'status.code', value: 400 },
                { key: 'error.code', value: 'INVALID_PARAMETER' },
              ],
            },
          ],
        },
      },
    ]);
  }

  return {
    version: 1.0,
    tests: {
      contractTests: [{ openApiOperation: '*::/*', statusSuccess: { enabled: true }, ...CONTRACT }],
      // A 204 has no body: its contract test is "Response has empty Body".
      contentTests: ops
        .filter((o) => o.success !== 204)
        .map((o) => ({
          openApiOperationId: o.id,
          responseBodyTests: [
            { key: 'status.code', value: o.success },
            { key: 'status.message', value: o.success === 201 ? 'Created' : 'OK' },
          ],
        })),
      variationTests,
    },
    assignVariables: [
      {
        openApiOperationId: transactions,
        collectionVariables: [{ responseBodyProp: 'data[0].id', name: 'transactionId' }],
      },
      // Products of the catalogue for the verifications and purchases (the contract's example ids are no product).
      ...PRODUCT_VARIABLES.map(([opId, name]) => ({
        openApiOperationId: opId,
        collectionVariables: [{ responseBodyProp: 'data[0].id', name }],
      })),
      // The webhook lifecycle: the endpoint this collection creates, an event of the purchases, the redelivery.
      {
        openApiOperationId: 'createWebhookEndpoint',
        collectionVariables: [{ responseBodyProp: 'data.id', name: 'webhookId' }],
      },
      { openApiOperationId: 'listEvents', collectionVariables: [{ responseBodyProp: 'data[0].id', name: 'eventId' }] },
      {
        openApiOperationId: 'createWebhookDelivery',
        collectionVariables: [{ responseBodyProp: 'data.id', name: 'deliveryId' }],
      },
    ],
    overwrites: [
      {
        openApiOperationId: 'getTransaction',
        overwriteRequestPathVariables: [{ key: 'id', value: '{{transactionId}}' }],
      },
      ...purchaseOverwrites(),
      ...webhookOverwrites(),
      // Public: the request carries no key at all (a key sent to it would be ignored anyway).
      { openApiOperationId: 'getHealth', overwriteRequestSecurity: { remove: true } },
    ],
    globals: {
      orderOfFolders: folderOrder(ops, bundle),
      orderOfOperations: WEBHOOK_ORDER.map((m) => `[${m.split(' ')[0]}]::${m.split(' ')[1]}`),
      securityOverwrites: { bearer: { token: `{{${keyVariable('full')}}}` } },
      collectionTestScripts: [rateLimitScript(bundle)],
    },
  };
}
