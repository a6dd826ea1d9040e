/** The reference server over HTTP: envelopes, errors, parameters, lookups and environments, as the contract says. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { DOCS_FILE } from '../../server/server.ts';
import { bin, runAsync } from '../helpers/run.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let srv: TestServer;
let prod: string;
let sand: string;
const get = (url: string, key?: string, headers: Record<string, string> = {}) =>
  fetch(url, {
    headers: { Accept: 'application/json', ...(key ? { Authorization: `Bearer ${key}` } : {}), ...headers },
  });
const json = async (r: Response) => (await r.json()) as Record<string, any>;

beforeAll(async () => {
  srv = await startTestServer();
  prod = srv.demoKeys!.production.base_url;
  sand = srv.demoKeys!.sandbox.base_url;
}, 60_000);
afterAll(async () => {
  await srv?.stop();
});

const full = (env: 'production' | 'sandbox') => srv.demoKeys![env].keys.full;

describe('both environments', () => {
  it.each(['production', 'sandbox'] as const)(
    '%s serves its account, balance, transactions and products',
    async (env) => {
      const base = srv.demoKeys![env].base_url;
      const key = full(env);
      for (const path of [
        '/account',
        '/account/balance',
        '/account/transactions',
        '/products',
        '/products/airtimes',
        '/products/dataplans',
        '/products/electricity',
        '/products/cabletv',
      ]) {
        const r = await get(base + path, key);
        expect(r.status, path).toBe(200);
        const body = await json(r);
        expect(body.status).toEqual({ code: 200, message: 'OK' });
      }
      const txs = await json(await get(`${base}/account/transactions?per_page=100`, key));
      expect(txs.pagination.total_count).toBeGreaterThanOrEqual(250);
    },
  );

  it('keeps the environments isolated: an id of one is 404 in the other', async () => {
    const p = await json(await get(`${prod}/account/transactions?per_page=1`, full('production')));
    const id = p.data[0].id as string;
    expect((await get(`${prod}/account/transactions/${id}`, full('production'))).status).toBe(200);
    const r = await get(`${sand}/account/transactions/${id}`, full('sandbox'));
    expect(r.status).toBe(404);
    expect((await json(r)).error.code).toBe('TRANSACTION_NOT_FOUND');
  });

  it('gives product category endpoints with the environment base path', async () => {
    const body = await json(await get(`${sand}/products`, full('sandbox')));
    expect(body.data.map((c: any) => c.attributes.endpoint)).toEqual([
      '/api/partners/sandbox/v1/products/airtimes',
      '/api/partners/sandbox/v1/products/dataplans',
      '/api/partners/sandbox/v1/products/cabletv',
      '/api/partners/sandbox/v1/products/electricity',
    ]);
  });
});

describe('HTTP conventions', () => {
  it('echoes a sane X-Request-Id and replaces an unsafe one', async () => {
    expect(
      (await get(`${sand}/health`, undefined, { 'X-Request-Id': 'abc-123_x.y' })).headers.get('x-request-id'),
    ).toBe('abc-123_x.y');
    const replaced = (await get(`${sand}/health`, undefined, { 'X-Request-Id': 'bad id<script>' })).headers.get(
      'x-request-id',
    );
    expect(replaced).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends no X-Powered-By, and X-Request-Id also on errors', async () => {
    const r = await get(`${sand}/account`);
    expect(r.headers.get('x-powered-by')).toBeNull();
    expect(r.headers.get('x-request-id')).toBeTruthy();
  });

  it.each([
    ['outside the API', '/nope'],
    ['inside a base path', '/api/partners/v1/nope'],
    // One base path per environment: production is /api/partners/v1 only, never /api/partners/production/v1.
    ['at a base path no environment has', '/api/partners/production/v1/health'],
    ['under a resource', '/api/partners/sandbox/v1/account/transactions/a/b'],
  ])('answers an unknown path %s with a JSON 404 NOT_FOUND', async (_n, path) => {
    const r = await get(srv.url + path, full('sandbox'));
    expect(r.status).toBe(404);
    expect((await json(r)).error.code).toBe('NOT_FOUND');
  });

  it.each(['POST', 'DELETE', 'PUT', 'OPTIONS'])(
    'answers %s on a known path with 405 and Allow: GET, HEAD',
    async (method) => {
      const r = await fetch(`${sand}/account/balance`, {
        method,
        headers: { Authorization: `Bearer ${full('sandbox')}` },
      });
      expect(r.status).toBe(405);
      expect(r.headers.get('allow')).toBe('GET, HEAD');
      expect((await json(r)).error.code).toBe('METHOD_NOT_ALLOWED');
    },
  );

  it('serves the rendered docs at /docs without a key', async () => {
    if (!existsSync(DOCS_FILE))
      expect(
        (
          await runAsync(bin('redocly'), [
            'build-docs',
            'generated/openapi.json',
            '--output',
            DOCS_FILE,
            '--inlineBundle',
          ])
        ).code,
      ).toBe(0);
    const r = await fetch(`${srv.url}/docs`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await r.text()).toContain('Bill-Payment Partner API');
    // A budget for the work: the docs build (`tsx scripts/docs.ts`), a spawned process.
  }, 120_000);

  it('serves the bundled contract at /openapi.json without a key', async () => {
    const r = await get(`${srv.url}/openapi.json`);
    expect(r.status).toBe(200);
    expect((await json(r)).openapi).toBe('3.1.0');
  });
});

describe('parameters', () => {
  it.each([
    ['per_page=101', 'per_page'],
    ['per_page=0', 'per_page'],
    ['page=0', 'page'],
    ['page=abc', 'page'],
    ['per_page=1.5', 'per_page'],
    ['status=done', 'status'],
    ['category=food', 'category'],
    ['reference=123', 'reference'],
    ['from=yesterday', 'from'],
    ['to=2026-13-01T00:00:00Z', 'to'],
    ['unknown_param=1', 'unknown_param'],
    ['page=1&page=2', 'page'],
    ['from=2026-11-20T00:00:00Z&to=2026-11-01T00:00:00Z', 'from'],
    ['per_page=%2B5', 'per_page'],
    ['per_page=%205', 'per_page'],
    ['per_page=1e1', 'per_page'],
    ['page=0x10', 'page'],
    ['=1', ''],
  ])('rejects %s with 400 INVALID_PARAMETER naming %s', async (qs, param) => {
    const r = await get(`${sand}/account/transactions?${qs}`, full('sandbox'));
    const body = await json(r);
    expect(r.status).toBe(400);
    expect(body.status).toEqual({ code: 400, message: 'Bad Request' });
    expect(body.error.code).toBe('INVALID_PARAMETER');
    expect(body.error.details.map((d: any) => d.parameter)).toContain(param);
  });

  it.each([
    ['/products/airtimes?network=etisalat', 'network'],
    ['/products/dataplans?bundle_type=yearly', 'bundle_type'],
    ['/products/electricity?distributor=NEPA', 'distributor'],
    ['/products/cabletv?provider=netflix', 'provider'],
    ['/health?verbose=1', 'verbose'],
    ['/products?page=1', 'page'],
  ])('rejects %s naming %s', async (path, param) => {
    const r = await get(sand + path, full('sandbox'));
    expect(r.status).toBe(400);
    expect((await json(r)).error.details.map((d: any) => d.parameter)).toContain(param);
  });

  it('applies defaults page 1 and per_page 20, and accepts per_page 100', async () => {
    const d = await json(await get(`${sand}/account/transactions`, full('sandbox')));
    expect([d.pagination.page, d.pagination.per_page, d.data.length]).toEqual([1, 20, 20]);
    const h = await json(await get(`${sand}/account/transactions?per_page=100`, full('sandbox')));
    expect(h.data).toHaveLength(100);
  });

  it('answers a page past the end with [] and the true totals', async () => {
    const first = await json(await get(`${sand}/account/transactions`, full('sandbox')));
    const past = await json(await get(`${sand}/account/transactions?page=999`, full('sandbox')));
    expect(past.data).toEqual([]);
    expect(past.pagination).toEqual({ ...first.pagination, page: 999 });
  });

  it('matches networks case-insensitively and answers upper case', async () => {
    const body = await json(
      await get(`${sand}/products/dataplans?network=9mobile&bundle_type=weekly`, full('sandbox')),
    );
    expect(body.data.length).toBeGreaterThan(0);
    for (const p of body.data)
      expect([p.attributes.network, p.attributes.bundle_type, p.attributes.validity_days]).toEqual([
        '9MOBILE',
        'weekly',
        7,
      ]);
  });
});

describe('transactions', () => {
  it('filters by status, category and time window, newest first', async () => {
    const all = await json(await get(`${sand}/account/transactions?per_page=100`, full('sandbox')));
    const mid = all.data[50].attributes.created_at as string;
    const r = await json(
      await get(
        `${sand}/account/transactions?status=successful&category=purchase&to=${encodeURIComponent(mid)}&per_page=100`,
        full('sandbox'),
      ),
    );
    expect(r.data.length).toBeGreaterThan(0);
    for (const t of r.data) {
      expect([t.attributes.status, t.attributes.category]).toEqual(['successful', 'purchase']);
      expect(Date.parse(t.attributes.created_at)).toBeLessThanOrEqual(Date.parse(mid));
    }
    const times = r.data.map((t: any) => Date.parse(t.attributes.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('returns the same transaction by id, txn_ id and external reference', async () => {
    const list = await json(await get(`${sand}/account/transactions?per_page=100`, full('sandbox')));
    const tx = list.data.find((t: any) => t.attributes.external_reference);
    const forms = [tx.id, `txn_${tx.id}`, tx.attributes.external_reference];
    for (const id of forms) {
      const r = await get(`${sand}/account/transactions/${id}`, full('sandbox'));
      expect(r.status, id).toBe(200);
      expect((await json(r)).data).toEqual(tx);
    }
    const byRef = await json(
      await get(`${sand}/account/transactions?reference=${tx.attributes.external_reference}`, full('sandbox')),
    );
    expect(byRef.data).toEqual([tx]);
  });

  it.each([
    ['an unknown UUID', '00000000-0000-4000-8000-000000000000'],
    ['an unknown txn_ id', 'txn_00000000-0000-4000-8000-000000000000'],
    ['an unknown external reference', '0000000000ZZZZZZ'],
    ['a junk id', 'not-a-transaction'],
    ['an SQL-looking id', "1'%20OR%20'1'='1"],
    ['a malformed percent-encoding', '%E0%A4%A'],
    ['a lone surrogate', '%ED%A0%80'],
  ])('answers %s with 404 TRANSACTION_NOT_FOUND', async (_n, id) => {
    const r = await get(`${sand}/account/transactions/${id}`, full('sandbox'));
    expect(r.status).toBe(404);
    expect((await json(r)).error.code).toBe('TRANSACTION_NOT_FOUND');
  });

  it('keeps money as two-decimal strings', async () => {
    const t = (await json(await get(`${sand}/account/transactions?per_page=5`, full('sandbox')))).data[0].attributes;
    for (const v of [t.amount, t.price.product_amount, t.price.fee_amount, t.price.total_debit])
      expect(v).toMatch(/^\d+\.\d{2}$/);
    const b = (await json(await get(`${sand}/account/balance`, full('sandbox')))).data;
    expect(b.balance).toMatch(/^\d+\.\d{2}$/);
  });
});

describe('README', () => {
  it('every example request of the README works with the demo keys', async () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const section = readme.slice(readme.indexOf('## The reference server'), readme.indexOf('### Configuration'));
    const curls = [...section.matchAll(/^curl -s (-H "Authorization: Bearer \$KEY" )?"?(\$B[^"\s]*)"?$/gm)];
    expect(curls.length).toBeGreaterThanOrEqual(9);
    for (const [line, auth, path] of curls) {
      const url = path!.replace('$B', sand);
      const r = await get(url, auth ? full('sandbox') : undefined);
      expect(r.status, line).toBe(200);
    }
  });
});
