/**
 * Writes go only to a sandbox: the rule over every combination of environment, base path and key prefixes
 * (fast-check); a run that would write elsewhere is refused before its first request — in-process and through the
 * CLI (exit 2), whatever the other flags — which a local listener that counts requests proves (it sees none); a
 * read-only run sends no unsafe method; the transport refuses one in a run that may not write.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Transport, WriteNotAllowed } from '../../conformance/client/transport.ts';
import { Bundle } from '../../conformance/contract/bundle.ts';
import { Contract } from '../../conformance/contract/operations.ts';
import { sandboxBasePath } from '../../conformance/contract/sandbox.ts';
import { ROLES, type Environment, type Profile } from '../../conformance/model.ts';
import { parseOptions, UsageError } from '../../conformance/options.ts';
import { runConformance } from '../../conformance/runner.ts';
import { WriteRefused, writeRefusal } from '../../conformance/write-safety.ts';
import { conformanceCli } from './support/cli.ts';
import { startCountingListener, type CountingListener } from './support/counting-listener.ts';

const contract = new Contract();
const SANDBOX = '/api/partners/sandbox/v1';
let listener: CountingListener;
beforeAll(async () => {
  listener = await startCountingListener();
});
afterAll(async () => {
  await listener?.close();
});

describe('the rule', () => {
  const paths = [
    SANDBOX,
    `${SANDBOX}/`,
    '/api/partners/v1',
    '',
    '/',
    '/api/partners/sandbox/v2',
    `/gateway${SANDBOX}`,
    '/API/partners/sandbox/v1',
    `${SANDBOX}/account`,
  ];
  it('allows writing iff sandbox, the sandbox base path and sk_test_ keys only', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<Environment>('sandbox', 'production'),
        fc.constantFrom(...paths),
        fc.dictionary(
          fc.constantFrom(...ROLES),
          fc.constantFrom('sk_test_', 'sk_live_', 'sk_', 'pk_test_').map((p) => `${p}abc123`),
          { maxKeys: 5 },
        ),
        (env, path, keys) => {
          const allowed =
            env === 'sandbox' &&
            path.replace(/\/+$/, '') === SANDBOX &&
            Object.values(keys).every((k) => k.startsWith('sk_test_'));
          expect(writeRefusal({ env, baseUrl: `https://staging.example${path}`, keys }, contract) === null).toBe(
            allowed,
          );
        },
      ),
    );
  });
  it("reads the sandbox base path from the contract's servers", () => expect(contract.sandboxBasePath).toBe(SANDBOX));
  const basePath = { enum: ['/api/partners/sandbox/v1', '/api/partners/v1'], default: '/api/partners/sandbox/v1' };
  it.each([
    [
      'a server described as the sandbox',
      [
        { url: 'https://h/api/partners/v1', description: 'Production' },
        { url: 'https://h/sb/v1', description: 'Sandbox, test money' },
      ],
      '/sb/v1',
    ],
    [
      'a described template, its variables at their default',
      [
        {
          url: 'https://{host}/sb/{version}/',
          description: 'Sandbox',
          variables: { host: { default: 'h:1' }, version: { default: 'v1' } },
        },
      ],
      '/sb/v1',
    ],
    [
      'a template of both environments only',
      [{ url: 'https://h{base_path}', description: 'Hosted API', variables: { base_path: basePath } }],
      null,
    ],
    ['no sandbox at all', [{ url: 'https://h/api/partners/v1', description: 'Production' }], null],
  ])('finds the sandbox base path in %s', (_name, servers, expected) => {
    expect(sandboxBasePath(new Bundle({ servers } as never))).toBe(expected);
  });
});

describe('a run that would write elsewhere sends nothing', () => {
  const cases: [string, Environment, string, Record<string, string>, Profile][] = [
    ['production', 'production', '/api/partners/v1', { full: 'sk_live_x1' }, 'full'],
    ['production, contract profile', 'production', '/api/partners/v1', { full: 'sk_live_x1' }, 'contract'],
    ['sandbox keys at the production path', 'sandbox', '/api/partners/v1', { full: 'sk_test_x1' }, 'full'],
    ['a mock at the root', 'sandbox', '', { full: 'sk_test_x1' }, 'contract'],
    ['a live key among sandbox keys', 'sandbox', SANDBOX, { full: 'sk_test_x1', revoked: 'sk_live_x2' }, 'full'],
  ];
  it.each(cases)('%s: WriteRefused before the first request', async (_n, env, path, keys, profile) => {
    const before = listener.requests.length;
    await expect(
      runConformance({ env, baseUrl: listener.origin + path, keys, profile, rate: 0, minCoverage: 0, log: () => {} }),
    ).rejects.toThrow(WriteRefused);
    expect(listener.requests.length).toBe(before);
  });

  const cli = conformanceCli;
  it('the CLI exits 2 with the reason, whatever the flags, and the listener sees no request', async () => {
    const before = listener.requests.length;
    const r = await cli(
      [
        '--env',
        'production',
        '--base-url',
        `${listener.origin}/api/partners/v1`,
        '--rate',
        '0',
        '--min-coverage',
        '0',
        '--profile',
        'contract',
      ],
      { CONFORMANCE_KEY_FULL: 'sk_live_x1', CONFORMANCE_READ_ONLY: '0' },
    );
    expect(r.code, r.err).toBe(2);
    expect(r.err.trim().split('\n')).toHaveLength(1);
    expect(r.err).toContain(
      'refusing to run: this run has write cases (POST), which are sent only to a sandbox, and the environment under test is production',
    );
    expect(listener.requests.length).toBe(before);
  }, 60_000);
  it('--read-only runs, and sends only safe methods', async () => {
    const before = listener.requests.length;
    const r = await cli(
      ['--env', 'production', '--base-url', `${listener.origin}/api/partners/v1`, '--rate', '0', '--read-only'],
      { CONFORMANCE_KEY_FULL: 'sk_live_x1' },
    );
    expect(r.code, r.err).toBe(1); // everything is 404 here: the run fails, but it ran
    const sent = listener.requests.slice(before);
    expect(sent.length).toBeGreaterThan(10);
    expect(sent.filter((s) => !/^(GET|HEAD|OPTIONS) /.test(s))).toEqual([]);
  }, 60_000);
});

describe('options and the transport', () => {
  const base = ['--env', 'sandbox', '--base-url', 'http://h/api/partners/sandbox/v1'];
  it.each([
    [[...base, '--read-only'], {}, true],
    [base, { CONFORMANCE_READ_ONLY: '1' }, true],
    [base, { CONFORMANCE_READ_ONLY: 'true' }, true],
    [base, { CONFORMANCE_READ_ONLY: '0' }, undefined],
    [base, {}, undefined],
  ] as const)('%j %j → readOnly %s', (argv, env, want) => expect(parseOptions([...argv], env).readOnly).toBe(want));
  it('refuses an unreadable CONFORMANCE_READ_ONLY', () =>
    expect(() => parseOptions(base, { CONFORMANCE_READ_ONLY: 'yes' })).toThrow(UsageError));
  it('a transport that may not write throws before sending a POST', async () => {
    let calls = 0;
    const t = new Transport({
      rate: 0,
      timeoutMs: 1000,
      fetch: (async () => {
        calls++;
        return new Response('{}');
      }) as typeof fetch,
    });
    await expect(t.fetch(new Request('http://api.test/x', { method: 'POST', body: '{}' }))).rejects.toThrow(
      WriteNotAllowed,
    );
    expect(calls).toBe(0);
    expect(t.exchanges).toEqual([]);
  });
});
