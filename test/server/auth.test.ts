/** Authentication over HTTP with the demo keys: every code of the decisions, on both environments, and key moves at once. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey, moveKey, regenerateKey } from '../../server/console/commands.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
}, 60_000);
afterAll(async () => {
  await srv?.stop();
});

const call = (url: string, authorization?: string, headers: Record<string, string> = {}) =>
  fetch(url, { headers: { ...(authorization === undefined ? {} : { Authorization: authorization }), ...headers } });
const codeOf = async (r: Response) => ((await r.json()) as { error?: { code: string } }).error?.code ?? 'OK';

describe.each(['production', 'sandbox'] as const)('the %s environment', (env) => {
  const other = env === 'production' ? 'sandbox' : 'production';
  const keys = () => srv.demoKeys![env].keys;
  const url = () => `${srv.demoKeys![env].base_url}/account/transactions`;
  const prefix = env === 'production' ? 'sk_live_' : 'sk_test_';

  it.each([
    ['no Authorization header', 401, 'AUTHENTICATION_REQUIRED', () => undefined, /^Bearer realm="partner-api"$/],
    ['an empty header', 401, 'AUTHENTICATION_REQUIRED', () => '', /^Bearer realm/],
    ['the Basic scheme', 401, 'AUTHENTICATION_REQUIRED', () => 'Basic dXNlcjpwYXNz', /^Bearer realm/],
    ['a malformed key', 401, 'INVALID_CREDENTIALS', () => `Bearer ${prefix}short`, /error="invalid_token"/],
    ['an unknown key', 401, 'INVALID_CREDENTIALS', () => `Bearer ${prefix}${'A'.repeat(40)}`, /error="invalid_token"/],
    [
      "the other environment's key",
      403,
      'ENVIRONMENT_MISMATCH',
      () => `Bearer ${srv.demoKeys![other].keys.full}`,
      null,
    ],
    ['a revoked key', 401, 'TOKEN_REVOKED', () => `Bearer ${keys().revoked}`, /error="invalid_token"/],
    ['an expired key', 401, 'TOKEN_EXPIRED', () => `Bearer ${keys().expired}`, /error="invalid_token"/],
    ['a disabled key', 401, 'TOKEN_DISABLED', () => `Bearer ${keys().disabled}`, /error="invalid_token"/],
    [
      'the old secret of a regenerated key',
      401,
      'INVALID_CREDENTIALS',
      () => `Bearer ${keys().regenerated_old}`,
      /error="invalid_token"/,
    ],
    [
      'a key without the scope',
      403,
      'INSUFFICIENT_SCOPE',
      () => `Bearer ${keys().products_only}`,
      /^Bearer error="insufficient_scope", scope="read_transactions"$/,
    ],
    ['a key whose allow-list excludes loopback', 403, 'IP_NOT_ALLOWED', () => `Bearer ${keys().ip_restricted}`, null],
    ['a key allowing loopback', 200, 'OK', () => `Bearer ${keys().ip_loopback}`, null],
    ['the full key, lower-case scheme', 200, 'OK', () => `bearer ${keys().full}`, null],
  ])('answers %s with %s %s', async (_n, status, code, auth, wwwAuth) => {
    const r = await call(url(), auth());
    expect([r.status, await codeOf(r)]).toEqual([status, code]);
    const header = r.headers.get('www-authenticate');
    if (wwwAuth) expect(header).toMatch(wwwAuth);
    else expect(header).toBeNull();
  });

  it('names the missing scope in the message', async () => {
    const r = await call(`${srv.demoKeys![env].base_url}/account`, `Bearer ${keys().products_only}`);
    expect(((await r.json()) as any).error.message).toContain('read_balance');
  });

  it('keeps /health public and ignores any key sent to it', async () => {
    for (const auth of [undefined, 'Bearer junk', `Bearer ${keys().revoked}`])
      expect((await call(`${srv.demoKeys![env].base_url}/health`, auth)).status).toBe(200);
  });

  it('ignores a key in the query string', async () => {
    const r = await call(`${url()}?api_key=${keys().full}`);
    expect([r.status, await codeOf(r)]).toEqual([401, 'AUTHENTICATION_REQUIRED']);
  });

  it('does not let X-Forwarded-For bypass an allow-list without TRUST_PROXY', async () => {
    const r = await call(url(), `Bearer ${keys().ip_restricted}`, { 'X-Forwarded-For': '203.0.113.9' });
    expect([r.status, await codeOf(r)]).toEqual([403, 'IP_NOT_ALLOWED']);
    const l = await call(url(), `Bearer ${keys().ip_loopback}`, { 'X-Forwarded-For': '198.51.100.99' });
    expect(l.status).toBe(200);
  });
});

describe('key moves act on the very next request', () => {
  it('revoke, disable, enable and regenerate through the console', async () => {
    const base = srv.demoKeys!.sandbox.base_url;
    const account = (await srv.store.listAccounts('sandbox'))[0]!;
    const { key, secret } = await createKey(srv.store, {
      account_id: account.id,
      name: 'moves',
      scopes: 'read_balance',
    });
    const status = async (s: string) => {
      const r = await call(`${base}/account`, `Bearer ${s}`);
      return `${r.status} ${await codeOf(r)}`;
    };
    expect(await status(secret)).toBe('200 OK');
    await moveKey(srv.store, key.id, 'disable');
    expect(await status(secret)).toBe('401 TOKEN_DISABLED');
    await moveKey(srv.store, key.id, 'enable');
    expect(await status(secret)).toBe('200 OK');
    const fresh = await regenerateKey(srv.store, key.id);
    expect(await status(secret)).toBe('401 INVALID_CREDENTIALS');
    expect(await status(fresh.secret)).toBe('200 OK');
    await moveKey(srv.store, key.id, 'revoke');
    expect(await status(fresh.secret)).toBe('401 TOKEN_REVOKED');
  });
});

describe('behind a trusted proxy (TRUST_PROXY=127.0.0.1)', () => {
  let proxied: TestServer;
  beforeAll(async () => {
    proxied = await startTestServer([], { TRUST_PROXY: '127.0.0.1' });
  }, 60_000);
  afterAll(async () => {
    await proxied?.stop();
  });

  it('takes the caller address from X-Forwarded-For', async () => {
    const keys = proxied.demoKeys!.sandbox.keys;
    const url = `${proxied.demoKeys!.sandbox.base_url}/account`;
    expect((await call(url, `Bearer ${keys.ip_restricted}`, { 'X-Forwarded-For': '203.0.113.9' })).status).toBe(200);
    expect((await call(url, `Bearer ${keys.ip_restricted}`, { 'X-Forwarded-For': '198.51.100.7' })).status).toBe(200);
    expect((await call(url, `Bearer ${keys.ip_restricted}`, { 'X-Forwarded-For': '198.51.100.8' })).status).toBe(403);
    expect((await call(url, `Bearer ${keys.ip_loopback}`, { 'X-Forwarded-For': '203.0.113.9' })).status).toBe(403);
  });
});
