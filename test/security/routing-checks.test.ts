/** The conformance checks added for routing and HEAD, on canned responses: each must pass the right answer and fail the wrong ones. */
import { describe, expect, it } from 'vitest';
import { headMirrorsGet } from '../../conformance/checks/head_mirrors_get.ts';
import { pathVariantNotRouted } from '../../conformance/checks/path_variant_not_routed.ts';
import { responseHeadersConformance } from '../../conformance/checks/response_headers_conformance.ts';
import { contract, example, input, response } from '../conformance/support/canned.ts';

const notFound = () =>
  response(404, {
    status: { code: 404, message: 'Not Found' },
    error: { code: 'NOT_FOUND', message: 'No such resource.' },
  });
const messages = (ps: { message: string }[]) => ps.map((p) => p.message);

describe('path_variant_not_routed', () => {
  const check = (r: ReturnType<typeof response>) =>
    messages(pathVariantNotRouted(r, contract.schemas, 'GET /Account', 'getAccount'));

  it('passes a 404 NOT_FOUND in the error envelope', () => {
    expect(check(notFound())).toEqual([]);
  });

  it.each([
    [
      'a 200 (the variant routed as the operation)',
      () => response(200, example('AccountOk')),
      'answered 200 — answered as getAccount',
    ],
    [
      'a 401 (authentication before routing)',
      () => response(401, example('ErrorTokenRevoked')),
      'answered 401 TOKEN_REVOKED',
    ],
    ['a 500', () => response(500, example('ErrorInternal')), 'answered 500 INTERNAL_ERROR'],
    [
      'a 404 with another code',
      () => response(404, example('ErrorTransactionNotFound')),
      'answered 404 TRANSACTION_NOT_FOUND',
    ],
  ])('fails %s', (_name, res, want) => {
    expect(check(res())[0]).toContain(want);
  });

  it('fails a 404 NOT_FOUND that is not the envelope', () => {
    const r = notFound();
    expect(check({ ...r, headers: { ...r.headers, 'content-type': 'text/html' } })).toEqual([
      "Content-Type 'text/html' on the 404",
    ]);
    expect(check(response(404, { error: { code: 'NOT_FOUND', message: 'x' } }))[0]).toContain(
      "must have required property 'status'",
    );
  });
});

describe('head_mirrors_get', () => {
  const get = () => {
    const r = response(200, example('AccountOk'));
    return {
      ...r,
      headers: {
        ...r.headers,
        'content-length': String(Buffer.byteLength(r.text)),
        date: 'Mon, 23 Nov 2026 10:00:00 GMT',
      },
    };
  };
  const head = () => ({
    ...get(),
    text: '',
    body: undefined,
    isJson: false,
    headers: { ...get().headers, 'x-request-id': 'req-2', date: 'Mon, 23 Nov 2026 10:00:01 GMT' },
  });

  it("passes the GET's status and headers with no body (request id and date aside)", () => {
    expect(headMirrorsGet(get(), head())).toEqual([]);
  });

  it('fails another status, a body, another Content-Length, another header', () => {
    expect(messages(headMirrorsGet(get(), { ...head(), status: 405 }))).toEqual(['HEAD answered 405, GET 200']);
    expect(messages(headMirrorsGet(get(), { ...head(), text: '{}' }))[0]).toContain(
      'HEAD came back with a body of 2 bytes',
    );
    expect(
      messages(headMirrorsGet(get(), { ...head(), headers: { ...head().headers, 'content-length': '0' } }))[0],
    ).toContain('HEAD Content-Length is 0');
    expect(
      messages(headMirrorsGet(get(), { ...head(), headers: { ...head().headers, 'content-type': 'text/plain' } })),
    ).toEqual(["content-type: GET 'application/json; charset=utf-8', HEAD 'text/plain'"]);
  });
});

describe('Allow on 405 (response_headers_conformance)', () => {
  const allow = (value: string) =>
    messages(
      responseHeadersConformance.run(
        input('getAccount', response(405, example('ErrorMethodNotAllowed'), { allow: value })),
      ),
    );

  it('lists GET and HEAD on a GET path', () => {
    expect(allow('GET, HEAD')).toEqual([]);
    expect(allow('GET')).toEqual(["Allow is 'GET'"]);
  });
});
