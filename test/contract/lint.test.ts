/** The contract lints clean, and our own lint rules catch what they exist for. */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bin, projectRoot, run } from '../helpers/run.ts';

// A budget for the work of a test that runs `redocly lint`, a spawned process.
const LINT_BUDGET = 120_000;

const lint = (cwd: string) => run(bin('redocly'), ['lint', '--format=stylish'], { cwd });

describe('redocly lint', () => {
  it(
    'reports zero problems on the contract',
    () => {
      const r = lint(projectRoot);
      expect(r.out).toMatch(/Your API description is valid/);
      expect(r.out).not.toMatch(/^\s*\d+:\d+\s+(error|warning)\s/m); // stylish problem lines
      expect(r.code).toBe(0);
    },
    LINT_BUDGET,
  );

  // Inside the repository, so with its redocly.yaml: the contract's house rules must not judge the workflows.
  it.each(readdirSync(join(projectRoot, 'arazzo')).filter((f) => f.endsWith('.arazzo.yaml')))(
    'reports zero problems on arazzo/%s, run in the repository',
    (file) => {
      const r = run(bin('redocly'), ['lint', '--format=stylish', `arazzo/${file}`], { cwd: projectRoot });
      expect(r.out).toMatch(/Your API description is valid/);
      expect(r.out).not.toMatch(/^\s*\d+:\d+\s+(error|warning)\s/m);
      expect(r.out).not.toMatch(/Unused rules/);
      expect(r.code).toBe(0);
    },
    LINT_BUDGET,
  );

  const copies: string[] = [];
  afterAll(() => copies.forEach((d) => rmSync(d, { recursive: true, force: true })));

  /** Lints a copy of the contract after editing one file of it. */
  function lintEdited(file: string, edit: (s: string) => string) {
    const dir = mkdtempSync(join(tmpdir(), 'lint-'));
    copies.push(dir);
    cpSync(join(projectRoot, 'openapi'), join(dir, 'openapi'), { recursive: true });
    cpSync(join(projectRoot, 'redocly.yaml'), join(dir, 'redocly.yaml'));
    const path = join(dir, 'openapi', file);
    const before = readFileSync(path, 'utf8');
    const after = edit(before);
    expect(after).not.toBe(before);
    writeFileSync(path, after);
    return lint(dir);
  }

  it.each([
    [
      'a camelCase property',
      'components/schemas/Balance.yaml',
      (s: string) => s.replace('  updated_at:\n', '  walletId:\n    type: string\n  updated_at:\n'),
      'rule/snake-case-properties',
    ],
    [
      'a camelCase query parameter',
      'components/parameters/PerPage.yaml',
      (s: string) => s.replace('name: per_page', 'name: perPage'),
      'rule/snake-case-parameters',
    ],
    [
      'an operation without a summary',
      'paths/account.yaml',
      (s: string) => s.replace(/ {2}summary: .*\n/, ''),
      'rule/operation-documented',
    ],
    [
      'a response without examples',
      'paths/account_balance.yaml',
      (s: string) => s.replace(/ {10}examples:\n {12}BalanceOk:\n {14}\$ref: .*\n/, ''),
      'rule/media-type-examples',
    ],
    [
      'an example that breaks its schema',
      'components/examples/BalanceOk.yaml',
      (s: string) => s.replace("balance: '1254300.50'", 'balance: 1254300.5'),
      'no-invalid-media-type-examples',
    ],
    [
      'a query parameter that declares neither x-filter nor x-paging',
      'components/parameters/NetworkFilter.yaml',
      (s: string) => s.replace(/^x-filter: .*\n/m, ''),
      'rule/query-parameter-meaning',
    ],
    [
      'a query parameter that declares both',
      'components/parameters/PerPage.yaml',
      (s: string) => `${s}x-filter: { attribute: per_page, match: exact }\n`,
      'rule/query-parameter-meaning',
    ],
    [
      'a verb in a path',
      'openapi.yaml',
      (s: string) => s.replace('  /products/cabletv:', '  /products/getCableTv:'),
      'rule/path-segments-lowercase',
    ],
    [
      'a camelCase path segment',
      'openapi.yaml',
      (s: string) =>
        s.replace('  /webhooks/{webhook_id}/secret_rotations:', '  /webhooks/{webhook_id}/secretRotations:'),
      'rule/path-segments-lowercase',
    ],
    [
      'an operation without an operationId',
      'paths/webhooks.yaml',
      (s: string) => s.replace('  operationId: listWebhookEndpoints\n', ''),
      'rule/operation-documented',
    ],
    [
      'a webhook with an operationId',
      'webhooks/transaction.failed.yaml',
      (s: string) => s.replace('post:\n', 'post:\n  operationId: transactionFailedWebhook\n'),
      'rule/webhook-documented',
    ],
    [
      'a webhook without its body',
      'webhooks/transaction.pending.yaml',
      (s: string) => s.replace(/ {2}requestBody:\n( {4}.*\n| {6}.*\n)+/, ''),
      'rule/webhook-documented',
    ],
    // The server rule: example.com and loopback servers fail, but for the one documented local reference server.
    [
      'an example.com server',
      'openapi.yaml',
      (s: string) =>
        s.replace(
          '  - url: https://api.billpay.ng/api/partners/v1\n',
          '  - url: https://api.example.com/api/partners/v1\n',
        ),
      'rule/no-example-or-loopback-servers',
    ],
    [
      'a localhost server',
      'openapi.yaml',
      (s: string) =>
        s.replace(
          '  - url: https://api.billpay.ng/api/partners/v1\n',
          '  - url: http://localhost:4010/api/partners/v1\n',
        ),
      'rule/no-example-or-loopback-servers',
    ],
    [
      'an IPv6 loopback server',
      'openapi.yaml',
      (s: string) =>
        s.replace(
          '  - url: https://api.billpay.ng/api/partners/sandbox/v1\n',
          '  - url: http://[::1]:8080/api/partners/sandbox/v1\n',
        ),
      'rule/no-example-or-loopback-servers',
    ],
    [
      'the local server not described as the local reference server',
      'openapi.yaml',
      (s: string) => s.replace(/^(\s+)Local reference server\b/m, '$1Reference server'),
      'rule/no-example-or-loopback-servers',
    ],
  ])(
    'fails on %s',
    (_name, file, edit, rule) => {
      const r = lintEdited(file, edit);
      expect(r.code).not.toBe(0);
      expect(r.out).toContain(rule);
    },
    LINT_BUDGET,
  );
});
