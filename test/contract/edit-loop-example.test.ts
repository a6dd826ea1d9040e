/**
 * The README's edit-loop example stays performable: the parameter it adds is not one the contract has, and no test
 * that the edit reaches (edit-loop-example.ts: the tests of query parameters and handler reads) uses its name — a
 * test's invented "not a parameter" that the example then makes real would stop compiling or fail once someone
 * follows the README. test/contract/edit-loop.test.ts performs the example and runs those tests afterwards.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../generated/operations.ts';
import { projectRoot } from '../helpers/run.ts';
import { editLoopExample, testsReachingQueryParameters } from './edit-loop-example.ts';

const example = editLoopExample();

// A budget for the work of the tests that list the project's test files with `git ls-files`.
const GIT_BUDGET = 60_000;

describe(
  `the README's edit-loop example (${example.parameter} on ${example.operation})`,
  { timeout: GIT_BUDGET },
  () => {
    it('adds a query parameter that the contract does not have yet', () => {
      const [method, path] = example.operation.split(' ') as [string, string];
      const operation = Object.values(OPERATIONS).find((op) => op.method.toUpperCase() === method && op.path === path);
      expect(operation, `${example.operation} in generated/operations.ts`).toBeDefined();
      expect(operation!.query as readonly string[]).not.toContain(example.parameter);
    });

    it('says what its x-filter narrows on: the parameter itself', () => {
      expect(example.xFilter.attribute).toBe(example.parameter);
      expect(example.file).toMatch(/^openapi\/components\/parameters\/\w+\.yaml$/);
    });

    it('reaches the tests of handler reads and of generated query types, by a grep', () => {
      expect(testsReachingQueryParameters()).toEqual(
        expect.arrayContaining([
          'server/contract/handler-reads.test.ts',
          'test/contract/generated.test.ts',
          'test/server/handler-types.test.ts',
        ]),
      );
    });

    it('shares its parameter name with none of the tests it reaches', () => {
      const using = testsReachingQueryParameters().filter((file) =>
        new RegExp(`\\b${example.parameter}\\b`).test(readFileSync(join(projectRoot, file), 'utf8')),
      );
      expect(using, `tests that use '${example.parameter}', the README's example; invent another name`).toEqual([]);
    });
  },
);
