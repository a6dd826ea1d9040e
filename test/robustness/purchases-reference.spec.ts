/**
 * The partner's external_reference under concurrency and a crash, on PostgreSQL (the bundle, one schema):
 * - 50 purchases with one reference and no Idempotency-Key at once, half to each of two instances → one 201,
 *   49 × 409 DUPLICATE_REFERENCE naming its transaction, one purchase recorded for the reference, one debit, the
 *   ledger exact to the kobo (a 503 — a database connection not had in time under the burst, nothing recorded — is
 *   sent again, as the contract tells a client to: the counts are of final answers, the 503s a figure);
 * - SIGKILL mid-burst: 12 references × 8 purchases each, no key, sent at once to one instance killed as soon as 3
 *   references are recorded →
 *   straight after the kill, before anything restarts, at most one purchase per reference and the ledger exact; a new
 *   instance then gets each purchase once more: 409 naming the one recorded, or 201 when none was — exactly one per
 *   reference in the end.
 * The constraint transactions_account_external_reference_key decides; nothing reads before it writes. Skipped,
 * visibly, without TEST_DATABASE_URL.
 */
import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { recordFigures } from './support/figures.ts';
import { auditPurchase, ledgerOf, naira, purchasesOf } from './support/ledger.ts';
import type { Sample, Target } from './support/load.ts';
import { noDatabase } from './support/postgres.ts';
import { catalogue, purchaseBody, seed, seeded } from './support/purchase-bodies.ts';
import { burst, codeOf, fundedPartner, openWorld, purchaseTarget, untilFinal } from './support/purchases.ts';

const SAME_REFERENCE = 50;
const REFERENCES = 12;
const PER_REFERENCE = 8;
/** References recorded before the kill is fired, and how long after that it comes. */
const KILL_WHEN_RECORDED = 3;
const KILL_AFTER_MS = 5;

const ALNUM = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** A partner's reference: its Unix time in seconds, then 6 letters or digits. */
const newReference = () =>
  String(Math.floor(Date.now() / 1000)) + Array.from({ length: 6 }, () => ALNUM[randomInt(ALNUM.length)]).join('');

/** A purchase with the reference in its body and no Idempotency-Key: the reference alone makes it safe. */
function byReference(origin: string, key: string, json: string): Target {
  const t = purchaseTarget(origin, key, 'unused', 'createAirtimePurchase', json);
  delete t.headers!['Idempotency-Key'];
  return t;
}

const idOf = (s: Sample) => (JSON.parse(s.body) as { data?: { id?: string } }).data?.id;
const detailOf = (s: Sample) =>
  (JSON.parse(s.body) as { error?: { details?: { message?: string }[] } }).error?.details?.[0]?.message ?? '';

async function referencesOf(world: Awaited<ReturnType<typeof openWorld>>, accountId: string) {
  const { rows } = await world.pool.query<{ id: string; external_reference: string }>(
    `SELECT id, external_reference FROM transactions WHERE account_id = $1 AND category = 'purchase'`,
    [accountId],
  );
  return rows;
}

describe.skipIf(!!noDatabase)(`purchases by external_reference${noDatabase ? ` (skipped: ${noDatabase})` : ''}`, () => {
  it('50 at once with one reference and no key, on two instances: one 201, 49 × 409 naming it, one debit', async () => {
    const s = seed();
    const world = await openWorld('reference');
    let figures: Record<string, number | string> = { seed: s };
    let passed = false;
    try {
      const [a, b] = [await world.start(), await world.start()];
      const c = await catalogue(world.store);
      const partner = await fundedPartner(world.store, '100000.00');
      const reference = newReference();
      const body: Record<string, string> = {
        ...purchaseBody(c, 'createAirtimePurchase', seeded(s)),
        external_reference: reference,
      };
      const json = JSON.stringify(body);
      const targets = Array.from({ length: SAME_REFERENCE }, (_, i) =>
        byReference((i % 2 ? b : a).url, partner.key, json),
      );
      const first = await burst(targets);
      // A careful client sends a transient answer (503: a database connection not had in time, nothing recorded; or
      // none) again, the same body: its reference makes that safe. The counts are of final answers.
      const retried = await Promise.all(
        first.map((x, i) => (x.status === 503 || x.status === 0 ? untilFinal(targets[i]!, 30_000) : null)),
      );
      const answers = first.map((x, i) => retried[i]?.final ?? x);
      const created = answers.filter((x) => x.status === 201);
      const duplicates = answers.filter((x) => x.status === 409 && codeOf(x) === 'DUPLICATE_REFERENCE');
      const recorded = await referencesOf(world, partner.account_id);
      const winner = recorded[0]?.id;
      const ledger = await ledgerOf(world.pool, partner.account_id);
      figures = {
        seed: s,
        requests: answers.length,
        transient_503_or_none_retried: retried.filter((r) => r !== null).length,
        created: created.length,
        duplicate_reference_409: duplicates.length,
        naming_the_winner: duplicates.filter((x) => winner !== undefined && detailOf(x).includes(winner)).length,
        other: answers.length - created.length - duplicates.length,
        purchases_recorded: recorded.length,
        debited: naira(ledger.held),
        ledger_gap: naira(ledger.gap),
      };
      expect(answers.filter((x) => x.status !== 201 && x.status !== 409).map((x) => x.status)).toEqual([]);
      expect(recorded).toEqual([{ id: winner, external_reference: reference }]);
      // One 201, for the purchase recorded — none only if its own answer was lost (a 503 after the commit): then its
      // retry is a 409 naming it, like every other.
      expect(created.length).toBeLessThanOrEqual(1);
      expect(created.map(idOf)).toEqual(created.length ? [winner] : []);
      expect(created.length + duplicates.length).toBe(SAME_REFERENCE);
      expect(figures.naming_the_winner).toBe(duplicates.length);
      expect(ledger.purchases).toBe(1);
      expect(ledger.held).toBe(BigInt(body.amount!.replace('.', '')));
      expect(ledger.gap).toBe(0n);
      passed = true;
    } finally {
      await world.close();
      recordFigures({ check: 'purchases-reference-two-instances', passed, figures });
    }
  });

  it('SIGKILL mid-burst leaves at most one purchase per reference; after restart each reference buys exactly once', async () => {
    const s = seed();
    const rnd = seeded(s);
    const world = await openWorld('reference_kill', { SETTLEMENT_INTERVAL_MS: '200' });
    let figures: Record<string, number | string> = { seed: s };
    let passed = false;
    try {
      const first = await world.start();
      const c = await catalogue(world.store);
      const partner = await fundedPartner(world.store, '1000000.00');
      const orders = Array.from({ length: REFERENCES }, () =>
        JSON.stringify({
          ...purchaseBody(c, 'createAirtimePurchase', rnd),
          external_reference: newReference(),
        }),
      );
      const sends = orders.flatMap((json) =>
        Array.from({ length: PER_REFERENCE }, () => byReference(first.url, partner.key, json)),
      );
      let answered = false;
      const inFlight = burst(sends).finally(() => {
        answered = true;
      });
      // The kill waits until some references are recorded (so that it lands on work done and on work in flight,
      // not before the first purchase reached the database), then comes KILL_AFTER_MS later.
      while (!answered && (await referencesOf(world, partner.account_id)).length < KILL_WHEN_RECORDED)
        await new Promise((r) => setTimeout(r, 2));
      await new Promise((r) => setTimeout(r, KILL_AFTER_MS));
      first.child.kill('SIGKILL');
      const cut = await inFlight;
      await first.exited;

      // The moment after the crash, before any restart.
      const atKill = await referencesOf(world, partner.account_id);
      const perReferenceAtKill = new Map<string, number>();
      for (const r of atKill)
        perReferenceAtKill.set(r.external_reference, (perReferenceAtKill.get(r.external_reference) ?? 0) + 1);
      const ledgerAtKill = await ledgerOf(world.pool, partner.account_id);
      const problemsAtKill = (await purchasesOf(world.pool, partner.account_id)).flatMap((p) =>
        auditPurchase(p, false, false),
      );

      // A new instance: every order is sent once more (a client that never heard back does).
      const second = await world.start();
      const again = await Promise.all(
        orders.map((json) => untilFinal(byReference(second.url, partner.key, json), 30_000)),
      );
      const after = await referencesOf(world, partner.account_id);
      const holderOf = new Map(after.map((r) => [r.external_reference, r.id]));
      const wrong: string[] = [];
      orders.forEach((json, i) => {
        const ref = (JSON.parse(json) as { external_reference: string }).external_reference;
        const final = again[i]!.final;
        const recordedBefore = perReferenceAtKill.has(ref);
        const holder = holderOf.get(ref);
        if (recordedBefore && !(final.status === 409 && holder && detailOf(final).includes(holder)))
          wrong.push(`${ref}: recorded before the kill, answered ${final.status} ${codeOf(final) ?? ''} after it`);
        if (!recordedBefore && !(final.status === 201 && idOf(final) === holder))
          wrong.push(`${ref}: nothing recorded before the kill, answered ${final.status} ${codeOf(final) ?? ''}`);
      });
      const ledger = await ledgerOf(world.pool, partner.account_id);
      figures = {
        seed: s,
        requests: sends.length,
        answered_before_kill: cut.filter((x) => x.status !== 0).length,
        cut_at_kill: cut.filter((x) => x.status === 0).length,
        references_recorded_at_kill: perReferenceAtKill.size,
        most_purchases_of_one_reference_at_kill: Math.max(0, ...perReferenceAtKill.values()),
        ledger_gap_at_kill: naira(ledgerAtKill.gap),
        audit_problems_at_kill: problemsAtKill.length,
        purchases_after_restart: after.length,
        wrong_answers_after_restart: wrong.length,
        ledger_gap: naira(ledger.gap),
      };
      expect(figures.cut_at_kill).toBeGreaterThan(0); // the kill landed with requests in flight
      expect(perReferenceAtKill.size).toBeGreaterThanOrEqual(KILL_WHEN_RECORDED); // and after some were recorded
      expect(figures.most_purchases_of_one_reference_at_kill).toBeLessThanOrEqual(1);
      expect(ledgerAtKill.gap).toBe(0n);
      expect(problemsAtKill.slice(0, 5)).toEqual([]);
      expect(wrong.slice(0, 5)).toEqual([]);
      expect(after).toHaveLength(REFERENCES);
      expect(new Set(after.map((r) => r.external_reference)).size).toBe(REFERENCES);
      expect(ledger.gap).toBe(0n);
      passed = true;
    } finally {
      await world.close();
      recordFigures({ check: 'purchases-reference-sigkill', passed, figures });
    }
  });
});

if (noDatabase) {
  recordFigures({ check: 'purchases-reference-two-instances', passed: false, skipped: noDatabase, figures: {} });
  recordFigures({ check: 'purchases-reference-sigkill', passed: false, skipped: noDatabase, figures: {} });
}
