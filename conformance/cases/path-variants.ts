/**
 * Path variants of every operation — the first literal segment in another case, a trailing slash, a doubled
 * slash, `;x=1` on a segment, a percent-encoded letter — with no key and with the full key: each is no route,
 * 404 NOT_FOUND, before authentication. Only variants fetch() sends as they are (it would resolve dot segments),
 * and only those no other path template takes.
 */
import { pathVariantNotRouted } from '../checks/path_variant_not_routed.ts';
import type { CaseDef } from '../context.ts';
import type { Contract, OperationModel } from '../contract/operations.ts';
import { pathParamsFor } from './common.ts';
import { sendUnverified } from './unrouted.ts';

interface PathVariant {
  name: string;
  /** The variant of a path template, e.g. `/account/transactions/{id}` → `/Account/transactions/{id}`. */
  of: (template: string) => string;
}

/** Index of the first and last literal (non-`{param}`) segment of a template split on `/` (index 0 is ''). */
const literals = (template: string) =>
  template
    .split('/')
    .map((s, i) => (i > 0 && !s.startsWith('{') ? i : -1))
    .filter((i) => i > 0);
const editSegment = (template: string, i: number, edit: (s: string) => string) =>
  template
    .split('/')
    .map((s, j) => (j === i ? edit(s) : s))
    .join('/');

export const PATH_VARIANTS: PathVariant[] = [
  { name: 'case', of: (p) => editSegment(p, literals(p)[0]!, (s) => s[0]!.toUpperCase() + s.slice(1)) },
  { name: 'trailing_slash', of: (p) => `${p}/` },
  { name: 'double_slash', of: (p) => `/${p}` },
  { name: 'matrix_parameter', of: (p) => editSegment(p, literals(p).at(-1)!, (s) => `${s};x=1`) },
  {
    name: 'percent_encoded_letter',
    of: (p) => editSegment(p, literals(p).at(-1)!, (s) => `%${s.charCodeAt(0).toString(16)}${s.slice(1)}`),
  },
];

/**
 * Whether another path template of the contract takes the variant (`/purchases/airtime;x=1` is an id of
 * `/purchases/{id}`): then it is that path, routed as that path's operation (OpenAPI path matching), not a variant.
 */
const takenByAnother = (contract: Contract, op: OperationModel, variant: string): boolean => {
  const concrete = variant.replace(/\{[^}]+\}/g, 'x');
  return contract.operations.some(
    (o) => o.path !== op.path && new RegExp(`^${o.path.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(concrete),
  );
};

export function pathVariantCases(contract: Contract): CaseDef[] {
  return contract.operations.flatMap((op: OperationModel) =>
    PATH_VARIANTS.filter((v) => !takenByAnother(contract, op, v.of(op.path))).map((v): CaseDef => ({
      id: `path-variant.${op.operationId}.${v.name}`,
      group: 'path-variants',
      operationId: op.operationId,
      title: `${op.method} ${v.of(op.path)}, no key and full key → 404 NOT_FOUND`,
      needs: ['full'],
      async run(t) {
        const path = v.of(op.path);
        const pathParams = pathParamsFor(t, op, false);
        for (const who of ['none', 'full'] as const) {
          const { ex, response } = await sendUnverified(t, { path, ...(pathParams ? { pathParams } : {}) }, who);
          if (response)
            t.report(
              'path_variant_not_routed',
              pathVariantNotRouted(response, t.run.contract.schemas, `${op.method} ${path}`, op.operationId),
              ex,
            );
        }
      },
    })),
  );
}
