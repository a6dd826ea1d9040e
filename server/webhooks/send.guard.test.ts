/**
 * The SSRF guard at send time: the URL checked again, the host resolved once with every address judged before any
 * connection, the connection pinned to the address that was judged (DNS rebinding), TLS speaking the host's name.
 * Each guard is also shown able to fail: a mutant of send.ts without it lets the request through.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import tls from 'node:tls';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import * as sendModule from './send.ts';
import { importMutant, type Edit } from '../../test/helpers/import-mutant.ts';
import { startReceiver, type Receiver } from '../../test/helpers/webhook-receivers.ts';

const { resolveWebhookHost, sendWebhook } = sendModule;
type LookupAll = sendModule.LookupAll;
const STRICT = { requireHttps: false, allowPrivate: false };
const LOCAL = { requireHttps: false, allowPrivate: true };
const ok = (_req: unknown, res: import('node:http').ServerResponse) => void res.writeHead(200).end('ok');

let receivers: Receiver[] = [];
afterEach(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  receivers = [];
});
async function receiver(host = '127.0.0.1', port = 0): Promise<Receiver> {
  const r = await startReceiver(ok, host, port);
  receivers.push(r);
  return r;
}
/** A lookup that answers from a table and counts its calls. */
function fakeDns(answer: (call: number) => string[]): LookupAll & { calls: string[] } {
  const calls: string[] = [];
  return Object.assign(
    async (host: string) => {
      calls.push(host);
      return answer(calls.length).map((address) => ({
        address,
        family: address.includes(':') ? (6 as const) : (4 as const),
      }));
    },
    { calls },
  );
}
const mutantOf = (edits: Edit[]) => importMutant<typeof sendModule>(new URL('./send.ts', import.meta.url), edits);
const post = (url: string, policy = STRICT, lookup?: LookupAll, send = sendWebhook) =>
  send({ url, headers: { 'webhook-id': 'msg_1' }, body: '{"a":1}', policy, ...(lookup ? { lookup } : {}) });

describe('the URL is checked again at every send', () => {
  it('an IP literal that is not allowed is refused and nothing is sent', async () => {
    const r = await receiver();
    expect(await post(`http://127.0.0.1:${r.port}/`)).toEqual({
      outcome: 'refused',
      status: null,
      duration_ms: expect.any(Number),
      response_excerpt: null,
      retry_after_seconds: null,
      error:
        'address not allowed: the host 127.0.0.1 is a loopback address (the server itself); webhook URLs must reach the public internet',
    });
    expect(await post(`http://[::ffff:7f00:1]:${r.port}/`)).toMatchObject({ outcome: 'refused' });
    expect(await post(`http://2130706433:${r.port}/`)).toMatchObject({ outcome: 'refused' });
    expect(await post(`http://hooks.example.com/`, { requireHttps: true, allowPrivate: false })).toMatchObject({
      outcome: 'refused',
      error: 'webhook URLs must use https in production (http is accepted in the sandbox only)',
    });
    expect(r.connections()).toBe(0);
  });

  it('a URL with credentials is refused even where private addresses are allowed; a mutant without the check sends it', async () => {
    const r = await receiver();
    const url = `http://user:s3cret@127.0.0.1:${r.port}/`;
    expect(await post(url, LOCAL)).toMatchObject({
      outcome: 'refused',
      error: expect.stringMatching(/must not contain a user name or password/),
    });
    expect(r.connections()).toBe(0);
    const mutant = await mutantOf([
      ['const problem = checkWebhookUrl(req.url, req.policy);', 'const problem = null as UrlProblem | null;'],
    ]);
    expect(await post(url, LOCAL, undefined, mutant.sendWebhook)).toMatchObject({ outcome: 'delivered' });
    expect(r.requests).toHaveLength(1);
  });
});

describe('names that resolve to addresses not allowed are refused before any connection', () => {
  it('internal.example → 10.1.2.3', async () => {
    const dns = fakeDns(() => ['10.1.2.3']);
    expect(await post('https://internal.example/hook', STRICT, dns)).toMatchObject({
      outcome: 'refused',
      status: null,
      error:
        'address not allowed: the host internal.example resolves to 10.1.2.3, a private address; webhook URLs must reach the public internet',
    });
    expect(dns.calls).toEqual(['internal.example']);
  });

  it.each([
    ['public first', ['93.184.216.34', '127.0.0.1']],
    ['private first', ['127.0.0.1', '93.184.216.34']],
    ['IPv4-mapped IPv6', ['2606:2800:220:1::1', '::ffff:127.0.0.1']],
  ])('a name with a public and a private address (%s)', async (_name, addresses) => {
    const r = await receiver();
    const result = await post(
      `http://mixed.example:${r.port}/`,
      STRICT,
      fakeDns(() => addresses),
    );
    expect(result).toMatchObject({
      outcome: 'refused',
      error: expect.stringMatching(/^address not allowed: the host mixed.example resolves to /),
    });
    expect(r.connections()).toBe(0);
  });

  it('mutant: without judging the resolved addresses, the request reaches the private address', async () => {
    const r = await receiver();
    const url = `http://internal.example:${r.port}/`;
    expect(
      await post(
        url,
        STRICT,
        fakeDns(() => ['127.0.0.1']),
      ),
    ).toMatchObject({ outcome: 'refused' });
    expect(r.connections()).toBe(0);
    const mutant = await mutantOf([
      ['const problem = checkResolvedAddresses(host, addresses, policy);', 'const problem = null;'],
    ]);
    expect(
      await post(
        url,
        STRICT,
        fakeDns(() => ['127.0.0.1']),
        mutant.sendWebhook,
      ),
    ).toMatchObject({ outcome: 'delivered' });
    expect(r.requests).toHaveLength(1);
  });

  it('localhost through the real resolver is refused without allowPrivate, and reached with it', async () => {
    const refused = await resolveWebhookHost('localhost', STRICT);
    expect(refused).toMatchObject({ ok: false, problem: { reason: 'address_not_allowed' } });
    expect(!refused.ok && refused.problem.message).toMatch(
      /^the host localhost resolves to (127\.0\.0\.1|::1), a loopback address/,
    );
    const allowed = await resolveWebhookHost('localhost', LOCAL);
    expect(
      allowed.ok && allowed.addresses.length > 0 && allowed.addresses.every((a) => a === '::1' || a.startsWith('127.')),
    ).toBe(true);

    const r = await receiver();
    expect(await post(`http://localhost:${r.port}/`)).toMatchObject({ outcome: 'refused' });
    expect(r.connections()).toBe(0);
    expect(await post(`http://localhost:${r.port}/`, LOCAL)).toMatchObject({ outcome: 'delivered' });
    expect(r.requests[0]?.headers.host).toBe(`localhost:${r.port}`);
  });
});

describe('a name that does not resolve is a failed attempt, in words', () => {
  it.each([
    [
      'no such host',
      async () => {
        throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
      },
      'could not resolve the host nosuch.example: no such host',
    ],
    ['no answer', async () => [], 'the host nosuch.example resolves to no address'],
    ['a resolver that hangs', () => new Promise<never>(() => {}), 'timed out after 0.2 s while resolving the host'],
  ] as [string, LookupAll, string][])('%s', async (_name, lookup, error) => {
    expect(
      await sendWebhook({
        url: 'https://nosuch.example/',
        headers: {},
        body: '{}',
        policy: STRICT,
        lookup,
        timeoutMs: 200,
      }),
    ).toMatchObject({ outcome: 'failed', status: null, error });
  });
});

describe('DNS rebinding: one lookup per send, and the connection goes to the address it returned', () => {
  /** Two receivers on one port: 127.0.0.2 (what the first lookup says) and 127.0.0.1 (what any later one says). */
  async function rebinding() {
    const first = await receiver('127.0.0.2');
    const later = await receiver('127.0.0.1', first.port);
    const dns = fakeDns((call) => [call === 1 ? '127.0.0.2' : '127.0.0.1']);
    return { first, later, dns, url: `http://partner.example:${first.port}/hooks?x=1` };
  }

  it("the request reaches the address the lookup returned, with the URL's Host", async () => {
    const { first, later, dns, url } = await rebinding();
    expect(await post(url, LOCAL, dns)).toMatchObject({ outcome: 'delivered', status: 200 });
    expect(dns.calls).toEqual(['partner.example']);
    expect(first.requests.map((q) => [q.url, q.headers.host])).toEqual([
      ['/hooks?x=1', `partner.example:${first.port}`],
    ]);
    expect(later.connections()).toBe(0);
  });

  it('mutant: resolving again at connect time sends the request to the rebound address', async () => {
    const { first, later, dns, url } = await rebinding();
    const mutant = await mutantOf([
      [
        'lookup: pinnedLookup(addresses),',
        'lookup: (h, o, cb) => void req.lookup!(h).then((a) => pinnedLookup(a.map((x) => x.address))(h, o, cb)),',
      ],
    ]);
    expect(await post(url, LOCAL, dns, mutant.sendWebhook)).toMatchObject({ outcome: 'delivered' });
    expect(dns.calls).toHaveLength(2);
    expect(first.connections()).toBe(0);
    expect(later.requests).toHaveLength(1);
  });
});

describe('TLS', () => {
  it('names the host (without a trailing dot) in SNI, never an IP literal', async () => {
    const names: string[] = [];
    // No certificate: the handshake fails after the client has said which name it wants.
    const server = tls.createServer({
      SNICallback: (name, cb) => {
        names.push(name);
        cb(new Error('no certificate'));
      },
    });
    server.on('tlsClientError', () => {});
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const dns = fakeDns(() => ['127.0.0.1']);
      for (const url of [
        `https://partner.example:${port}/`,
        `https://partner.example.:${port}/`,
        `https://127.0.0.1:${port}/`,
      ]) {
        expect(await post(url, LOCAL, dns)).toMatchObject({
          outcome: 'failed',
          status: null,
          error: 'the TLS handshake failed',
        });
      }
      expect(names).toEqual(['partner.example', 'partner.example']);
    } finally {
      server.close();
    }
  });

  it('still verifies the certificate: pinning the address does not turn verification off', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wh-send-tls-'));
    try {
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'ec',
          '-pkeyopt',
          'ec_paramgen_curve:prime256v1',
          '-nodes',
          '-days',
          '1',
          '-subj',
          '/CN=partner.example',
          '-addext',
          'subjectAltName=DNS:partner.example',
          '-keyout',
          join(dir, 'key.pem'),
          '-out',
          join(dir, 'cert.pem'),
        ],
        { stdio: 'ignore' },
      );
      const server = tls.createServer(
        { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) },
        (socket) => socket.end('HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n'),
      );
      server.on('tlsClientError', () => {});
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      try {
        const { port } = server.address() as AddressInfo;
        expect(
          await post(
            `https://partner.example:${port}/`,
            LOCAL,
            fakeDns(() => ['127.0.0.1']),
          ),
        ).toMatchObject({
          outcome: 'failed',
          status: null,
          error: 'the TLS certificate is self-signed',
        });
      } finally {
        server.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // A budget for the work: openssl makes the certificate (a spawned process).
  }, 60_000);
});
