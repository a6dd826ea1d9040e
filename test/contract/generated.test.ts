/** generated/ is exactly what the generator writes from openapi/, and drift is caught. */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { components, operations, paths } from '../../generated/schema.d.ts';
import { bin, projectRoot, run } from '../helpers/run.ts';
import type { TypePin } from '../helpers/type-pin.ts';

// A budget for the work of a test that runs the generator (`tsx scripts/generate.ts`) as a process.
const GENERATE_BUDGET = 120_000;

const generate = (...args: string[]) => run(bin('tsx'), [join(projectRoot, 'scripts/generate.ts'), ...args]);

describe('generated/', () => {
  it(
    'is in sync with the contract',
    () => {
      const r = generate('--check');
      expect(r.out).toContain('in sync');
      expect(r.code).toBe(0);
    },
    GENERATE_BUDGET,
  );

  it('carries a do-not-edit header in each file', () => {
    expect(readFileSync(join(projectRoot, 'generated/schema.d.ts'), 'utf8')).toMatch(/^\/\*\*\n \* DO NOT EDIT/);
    expect(JSON.parse(readFileSync(join(projectRoot, 'generated/openapi.json'), 'utf8'))['x-generated']).toMatch(
      /^DO NOT EDIT/,
    );
  });

  it(
    'fails the check when a schema is edited without regenerating',
    () => {
      const dir = mkdtempSync(join(tmpdir(), 'drift-'));
      try {
        for (const p of ['openapi', 'generated', 'redocly.yaml'])
          cpSync(join(projectRoot, p), join(dir, p), { recursive: true });
        const file = join(dir, 'openapi/components/schemas/Balance.yaml');
        writeFileSync(file, readFileSync(file, 'utf8').replace('The wallet balance.', 'The wallet balance, edited.'));
        const r = generate('--check', '--root', dir);
        expect(r.code).toBe(1);
        expect(r.out).toMatch(/generated\/openapi\.json differs/);
        expect(r.out).toMatch(/generated\/schema\.d\.ts differs/);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    GENERATE_BUDGET,
  );
});

// Type pins, checked by tsc (`npm test` runs it before vitest; test/helpers/type-pin.test.ts shows a pin failing): a
// contract edit that changes one of these types fails here, in words naming the members that differ and this file,
// where the expected type is to be updated when the change is intended.
type Here = 'the expected type in test/contract/generated.test.ts';
const _query: TypePin<
  operations['listTransactions']['parameters']['query'],
  | {
      status?: components['schemas']['TransactionStatus'];
      category?: components['schemas']['TransactionCategory'];
      reference?: components['schemas']['ExternalReference'];
      from?: string;
      to?: string;
      page?: number;
      per_page?: number;
    }
  | undefined,
  Here,
  'the query of listTransactions'
> = 'pinned';
const _path: TypePin<
  paths['/account/transactions/{id}']['get']['parameters']['path'],
  { id: string },
  Here,
  'the path parameters of getTransaction'
> = 'pinned';
const _code: TypePin<
  components['schemas']['ErrorResponse']['error']['code'],
  components['schemas']['ErrorCode'],
  Here,
  'ErrorResponse.error.code'
> = 'pinned';
const _balance: TypePin<components['schemas']['Balance']['balance'], string, Here, 'Balance.balance'> = 'pinned';
