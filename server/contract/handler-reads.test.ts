/**
 * The start-up check of handler-reads.ts, over every query parameter of every operation: the real handler map
 * passes; a handler that does not declare one of its operation's parameters, declares one it does not have, or is
 * missing, stops the start with a message naming the parameter, the handler and the contract file.
 */
import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../generated/operations.ts';
import { handlers } from '../handlers/index.ts';
import { assertHandlersReadTheirQuery, unreadQueryParameters, UnreadQueryParameterError } from './handler-reads.ts';

/**
 * A name no operation has or will have: not a real parameter's (test/contract/edit-loop-example.test.ts keeps the
 * README's edit-loop example, which adds one, out of this file).
 */
const NOT_A_PARAMETER = 'not_a_parameter_of_the_contract';

type AnyHandler = ((...args: never[]) => unknown) & { reads?: Record<string, true> };

/** The map with one handler replaced by a copy whose `reads` is `reads` (undefined: no reads at all). */
function withReads(operationId: string, reads: Record<string, true> | undefined): Record<string, unknown> {
  const copy: AnyHandler = (...args: never[]) => (handlers as Record<string, AnyHandler>)[operationId]!(...args);
  if (reads) copy.reads = reads;
  return { ...handlers, [operationId]: copy };
}

const everyQueryParameter = Object.entries(OPERATIONS).flatMap(([id, op]) =>
  op.query.map((name) => [id, name, op.source] as const),
);

describe('the start-up check of the handlers’ query parameters', () => {
  it('passes the server’s handler map', () => {
    expect(unreadQueryParameters(handlers)).toEqual([]);
    expect(() => assertHandlersReadTheirQuery(handlers)).not.toThrow();
  });

  it('covers every operation that has query parameters', () => {
    expect(everyQueryParameter.length).toBeGreaterThanOrEqual(12);
  });

  it.each(everyQueryParameter)('stops the start when %s does not declare %s', (operationId, name, source) => {
    const reads = Object.fromEntries(
      OPERATIONS[operationId as keyof typeof OPERATIONS].query.filter((q) => q !== name).map((q) => [q, true as const]),
    );
    const problems = unreadQueryParameters(withReads(operationId, reads));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(
      `the handler ${operationId} (server/handlers/) never reads the query parameter '${name}' that ${source} declares`,
    );
    expect(() => assertHandlersReadTheirQuery(withReads(operationId, reads))).toThrow(UnreadQueryParameterError);
  });

  it.each(Object.keys(OPERATIONS))(
    'stops the start when %s declares a parameter its operation does not have',
    (operationId) => {
      const declared = Object.fromEntries(
        [...OPERATIONS[operationId as keyof typeof OPERATIONS].query, NOT_A_PARAMETER].map((q) => [q, true as const]),
      );
      expect(unreadQueryParameters(withReads(operationId, declared))).toEqual([
        expect.stringContaining(`declares the query parameter '${NOT_A_PARAMETER}', which`),
      ]);
    },
  );

  it('names every parameter of an operation whose handler declares none', () => {
    const problems = unreadQueryParameters(withReads('listTransactions', undefined));
    expect(problems).toHaveLength(OPERATIONS.listTransactions.query.length);
    expect(problems.join('\n')).toContain("'per_page'");
  });

  it('stops the start when an operation has no handler', () => {
    const { getHealth: _gone, ...rest } = handlers;
    expect(unreadQueryParameters(rest)).toEqual([
      expect.stringContaining('no handler for getHealth (openapi/paths/health.yaml)'),
    ]);
  });
});
