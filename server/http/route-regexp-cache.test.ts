/** The memo in front of path-to-regexp is in effect for the validator's instance and changes no result. */
import { requireFromValidator } from './validator-module.ts';
import { describe, expect, it } from 'vitest';
import { installRouteRegexpCache } from './route-regexp-cache.ts';

const mod = requireFromValidator('path-to-regexp') as { pathToRegexp: (p: unknown, o?: object) => { regexp: RegExp; keys: { name: string }[] } };

describe('installRouteRegexpCache', () => {
  it('answers a repeated compilation with the same result and the same matches', () => {
    installRouteRegexpCache();
    const a = mod.pathToRegexp('/api/partners/v1/account/transactions/:id', { sensitive: false, strict: false });
    const b = mod.pathToRegexp('/api/partners/v1/account/transactions/:id', { sensitive: false, strict: false });
    expect(b).toBe(a);
    expect(a.keys.map((k) => k.name)).toEqual(['id']);
    expect(a.regexp.exec('/api/partners/v1/account/transactions/txn_1')?.[1]).toBe('txn_1');
    expect(a.regexp.exec('/api/partners/v1/account/transactions/txn_1')?.[1]).toBe('txn_1'); // no lastIndex state
    expect(a.regexp.exec('/api/partners/v1/account/balance')).toBeNull();
  });

  it('keeps options apart: a case-sensitive route is compiled separately', () => {
    installRouteRegexpCache();
    const insensitive = mod.pathToRegexp('/Health', { sensitive: false });
    const sensitive = mod.pathToRegexp('/Health', { sensitive: true });
    expect(sensitive).not.toBe(insensitive);
    expect(insensitive.regexp.test('/health')).toBe(true);
    expect(sensitive.regexp.test('/health')).toBe(false);
  });
});
