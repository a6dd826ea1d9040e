/**
 * One mutant per filter the contract declares (x-filter), generated from the bundle like the filter cases: the
 * proxy drops that parameter from every request to its list, so the server answers as one that accepts the
 * filter and ignores it. Each must fail the run with filter_conformance — whatever filter the contract gains.
 */
import { Contract } from '../../../conformance/contract/operations.ts';
import type { Mutant, ProxiedRequest } from './proxy.ts';

/** The request is to the list at `path`, a template (`/webhooks/{webhook_id}/deliveries`: any one segment for each
 *  parameter) — not endsWith(path), which no request to a list with path parameters matches. */
const listOf = (req: ProxiedRequest, path: string) =>
  new RegExp(`${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`).test(
    new URL(req.path, 'http://proxy').pathname,
  );

export const FILTER_MUTANTS: Mutant[] = new Contract().operations.flatMap((op) =>
  op.params
    .filter((p) => p.meaning?.filter)
    .map((p): Mutant => ({
      name: `${op.operationId}.${p.name}_ignored`,
      breaks: `the ${p.name} filter of ${op.path} narrows the list (x-filter ${p.meaning!.filter!.match} on ${p.meaning!.filter!.attribute})`,
      check: 'filter_conformance',
      // A list under a webhook endpoint has data to filter only in a run with writes (webhooks.setup makes it).
      ...(op.params.some((x) => x.in === 'path' && x.name === 'webhook_id') ? { writes: true } : {}),
      request: (req) => {
        if (!listOf(req, op.path)) return undefined;
        const u = new URL(req.path, 'http://proxy');
        if (!u.searchParams.has(p.name)) return undefined;
        u.searchParams.delete(p.name);
        return { ...req, path: u.pathname + u.search };
      },
    })),
);
