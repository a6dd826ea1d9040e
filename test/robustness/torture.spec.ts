/**
 * Query and header torture over a bare socket: repeated parameters, huge numbers, 1,500 parameters, %00, lone
 * surrogates, 8 KB values, array syntax, prototype-pollution names, two Authorization headers, a key in the query
 * string, malformed percent-encoding in the path, oversized header blocks. Each gets the documented 4xx in the
 * envelope (never a 500), and nothing leaks into Object.prototype of the server process.
 */
import { describe, expect, it } from 'vitest';
import { ContractSchemas, loadBundle } from '../../conformance/contract-schemas.ts';
import { rawGet, type RawResponse } from '../helpers/raw-http.ts';
import { startTestServer } from '../helpers/server.ts';
import { recordFigures } from './support/figures.ts';

const schemas = new ContractSchemas(loadBundle());
const B = '/api/partners/sandbox/v1';
const T = `${B}/account/transactions`;
const many = (n: number, f: (i: number) => string) => Array.from({ length: n }, (_, i) => f(i)).join('&');

type Case = [name: string, target: string, headers: 'key' | 'none' | string[], status: number, code: string];
const CASES = (key: string): Case[] => [
  ['a repeated parameter', `${T}?page=1&page=2`, 'key', 400, 'INVALID_PARAMETER'],
  ['a repeated filter', `${T}?status=pending&status=failed`, 'key', 400, 'INVALID_PARAMETER'],
  ['a huge page number', `${T}?page=99999999999999999999999999`, 'key', 400, 'INVALID_PARAMETER'],
  ['a page past the contract maximum', `${T}?page=1000001`, 'key', 400, 'INVALID_PARAMETER'],
  ['an exponent', `${T}?per_page=1e400`, 'key', 400, 'INVALID_PARAMETER'],
  ['a negative zero', `${T}?page=-0`, 'key', 400, 'INVALID_PARAMETER'],
  ['1,500 parameters', `${T}?${many(1500, (i) => `p${i}=1`)}`, 'key', 400, 'INVALID_PARAMETER'],
  ['1,500 short parameters', `${T}?${many(1500, () => 'a')}`, 'key', 400, 'INVALID_PARAMETER'],
  ['%00 in a value', `${T}?status=%00`, 'key', 400, 'INVALID_PARAMETER'],
  ['%00 in a name', `${T}?%00=1`, 'key', 400, 'INVALID_PARAMETER'],
  ['a lone surrogate in a value', `${T}?reference=%ED%A0%80`, 'key', 400, 'INVALID_PARAMETER'],
  ['a lone surrogate in a date', `${T}?from=2026-01-01T00:00:00%ED%A0%80Z`, 'key', 400, 'INVALID_PARAMETER'],
  ['a lone surrogate as the id', `${T}/%ED%A0%80`, 'key', 404, 'TRANSACTION_NOT_FOUND'],
  ['an 8 KB value', `${T}?reference=${'1'.repeat(8192)}`, 'key', 400, 'INVALID_PARAMETER'],
  ['an 8 KB id', `${T}/${'a'.repeat(8192)}`, 'key', 400, 'INVALID_PARAMETER'],
  ['array syntax', `${T}?a[]=1`, 'key', 400, 'INVALID_PARAMETER'],
  ['array syntax on a known name', `${T}?status[]=pending`, 'key', 400, 'INVALID_PARAMETER'],
  ['an indexed array', `${T}?page[0]=1`, 'key', 400, 'INVALID_PARAMETER'],
  ['__proto__', `${T}?__proto__=1`, 'key', 400, 'INVALID_PARAMETER'],
  ['__proto__[polluted]', `${T}?__proto__[polluted]=yes`, 'key', 400, 'INVALID_PARAMETER'],
  ['constructor[prototype]', `${T}?constructor[prototype][polluted]=yes`, 'key', 400, 'INVALID_PARAMETER'],
  ['encoded __proto__', `${T}?%5F%5Fproto%5F%5F%5Bpolluted%5D=yes`, 'key', 400, 'INVALID_PARAMETER'],
  ['toString', `${T}?toString=1`, 'key', 400, 'INVALID_PARAMETER'],
  [
    'two Authorization headers',
    `${B}/account`,
    [`Authorization: Bearer ${key}`, `Authorization: Bearer ${key}`],
    401,
    'INVALID_CREDENTIALS',
  ],
  ['a key in the query string only', `${B}/account?api_key=${key}`, 'none', 401, 'AUTHENTICATION_REQUIRED'],
  ['a key in the query string as a name', `${B}/account?${key}=1`, 'none', 401, 'AUTHENTICATION_REQUIRED'],
  [
    'a key in the query string besides a valid header',
    `${B}/account?access_token=${key}`,
    'key',
    400,
    'INVALID_PARAMETER',
  ],
  ['malformed percent-encoding in the id', `${T}/%E0%A4%A`, 'key', 404, 'TRANSACTION_NOT_FOUND'],
  ['a lone % in the id', `${T}/%`, 'key', 404, 'TRANSACTION_NOT_FOUND'],
  ['malformed percent-encoding in another path', `${B}/products/%E0%A4%A`, 'key', 404, 'NOT_FOUND'],
  ['malformed percent-encoding in a value', `${T}?status=%E0%A4%A`, 'key', 400, 'INVALID_PARAMETER'],
  ['an overlong UTF-8 slash in the id', `${T}/%C0%AF`, 'key', 404, 'TRANSACTION_NOT_FOUND'],
  ['an encoded slash in the id', `${T}/a%2Fb`, 'key', 404, 'TRANSACTION_NOT_FOUND'],
  [
    'a header block over 16 KiB',
    `${B}/account`,
    [`Authorization: Bearer ${key}`, `X-Junk: ${'j'.repeat(17 * 1024)}`],
    400,
    'INVALID_PARAMETER',
  ],
  [
    'a 10 KB junk key',
    `${B}/account`,
    [`Authorization: Bearer sk_test_${'A'.repeat(10 * 1024)}`],
    401,
    'INVALID_CREDENTIALS',
  ],
  [
    'a unicode key',
    `${B}/account`,
    [`Authorization: Bearer ${Buffer.from('sk_test_é€😀𝄞', 'utf8').toString('latin1')}`],
    401,
    'INVALID_CREDENTIALS',
  ],
  ['a key with a NUL byte', `${B}/account`, [`Authorization: Bearer ${key}\0`], 400, 'INVALID_PARAMETER'],
  [
    'a bearer token with two parts',
    `${B}/account`,
    [`Authorization: Bearer ${key} ${key}`],
    401,
    'INVALID_CREDENTIALS',
  ],
  [
    'X-Forwarded-For junk',
    `${B}/account`,
    [`Authorization: Bearer ${key}`, `X-Forwarded-For: ${'1.2.3.4, '.repeat(1000)}`],
    200,
    'OK',
  ],
];

function envelopeProblems(r: RawResponse): string[] {
  const out: string[] = [];
  if (!/^application\/json/.test(r.headers['content-type'] ?? ''))
    out.push(`content-type '${r.headers['content-type']}'`);
  if (!/^[A-Za-z0-9._-]{1,128}$/.test(r.headers['x-request-id'] ?? '')) out.push('no X-Request-Id');
  let body: { status?: { code?: number } };
  try {
    body = JSON.parse(r.body);
  } catch {
    return [...out, `not JSON: ${r.body.slice(0, 80)}`];
  }
  const pointer = r.status < 400 ? null : '#/components/schemas/ErrorResponse';
  if (pointer) out.push(...schemas.validate(pointer, body).map((p) => `${p.path} ${p.message}`));
  if (body.status?.code !== r.status) out.push('status.code differs');
  return out;
}

describe('query and header torture', () => {
  it('answers every tortured request with its documented 4xx envelope, never a 500', async () => {
    const srv = await startTestServer();
    const port = Number(new URL(srv.url).port);
    const key = srv.demoKeys!.sandbox.keys.full;
    const problems: string[] = [];
    let fivexx = 0;
    let nonEnvelope = 0;
    const cases = CASES(key);
    try {
      for (const [name, target, h, status, code] of cases) {
        const headers = h === 'key' ? [`Authorization: Bearer ${key}`] : h === 'none' ? [] : h;
        const r = await rawGet('127.0.0.1', port, target, headers);
        if (r.status >= 500) fivexx++;
        const env = envelopeProblems(r);
        if (env.length) nonEnvelope++;
        const got = r.status < 400 ? 'OK' : (JSON.parse(r.body || '{}') as { error?: { code?: string } }).error?.code;
        if (r.status !== status || got !== code || env.length)
          problems.push(`${name}: ${r.status} ${got} ${env.join('; ')} (want ${status} ${code})`);
        if (r.body.includes(key.slice(8))) problems.push(`${name}: the key is echoed`);
      }
      // The server is still healthy, and no parameter name reached Object.prototype of its process.
      expect((await fetch(`${srv.url}${B}/health`)).status).toBe(200);
      if (({} as Record<string, unknown>).polluted !== undefined) problems.push('Object.prototype was polluted');
    } finally {
      await srv.stop();
      recordFigures({
        check: 'query-header-torture',
        passed: problems.length === 0,
        figures: { requests: cases.length, '5xx': fivexx, non_envelope: nonEnvelope, failures: problems.length },
      });
    }
    expect(problems).toEqual([]);
  });
});
