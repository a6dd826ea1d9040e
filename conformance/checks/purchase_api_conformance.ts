/**
 * The published partner API's purchase reads (contract decisions, "The seed's own system"), as the contract
 * describes them:
 * - same_transaction: GET /purchases/{id} and POST /purchases/verify answer what their older forms answer —
 *   the purchase is the transaction GET /account/transactions/{id} returns, the verification the one
 *   GET /products/<kind>/{product_id}/<meters|smartcards>/{number} returns (the same `data`, member for member);
 * - query_conformance: POST /purchases/{id}/query answers the purchase (its id), in the sandbox a pending one moved
 *   on to its scenario's next state at once; repeated, it is safe: the purchase answered the same again.
 */
import { isDeepStrictEqual } from 'node:util';
import { isRecord, type Problem } from './types.ts';

const dataOf = (body: unknown) => (isRecord(body) && isRecord(body.data) ? body.data : undefined);
const statusOf = (data: Record<string, unknown> | undefined) =>
  isRecord(data?.attributes) ? data.attributes.status : undefined;

/** The members of `a` and `b` (each a `data`) that differ, by name: `id`, `type`, `attributes.<name>`. */
function differences(a: Record<string, unknown>, b: Record<string, unknown>): string[] {
  const out = ['id', 'type'].filter((k) => !isDeepStrictEqual(a[k], b[k]));
  const aa = isRecord(a.attributes) ? a.attributes : {};
  const ba = isRecord(b.attributes) ? b.attributes : {};
  for (const k of new Set([...Object.keys(aa), ...Object.keys(ba)]))
    if (!isDeepStrictEqual(aa[k], ba[k])) out.push(`attributes.${k}`);
  return out;
}

/** `body` (the new operation's answer) holds the same `data` as `older` (the older operation's, read right after). */
export function sameData(body: unknown, older: unknown, what: string, documented: string): Problem[] {
  const a = dataOf(body);
  const b = dataOf(older);
  if (!a || !b) return [{ message: `${what}: no data to compare`, documented }];
  const diff = differences(a, b);
  return diff.length
    ? [
        {
          message: `${what}: ${diff.map((k) => `${k} ${JSON.stringify(k.startsWith('attributes.') ? (a.attributes as Record<string, unknown>)[k.slice(11)] : a[k])}`).join(', ')} — the older operation answers otherwise`,
          documented,
        },
      ]
    : [];
}

/**
 * A query of the purchase `id`: `first` answered in state `expected` (the scenario's next state, or the state it
 * was already in when final), `again` (the same query repeated) the same purchase unchanged.
 */
export function queryConformance(id: string, expected: string, first: unknown, again: unknown): Problem[] {
  const out: Problem[] = [];
  const a = dataOf(first);
  const b = dataOf(again);
  if (a?.id !== id)
    out.push({ message: `the query of ${id} answers ${JSON.stringify(a?.id)}`, documented: 'the purchase queried' });
  if (statusOf(a) !== expected)
    out.push({
      message: `the query of ${id} answers status ${JSON.stringify(statusOf(a))}`,
      documented: `${expected}: in the sandbox a pending purchase moves on to its scenario's next state at once, a final one is answered unchanged`,
    });
  if (a && b) {
    const diff = differences(a, b);
    if (diff.length)
      out.push({
        message: `the same query of ${id} repeated changed ${diff.join(', ')}`,
        documented: 'safe to repeat: a purchase no longer pending is answered unchanged',
      });
  } else
    out.push({ message: `the repeated query of ${id} carries no purchase`, documented: 'the purchase, unchanged' });
  return out;
}
