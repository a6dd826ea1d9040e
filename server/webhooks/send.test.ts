/**
 * One delivery attempt against real HTTP receivers on 127.0.0.1 (allowPrivate): what arrives, and how every kind of
 * answer — 2xx, errors, Retry-After, redirects, silence, a stalled or endless body, no listener — is reported.
 * Status lines HTTP does not allow come from a raw TCP receiver (test/helpers/raw-receiver.ts). The SSRF guard at send
 * time (DNS, rebinding, TLS name) is in send.guard.test.ts.
 */
import fc from 'fast-check';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import * as sendModule from './send.ts';
import { importMutant } from '../../test/helpers/import-mutant.ts';
import { rawHead, startRawReceiver, type RawAnswer } from '../../test/helpers/raw-receiver.ts';
import { closedPort, startReceiver, type Answer, type Receiver } from '../../test/helpers/webhook-receivers.ts';

const { ERROR_MAX_CHARS, parseRetryAfter, sendWebhook } = sendModule;
const LOCAL = { requireHttps: false, allowPrivate: true };
const SIGNED = {
  'webhook-id': 'msg_2mXkq1',
  'webhook-timestamp': '1767225600',
  'webhook-signature': 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
};
const BODY = JSON.stringify({ type: 'purchase.successful', data: { id: 'txn_1', amount: '₦1,500.00' } });

let receivers: Receiver[] = [];
afterEach(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  receivers = [];
});
async function receiver(answer: Answer, host?: string, port?: number): Promise<Receiver> {
  const r = await startReceiver(answer, host, port);
  receivers.push(r);
  return r;
}
const reply =
  (status: number, body = '', headers: Record<string, string> = {}): Answer =>
  (_req, res) => {
    res.writeHead(status, headers).end(body);
  };
const send = (url: string, extra: Partial<sendModule.SendRequest> = {}) =>
  sendWebhook({ url, headers: SIGNED, body: BODY, policy: LOCAL, ...extra });

describe('a receiver that answers', () => {
  it('gets exactly the body and headers; a 2xx is delivered with the response excerpt', async () => {
    const r = await receiver(reply(200, '{"received":true}'));
    const result = await send(`http://127.0.0.1:${r.port}/hooks/bill-payment?tenant=7`, {
      headers: { ...SIGNED, Host: 'evil.example', 'Content-Type': 'text/plain' },
    });
    expect(result).toEqual({
      outcome: 'delivered',
      status: 200,
      duration_ms: expect.any(Number),
      response_excerpt: '{"received":true}',
      retry_after_seconds: null,
      error: null,
    });
    expect(r.requests).toHaveLength(1);
    const [got] = r.requests;
    expect(got).toMatchObject({ method: 'POST', url: '/hooks/bill-payment?tenant=7', body: BODY });
    expect(got!.headers).toMatchObject({
      ...SIGNED,
      'content-type': 'application/json',
      host: `127.0.0.1:${r.port}`,
      'content-length': String(Buffer.byteLength(BODY)),
    });
  });

  it.each([200, 201, 202, 204, 299])('%i is delivered', async (status) => {
    const r = await receiver(reply(status));
    expect(await send(`http://127.0.0.1:${r.port}/`)).toMatchObject({ outcome: 'delivered', status, error: null });
  });

  // The contract (WebhookAttempt.error): null when the endpoint answered and was not redirecting — its status and
  // body are the answer.
  it.each([500, 410, 400, 401, 418, 503, 599])(
    '%i is a failed attempt with its status and no error words',
    async (status) => {
      const r = await receiver(reply(status, 'nope'));
      expect(await send(`http://127.0.0.1:${r.port}/`)).toMatchObject({
        outcome: 'failed',
        status,
        response_excerpt: 'nope',
        retry_after_seconds: null,
        error: null,
      });
    },
  );
});

describe('Retry-After on 429 and 503', () => {
  const inSeconds = (s: number) => new Date(Date.now() + s * 1000).toUTCString();
  it.each([429, 503])('%i: delta-seconds, an HTTP-date, and nonsense', async (status) => {
    for (const [header, want] of [
      ['120', [120, 120]],
      ['0', [0, 0]],
      [inSeconds(90), [80, 91]],
      [inSeconds(-60), [0, 0]],
      ['soon', null],
      ['-5', null],
      ['1.5', null],
    ] as const) {
      const r = await receiver(reply(status, '', { 'retry-after': header }));
      const { retry_after_seconds: got, outcome } = await send(`http://127.0.0.1:${r.port}/`);
      expect(outcome).toBe('failed');
      if (want === null) expect(got, header).toBeNull();
      else expect(got, header).toSatisfy((s: number) => s >= want[0] && s <= want[1]);
    }
  });

  it('is ignored on other statuses and absent when not sent', async () => {
    const r500 = await receiver(reply(500, '', { 'retry-after': '30' }));
    expect((await send(`http://127.0.0.1:${r500.port}/`)).retry_after_seconds).toBeNull();
    const r429 = await receiver(reply(429));
    expect((await send(`http://127.0.0.1:${r429.port}/`)).retry_after_seconds).toBeNull();
  });

  it('parseRetryAfter: any delta-seconds, any IMF-fixdate', () => {
    fc.assert(fc.property(fc.nat(), (n) => parseRetryAfter(String(n), 0) === n));
    const now = Date.UTC(2026, 0, 1);
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), (ms) => {
        const at = new Date(now + ms);
        return (
          parseRetryAfter(at.toUTCString(), now) ===
          Math.max(0, Math.ceil((Math.floor(at.getTime() / 1000) * 1000 - now) / 1000))
        );
      }),
    );
  });
});

describe('redirects', () => {
  it.each([301, 302, 303, 307, 308])('%i is not followed: the target receives nothing', async (status) => {
    const target = await receiver(reply(200));
    const location = `http://127.0.0.1:${target.port}/elsewhere`;
    const r = await receiver(reply(status, '', { location }));
    expect(await send(`http://127.0.0.1:${r.port}/`)).toMatchObject({
      outcome: 'failed',
      status,
      error: `redirect not followed (${status} to ${location})`,
    });
    expect(target.connections()).toBe(0);
    // The probe can fail: a request sent to the target is seen.
    await send(location);
    expect(target.requests).toHaveLength(1);
  });

  it('a relative Location is named as the absolute URL it means; a missing one is said', async () => {
    const relative = await receiver(reply(302, '', { location: '/moved?x=1' }));
    expect((await send(`http://127.0.0.1:${relative.port}/a/b`)).error).toBe(
      `redirect not followed (302 to http://127.0.0.1:${relative.port}/moved?x=1)`,
    );
    const none = await receiver(reply(304));
    expect((await send(`http://127.0.0.1:${none.port}/`)).error).toBe('redirect not followed (304 without a Location)');
  });
});

describe('the deadline', () => {
  it('aborts a receiver that never answers', async () => {
    const r = await receiver(() => {});
    const result = await send(`http://127.0.0.1:${r.port}/`, { timeoutMs: 300 });
    expect(result).toMatchObject({
      outcome: 'failed',
      status: null,
      response_excerpt: null,
      error: 'timed out after 0.3 s',
    });
    expect(result.duration_ms).toBeGreaterThanOrEqual(290);
    expect(r.requests).toHaveLength(1);
  });

  const stalls: Answer = (_req, res) => {
    res.writeHead(200, { 'content-length': '1000' });
    res.write('{"partial":'); // and nothing more
  };

  it('aborts a receiver that sends its headers and then stalls the body', async () => {
    const r = await receiver(stalls);
    expect(await send(`http://127.0.0.1:${r.port}/`, { timeoutMs: 300 })).toMatchObject({
      outcome: 'failed',
      status: 200,
      response_excerpt: '{"partial":',
      error: 'timed out after 0.3 s while reading the response body',
    });
  });

  it('mutant: a deadline that stops at the response headers waits for the stalled body forever', async () => {
    const mutant = await importMutant<typeof sendModule>(new URL('./send.ts', import.meta.url), [
      ["phase = 'reading the response body';", "phase = 'reading the response body'; clearTimeout(timer);"],
    ]);
    const r = await receiver(stalls);
    const pending = mutant.sendWebhook({
      url: `http://127.0.0.1:${r.port}/`,
      headers: {},
      body: '{}',
      policy: LOCAL,
      timeoutMs: 300,
    });
    const first = await Promise.race([
      pending,
      new Promise((resolve) => setTimeout(() => resolve('still waiting'), 2000)),
    ]);
    expect(first).toBe('still waiting');
    await r.close(); // lets the mutant's read end
    expect((await pending).error).not.toMatch(/timed out/);
  });
});

describe('the response body', () => {
  const bytes =
    (size: number, text: string): Answer =>
    (_req, res) => {
      res.writeHead(200, { 'content-length': String(size) });
      const chunk = Buffer.from(text.repeat(Math.ceil(65536 / Buffer.byteLength(text))));
      let sent = 0;
      const more = () => {
        while (sent < size) {
          const piece = chunk.subarray(0, Math.min(chunk.length, size - sent));
          sent += piece.length;
          if (!res.write(piece)) return void res.once('drain', more);
        }
        res.end();
      };
      res.on('error', () => {}); // the sender hangs up early, as it should
      more();
    };
  const endless: Answer = (_req, res) => {
    res.writeHead(200);
    res.on('error', () => {});
    const more = () => {
      while (!res.destroyed && res.write('x'.repeat(16384)));
      if (!res.destroyed) res.once('drain', more);
    };
    more();
  };

  it('a 10 MB response is cut to the excerpt', async () => {
    const r = await receiver(bytes(10 * 1024 * 1024, 'x'));
    const result = await send(`http://127.0.0.1:${r.port}/`);
    expect(result).toMatchObject({ outcome: 'delivered', status: 200, response_excerpt: 'x'.repeat(1000) });
    expect((await send(`http://127.0.0.1:${r.port}/`, { excerptChars: 5 })).response_excerpt).toBe('xxxxx');
  });

  it('an endless response is not read to its end', async () => {
    const r = await receiver(endless);
    expect(await send(`http://127.0.0.1:${r.port}/`, { timeoutMs: 10_000 })).toMatchObject({
      outcome: 'delivered',
      error: null,
    });
    const mutant = await importMutant<typeof sendModule>(new URL('./send.ts', import.meta.url), [
      ['if (size >= limit) break;', ''],
    ]);
    expect(
      await mutant.sendWebhook({
        url: `http://127.0.0.1:${r.port}/`,
        headers: {},
        body: '{}',
        policy: LOCAL,
        timeoutMs: 1000,
      }),
    ).toMatchObject({ outcome: 'failed', error: 'timed out after 1 s while reading the response body' });
  });

  it('cuts by characters, never inside one, and reads at most 64 KiB', async () => {
    const euros = await receiver(bytes(3 * 40_000, '€'));
    expect((await send(`http://127.0.0.1:${euros.port}/`, { excerptChars: 10 })).response_excerpt).toBe('€'.repeat(10));
    // 65 536 bytes hold 21 845 euros and one third of the next, which is dropped rather than shown as U+FFFD.
    expect((await send(`http://127.0.0.1:${euros.port}/`, { excerptChars: 100_000 })).response_excerpt).toBe(
      '€'.repeat(21_845),
    );
    const emoji = await receiver(reply(200, '😀😀😀'));
    expect((await send(`http://127.0.0.1:${emoji.port}/`, { excerptChars: 2 })).response_excerpt).toBe('😀😀');
  });
});

describe('network failures are returned, in words', () => {
  it('connection refused', async () => {
    expect(await send(`http://127.0.0.1:${await closedPort()}/`)).toMatchObject({
      outcome: 'failed',
      status: null,
      response_excerpt: null,
      error: 'connection refused',
    });
  });

  it('a receiver that hangs up without answering, and one that does not speak HTTP', async () => {
    const hangUp = await receiver((_req, res) => res.socket?.destroy());
    expect((await send(`http://127.0.0.1:${hangUp.port}/`)).error).toBe(
      'the endpoint closed the connection without answering',
    );
    const garbage = net.createServer((socket) => socket.end('SSH-2.0-OpenSSH_9.6\r\n\r\n')).listen(0, '127.0.0.1');
    await new Promise((resolve) => garbage.once('listening', resolve));
    try {
      const { port } = garbage.address() as net.AddressInfo;
      expect(await send(`http://127.0.0.1:${port}/`)).toMatchObject({
        outcome: 'failed',
        error: 'the endpoint did not answer with valid HTTP',
      });
    } finally {
      garbage.close();
    }
  });

  it('a header the sender cannot send is a failed attempt, not an exception', async () => {
    const r = await receiver(reply(200));
    expect(await send(`http://127.0.0.1:${r.port}/`, { headers: { 'webhook-id': 'a\r\nb' } })).toMatchObject({
      outcome: 'failed',
      status: null,
      error: 'the request has a header value that cannot be sent',
    });
    expect(r.requests).toHaveLength(0);
  });
});

describe('an answer outside what HTTP and the delivery log allow (raw receiver)', () => {
  const raw = async (a: RawAnswer) => {
    const r = await startRawReceiver(() => a);
    try {
      return await send(r.url('/'), { timeoutMs: 500 });
    } finally {
      await r.close();
    }
  };
  it.each(['000', '099', '600', '999'])(
    'status %s is no HTTP status: status null, the code named in error, failed',
    async (code) => {
      const result = await raw({
        head: rawHead(code, Buffer.from('Odd')),
        body: Buffer.from('body'),
        framing: 'length',
      });
      expect(result).toMatchObject({
        outcome: 'failed',
        status: null,
        response_excerpt: 'body',
        error: `the endpoint answered with status ${Number(code)}, which is not an HTTP status (100–599); only a 2xx status counts as delivered`,
      });
    },
  );

  // A 101 reached the sender as its response, and whether it was then read as the answer (status 101, error null) or
  // as no answer depended on which came first, its bytes or the socket's end: it is interim, never the answer.
  it('a 101 without a final status, twenty times: always no answer, status null, the interim status named', async () => {
    for (let i = 0; i < 20; i++) {
      expect(
        await raw({ head: rawHead('101', Buffer.from('Switching')), body: Buffer.from('nope'), framing: 'length' }),
      ).toMatchObject({
        outcome: 'failed',
        status: null,
        error:
          'the endpoint answered with the interim status 101 and no final status; only a 2xx status counts as delivered',
      });
    }
  });

  it('a status line of five digits or none: the endpoint did not answer with valid HTTP', async () => {
    for (const head of [rawHead('65535', null), rawHead('', null)]) {
      expect(await raw({ head, body: Buffer.alloc(0), framing: 'length' })).toMatchObject({
        outcome: 'failed',
        status: null,
        error: 'the endpoint did not answer with valid HTTP',
      });
    }
  });

  it("a redirect to a 3,000-character Location: the error stays within the contract's 256 characters", async () => {
    const location = `https://elsewhere.example/${'é'.repeat(3000)}`;
    const result = await raw({
      head: rawHead('302', Buffer.from('Found'), [['Location', Buffer.from(location, 'latin1')]]),
      body: Buffer.alloc(0),
      framing: 'length',
    });
    expect(result.status).toBe(302);
    expect(result.error).toMatch(/^redirect not followed \(302 to https:\/\/elsewhere\.example\/(%C3%A9)+[%C3A]*…\)$/);
    expect([...result.error!].length).toBeLessThanOrEqual(ERROR_MAX_CHARS);
  });

  it('property: whatever the status line, status is null or 100–599 and error at most 256 characters', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.integer({ min: 0, max: 999 }).map((n) => String(n).padStart(3, '0')),
          fc.uint8Array({ maxLength: 5 }).map((b) => Buffer.from(b)),
        ),
        fc.option(
          fc.uint8Array({ maxLength: 20 }).map((b) => Buffer.from(b)),
          { nil: null },
        ),
        async (code, reason) => {
          const result = await raw({ head: rawHead(code, reason), body: Buffer.from('x'), framing: 'length' });
          expect(result.status === null || (result.status >= 100 && result.status <= 599)).toBe(true);
          expect(result.error === null || [...result.error].length <= ERROR_MAX_CHARS).toBe(true);
        },
      ),
      { numRuns: 40 },
    );
  });
});
