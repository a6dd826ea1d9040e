import { error as validatorError } from 'express-openapi-validator';
import { describe, expect, it } from 'vitest';
import { RouteTable } from '../contract/route-table.ts';
import { fromValidatorError, isValidatorError } from './validator-errors.ts';

const table = new RouteTable();
const route = (path: string) => {
  const m = table.match(`/api/partners/sandbox/v1${path}`, 'GET');
  if (m.kind !== 'operation') throw new Error(path);
  return m.route;
};
const badRequest = (path: string, message: string) =>
  new validatorError.BadRequest({ path, message, errors: [{ path, message }] } as never);

describe('fromValidatorError', () => {
  it.each([
    [
      'a bound',
      '/account/transactions',
      badRequest('/query/per_page', 'must be <= 100'),
      {},
      400,
      'INVALID_PARAMETER',
      { parameter: 'per_page', message: 'must be an integer from 1 to 100 written in decimal digits, such as 20' },
    ],
    [
      'a date-time',
      '/account/transactions',
      badRequest('/query/from', 'must match format "date-time"'),
      {},
      400,
      'INVALID_PARAMETER',
      {
        parameter: 'from',
        message:
          'must be an RFC 3339 date-time with a time-zone offset, such as 2026-11-01T00:00:00Z or 2026-11-01T00:00:00+01:00',
      },
    ],
    [
      'a repeated parameter',
      '/account/transactions',
      badRequest('/query/page', 'must be integer'),
      { page: ['1', '2'] },
      400,
      'INVALID_PARAMETER',
      {
        parameter: 'page',
        message: 'must be given once; it must be an integer from 1 to 1000000 written in decimal digits, such as 2',
      },
    ],
    [
      'an unknown parameter',
      '/products/airtimes',
      badRequest('/query/foo', "Unknown query parameter 'foo'"),
      {},
      400,
      'INVALID_PARAMETER',
      {
        parameter: 'foo',
        message: 'is not a parameter of this operation; this operation takes network, page, per_page',
      },
    ],
    [
      'a parameter of an operation that takes none',
      '/account',
      badRequest('/query/page', "Unknown query parameter 'page'"),
      {},
      400,
      'INVALID_PARAMETER',
      { parameter: 'page', message: 'is not a parameter of this operation; this operation takes no query parameters' },
    ],
    [
      'a nameless parameter',
      '/products/airtimes',
      badRequest('/query/', "Unknown query parameter ''"),
      {},
      400,
      'INVALID_PARAMETER',
      { parameter: '', message: 'a query parameter needs a name; this operation takes network, page, per_page' },
    ],
    [
      'a path parameter',
      '/account/transactions/x',
      badRequest('/params/id', 'must NOT have more than 128 characters'),
      {},
      404,
      'TRANSACTION_NOT_FOUND',
      undefined,
    ],
    [
      'a broken response',
      '/account',
      new validatorError.InternalServerError({ path: '/response', message: 'bad' }),
      {},
      500,
      'INTERNAL_ERROR',
      undefined,
    ],
  ])('maps %s', (_name, path, given, query, status, code, detail) => {
    expect(isValidatorError(given)).toBe(true);
    const e = fromValidatorError(given, route(path), query);
    expect([e.status, e.code, e.details?.[0]]).toEqual([status, code, detail]);
    if (detail) expect(e.message).toBe(`Invalid parameter '${detail.parameter}': ${detail.message}`);
  });

  it("recognises the validator's errors by class, not by shape", () => {
    expect(isValidatorError({ status: 400, errors: [] })).toBe(false);
    expect(isValidatorError(new validatorError.NotFound({ path: '/x' }))).toBe(true);
  });
});

describe('fromValidatorError names a body member by its JSON pointer (RFC 6901)', () => {
  const write = (path: string, method = 'POST') => {
    const m = table.match(`/api/partners/sandbox/v1${path}`, method);
    if (m.kind !== 'operation') throw new Error(path);
    return m.route;
  };
  // The validator's paths as patches/express-openapi-validator+5.6.2.patch makes them: `/body` + a JSON pointer.
  const bodyError = (path: string, keyword: string) =>
    new validatorError.BadRequest({
      path: '/purchases/airtime',
      message: 'x',
      errors: [{ path, message: 'x', errorCode: `${keyword}.openapi.validation` }],
    } as never);

  it.each([
    [
      'an unknown member named a/b~c',
      '/body/a~1b~0c',
      'additionalProperties',
      '/a~1b~0c',
      /is not a member of this request; it takes network, phone_number, amount, reference/,
    ],
    ['an unknown member with the empty name', '/body/', 'additionalProperties', '/', /is not a member of this request/],
    [
      'an unknown member named with a line break',
      '/body/a\nb',
      'additionalProperties',
      '/a\nb',
      /is not a member of this request/,
    ],
    ['a missing member', '/body/amount', 'required', '/amount', /^is required; it must be an amount in naira/],
    ['a wrong value', '/body/phone_number', 'pattern', '/phone_number', /^must be a Nigerian mobile number/],
  ])('%s', (_what, path, keyword, parameter, message) => {
    const e = fromValidatorError(bodyError(path, keyword), write('/purchases/airtime'), {});
    expect([e.status, e.code, e.details?.[0]?.parameter]).toEqual([400, 'INVALID_PARAMETER', parameter]);
    expect(e.details?.[0]?.message).toMatch(message);
  });

  it('names an array item by its index, with the form of the member it is in', () => {
    const e = fromValidatorError(bodyError('/body/events/1', 'enum'), write('/webhooks'), {});
    expect(e.details?.[0]).toEqual({
      parameter: '/events/1',
      message: expect.stringMatching(
        /^must be a list of 1 to 4 different values among \* \(every event type\), transaction\.pending, /,
      ) as unknown,
    });
  });

  it("names a member of any length within the contract's 2048 characters, and says it is cut", () => {
    const name = 'x/~'.repeat(5000);
    const e = fromValidatorError(
      bodyError(`/body/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`, 'additionalProperties'),
      write('/purchases/airtime'),
      {},
    );
    const detail = e.details![0]!;
    expect(detail.parameter.length).toBeLessThanOrEqual(2048);
    expect(detail.parameter).toMatch(/^\/(x~1~0)+x?(~1)?$/);
    expect(detail.message).toMatch(/is 25001 characters long, shown here cut to its first 204[0-9]/);
    expect(e.message.length).toBeLessThanOrEqual(4096);
  });
});

describe('fromValidatorError lists every problem the validator found (its allErrors)', () => {
  const many = (errors: { path: string; message: string; errorCode?: string }[]) =>
    new validatorError.BadRequest({ path: '/x', message: 'x', errors } as never);
  const PAGE = 'must be an integer from 1 to 1000000 written in decimal digits, such as 2';
  const PER_PAGE = 'must be an integer from 1 to 100 written in decimal digits, such as 20';
  const TAKES = 'is not a parameter of this operation; this operation takes network, page, per_page';

  it.each([
    [
      "query parameters, in the validator's order",
      '/account/transactions',
      many([
        { path: '/query/page', message: 'must be >= 1' },
        { path: '/query/per_page', message: 'must be <= 100' },
      ]),
      {},
      [],
      [
        { parameter: 'page', message: PAGE },
        { parameter: 'per_page', message: PER_PAGE },
      ],
    ],
    [
      'one parameter named twice (type and bound) once',
      '/account/transactions',
      many([
        { path: '/query/page', message: 'must be integer' },
        { path: '/query/page', message: 'must be >= 1' },
      ]),
      {},
      [],
      [{ parameter: 'page', message: PAGE }],
    ],
    [
      "the validator's first unknown name, then the query's other unknown or empty ones, in its order",
      '/products/airtimes',
      badRequest('/query/foo', "Unknown query parameter 'foo'"),
      { network: 'MTN', foo: '1', per_page: '', bar: '2' },
      [],
      [
        { parameter: 'foo', message: TAKES },
        { parameter: 'per_page', message: PER_PAGE },
        { parameter: 'bar', message: TAKES },
      ],
    ],
    [
      "the pipeline's earlier problems first",
      '/account/transactions',
      many([
        { path: '/query/page', message: 'must be integer' },
        { path: '/query/per_page', message: 'must be <= 100' },
      ]),
      {},
      [{ parameter: 'page', message: PAGE }],
      [
        { parameter: 'page', message: PAGE },
        { parameter: 'per_page', message: PER_PAGE },
      ],
    ],
    [
      'earlier problems beside a path parameter the validator refuses: the 400, not the lookup',
      '/account/transactions/x',
      badRequest('/params/id', 'must NOT have more than 128 characters'),
      {},
      [{ parameter: 'page', message: PAGE }],
      [{ parameter: 'page', message: PAGE }],
    ],
  ])('%s', (_what, path, given, query, earlier, details) => {
    const e = fromValidatorError(given, route(path), query, earlier);
    expect([e.status, e.code, e.details]).toEqual([400, 'INVALID_PARAMETER', details]);
  });
});
