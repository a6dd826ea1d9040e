import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type ErrorRequestHandler, type Request } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RouteTable, type AnyRoute } from '../contract/route-table.ts';
import { BASE_PATH, type Environment } from '../domain.ts';
import { ApiError } from '../errors.ts';
import { createAuthorizer } from './authorize.ts';
import { parseTrustProxy, type TrustedProxies } from './client-ip.ts';
import {
  fakeKeyStore,
  keyRow,
  NOW,
  PRODUCTION_KEY,
  SANDBOX_KEY,
  type FakeKeyStore,
} from '../../test/helpers/auth-fakes.ts';

const table = new RouteTable();
const routeOf = (path: string, environment: Environment = 'sandbox'): AnyRoute => {
  const m = table.match(`${BASE_PATH[environment]}${path}`, 'GET');
  if (m.kind !== 'operation') throw new Error(`no operation at ${path}`);
  return m.route;
};

/** A real Express app: the authorizer on the contract's routes, answering with the principal, and an error echo. */
function appWith(
  store: Pick<FakeKeyStore, 'findKeyByHash'>,
  trustProxy: TrustedProxies,
  environment: Environment = 'sandbox',
) {
  const app = express();
  const authorize = createAuthorizer({ store, trustProxy, now: () => NOW });
  app.use((req, res, next) => {
    authorize(req, routeOf(req.path, environment)).then((a) => {
      res.json({ principal: a.principal });
    }, next);
  });
  const echo: ErrorRequestHandler = (err, _req, res, _next) => {
    const e = err as Partial<ApiError>;
    res
      .status(e.status ?? 500)
      .set(e.headers ?? {})
      .json({ code: e.code ?? 'UNEXPECTED', message: e.message });
  };
  app.use(echo);
  return app;
}

async function listen(app: express.Express, host: string): Promise<{ server: Server; base: string }> {
  return new Promise((resolve, reject) => {
    const server = app.listen(0, host, (err?: Error) => {
      if (err) return reject(err);
      const { port } = server.address() as AddressInfo;
      resolve({ server, base: `http://${host.includes(':') ? `[${host}]` : host}:${port}` });
    });
  });
}

const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

interface Answer {
  status: number;
  code: string;
  wwwAuthenticate: string | null;
  body: { code?: string; message?: string; principal?: unknown };
}

async function get(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  const r = await fetch(url, { headers });
  const body = (await r.json()) as Answer['body'];
  return { status: r.status, code: body.code ?? 'OK', wwwAuthenticate: r.headers.get('www-authenticate'), body };
}

/** fetch folds repeated headers into one; node:http sends an array as separate header lines. */
function getWithHeaderLines(url: string, name: string, values: string[]): Promise<{ status: number; code: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => {
        text += c;
      });
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, code: (JSON.parse(text) as { code?: string }).code ?? 'OK' }),
      );
    });
    req.setHeader(name, values);
    req.on('error', reject);
    req.end();
  });
}

const REALM = 'Bearer realm="partner-api"';
const INVALID_TOKEN = `${REALM}, error="invalid_token"`;
const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });

describe('authorize over HTTP (127.0.0.1, no TRUST_PROXY)', () => {
  const store = fakeKeyStore(
    keyRow(SANDBOX_KEY),
    keyRow(PRODUCTION_KEY),
    keyRow('sk_test_' + 'Restrict0123456789abcdefghijklmnopqrstuv', {
      id: 'key_restricted',
      ip_allowlist: ['203.0.113.0/24'],
    }),
    keyRow('sk_test_' + 'Loopback0123456789abcdefghijklmnopqrstuv', {
      id: 'key_loopback',
      ip_allowlist: ['127.0.0.1'],
    }),
    keyRow('sk_test_' + 'Revoked00123456789abcdefghijklmnopqrstuv', {
      id: 'key_revoked',
      status: 'revoked',
      ip_allowlist: ['203.0.113.0/24'],
    }),
  );
  let server: Server;
  let base: string;
  beforeAll(async () => {
    ({ server, base } = await listen(appWith(store, parseTrustProxy(undefined)), '127.0.0.1'));
  });
  afterAll(async () => {
    await close(server);
  });

  it.each([
    [
      'no Authorization header',
      { path: '/account/balance', headers: {}, want: [401, 'AUTHENTICATION_REQUIRED', REALM] },
    ],
    [
      'an empty Authorization header',
      { path: '/account/balance', headers: { Authorization: '' }, want: [401, 'AUTHENTICATION_REQUIRED', REALM] },
    ],
    [
      'the Basic scheme',
      {
        path: '/account/balance',
        headers: { Authorization: 'Basic dXNlcjpwYXNz' },
        want: [401, 'AUTHENTICATION_REQUIRED', REALM],
      },
    ],
    [
      'Bearer with an empty token',
      {
        path: '/account/balance',
        headers: { Authorization: 'Bearer ' },
        want: [401, 'AUTHENTICATION_REQUIRED', REALM],
      },
    ],
    [
      'a key in the query string only',
      { path: `/account/balance?api_key=${SANDBOX_KEY}`, headers: {}, want: [401, 'AUTHENTICATION_REQUIRED', REALM] },
    ],
    [
      'a malformed key',
      { path: '/account/balance', headers: bearer('sk_test_short'), want: [401, 'INVALID_CREDENTIALS', INVALID_TOKEN] },
    ],
    [
      'a production key on sandbox',
      { path: '/account/balance', headers: bearer(PRODUCTION_KEY), want: [403, 'ENVIRONMENT_MISMATCH', null] },
    ],
    [
      'a key lacking the scope',
      {
        path: '/products',
        headers: bearer(SANDBOX_KEY),
        want: [403, 'INSUFFICIENT_SCOPE', 'Bearer error="insufficient_scope", scope="view_products"'],
      },
    ],
    [
      'a revoked key from a non-allowed IP',
      {
        path: '/account/balance',
        headers: bearer('sk_test_Revoked00123456789abcdefghijklmnopqrstuv'),
        want: [401, 'TOKEN_REVOKED', INVALID_TOKEN],
      },
    ],
    [
      'a spoofed X-Forwarded-For (ignored: the peer is 127.0.0.1)',
      {
        path: '/account/balance',
        headers: { ...bearer('sk_test_Restrict0123456789abcdefghijklmnopqrstuv'), 'X-Forwarded-For': '203.0.113.9' },
        want: [403, 'IP_NOT_ALLOWED', null],
      },
    ],
    [
      'a loopback allow-list despite a foreign X-Forwarded-For',
      {
        path: '/account/balance',
        headers: { ...bearer('sk_test_Loopback0123456789abcdefghijklmnopqrstuv'), 'X-Forwarded-For': '198.51.100.99' },
        want: [200, 'OK', null],
      },
    ],
    [
      'a valid key, lower-case scheme',
      { path: '/account/balance', headers: { Authorization: `bearer ${SANDBOX_KEY}` }, want: [200, 'OK', null] },
    ],
    [
      '/health with a junk key (public: ignored)',
      { path: '/health', headers: { Authorization: 'Bearer junk' }, want: [200, 'OK', null] },
    ],
  ] as [string, { path: string; headers: Record<string, string>; want: [number, string, string | null] }][])(
    'answers %s',
    async (_name, { path, headers, want }) => {
      const a = await get(`${base}${path}`, headers);
      expect([a.status, a.code, a.wwwAuthenticate]).toEqual(want);
      if (a.body.message) expect(a.body.message).not.toMatch(/sk_(test|live)_/);
    },
  );

  it('yields the principal for the handler', async () => {
    const a = await get(`${base}/account/balance`, bearer(SANDBOX_KEY));
    expect(a.body.principal).toEqual({
      key_id: 'key_sandbox',
      account_id: 'acc_sandbox',
      environment: 'sandbox',
      scopes: ['read_balance', 'read_transactions'],
    });
  });

  it('rejects two Authorization header lines with INVALID_CREDENTIALS, even with the same valid key', async () => {
    const a = await getWithHeaderLines(`${base}/account/balance`, 'Authorization', [
      `Bearer ${SANDBOX_KEY}`,
      `Bearer ${SANDBOX_KEY}`,
    ]);
    expect(a).toEqual({ status: 401, code: 'INVALID_CREDENTIALS' });
  });

  it('does not look up keys on public operations', async () => {
    const before = store.lookups.length;
    await get(`${base}/health`, bearer(SANDBOX_KEY));
    expect(store.lookups.length).toBe(before);
  });
});

describe('authorize over HTTP with TRUST_PROXY=127.0.0.1', () => {
  const restricted = 'sk_test_Restrict0123456789abcdefghijklmnopqrstuv';
  const store = fakeKeyStore(keyRow(restricted, { id: 'key_restricted', ip_allowlist: ['203.0.113.0/24'] }));
  let server: Server;
  let base: string;
  beforeAll(async () => {
    ({ server, base } = await listen(appWith(store, parseTrustProxy('127.0.0.1')), '127.0.0.1'));
  });
  afterAll(async () => {
    await close(server);
  });

  it.each([
    ['honours the forwarded client address', { xff: '203.0.113.9', want: [200, 'OK'] }],
    [
      'uses the right-most untrusted hop, not a client-supplied one',
      { xff: '203.0.113.9, 198.51.100.7', want: [403, 'IP_NOT_ALLOWED'] },
    ],
    ['ignores client-supplied hops left of the real one', { xff: '198.51.100.7, 203.0.113.9', want: [200, 'OK'] }],
    ['falls back to the proxy on a malformed hop', { xff: 'unknown', want: [403, 'IP_NOT_ALLOWED'] }],
  ] as [string, { xff: string; want: [number, string] }][])('%s', async (_name, { xff, want }) => {
    const a = await get(`${base}/account/balance`, { ...bearer(restricted), 'X-Forwarded-For': xff });
    expect([a.status, a.code]).toEqual(want);
  });
});

describe('authorize over HTTP on ::1', () => {
  const v6 = 'sk_test_' + 'IPvSixx0123456789abcdefghijklmnopqrstuvw';
  const v4 = 'sk_test_' + 'IPvFour0123456789abcdefghijklmnopqrstuvw';
  const store = fakeKeyStore(
    keyRow(v6, { id: 'key_v6', ip_allowlist: ['0:0:0:0:0:0:0:1'] }),
    keyRow(v4, { id: 'key_v4', ip_allowlist: ['127.0.0.1'] }),
  );
  let server: Server | undefined;
  let base = '';
  beforeAll(async () => {
    try {
      ({ server, base } = await listen(appWith(store, parseTrustProxy(undefined)), '::1'));
    } catch {
      server = undefined; // no IPv6 loopback on this machine
    }
  });
  afterAll(async () => {
    if (server) await close(server);
  });

  it('allows a key listing ::1 (in a non-normalised form) and refuses one listing only 127.0.0.1', async (ctx) => {
    if (!server) return ctx.skip();
    expect((await get(`${base}/account/balance`, bearer(v6))).status).toBe(200);
    const a = await get(`${base}/account/balance`, { ...bearer(v4), 'X-Forwarded-For': '127.0.0.1' });
    expect([a.status, a.code]).toEqual([403, 'IP_NOT_ALLOWED']);
  });
});

describe('authorize as a function', () => {
  const fakeReq = (authorization?: string) =>
    ({
      headersDistinct: authorization === undefined ? {} : { authorization: [authorization] },
      headers: {},
      socket: { remoteAddress: '127.0.0.1' },
    }) as unknown as Request;

  it('rejects with a store failure unchanged', async () => {
    const down = new Error('store down');
    const authorize = createAuthorizer({
      trustProxy: parseTrustProxy(undefined),
      store: {
        findKeyByHash: async () => {
          throw down;
        },
      },
    });
    await expect(authorize(fakeReq(`Bearer ${SANDBOX_KEY}`), routeOf('/account/balance'))).rejects.toBe(down);
  });

  it('uses the injected clock', async () => {
    const store = fakeKeyStore(keyRow(SANDBOX_KEY, { expires_at: new Date('2030-01-01T00:00:00Z') }));
    const authorize = createAuthorizer({
      trustProxy: parseTrustProxy(undefined),
      store,
      now: () => new Date('2030-01-01T00:00:00Z'),
    });
    await expect(authorize(fakeReq(`Bearer ${SANDBOX_KEY}`), routeOf('/account/balance'))).rejects.toMatchObject({
      code: 'TOKEN_EXPIRED',
    });
  });

  it('tells the id of the key found before a later check fails (rate limiting counts it)', async () => {
    const store = fakeKeyStore(keyRow(SANDBOX_KEY));
    const found: string[] = [];
    const authorize = createAuthorizer({ trustProxy: parseTrustProxy(undefined), store, now: () => NOW });
    await expect(
      authorize(fakeReq(`Bearer ${SANDBOX_KEY}`), routeOf('/products'), (id) => found.push(id)),
    ).rejects.toMatchObject({ code: 'INSUFFICIENT_SCOPE' });
    expect(found).toEqual(['key_sandbox']);
  });

  it.each([
    ['no header', undefined],
    ['a valid key', `Bearer ${SANDBOX_KEY}`],
    ['a key of the other environment', `Bearer ${PRODUCTION_KEY}`],
    ['a malformed key', 'Bearer sk_test_short'],
    ['junk', 'Bearer junk'],
  ] as [string, string | undefined][])(
    'passes a public operation with %s as it is: no principal, no lookup',
    async (_name, authorization) => {
      const store = fakeKeyStore(keyRow(SANDBOX_KEY));
      const authorize = createAuthorizer({ trustProxy: parseTrustProxy(undefined), store });
      await expect(authorize(fakeReq(authorization), routeOf('/health'))).resolves.toEqual({
        operationId: 'getHealth',
        principal: null,
      });
      expect(store.lookups).toEqual([]);
    },
  );
});
