/** The tools of the security tests do what they claim: raw bytes on the wire, and the path variants asked for. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { rng } from '../robustness/support/contract-fuzz.ts';
import { RawClient } from './support/http-client.ts';
import { pathVariants } from './support/variants.ts';

describe('RawClient', () => {
  it('puts the request-target on the wire unchanged: no dot-segment, slash or percent normalisation', async () => {
    const seen: string[] = [];
    const server = createServer((req, res) => {
      seen.push(req.url ?? '');
      res.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const client = new RawClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    try {
      const targets = ['/a/./b/../%61//c;x=1/', '//API/x/..', '/x/%zz/%2F?q=%&r=1'];
      for (const target of targets) expect((await client.send({ target })).body).toBe('ok');
      expect(seen).toEqual(targets);
    } finally {
      client.close();
      server.close();
    }
  });
});

describe('pathVariants', () => {
  const segments = [
    { text: 'account', literal: true },
    { text: 'transactions', literal: true },
    { text: 'abc', literal: false },
  ];
  const variants = pathVariants('/api/partners/sandbox/v1', '/api/partners/v1', segments, rng(1));
  const paths = variants.map((v) => v.path);

  it('makes every kind of variant the routing decision names, none of them the canonical path', () => {
    expect(paths).not.toContain('/api/partners/sandbox/v1/account/transactions/abc');
    expect(new Set(paths).size).toBe(paths.length);
    for (const p of [
      '/api/partners/sandbox/v1/ACCOUNT/transactions/abc',
      '/api/partners/sandbox/v1/Account/transactions/abc',
      '/api/partners/sandbox/v1/account/transactions/abc/',
      '/api/partners/sandbox/v1//account/transactions/abc',
      '/api/partners/sandbox/v1/account//transactions/abc',
      '/api/partners/sandbox/v1/account/transactions/abc//',
      '/api/partners/sandbox/v1/%61ccount/transactions/abc',
      '/api/partners/sandbox/v1/account;x=1/transactions/abc',
      '/api/partners/sandbox/v1/account/transactions/./abc',
      '/api/partners/sandbox/v1/account/transactions/x/../abc',
      '/api/partners/sandbox/v1/account/transactions/',
      '/api/partners/v1/../sandbox/v1/account/transactions/abc',
      '/api/partners/sandbox/account/transactions/abc',
      '/api//partners/sandbox/v1/account/transactions/abc',
      '//api/partners/sandbox/v1/account/transactions/abc',
      '/API/PARTNERS/SANDBOX/V1/account/transactions/abc',
    ])
      expect(paths).toContain(p);
  });

  it('flips a seeded random letter: the same seed gives the same variants', () => {
    expect(pathVariants('/api/partners/sandbox/v1', '/api/partners/v1', segments, rng(1)).map((v) => v.path)).toEqual(
      paths,
    );
  });
});
