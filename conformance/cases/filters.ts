/**
 * Filter cases, generated from the contract's declarations (`x-filter` on each query parameter; see
 * openapi/components/README.md and contract/query-meaning.ts) — never from a list kept here, so a filter the
 * contract gains is checked on the next run, and one the server accepts but ignores fails it. For each declared
 * filter of each list, values are drawn from the data the target returned (its walk) and from the parameter's
 * `enum`; every item returned must match, and a value that occurs must return items (a lookup: at most one):
 * - exact / lookup: each value seen (a sample of 3 when more than 12 are) and each enum value;
 * - case-insensitive: the same, each also sent in lower case;
 * - range-from / range-to: the attribute of the middle item; a from/to pair on one attribute also as from = to
 *   (both inclusive) and, for date-times, that instant written with a +01:00 offset;
 * - two exact / case-insensitive filters of one list together, with the values of one item.
 */
import { filterConformance } from '../checks/filter_conformance.ts';
import type { CaseContext, CaseDef, RunContext } from '../context.ts';
import type { OperationModel, ParamModel } from '../contract/operations.ts';
import { attributeOf, matchesFilter, type FilterDeclaration } from '../contract/query-meaning.ts';
import type { Item } from '../shared.ts';
import type { ListBody } from './common.ts';

const ALL_VALUES_UP_TO = 12;
type Filter = ParamModel & { decl: FilterDeclaration };
type Sent = Record<string, string>;

const filtersOf = (op: OperationModel): Filter[] =>
  op.params.flatMap((p) => (p.meaning?.filter ? [{ ...p, decl: p.meaning.filter }] : []));
const isInstant = (f: Filter) => f.schema.format === 'date-time';
const valueOf = (i: Item, f: Filter) => attributeOf(i, f.decl.attribute);
const text = (v: unknown): string | undefined =>
  typeof v === 'string' || typeof v === 'number' ? String(v) : undefined;

/** The largest page the list serves (its x-paging per_page maximum), to see as many items per request as allowed. */
function widestPage(op: OperationModel): Sent {
  const p = op.params.find((x) => x.meaning?.paging === 'per_page');
  return p && typeof p.schema.maximum === 'number' ? { [p.name]: String(p.schema.maximum) } : {};
}

export function filterCases(run: RunContext): CaseDef[] {
  return run.contract.operations.flatMap((op) => {
    const filters = filtersOf(op);
    if (!filters.length) return [];
    const walk = run.shared.walks.get(op.operationId);
    if (!walk)
      return filters.map((f) =>
        caseOf(op, f.name, `${op.path}?${f.name}=…`, (t) => t.skip(`the walk of ${op.operationId} failed`)),
      );
    const accepts = (f: Filter, v: string) =>
      run.contract.schemas.validate(f.schemaPointer, f.schema.type === 'integer' ? Number(v) : v).length === 0;
    return [
      ...filters.flatMap((f) =>
        f.decl.match.startsWith('range-') ? [rangeCase(op, f, walk.items)] : valueCases(op, f, walk.items, accepts),
      ),
      ...pairCases(op, filters, walk.items),
      ...combinedCase(op, filters, walk.items, accepts),
    ];
  });
}

function caseOf(op: OperationModel, id: string, title: string, run: (t: CaseContext) => Promise<void>): CaseDef {
  return {
    id: `filters.${op.operationId}.${id}`,
    group: 'filters',
    operationId: op.operationId,
    title,
    needs: ['full'],
    run,
  };
}

/** Sends `query` (at the widest page) and reports every returned item that `matches` rejects. */
async function filtered(
  t: CaseContext,
  op: OperationModel,
  query: Sent,
  matches: (i: Item) => boolean,
  present: boolean,
  shown: Filter[],
  atMostOne = false,
) {
  const ex = await t.send({ query: { ...query, ...widestPage(op) } }, 'full', { status: 200 });
  const body = t.ok<ListBody>(ex);
  if (!body) return;
  const filter = Object.entries(query)
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const describe = (i: Item) =>
    `${i.id} (${shown.map((f) => `${f.decl.attribute} ${JSON.stringify(valueOf(i, f))}`).join(', ')})`;
  let stillPresent = present;
  if (present && body.data.length === 0) {
    // Live data moves (a delivery pending when the walk read it is delivered by now): an empty answer fails only if
    // the unfiltered list, read again now, still holds a matching item.
    // Only a list that fits one page is read whole; a longer one keeps the walk's verdict.
    const again = t.ok<ListBody>(await t.send({ query: widestPage(op) }, 'full', { status: 200 }));
    if (again && again.pagination.total_count <= again.data.length) stillPresent = again.data.some(matches);
  }
  t.report(
    'filter_conformance',
    filterConformance({ items: body.data, filter, matches, present: stillPresent, atMostOne, describe }),
    ex,
  );
}

/** exact, case-insensitive, lookup: one case per value drawn from the data or the enum. */
function valueCases(
  op: OperationModel,
  f: Filter,
  items: Item[],
  accepts: (f: Filter, v: string) => boolean,
): CaseDef[] {
  const seen = [
    ...new Set(items.map((i) => text(valueOf(i, f))).filter((v): v is string => v !== undefined && accepts(f, v))),
  ];
  const drawn =
    seen.length <= ALL_VALUES_UP_TO ? seen : [seen[0]!, seen[Math.floor(seen.length / 2)]!, seen[seen.length - 1]!];
  const enumerated = Array.isArray(f.schema.enum) ? f.schema.enum.map(String) : [];
  const values = [...new Set([...drawn, ...enumerated])];
  if (!values.length) {
    return [
      caseOf(op, f.name, `${op.path}?${f.name}=…`, (t) =>
        t.skip(`no item has a ${f.decl.attribute} that ${f.name} accepts, and ${f.name} has no enum`),
      ),
    ];
  }
  const insensitive = f.decl.match === 'case-insensitive';
  const sent = [...new Set(values.flatMap((v) => (insensitive ? [v, v.toLowerCase()] : [v])))];
  return sent.map((value) => {
    const canonical =
      values.find((v) => (insensitive ? v.toLowerCase() === value.toLowerCase() : v === value)) ?? value;
    const present = seen.includes(canonical);
    const lookup = f.decl.match === 'lookup';
    const title = lookup
      ? `${op.path}?${f.name}=${value} → only the item with ${f.decl.attribute} ${canonical}${present ? ' (exactly one)' : ' (at most one)'}`
      : `${op.path}?${f.name}=${value} → only ${f.decl.attribute} ${canonical}${present ? ' (at least one)' : ''}`;
    return caseOf(op, `${f.name}=${value}`, title, (t) =>
      filtered(
        t,
        op,
        { [f.name]: value },
        (i) => matchesFilter(f.decl.match, valueOf(i, f), value, isInstant(f)),
        present,
        [f],
        lookup,
      ),
    );
  });
}

/** The value of `f` in the item nearest the middle of the walk that has one. */
function middleValue(items: Item[], f: Filter): string | undefined {
  const mid = Math.floor(items.length / 2);
  const order = items.map((_, k) => k).sort((a, b) => Math.abs(a - mid) - Math.abs(b - mid));
  for (const k of order) {
    const v = text(valueOf(items[k]!, f));
    if (v !== undefined) return v;
  }
  return undefined;
}

function rangeCase(op: OperationModel, f: Filter, items: Item[]): CaseDef {
  const side = f.decl.match === 'range-from' ? 'at or after' : 'at or before';
  return caseOf(
    op,
    f.name,
    `${op.path}?${f.name}=<a ${f.decl.attribute}> → only items with ${f.decl.attribute} ${side} it`,
    async (t) => {
      const x = middleValue(items, f);
      if (x === undefined) return t.skip(`no item has a ${f.decl.attribute}`);
      await filtered(t, op, { [f.name]: x }, (i) => matchesFilter(f.decl.match, valueOf(i, f), x, isInstant(f)), true, [
        f,
      ]);
    },
  );
}

/** A range-from and a range-to on one attribute: both at X (inclusive), and X with a +01:00 offset for date-times. */
function pairCases(op: OperationModel, filters: Filter[], items: Item[]): CaseDef[] {
  return filters
    .filter((f) => f.decl.match === 'range-from')
    .flatMap((from) => {
      const to = filters.find((g) => g.decl.match === 'range-to' && g.decl.attribute === from.decl.attribute);
      if (!to) return [];
      const at = (written: (x: string) => string) => async (t: CaseContext) => {
        const x = middleValue(items, from);
        if (x === undefined) return t.skip(`no item has a ${from.decl.attribute}`);
        const sent = written(x);
        const same = (i: Item) =>
          matchesFilter('range-from', valueOf(i, from), x, isInstant(from)) &&
          matchesFilter('range-to', valueOf(i, from), x, isInstant(from));
        await filtered(t, op, { [from.name]: sent, [to.name]: sent }, same, true, [from]);
      };
      const plusOne = (x: string) => new Date(Date.parse(x) + 3_600_000).toISOString().replace('Z', '+01:00');
      return [
        caseOf(
          op,
          `${from.name}_${to.name}`,
          `${op.path}?${from.name}=X&${to.name}=X → only items with ${from.decl.attribute} X (both inclusive)`,
          at((x) => x),
        ),
        ...(isInstant(from)
          ? [
              caseOf(
                op,
                `${from.name}_${to.name}_offset`,
                `${op.path}?${from.name}=X&${to.name}=X written with a +01:00 offset → the same instant`,
                at(plusOne),
              ),
            ]
          : []),
      ];
    });
}

/** The first two exact / case-insensitive filters together, with the values of one item: items matching both. */
function combinedCase(
  op: OperationModel,
  filters: Filter[],
  items: Item[],
  accepts: (f: Filter, v: string) => boolean,
): CaseDef[] {
  const pair = filters.filter((f) => f.decl.match === 'exact' || f.decl.match === 'case-insensitive').slice(0, 2);
  if (pair.length < 2) return [];
  return [
    caseOf(
      op,
      'combined',
      `${op.path}?${pair.map((f) => `${f.name}=…`).join('&')} → items matching both`,
      async (t) => {
        const mid = Math.floor(items.length / 2);
        const item = [...items.slice(mid), ...items.slice(0, mid)].find((i) =>
          pair.every((f) => {
            const v = text(valueOf(i, f));
            return v !== undefined && accepts(f, v);
          }),
        );
        if (!item) return t.skip(`no item has values for ${pair.map((f) => f.name).join(' and ')}`);
        const query = Object.fromEntries(pair.map((f) => [f.name, text(valueOf(item, f))!]));
        await filtered(
          t,
          op,
          query,
          (i) => pair.every((f) => matchesFilter(f.decl.match, valueOf(i, f), query[f.name]!, isInstant(f))),
          true,
          pair,
        );
      },
    ),
  ];
}
