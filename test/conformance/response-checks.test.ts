/** The response checks on canned responses: each row is a response and the problems (by substring) it must raise. */
import { describe, expect, it } from 'vitest';
import { RESPONSE_CHECKS } from '../../conformance/checks/index.ts';
import type { Expectation, RecordedResponse } from '../../conformance/model.ts';
import { example, input, response } from './support/canned.ts';

const WWW_INVALID = { 'www-authenticate': 'Bearer realm="partner-api", error="invalid_token"' };
const revoked = () => response(401, example('ErrorTokenRevoked'), WWW_INVALID);
const scope = (www: string) => response(403, example('ErrorInsufficientScope'), { 'www-authenticate': www });

interface Row {
  name: string;
  op: string;
  res: () => RecordedResponse;
  expect?: Expectation;
  requestHeaders?: Record<string, string>;
  semantics?: boolean;
  /** check name → substring of each problem; a check absent from the map must raise nothing. */
  problems: Record<string, string[]>;
}

const rows: Row[] = [
  {
    name: 'a documented 200',
    op: 'getAccount',
    res: () => response(200, example('AccountOk')),
    expect: { status: 200 },
    problems: {},
  },
  {
    name: 'a documented 401',
    op: 'listTransactions',
    res: revoked,
    expect: { status: 401, code: 'TOKEN_REVOKED' },
    problems: {},
  },
  {
    name: 'an undocumented status',
    op: 'getAccount',
    res: () => response(418, example('ErrorInternal')),
    problems: {
      status_code_conformance: ['418 is not documented'],
      status_code_echo: ['status.code is 500', 'status.message'],
    },
  },
  {
    name: 'another status than expected',
    op: 'getAccount',
    res: () => response(200, example('AccountOk')),
    expect: { status: 401, code: 'AUTHENTICATION_REQUIRED' },
    problems: { status_code_conformance: ['expected status 401 AUTHENTICATION_REQUIRED, got 200'] },
  },
  {
    name: 'text/plain',
    op: 'getAccountBalance',
    res: () => response(200, example('BalanceOk'), { 'content-type': 'text/plain' }),
    problems: { content_type_conformance: ["'text/plain'"] },
  },
  {
    name: 'a body that is not JSON',
    op: 'getAccountBalance',
    res: () => response(200, 'OK'),
    problems: { envelope_conformance: ['not a JSON object'] },
  },
  {
    name: 'an error with data',
    op: 'listTransactions',
    res: () => {
      const b = example('ErrorTokenRevoked');
      b.data = null;
      return response(401, b, WWW_INVALID);
    },
    problems: { envelope_conformance: ['`data` member'] },
  },
  {
    name: 'a list without pagination',
    op: 'listTransactions',
    res: () => {
      const b = example('TransactionListOk');
      delete b.pagination;
      return response(200, b);
    },
    problems: { envelope_conformance: ['without a `pagination`'], response_schema_conformance: ['pagination'] },
  },
  {
    name: 'status.code ≠ HTTP status',
    op: 'getAccount',
    res: () => {
      const b = example('AccountOk');
      b.status.code = 201;
      return response(200, b);
    },
    problems: { status_code_echo: ['status.code is 201'] },
  },
  {
    name: 'amount as a number',
    op: 'listTransactions',
    res: () => {
      const b = example('TransactionListOk');
      b.data[0].attributes.amount = 12.5;
      return response(200, b);
    },
    problems: { response_schema_conformance: ['/data/0/attributes/amount must be string'] },
  },
  {
    name: 'no X-Request-Id',
    op: 'getHealth',
    res: () => {
      const r = response(200, example('HealthOk'));
      delete r.headers['x-request-id'];
      return r;
    },
    problems: { response_headers_conformance: ['no X-Request-Id'] },
  },
  {
    name: 'X-Request-Id not echoed (full profile)',
    op: 'getHealth',
    res: () => response(200, example('HealthOk'), { 'x-request-id': 'other' }),
    problems: { response_headers_conformance: ["not the client's"] },
  },
  {
    name: 'X-Request-Id not echoed (contract profile: not required)',
    op: 'getHealth',
    semantics: false,
    res: () => response(200, example('HealthOk'), { 'x-request-id': 'other' }),
    problems: {},
  },
  {
    name: '401 without WWW-Authenticate',
    op: 'getAccount',
    res: () => response(401, example('ErrorTokenRevoked')),
    problems: { response_headers_conformance: ['no WWW-Authenticate', "WWW-Authenticate is ''", 'on TOKEN_REVOKED'] },
  },
  {
    name: 'INSUFFICIENT_SCOPE naming the right scope',
    op: 'listTransactions',
    res: () => scope('Bearer error="insufficient_scope", scope="read_transactions"'),
    expect: { status: 403, code: 'INSUFFICIENT_SCOPE', scope: 'read_transactions' },
    problems: {},
  },
  {
    name: 'INSUFFICIENT_SCOPE naming another scope',
    op: 'getAccount',
    res: () => scope('Bearer error="insufficient_scope", scope="read_transactions"'),
    expect: { status: 403, code: 'INSUFFICIENT_SCOPE', scope: 'read_balance' },
    problems: {
      response_headers_conformance: ['on INSUFFICIENT_SCOPE'],
      error_subject_named: ['does not name the scope'],
    },
  },
  {
    name: '405 without Allow',
    op: 'getAccount',
    res: () => response(405, example('ErrorMethodNotAllowed')),
    problems: { response_headers_conformance: ['no Allow', "Allow is ''"] },
  },
  {
    name: '429 with Retry-After',
    op: 'getAccount',
    res: () => response(429, example('ErrorRateLimited'), { 'retry-after': '1' }),
    problems: {},
  },
  {
    name: '503 without Retry-After',
    op: 'getHealth',
    res: () => response(503, example('ErrorServiceUnavailable')),
    problems: { response_headers_conformance: ['no Retry-After', "Retry-After is ''"] },
  },
  {
    name: '501 WEBHOOKS_NOT_CONFIGURED without Retry-After (permanent: none is documented)',
    op: 'createWebhookEndpoint',
    res: () => response(501, example('ErrorWebhooksNotConfigured')),
    problems: {},
  },
  {
    name: 'an error code the status does not document',
    op: 'getAccount',
    res: () => response(401, example('ErrorTransactionNotFound'), WWW_INVALID),
    problems: {
      error_code_conformance: ['TRANSACTION_NOT_FOUND is not documented'],
      status_code_echo: ['status.code is 404', 'status.message'],
    },
  },
  {
    name: 'another error code than expected',
    op: 'getAccount',
    res: revoked,
    expect: { status: 401, code: 'INVALID_CREDENTIALS' },
    problems: { error_code_conformance: ['error.code is TOKEN_REVOKED'] },
  },
  {
    name: 'INVALID_PARAMETER naming the parameter',
    op: 'listTransactions',
    res: () => response(400, example('ErrorInvalidParameter')),
    expect: { status: 400, code: 'INVALID_PARAMETER', parameter: 'per_page' },
    problems: {},
  },
  {
    name: "INVALID_PARAMETER about per_page does not name 'page'",
    op: 'listTransactions',
    res: () => response(400, example('ErrorInvalidParameter')),
    expect: { status: 400, code: 'INVALID_PARAMETER', parameter: 'page' },
    problems: { error_subject_named: ["does not name 'page'"] },
  },
  {
    name: 'a key echoed in the body',
    op: 'getAccount',
    requestHeaders: { authorization: 'Bearer sk_test_0123456789abcdefghij' },
    res: () => {
      const b = example('ErrorInvalidCredentials');
      b.error.message = 'bad key sk_test_0123456789abcdefghij';
      return response(401, b, WWW_INVALID);
    },
    problems: { secret_not_echoed: ['repeats the API key'] },
  },
];

/** A counted response's rate-limit fields at 2026-11-27T12:00:00Z, with the legacy ones changed by `over`. */
const counted = (over: Record<string, string | undefined> = {}) => {
  const headers: Record<string, string | undefined> = {
    date: 'Fri, 27 Nov 2026 12:00:00 GMT',
    ratelimit: '"25-in-1sec"; r=24; t=1',
    'ratelimit-policy': '"25-in-1sec"; q=25; w=1; pk=:YWJjZGVm:',
    'x-ratelimit-limit': '25',
    'x-ratelimit-remaining': '24',
    'x-ratelimit-reset': '1795780801',
    ...over,
  };
  return response(
    200,
    example('HealthOk'),
    Object.fromEntries(Object.entries(headers).filter(([, v]) => v !== undefined)) as Record<string, string>,
  );
};

rows.push(
  { name: 'X-RateLimit fields from the same count', op: 'getHealth', res: () => counted(), problems: {} },
  {
    name: 'RateLimit without the X-RateLimit fields',
    op: 'getHealth',
    res: () => counted({ 'x-ratelimit-reset': undefined, 'x-ratelimit-remaining': undefined }),
    problems: { rate_limit_fields_conformance: ['without x-ratelimit-remaining, x-ratelimit-reset'] },
  },
  {
    name: 'X-RateLimit fields without RateLimit',
    op: 'getHealth',
    res: () => counted({ ratelimit: undefined }),
    problems: { rate_limit_fields_conformance: ['without RateLimit'] },
  },
  {
    name: 'X-RateLimit-Limit other than the quota, Remaining other than r and over the limit',
    op: 'getHealth',
    res: () => counted({ 'x-ratelimit-limit': '20', 'x-ratelimit-remaining': '21' }),
    problems: {
      rate_limit_fields_conformance: ["RateLimit-Policy's q is 25", "RateLimit's r is 24", 'over X-RateLimit-Limit 20'],
    },
  },
  {
    name: 'X-RateLimit-Reset in seconds from now, not a Unix time',
    op: 'getHealth',
    res: () => counted({ 'x-ratelimit-reset': '1' }),
    problems: { rate_limit_fields_conformance: ['X-RateLimit-Reset is 1, '] },
  },
  {
    name: 'X-RateLimit-Reset past the window',
    op: 'getHealth',
    res: () => counted({ 'x-ratelimit-reset': '1795780803' }),
    problems: { rate_limit_fields_conformance: ['X-RateLimit-Reset is 1795780803'] },
  },
  {
    name: 'X-RateLimit fields that are not digits',
    op: 'getHealth',
    res: () => counted({ 'x-ratelimit-reset': '2026-11-27T12:00:01Z' }),
    problems: {
      rate_limit_fields_conformance: ['-Reset'],
      response_headers_conformance: ['X-RateLimit-Reset: "2026-11-27T12:00:01Z"'],
    },
  },
  {
    name: 'X-RateLimit fields are not judged on the shape profile (a mock answers examples)',
    op: 'getHealth',
    res: () => counted({ 'x-ratelimit-reset': '1' }),
    semantics: false,
    problems: {},
  },
);

describe('response checks on canned responses', () => {
  it.each(rows.map((r) => [r.name, r] as const))('%s', (_n, row) => {
    const i = input(row.op, row.res(), {
      ...(row.expect ? { expect: row.expect } : {}),
      ...(row.requestHeaders ? { requestHeaders: row.requestHeaders } : {}),
      ...(row.semantics === false ? { semantics: false } : {}),
    });
    for (const check of RESPONSE_CHECKS) {
      const got = check.run(i).map((p) => p.message);
      const want = row.problems[check.name] ?? [];
      expect(got, check.name).toHaveLength(want.length);
      want.forEach((w, k) => expect(got[k], check.name).toContain(w));
    }
  });
});
