/**
 * runKeyed answers each outcome of a write's recording (outcome.ts) as README.md's table says, on a real store (PGlite,
 * and PostgreSQL when TEST_DATABASE_URL is set). The writes are scripted: each attempt answers the next Recording of
 * its script, after doing to the key's record what a recording statement does (a claim inserts it; a refusal
 * completes it with the 422). The store is real; the counting wrapper only counts.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { errors } from '../errors.ts';
import { envelopeOf } from '../contract/error-envelope.ts';
import { fundedAccount, openedFor, PG_URL, pgliteStores, postgresStores } from '../../test/helpers/store-fixtures.ts';
import type { Store } from '../store/types.ts';
import type { KeyUse, Recording } from './outcome.ts';
import { IDEMPOTENCY_LEASE_MS, IDEMPOTENCY_TTL_MS, runKeyed, type Finished, type IdempotencyStore } from './run.ts';

type Created = { body: string };
const OPERATION = 'createAirtimePurchase';
const FINGERPRINT = 'the-same-request';
const respond = (c: Created): Finished => ({ status: 201, body: c.body, location: '/x', stored: false });
const recorded = (body: string, finish?: () => Promise<Created>): Recording<Created> => ({
  kind: 'recorded',
  finish: finish ?? (() => Promise.resolve({ body })),
});

/** The store as a process holds it (its own keys met), counting the run's completions. */
function counting(store: Store) {
  const counts = { completions: 0 };
  const idem: IdempotencyStore = {
    claimIdempotencyKey: (k) => store.claimIdempotencyKey(k),
    inspectIdempotencyKey: (k) => store.inspectIdempotencyKey(k),
    releaseIdempotencyKey: (a, k) => store.releaseIdempotencyKey(a, k),
    getTransactionByExternalReference: (a, r) => store.getTransactionByExternalReference(a, r),
    completeIdempotencyKey: (k) => {
      counts.completions++;
      return store.completeIdempotencyKey(k);
    },
  };
  return { idem, counts };
}

/** A write answering script[i] on its i-th attempt, having done to the key's record what a recording statement does. */
function scripted(store: Store, account: string, script: ((use: KeyUse) => Recording<Created>)[]) {
  const uses: KeyUse['kind'][] = [];
  const write = async (use: KeyUse): Promise<Recording<Created>> => {
    uses.push(use.kind);
    const next = script[uses.length - 1];
    if (!next) throw new Error(`attempt ${uses.length} was not expected`);
    const r = next(use);
    if ((r.kind === 'recorded' || r.kind === 'refused') && use.kind === 'claim')
      await store.claimIdempotencyKey({ account_id: account, key: use.key, ...use.terms });
    if (r.kind === 'refused' && use.kind !== 'none') {
      const body = JSON.stringify(envelopeOf(r.error));
      await store.completeIdempotencyKey({ account_id: account, key: use.key, status: 422, body, location: null });
    }
    return r;
  };
  return { write, uses };
}

function runOn(
  idem: IdempotencyStore,
  account: string,
  key: string | null,
  write: ReturnType<typeof scripted>['write'],
) {
  return runKeyed(
    idem,
    { account_id: account, key, operation: OPERATION, fingerprint: FINGERPRINT, now: new Date() },
    () => Promise.resolve(write),
    respond,
  );
}

/** A record of `key` completed with `body`, as a first request with the same fingerprint would have left it. */
async function completedRecord(store: Store, account: string, key: string, status: number, body: string) {
  const claim = { operation: OPERATION, fingerprint: FINGERPRINT, now: new Date() };
  await store.claimIdempotencyKey({
    account_id: account,
    key,
    ...claim,
    lease_ms: IDEMPOTENCY_LEASE_MS,
    ttl_ms: IDEMPOTENCY_TTL_MS,
  });
  await store.completeIdempotencyKey({ account_id: account, key, status, body, location: null });
}

describe.each([
  ['PGlite', () => pgliteStores()],
  ...(PG_URL ? [['PostgreSQL', () => postgresStores('idem_outcomes', 1)] as const] : []),
] as const)('the run of a keyed write, outcome by outcome, on %s', (_, open) => {
  const store = openedFor(open);

  it('recorded: the write runs once, claiming the key; its answer is kept and then replayed without running it', async () => {
    const account = await fundedAccount(store(), '0.00');
    const { idem, counts } = counting(store());
    const key = randomUUID();
    const w = scripted(store(), account, [() => recorded('first')]);
    expect(await runOn(idem, account, key, w.write)).toMatchObject({ status: 201, body: 'first', replayed: false });
    expect(await runOn(idem, account, key, w.write)).toMatchObject({ status: 201, body: 'first', replayed: true });
    expect(w.uses).toEqual(['claim']);
    expect(counts.completions).toBe(1);
  });

  it('key_exists with no record behind it: the run claims the key and runs the write again, linking it, once', async () => {
    const account = await fundedAccount(store(), '0.00');
    const { idem } = counting(store());
    const key = randomUUID();
    const w = scripted(store(), account, [() => ({ kind: 'key_exists' }), () => recorded('linked')]);
    expect(await runOn(idem, account, key, w.write)).toMatchObject({ status: 201, body: 'linked', replayed: false });
    expect(w.uses).toEqual(['claim', 'link']);
    expect(await runOn(counting(store()).idem, account, key, w.write)).toMatchObject({
      replayed: true,
      body: 'linked',
    });
  });

  it("key_exists with a record: the record's answer, and the write is not run again", async () => {
    const account = await fundedAccount(store(), '0.00');
    const key = randomUUID();
    await completedRecord(store(), account, key, 201, 'kept');
    const w = scripted(store(), account, [() => ({ kind: 'key_exists' })]);
    expect(await runOn(counting(store()).idem, account, key, w.write)).toMatchObject({ body: 'kept', replayed: true });
    expect(w.uses).toEqual(['claim']);
  });

  it('refused: the refusal is the answer, as the recording statement kept it; the run writes nothing more', async () => {
    const account = await fundedAccount(store(), '0.00');
    const { idem, counts } = counting(store());
    const key = randomUUID();
    const w = scripted(store(), account, [() => ({ kind: 'refused', error: errors.insufficientBalance('1.00') })]);
    await expect(runOn(idem, account, key, w.write)).rejects.toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
    expect(counts.completions).toBe(0);
    expect(await runOn(idem, account, key, w.write)).toMatchObject({ status: 422, replayed: true });
    expect(w.uses).toEqual(['claim']);
  });

  it("key_lost: 409 IDEMPOTENCY_KEY_IN_USE, or the record's answer when it has one", async () => {
    const account = await fundedAccount(store(), '0.00');
    const lost = scripted(store(), account, [() => ({ kind: 'key_lost' })]);
    await expect(runOn(counting(store()).idem, account, randomUUID(), lost.write)).rejects.toMatchObject({
      code: 'IDEMPOTENCY_KEY_IN_USE',
    });
    const key = randomUUID();
    await completedRecord(store(), account, key, 201, 'the winner');
    const late = scripted(store(), account, [() => ({ kind: 'key_lost' })]);
    expect(await runOn(counting(store()).idem, account, key, late.write)).toMatchObject({
      body: 'the winner',
      replayed: true,
    });
  });

  it('after the recovery point a 5xx frees the key for the retry, and a 404/422 is kept for it', async () => {
    const account = await fundedAccount(store(), '0.00');
    const { idem } = counting(store());
    const freed = randomUUID();
    const outage = scripted(store(), account, [
      () => recorded('', () => Promise.reject(errors.billerUnavailable())),
      () => recorded('retried'),
    ]);
    await expect(runOn(idem, account, freed, outage.write)).rejects.toMatchObject({ code: 'BILLER_UNAVAILABLE' });
    expect(await runOn(idem, account, freed, outage.write)).toMatchObject({ body: 'retried', replayed: false });
    expect(outage.uses).toEqual(['claim', 'claim']);

    const kept = randomUUID();
    const refusal = scripted(store(), account, [() => recorded('', () => Promise.reject(errors.meterNotFound()))]);
    await expect(runOn(idem, account, kept, refusal.write)).rejects.toMatchObject({ code: 'METER_NOT_FOUND' });
    expect(await runOn(idem, account, kept, refusal.write)).toMatchObject({ status: 404, replayed: true });
    expect(refusal.uses).toEqual(['claim']);
  });

  it('reference_used: the 409 DUPLICATE_REFERENCE naming the holder is kept under the key, and replayed', async () => {
    const account = await fundedAccount(store(), '0.00');
    const { idem } = counting(store());
    const key = randomUUID();
    const holder = randomUUID();
    const w = scripted(store(), account, [
      () => ({ kind: 'reference_used', transaction_id: holder }),
      () => recorded('never'),
    ]);
    await expect(runOn(idem, account, key, w.write)).rejects.toMatchObject({
      status: 409,
      code: 'DUPLICATE_REFERENCE',
      details: [{ parameter: '/external_reference', message: `already used by transaction ${holder}` }],
    });
    // Final for that reference: a retry with the key gets the same 409 again, the write never runs again.
    const again = await runOn(idem, account, key, w.write);
    expect(again).toMatchObject({ status: 409, replayed: true });
    expect(again.body).toContain(holder);
    expect(w.uses).toEqual(['claim']);
    // Without a key nothing is kept: the 409 is the write's own answer each time.
    const unkeyed = scripted(store(), account, [() => ({ kind: 'reference_used', transaction_id: holder })]);
    await expect(runOn(idem, account, null, unkeyed.write)).rejects.toMatchObject({ code: 'DUPLICATE_REFERENCE' });
  });

  it('a reference a transaction holds is 409 before the handler runs; with a key, a replay of it still wins', async () => {
    const account = await fundedAccount(store(), '0.00');
    const held = await store().fundWallet({ account_id: account, amount: '1.00', at: new Date() });
    const { idem } = counting(store());
    let prepared = 0;
    const run = (key: string | null, reference: string, script: Recording<Created>) =>
      runKeyed(
        idem,
        { account_id: account, key, reference, operation: OPERATION, fingerprint: FINGERPRINT, now: new Date() },
        () => {
          prepared++;
          return Promise.resolve(async () => script);
        },
        respond,
      );
    const taken = held.external_reference!;
    await expect(run(null, taken, recorded('x'))).rejects.toMatchObject({ code: 'DUPLICATE_REFERENCE' });
    await expect(run(randomUUID(), taken, recorded('x'))).rejects.toMatchObject({ code: 'DUPLICATE_REFERENCE' });
    expect(prepared).toBe(0);
    // A key whose first request completed (say, the purchase that took the reference): its replay, not the 409.
    const key = randomUUID();
    await completedRecord(store(), account, key, 201, 'the first answer');
    expect(await run(key, taken, recorded('x'))).toMatchObject({
      status: 201,
      body: 'the first answer',
      replayed: true,
    });
    // A free reference runs the write.
    expect(await run(null, '1795166142FREE01', recorded('bought'))).toMatchObject({ body: 'bought' });
    expect(prepared).toBe(1);
  });

  it('no Idempotency-Key: the write runs with `none` and nothing is kept; a key outcome without a key is our fault', async () => {
    const account = await fundedAccount(store(), '0.00');
    const { idem, counts } = counting(store());
    const w = scripted(store(), account, [() => recorded('unkeyed'), () => recorded('again')]);
    expect(await runOn(idem, account, null, w.write)).toMatchObject({ body: 'unkeyed', replayed: false });
    expect(await runOn(idem, account, null, w.write)).toMatchObject({ body: 'again', replayed: false });
    expect(w.uses).toEqual(['none', 'none']);
    expect(counts.completions).toBe(0);
    const odd = scripted(store(), account, [() => ({ kind: 'key_exists' })]);
    await expect(runOn(idem, account, null, odd.write)).rejects.toMatchObject({ code: 'INTERNAL_ERROR' });
  });
});
