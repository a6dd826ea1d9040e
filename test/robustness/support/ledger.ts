/**
 * The checks' own view of a partner's money and purchases, read with SQL straight from the schema — not through the
 * store functions under test — in kobo (bigint), so every comparison is to the cent:
 *   - the ledger: wallet balance = fundings − Σ total_debit of the purchases neither failed nor reversed;
 *   - the audit of each purchase: its history (created as pending, then only the moves of the state machine, each
 *     state entered once, ending in the row's status), its idempotency record (linked, and completed with a 201
 *     naming it once it is answered), and no idempotency record linked to a purchase that does not exist.
 */
import type pg from 'pg';

export interface Ledger {
  balance: bigint;
  fundings: bigint;
  /** Σ total_debit of purchases pending or successful (held or spent). */
  held: bigint;
  /** Σ total_debit of purchases failed or reversed (refunded). */
  refunded: bigint;
  purchases: number;
  /** balance − (fundings − held): zero when the ledger reconciles. */
  gap: bigint;
}

export async function ledgerOf(pool: pg.Pool, accountId: string): Promise<Ledger> {
  const {
    rows: [r],
  } = await pool.query<Record<string, string>>(
    `
    SELECT (SELECT (balance * 100)::bigint::text FROM wallets WHERE account_id = $1) AS balance,
      COALESCE(SUM(CASE WHEN category = 'funding' AND status = 'successful' THEN amount * 100 END), 0)::bigint::text AS fundings,
      COALESCE(SUM(CASE WHEN category = 'purchase' AND status IN ('pending', 'successful') THEN total_debit * 100 END), 0)::bigint::text AS held,
      COALESCE(SUM(CASE WHEN category = 'purchase' AND status IN ('failed', 'reversed') THEN total_debit * 100 END), 0)::bigint::text AS refunded,
      COUNT(*) FILTER (WHERE category = 'purchase')::text AS purchases
    FROM transactions WHERE account_id = $1`,
    [accountId],
  );
  const balance = BigInt(r!.balance!);
  const fundings = BigInt(r!.fundings!);
  const held = BigInt(r!.held!);
  return {
    balance,
    fundings,
    held,
    refunded: BigInt(r!.refunded!),
    purchases: Number(r!.purchases),
    gap: balance - (fundings - held),
  };
}

/** Kobo as naira text, for figures. */
export const naira = (k: bigint): string =>
  `${k < 0n ? '-' : ''}${(k < 0n ? -k : k) / 100n}.${String((k < 0n ? -k : k) % 100n).padStart(2, '0')}`;

const MOVES: Record<string, string[]> = { pending: ['successful', 'failed'], successful: ['reversed'] };

export interface PurchaseRecord {
  id: string;
  status: string;
  reference: string;
  total_debit: bigint;
  next_check_at: Date | null;
  /** The history rows in order of appending: [from_status, to_status]. */
  history: [string | null, string][];
  idempotency: { key: string; state: string; response_status: number | null; response_body: string | null } | null;
}

export async function purchasesOf(pool: pg.Pool, accountId: string): Promise<PurchaseRecord[]> {
  const { rows } = await pool.query(
    `
    SELECT t.id, t.status, t.reference, (t.total_debit * 100)::bigint::text AS total_debit, t.next_check_at,
      COALESCE((SELECT json_agg(json_build_array(h.from_status, h.to_status) ORDER BY h.id) FROM transaction_history h WHERE h.transaction_id = t.id), '[]') AS history,
      (SELECT json_build_object('key', i.key, 'state', i.state, 'response_status', i.response_status, 'response_body', i.response_body)
       FROM idempotency_keys i WHERE i.account_id = t.account_id AND i.transaction_id = t.id) AS idempotency
    FROM transactions t WHERE t.account_id = $1 AND t.category = 'purchase' ORDER BY t.created_at, t.id`,
    [accountId],
  );
  return rows.map((r) => ({
    id: r.id,
    status: r.status,
    reference: r.reference,
    total_debit: BigInt(r.total_debit),
    next_check_at: r.next_check_at,
    history: r.history as [string | null, string][],
    idempotency: r.idempotency,
  }));
}

/**
 * What is wrong with one purchase's record (empty: nothing). `answered`: its idempotency record must be completed.
 * `keyed` false: bought by its external_reference alone, without an Idempotency-Key — it has no record to check.
 */
export function auditPurchase(p: PurchaseRecord, answered: boolean, keyed = true): string[] {
  const bad: string[] = [];
  const shown = p.history.map(([from, to]) => `${from ?? '∅'}>${to}`).join(', ');
  const [created, ...moves] = p.history;
  if (!created || created[0] !== null || created[1] !== 'pending')
    bad.push(`history does not start with its creation as pending: ${shown}`);
  let at = created?.[1];
  for (const [from, to] of moves) {
    // One row per step: a second settlement of the same step would repeat a move or start from a stale state.
    if (from !== at || !MOVES[from]?.includes(to)) bad.push(`history move ${from} > ${to} after ${at}: ${shown}`);
    at = to;
  }
  if (at !== p.status) bad.push(`history ends in ${at} but the purchase is ${p.status}`);
  if (!keyed) {
    if (p.idempotency) bad.push('an idempotency record is linked to a purchase sent without a key');
  } else if (!p.idempotency) bad.push('no idempotency record linked to it');
  else if (answered || p.idempotency.state === 'completed') {
    if (p.idempotency.state !== 'completed') bad.push('its idempotency record is still in flight');
    else if (p.idempotency.response_status !== 201 || !p.idempotency.response_body?.includes(`"id":"${p.id}"`)) {
      bad.push(`its idempotency record holds ${p.idempotency.response_status}, not the 201 naming it`);
    }
  }
  return bad.map((b) => `${p.id} (${p.reference}): ${b}`);
}

/** Idempotency records that name a purchase which is not there (a link written without its purchase). */
export async function danglingLinks(pool: pg.Pool, accountId: string): Promise<number> {
  const {
    rows: [r],
  } = await pool.query<{ n: string }>(
    `
    SELECT COUNT(*)::text AS n FROM idempotency_keys i
    WHERE i.account_id = $1 AND i.transaction_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM transactions t WHERE t.id = i.transaction_id)`,
    [accountId],
  );
  return Number(r!.n);
}

/** Polls until no purchase of the accounts awaits the worker (next_check_at null everywhere); the ms it took, or null. */
export async function untilSettled(pool: pg.Pool, accountIds: string[], timeoutMs: number): Promise<number | null> {
  const t0 = Date.now();
  while (Date.now() - t0 < timeoutMs) {
    const {
      rows: [r],
    } = await pool.query<{ n: string }>(
      `
      SELECT COUNT(*)::text AS n FROM transactions
      WHERE account_id = ANY($1::uuid[]) AND category = 'purchase' AND (next_check_at IS NOT NULL OR status = 'pending')`,
      [accountIds],
    );
    if (Number(r!.n) === 0) return Date.now() - t0;
    await new Promise((res) => setTimeout(res, 200));
  }
  return null;
}

/**
 * Samples a wallet's balance every `everyMs` until stop(): the lowest seen and how many samples. Not flat out: on 2
 * shared cores a tight loop of queries would take the CPU the servers and PostgreSQL need for the run itself.
 */
export function watchBalance(
  pool: pg.Pool,
  accountId: string,
  everyMs = 5,
): { stop(): Promise<{ min: bigint; samples: number }> } {
  let running = true;
  let min: bigint | null = null;
  let samples = 0;
  const loop = (async () => {
    while (running) {
      const {
        rows: [r],
      } = await pool.query<{ b: string }>(
        'SELECT (balance * 100)::bigint::text AS b FROM wallets WHERE account_id = $1',
        [accountId],
      );
      const b = BigInt(r!.b);
      if (min === null || b < min) min = b;
      samples++;
      await new Promise((res) => setTimeout(res, everyMs));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return { min: min ?? 0n, samples };
    },
  };
}
