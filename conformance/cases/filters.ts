/**
 * Enumerated filters return only matching items: transactions by status and category; data plans and airtime by
 * network (also sent in lower case: the filter is case-insensitive, responses are upper case); data plans by
 * bundle_type; electricity by distributor; cable TV by provider. The values come from the data the target returned
 * (and from the parameter's enum), so the cases work on any dataset; a value that occurs must return items.
 */
import { filterConformance } from '../checks/filter_conformance.ts';
import type { CaseDef, RunContext } from '../context.ts';
import type { Item } from '../shared.ts';
import type { ListBody } from './common.ts';

interface FilterSpec {
  operationId: string;
  param: string;
  field: string;
  /** Also send values in lower case: every value, or only the first. */
  lowerCase?: 'all' | 'one';
}

export const FILTERS: FilterSpec[] = [
  { operationId: 'listTransactions', param: 'status', field: 'status' },
  { operationId: 'listTransactions', param: 'category', field: 'category' },
  { operationId: 'listAirtimeProducts', param: 'network', field: 'network', lowerCase: 'all' },
  { operationId: 'listDataPlanProducts', param: 'network', field: 'network', lowerCase: 'all' },
  { operationId: 'listDataPlanProducts', param: 'bundle_type', field: 'bundle_type' },
  { operationId: 'listElectricityProducts', param: 'distributor', field: 'distributor', lowerCase: 'one' },
  { operationId: 'listCableTvProducts', param: 'provider', field: 'provider', lowerCase: 'one' },
];

const valueOf = (item: Item, field: string) => item.attributes[field];

export function filterCases(run: RunContext): CaseDef[] {
  const cases: CaseDef[] = [];
  for (const spec of FILTERS) {
    const op = run.contract.op(spec.operationId);
    const param = op.params.find((p) => p.name === spec.param);
    if (!param) continue; // the contract no longer has this filter
    const walk = run.shared.walks.get(spec.operationId);
    const base = { group: 'filters', operationId: spec.operationId, needs: ['full' as const] };
    if (!walk) {
      cases.push({ ...base, id: `filters.${spec.operationId}.${spec.param}`, title: `${op.path}?${spec.param}=…`, run: async (t) => t.skip(`the walk of ${spec.operationId} failed`) });
      continue;
    }
    const present = [...new Set(walk.items.map((i) => valueOf(i, spec.field)).filter((v): v is string => typeof v === 'string'))];
    const values = [...new Set([...present, ...(Array.isArray(param.schema.enum) ? param.schema.enum.map(String) : [])])];
    const sent = values.flatMap((v, i) => (spec.lowerCase === 'all' || (spec.lowerCase === 'one' && i === 0) ? [v, v.toLowerCase()] : [v]));
    for (const value of [...new Set(sent)]) {
      const canonical = values.find((v) => v.toLowerCase() === value.toLowerCase()) ?? value;
      const isPresent = present.includes(canonical);
      cases.push({
        ...base,
        id: `filters.${spec.operationId}.${spec.param}=${value}`,
        title: `${op.path}?${spec.param}=${value} → only ${spec.field} ${canonical}${isPresent ? ' (at least one)' : ''}`,
        async run(t) {
          const ex = await t.send({ query: { [spec.param]: value, per_page: 100 } }, 'full', { status: 200 });
          const body = t.ok<ListBody>(ex);
          if (!body) return;
          t.report('filter_conformance', filterConformance({
            items: body.data,
            filter: `${spec.param}=${value}`,
            matches: (i) => valueOf(i, spec.field) === canonical,
            present: isPresent,
            describe: (i) => `${i.id} (${spec.field} ${JSON.stringify(valueOf(i, spec.field))})`,
          }), ex);
        },
      });
    }
  }
  return cases;
}
