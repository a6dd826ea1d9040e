/**
 * What a partner reads when a request is refused, over HTTP against the reference server: a body that is no JSON
 * object says what came instead (every JSON kind, and no body at all); a 400 lists every problem of the query and
 * the body; a path that is an operation's but for a trailing slash is still a 404, whose message names the path
 * without it; IP_NOT_ALLOWED names the address the request came from (TRUST_PROXY honoured), never the allow-list.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContractSchemas, loadBundle } from '../../conformance/contract-schemas.ts';
import type { ErrorDetail } from '../../server/errors.ts';
import { MAX_BODY_BYTES } from '../../server/http/request-body.ts';
import { rawExchange } from '../helpers/raw-http.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const schemas = new ContractSchemas(loadBundle());
const SANDBOX = '/api/partners/sandbox/v1';
const PRODUCTION = '/api/partners/v1';

let srv: TestServer;
let proxied: TestServer;
beforeAll(async () => {
  [srv, proxied] = await Promise.all([startTestServer(), startTestServer([], { TRUST_PROXY: '127.0.0.1' })]);
}, 90_000);
afterAll(async () => {
  await Promise.all([srv?.stop(), proxied?.stop()]);
});

const keys = (s = srv) => s.demoKeys!.sandbox.keys;
const portOf = (s: TestServer) => Number(new URL(s.url).port);

interface ErrorBody {
  error: { code: string; message: string; details?: ErrorDetail[] };
}

/** The error envelope of a refused request, checked against the contract's ErrorResponse. */
function envelope(status: number, text: string): { status: number; code: string; message: string; details: unknown } {
  const body = JSON.parse(text) as ErrorBody;
  expect(schemas.validate('#/components/schemas/ErrorResponse', body)).toEqual([]);
  return { status, code: body.error.code, message: body.error.message, details: body.error.details };
}

const NOT_AN_OBJECT = 'must be one JSON object holding the members of this request, not';
/** The 400 of a body that is no JSON object, `what` saying what came instead. */
const notAnObject = (what: string) => ({
  status: 400,
  code: 'INVALID_PARAMETER',
  message: `Invalid parameter 'body': ${NOT_AN_OBJECT} ${what}`,
  details: [{ parameter: 'body', message: `${NOT_AN_OBJECT} ${what}` }],
});

/** The two writes of the issue: a purchase (any kind) and a webhook endpoint. */
const WRITES = ['/purchases', '/webhooks'] as const;

/** A POST to `path` of the sandbox with the full key, a new Idempotency-Key and the given framing of its body. */
async function rawPost(path: string, framing: string, body = '') {
  const head = [
    `POST ${SANDBOX}${path} HTTP/1.1`,
    'Host: test',
    `Authorization: Bearer ${keys().full}`,
    `Idempotency-Key: ${randomUUID()}`,
    'Content-Type: application/json',
    'Connection: close',
    ...(framing === '' ? [] : [framing]),
  ];
  const r = await rawExchange('127.0.0.1', portOf(srv), `${head.join('\r\n')}\r\n\r\n${body}`);
  return envelope(r.status, r.body);
}

async function postJson(path: string, text: string) {
  const r = await fetch(`${srv.url}${SANDBOX}${path}`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${keys().full}`,
      'Idempotency-Key': randomUUID(),
      'Content-Type': 'application/json',
    },
    body: text,
  });
  return envelope(r.status, await r.text());
}

describe.each(WRITES)('POST %s with a body that is no JSON object says what came instead', (path) => {
  it.each([
    ['no body at all (neither Content-Length nor Transfer-Encoding)', '', '', 'an empty body'],
    ['Content-Length: 0', 'Content-Length: 0', '', 'an empty body'],
    ['an empty chunked body', 'Transfer-Encoding: chunked', '0\r\n\r\n', 'an empty body'],
  ])('%s', async (_what, framing, body, what) => {
    expect(await rawPost(path, framing, body)).toEqual(notAnObject(what));
  });

  it('whitespace only: no JSON text at all', async () => {
    const NOT_JSON = 'is not valid JSON (RFC 8259): send one JSON object holding the members of this request';
    expect(await rawPost(path, 'Content-Length: 4', ' \r\n\t')).toEqual({
      status: 400,
      code: 'INVALID_PARAMETER',
      message: `Invalid parameter 'body': ${NOT_JSON}`,
      details: [{ parameter: 'body', message: NOT_JSON }],
    });
  });

  it.each([
    ['[]', 'a JSON array'],
    ['[{"network":"MTN"}]', 'a JSON array'],
    ['"{}"', 'a JSON string'],
    ['500', 'a JSON number'],
    ['-0.5e3', 'a JSON number'],
    ['true', 'the JSON boolean true'],
    ['false', 'the JSON boolean false'],
    ['null', 'null'],
    [' \n null \n', 'null'],
  ])('%s', async (text, what) => {
    expect(await postJson(path, text)).toEqual(notAnObject(what));
  });
});

/** The kind of a JSON value in words, as a partner reads it (computed here, not by the server's function). */
const kindInWords = (v: unknown) =>
  v === null
    ? 'null'
    : Array.isArray(v)
      ? 'a JSON array'
      : typeof v === 'boolean'
        ? `the JSON boolean ${String(v)}`
        : `a JSON ${typeof v}`;

it('names the kind of any JSON value that is no object, and never says "undefined"', async () => {
  const notObject = fc
    .jsonValue({ maxDepth: 3 })
    .filter(
      (v) => (typeof v !== 'object' || v === null || Array.isArray(v)) && JSON.stringify(v).length < MAX_BODY_BYTES,
    );
  await fc.assert(
    fc.asyncProperty(notObject, fc.constantFrom(...WRITES), async (value, path) => {
      const answer = await postJson(path, JSON.stringify(value));
      expect(answer.message).not.toMatch(/undefined/);
      expect(answer).toEqual(notAnObject(kindInWords(value)));
    }),
    { seed: 20261127, numRuns: 120 },
  );
});

describe('a 400 lists every problem of the query and the body', () => {
  const PAGE = 'must be an integer from 1 to 1000000 written in decimal digits, such as 2';
  const PER_PAGE = 'must be an integer from 1 to 100 written in decimal digits, such as 20';
  const STATUS = 'must be one of pending, successful, failed, reversed, such as successful';
  const TRANSACTIONS_TAKE =
    'is not a parameter of this operation; this operation takes status, category, reference, from, to, page, per_page';

  async function get(target: string) {
    const r = await fetch(`${srv.url}${SANDBOX}${target}`, { headers: { Authorization: `Bearer ${keys().full}` } });
    return envelope(r.status, await r.text());
  }

  it.each([
    [
      'two values out of range',
      '/account/transactions?page=0&per_page=500',
      [
        { parameter: 'page', message: PAGE },
        { parameter: 'per_page', message: PER_PAGE },
      ],
    ],
    [
      'an integer not in decimal digits and a value not in its enum',
      '/account/transactions?page=%2B5&status=done',
      [
        { parameter: 'page', message: PAGE },
        { parameter: 'status', message: STATUS },
      ],
    ],
    [
      'two integers not in decimal digits',
      '/account/transactions?per_page=1e1&page=0x10',
      [
        { parameter: 'page', message: PAGE },
        { parameter: 'per_page', message: PER_PAGE },
      ],
    ],
    [
      'two unknown parameters',
      '/account/transactions?foo=1&bar=2',
      [
        { parameter: 'foo', message: TRANSACTIONS_TAKE },
        { parameter: 'bar', message: TRANSACTIONS_TAKE },
      ],
    ],
    [
      'an unknown parameter and an empty one',
      '/account/transactions?foo=1&status=',
      [
        { parameter: 'foo', message: TRANSACTIONS_TAKE },
        { parameter: 'status', message: STATUS },
      ],
    ],
    [
      'an integer not in decimal digits and an unknown parameter',
      '/account/transactions?foo=1&page=%2B5',
      [
        { parameter: 'page', message: PAGE },
        { parameter: 'foo', message: TRANSACTIONS_TAKE },
      ],
    ],
  ])('%s', async (_what, target, details) => {
    const answer = await get(target);
    expect(answer).toEqual({
      status: 400,
      code: 'INVALID_PARAMETER',
      message: `Invalid parameter '${details[0]!.parameter}': ${details[0]!.message} (and 1 more in error.details)`,
      details,
    });
  });

  it.each([
    [
      'a purchase with two members not of their form',
      '/purchases/airtime',
      { network: 'NEPA', phone_number: '12345', amount: '100.00' },
      ['/network', '/phone_number'],
    ],
    [
      'a webhook endpoint with two members not of their form',
      '/webhooks',
      { url: 5, events: 'all' },
      ['/url', '/events'],
    ],
    [
      'a webhook endpoint with a member missing and one unknown',
      '/webhooks',
      { events: ['*'], colour: 'blue' },
      ['/url', '/colour'],
    ],
  ])('%s', async (_what, path, body, pointers) => {
    const answer = await postJson(path, JSON.stringify(body));
    expect([answer.status, answer.code]).toEqual([400, 'INVALID_PARAMETER']);
    expect((answer.details as ErrorDetail[]).map((d) => d.parameter)).toEqual(pointers);
    expect(answer.message).toMatch(/ \(and 1 more in error\.details\)$/);
  });
});

describe('a path that is an operation’s but for a trailing slash', () => {
  it.each([
    [`${SANDBOX}/account/`, 'GET', `${SANDBOX}/account`],
    [`${SANDBOX}/account/balance/`, 'GET', `${SANDBOX}/account/balance`],
    [`${SANDBOX}/account/transactions/`, 'GET', `${SANDBOX}/account/transactions`],
    [`${SANDBOX}/account/transactions/txn-1/`, 'GET', `${SANDBOX}/account/transactions/txn-1`],
    [`${SANDBOX}/purchases/airtime/`, 'POST', `${SANDBOX}/purchases/airtime`],
    [`${SANDBOX}/purchases/airtime/`, 'GET', `${SANDBOX}/purchases/airtime`], // a route, for another method
    [`${PRODUCTION}/health/`, 'GET', `${PRODUCTION}/health`],
    [`${SANDBOX}/`, 'GET', null], // the base path is no operation
    [`${SANDBOX}/account//`, 'GET', null], // two slashes: without one it is still no route
    [`${SANDBOX}/Account/`, 'GET', null],
    [`${SANDBOX}/nothing/`, 'GET', null],
    [`${SANDBOX}/account`, 'PUT', null], // a known path: 405, not this 404
  ])('%s (%s) suggests %s', async (path, method, suggestion) => {
    const r = await fetch(`${srv.url}${path}`, { method, headers: { Authorization: `Bearer ${keys().full}` } });
    const answer = envelope(r.status, await r.text());
    if (method === 'PUT') return expect([answer.status, answer.code]).toEqual([405, 'METHOD_NOT_ALLOWED']);
    expect(answer).toEqual({
      status: 404,
      code: 'NOT_FOUND',
      message:
        suggestion === null
          ? 'No such resource.'
          : `No such resource; did you mean ${suggestion} (without the trailing slash)?`,
      details: undefined,
    });
  });
});

describe('IP_NOT_ALLOWED names the address the request came from', () => {
  /** The demo key `ip_restricted` (server/demo/keys.ts). */
  async function restricted(s: TestServer, headers: Record<string, string> = {}) {
    const r = await fetch(`${s.demoKeys!.sandbox.base_url}/account`, {
      headers: { Authorization: `Bearer ${keys(s).ip_restricted}`, ...headers },
    });
    return envelope(r.status, await r.text());
  }
  /** Its allow-list (server/demo/keys.test.ts), whole and by network part. */
  const ALLOW_LIST = ['203.0.113.0/24', '203.0.113.', '198.51.100.7', '2001:db8::1'];
  const refused = (address: string) => ({
    status: 403,
    code: 'IP_NOT_ALLOWED',
    message: `Requests with this API key are allowed only from the addresses on its allow-list; this request came from ${address}.`,
    details: undefined,
  });

  it.each([
    ['the TCP peer, without TRUST_PROXY', () => srv, {}, '127.0.0.1'],
    [
      'the TCP peer, X-Forwarded-For ignored without TRUST_PROXY',
      () => srv,
      { 'X-Forwarded-For': '203.0.113.9' },
      '127.0.0.1',
    ],
    [
      'the forwarded address behind a trusted proxy',
      () => proxied,
      { 'X-Forwarded-For': '198.51.100.8' },
      '198.51.100.8',
    ],
    [
      'the right-most untrusted hop behind a trusted proxy',
      () => proxied,
      { 'X-Forwarded-For': '203.0.113.9, 192.0.2.44' },
      '192.0.2.44',
    ],
    ['the proxy itself when it forwards no address', () => proxied, {}, '127.0.0.1'],
  ])('%s', async (_what, server, headers, address) => {
    const answer = await restricted(server(), headers);
    expect(answer).toEqual(refused(address));
    // Only the caller's own address: never an entry of the list.
    for (const entry of ALLOW_LIST) expect(answer.message).not.toContain(entry);
  });
});
