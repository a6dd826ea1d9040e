/**
 * Start-up check: the handler of every operation declares (queryHandler's `reads`, operations.ts) exactly the query
 * parameters the contract gives that operation. The compiler already demands it, but `npm start` bundles with
 * esbuild, which does not type-check: without this check, a parameter added to the contract and regenerated would
 * be accepted by the validator and ignored by a handler that never reads it. The server refuses to start instead,
 * naming the parameter, the handler and the contract file.
 */
import { OPERATIONS } from '../../generated/operations.ts';

/** The problems, in words; empty when every handler declares exactly its operation's query parameters. */
export function unreadQueryParameters(handlers: Readonly<Record<string, unknown>>): string[] {
  const problems: string[] = [];
  for (const [operationId, op] of Object.entries(OPERATIONS)) {
    const handler = handlers[operationId];
    if (typeof handler !== 'function') {
      problems.push(
        `no handler for ${operationId} (${op.source}): export it from server/handlers/ and add it to server/handlers/index.ts`,
      );
      continue;
    }
    const reads = (handler as { reads?: unknown }).reads;
    const declared = typeof reads === 'object' && reads !== null ? Object.keys(reads) : [];
    const query: readonly string[] = op.query;
    for (const name of query.filter((q) => !declared.includes(q))) {
      problems.push(
        `the handler ${operationId} (server/handlers/) never reads the query parameter '${name}' that ${op.source} declares: ` +
          `read it from ctx.query, hand it to the store, and add ${name}: true to its queryHandler reads`,
      );
    }
    for (const name of declared.filter((d) => !query.includes(d))) {
      problems.push(
        `the handler ${operationId} (server/handlers/) declares the query parameter '${name}', which ${op.source} does not have: remove it`,
      );
    }
  }
  return problems;
}

export class UnreadQueryParameterError extends Error {}

/** Throws, naming every problem (the first on the first line: `npm start` prints that line). */
export function assertHandlersReadTheirQuery(handlers: Readonly<Record<string, unknown>>): void {
  const problems = unreadQueryParameters(handlers);
  if (problems.length) throw new UnreadQueryParameterError(problems.join('\n'));
}
