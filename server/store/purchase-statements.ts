/**
 * The two statements that move a purchase's money and state — record_purchase_outcome (record_purchase with an
 * outcome per call) and settle_purchase, defined in server/store/sql/ — each as one call (`alone`) and, on
 * PostgreSQL, in group commits (group-commit.ts): the same function once per purchase, LATERAL over the arguments
 * given as arrays, in one statement and so one transaction. A function that returns no row for a purchase (settled by someone else first)
 * answers null for it, as alone. Recording answers a row for every call, its outcome among the columns: a known
 * Idempotency-Key is one of them (`key_held`), not an error, so it never rolls back the rest of its group.
 *
 * Why grouping pays (bench/README.md, "Purchases: where the time goes"): the floor server, which runs only these two
 * statements, doubles its purchases per second on one hot wallet and gains a third over many wallets when it groups
 * them: one commit and one round trip per group instead of per purchase, and one hold of a hot wallet's lock.
 */
import { sqlState, StoreUnavailableError } from './errors.ts';
import { groupCommit } from './group-commit.ts';
import { join, PREPARED, raw, rows, sql, type SqlFragment } from './sql.ts';
import { TX_COLS } from './transactions.ts';
import type { Sql } from './types.ts';

type Row = Record<string, unknown>;
/**
 * A function's arguments by parameter name: each value with its SQL type. Calls name every argument
 * (`p_id => $1::uuid`), so the order of this object never has to match the function's signature.
 */
export type Args = Readonly<Record<string, readonly [unknown, string]>>;
/** One call: its arguments and the account whose rows it locks (a group takes accounts in ascending order). */
export type Call = (args: Args, account: string) => Promise<Row | null>;

interface Item {
  args: Args;
  account: string;
}

/**
 * Purchases per group, and groups (or lone calls) of one statement running at once. One in flight: the calls that
 * arrive while it runs wait and form the next group. Fewer, larger groups commit less often and queue less on a hot
 * wallet's lock, while a lone purchase still runs at once (measured for 4, 2 and 1 in flight: bench/README.md,
 * "Figures behind constants in the code"). The price: one slow group (a wallet locked by another instance) delays this
 * instance's next group of that statement; statement_timeout bounds it.
 */
const GROUP_MAX = 50;
const GROUPS_IN_FLIGHT = 1;

const PARAMETER = /^p_[a-z0-9_]+$/;
/** The parameter names of a call (identifiers, checked: they are written into the statement). */
function parametersOf(args: Args): string[] {
  const names = Object.keys(args);
  for (const name of names) if (!PARAMETER.test(name)) throw new Error(`not a parameter name: ${JSON.stringify(name)}`);
  return names;
}

/** `fn(p_a => v1::t1, p_b => v2::t2, …)`: one call with its values as parameters. */
const callOf = (fn: string, args: Args) =>
  sql`${raw(fn)}(${join(
    parametersOf(args).map((p) => sql`${raw(p)} => ${args[p]![0]}::${raw(args[p]![1])}`),
    ', ',
  )})`;

/**
 * `unnest(a1::t1[], …) WITH ORDINALITY AS g(g_1, …, g_n) CROSS JOIN LATERAL fn(p_a => g_1, …)`: the calls of a
 * group (every call of one call site names the same parameters).
 */
function groupOf(fn: string, items: Item[]): SqlFragment {
  const params = parametersOf(items[0]!.args);
  const arrays = params.map((p) => sql`${items.map((i) => i.args[p]![0])}::${raw(`${items[0]!.args[p]![1]}[]`)}`);
  const names = params.map((_, c) => `g_${c + 1}`);
  const named = params.map((p, c) => `${p} => ${names[c]}`).join(', ');
  return sql`unnest(${join(arrays, ', ')}) WITH ORDINALITY AS g(${raw(names.join(', '))}, g_n) CROSS JOIN LATERAL ${raw(fn)}(${raw(named)})`;
}

/**
 * A statement the database answered with an error (a SQLSTATE) was rolled back whole; an unavailable database (a lost
 * connection, a cancelled statement: StoreUnavailableError) or an error without one leaves the outcome unknown.
 */
export const refusedWhole = (error: unknown): boolean =>
  !(error instanceof StoreUnavailableError) && /^[0-9A-Z]{5}$/.test(sqlState(error) ?? '');

const DEADLOCK = '40P01';
const DEADLOCK_ATTEMPTS = 3;

/**
 * A lone call beside groups can be a deadlock's victim, which alone it never is: it claims a key, then waits for the
 * wallet a group holds, while the group waits to claim the same key (one Idempotency-Key sent at once, twice). The
 * victim's statement wrote nothing, so it runs again: the group has finished by then, and the call meets the key as
 * it would have alone (the request inspects the record). A group's own call no longer waits for a key another
 * transaction is claiming through record_purchase_outcome (`key_held` at once); this remains for claims made
 * outside it (claimIdempotencyKey, a keyed write).
 */
async function pastDeadlocks<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= DEADLOCK_ATTEMPTS || sqlState(error) !== DEADLOCK) throw error;
    }
  }
}

const byAccount = (a: Item, b: Item) => (a.account < b.account ? -1 : a.account > b.account ? 1 : 0);

function statement(db: Sql, fn: string, columns: SqlFragment, tail: SqlFragment, grouped: boolean): Call {
  const alone = async ({ args }: Item) =>
    (await rows(db, sql`SELECT ${columns} FROM ${callOf(fn, args)}${tail}`, PREPARED))[0] ?? null;
  if (!grouped) return (args, account) => alone({ args, account });
  const call = groupCommit<Item, Row | null>({
    max: GROUP_MAX,
    parallel: GROUPS_IN_FLIGHT,
    order: byAccount,
    retryAlone: refusedWhole,
    alone: (item) => pastDeadlocks(() => alone(item)),
    async group(items) {
      const found = await rows(
        db,
        sql`SELECT g.g_n, ${columns} FROM ${groupOf(fn, items)}${tail} ORDER BY g.g_n`,
        PREPARED,
      );
      const answers: (Row | null)[] = items.map(() => null);
      for (const { g_n: n, ...row } of found) answers[Number(n) - 1] = row;
      return answers;
    },
  });
  return (args, account) => call({ args, account });
}

/**
 * record_purchase_outcome (sql/record_purchase_outcome.sql): `outcome` ('recorded', 'insufficient': the 422 stored
 * with the key, 'key_held': the key has a record or is being claimed, nothing written) and the purchase's columns
 * (null but when recorded).
 */
export const recordCall = (db: Sql, grouped: boolean): Call =>
  statement(
    db,
    'record_purchase_outcome',
    sql`o.outcome, ${TX_COLS}`,
    raw(' o CROSS JOIN LATERAL (SELECT (o.purchase).*) p'),
    grouped,
  );

/** settle_purchase (sql/settle_purchase.sql): key_completed and the purchase's row, or null (not in p_from: someone else moved it). */
export const settleCall = (db: Sql, grouped: boolean): Call =>
  statement(
    db,
    'settle_purchase',
    sql`s.key_completed, ${TX_COLS}`,
    raw(' s CROSS JOIN LATERAL (SELECT (s.purchase).*) p'),
    grouped,
  );
