/** The console command: accounts and keys over the store; bad input gets a clear error and changes nothing. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSecret } from '../../server/auth/keys.ts';
import { runConsole } from '../../server/console/main.ts';
import { openStore } from '../../server/store/open.ts';

let dir: string;
beforeAll(() => { dir = mkdtempSync(join(tmpdir(), 'console-')); });
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function cli(...args: string[]) {
  const lines: string[] = [];
  const code = await runConsole([...args, '--data-dir', dir], {}, (l) => lines.push(l));
  return { code, out: lines.join('\n') };
}
const jsonOf = (out: string) => JSON.parse(out) as any;

describe('console', () => {
  let sandboxAccount: string;
  let keyId: string;
  let secret: string;

  it('creates a partner account in both environments', async () => {
    const r = await cli('account', 'create', '--name', 'Tunde Bakare', '--email', 'tunde@kwikpay.ng', '--business-name', 'KwikPay Ltd', '--json');
    expect(r.code).toBe(0);
    const accounts = jsonOf(r.out);
    expect(accounts.map((a: any) => a.environment).sort()).toEqual(['production', 'sandbox']);
    sandboxAccount = accounts.find((a: any) => a.environment === 'sandbox').id;
  }, 30_000);

  it('creates a key and shows its secret once, storing only its hash', async () => {
    const r = await cli('key', 'create', '--account', sandboxAccount, '--name', 'pos', '--scopes', 'read_balance,view_products', '--allow-list', '203.0.113.0/24, 2001:db8::1', '--json');
    expect(r.code).toBe(0);
    const k = jsonOf(r.out);
    expect(k.secret).toMatch(/^sk_test_[0-9A-Za-z]{40}$/);
    expect(k).toMatchObject({ environment: 'sandbox', status: 'active', scopes: 'read_balance,view_products' });
    keyId = k.id;
    secret = k.secret;
    const store = await openStore({ dataDir: dir });
    try {
      expect((await store.findKeyByHash(hashSecret(secret)))?.id).toBe(keyId);
    } finally {
      await store.close();
    }
  });

  it('lists keys without secrets', async () => {
    const r = await cli('key', 'list', '--json');
    expect(r.code).toBe(0);
    expect(r.out).not.toContain(secret);
    expect(r.out).not.toContain(hashSecret(secret));
    expect(jsonOf(r.out)[0].prefix).toBe(`${secret.slice(0, 12)}…`);
  });

  it.each([
    ['an unknown scope', ['key', 'create', '--name', 'x', '--scopes', 'read_everything'], /unknown scope 'read_everything'/],
    ['an invalid IP', ['key', 'create', '--name', 'x', '--scopes', 'read_balance', '--allow-list', '300.1.1.1'], /invalid allow-list.*300\.1\.1\.1/],
    ['an invalid CIDR', ['key', 'create', '--name', 'x', '--scopes', 'read_balance', '--allow-list', '10.0.0.0/33'], /invalid allow-list/],
    ['an expiry in the past', ['key', 'create', '--name', 'x', '--scopes', 'read_balance', '--expires-at', '2001-01-01'], /not in the future/],
  ])('refuses %s and creates nothing', async (_n, args, message) => {
    const before = jsonOf((await cli('key', 'list', '--json')).out).length;
    const r = await cli(...args, '--account', sandboxAccount);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(message);
    expect(jsonOf((await cli('key', 'list', '--json')).out).length).toBe(before);
  });

  it.each([
    ['an unknown key', ['key', 'revoke', '00000000-0000-4000-8000-000000000000'], /unknown key/],
    ['a junk key id', ['key', 'disable', 'nope'], /unknown key 'nope'/],
    ['an unknown command', ['key', 'delete', 'x'], /unknown command 'key delete'/],
    ['an unknown account', ['key', 'create', '--account', '00000000-0000-4000-8000-000000000000', '--name', 'x', '--scopes', 'read_balance'], /unknown account/],
  ])('refuses %s with a clear error', async (_n, args, message) => {
    const r = await cli(...args);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(message);
  });

  it('moves a key through disable, enable, regenerate and revoke, refusing moves the state table forbids', async () => {
    expect(jsonOf((await cli('key', 'disable', keyId, '--json')).out).status).toBe('disabled');
    expect((await cli('key', 'regenerate', keyId)).out).toMatch(/cannot regenerate a key that is disabled/);
    expect(jsonOf((await cli('key', 'enable', keyId, '--json')).out).status).toBe('active');
    const regenerated = jsonOf((await cli('key', 'regenerate', keyId, '--json')).out);
    expect(regenerated.secret).not.toBe(secret);
    expect(jsonOf((await cli('key', 'revoke', keyId, '--json')).out).status).toBe('revoked');
    const again = await cli('key', 'enable', keyId);
    expect([again.code, again.out]).toEqual([1, expect.stringMatching(/cannot enable a key that is revoked/)]);
    const store = await openStore({ dataDir: dir });
    try {
      expect(await store.findKeyByHash(hashSecret(secret))).toBeNull();
      expect((await store.findKeyByHash(hashSecret(regenerated.secret)))?.status).toBe('revoked');
    } finally {
      await store.close();
    }
  });
});
