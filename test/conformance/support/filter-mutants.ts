/**
 * One mutant per filter the contract declares (x-filter), generated from the bundle like the filter cases: the
 * proxy drops that parameter from every request to its list, so the server answers as one that accepts the
 * filter and ignores it. Each must fail the run with filter_conformance — whatever filter the contract gains.
 */
import { Contract } from '../../../conformance/contract/operations.ts';
import type { Mutant, ProxiedRequest } from './proxy.ts';

const listOf = (req: ProxiedRequest, path: string) => new URL(req.path, 'http://proxy').pathname.endsWith(path);

export const FILTER_MUTANTS: Mutant[] = new Contract().operations.flatMap((op) =>
  op.params.filter((p) => p.meaning?.filter).map((p): Mutant => ({
    name: `${op.operationId}.${p.name}_ignored`,
    breaks: `the ${p.name} filter of ${op.path} narrows the list (x-filter ${p.meaning!.filter!.match} on ${p.meaning!.filter!.attribute})`,
    check: 'filter_conformance',
    request: (req) => {
      if (!listOf(req, op.path)) return undefined;
      const u = new URL(req.path, 'http://proxy');
      if (!u.searchParams.has(p.name)) return undefined;
      u.searchParams.delete(p.name);
      return { ...req, path: u.pathname + u.search };
    },
  })));
