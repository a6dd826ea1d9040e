/**
 * `--webhook-url URL [--webhook-port N]`: how a run reaches a remote target's deliveries. The options are read
 * strictly, and a run given them registers exactly that URL and receives on that port of every interface (here the
 * "public" URL is this machine's, so the reference server can reach it).
 */
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseOptions, UsageError } from '../../conformance/options.ts';
import { runConformance } from '../../conformance/runner.ts';
import { optionsFor, startReference, type Reference } from './support/reference-server.ts';

const BASE = ['--env', 'sandbox', '--base-url', 'https://sandbox.example.ng/api/partners/sandbox/v1'];
const ENV = { CONFORMANCE_KEY_FULL: 'sk_test_x' };

describe('--webhook-url and --webhook-port', () => {
  it.each([
    [
      ['--webhook-url', 'https://hooks.example.ng:8443/relay'],
      { url: 'https://hooks.example.ng:8443/relay', port: 8443 },
    ],
    [
      ['--webhook-url', 'https://hooks.example.ng/relay', '--webhook-port', '9000'],
      { url: 'https://hooks.example.ng/relay', port: 9000 },
    ],
  ])('%j → the receiver %j', (args, webhook) => {
    expect(parseOptions([...BASE, ...args], ENV).webhook).toEqual(webhook);
  });

  it.each([
    [['--webhook-port', '9000'], /needs --webhook-url/],
    [['--webhook-url', 'https://hooks.example.ng/relay'], /has no port/],
    [['--webhook-url', 'ftp://hooks.example.ng:21/'], /must be an http\(s\) URL/],
    [['--webhook-url', 'https://hooks.example.ng:8443/', '--webhook-port', '70000'], /from 1 to 65535/],
  ])('%j is a usage error', (args, message) => {
    expect(() => parseOptions([...BASE, ...args], ENV)).toThrow(UsageError);
    expect(() => parseOptions([...BASE, ...args], ENV)).toThrow(message);
  });

  it('without them nothing changes: no receiver address is set', () => {
    expect(parseOptions(BASE, ENV).webhook).toBeUndefined();
  });
});

describe('a run with --webhook-url', () => {
  let ref: Reference;
  beforeAll(async () => {
    ref = await startReference();
  }, 60_000);
  afterAll(async () => {
    await ref?.close();
  });

  it('registers that URL and receives the deliveries on that port: the webhook cases pass', async () => {
    const port = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, () => {
        const p = (s.address() as { port: number }).port;
        s.close(() => resolve(p));
      });
    });
    const url = `http://127.0.0.1:${port}/relayed`;
    const r = await runConformance({ ...optionsFor(ref, 'sandbox'), webhook: { url, port }, log: () => {} });
    const setup = r.cases.find((c) => c.id === 'webhooks.setup');
    expect(setup?.status, JSON.stringify(setup?.failures ?? setup?.reason)).toBe('passed');
    expect(r.cases.filter((c) => c.group.startsWith('webhook') && c.status === 'failed').map((c) => c.id)).toEqual([]);
    const listed = await fetch(`${ref.keys.sandbox.base_url}/webhooks?per_page=100`, {
      headers: { Authorization: `Bearer ${ref.keys.sandbox.keys.full}` },
    });
    expect(
      ((await listed.json()) as { data: { attributes: { url: string } }[] }).data.map((e) => e.attributes.url),
    ).toContain(url);
  }, 180_000);
});
