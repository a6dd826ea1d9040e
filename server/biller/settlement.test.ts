import { Writable } from 'node:stream';
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PENDING_SCENARIOS } from '../demo/purchases.ts';
import { BillerTimeoutError, BillerUnavailableError } from './errors.ts';
import { reachesVend, SIMULATOR_SCENARIOS } from './scenarios.ts';
import { SettlementWorker, type SettlementWorkerOptions } from './settlement.ts';
import type { PurchaseSnapshot } from './settlement-decision.ts';
import { SimulatedBiller } from './simulator.ts';
import { tokenFor } from './synthetic.ts';
import { order, scenarioOrder, T0 } from '../../test/helpers/biller-orders.ts';
import { MemorySettlementStore, type StoredPurchase } from '../../test/helpers/settlement-store.ts';
import type { Biller, VendOrder, VendResult } from './types.ts';

const ACCOUNT = 'acc-sandbox';
const snapshot = (row: { id: string; status: string }, environment = 'sandbox'): PurchaseSnapshot => ({
  status: 201,
  body: JSON.stringify({ id: row.id, status: row.status }),
  location: `/${environment}/${row.id}`,
});

/** A clock the test moves; the simulator and the worker read it. */
function clock() {
  let ms = T0.getTime();
  return {
    now: () => new Date(ms),
    set: (at: number) => {
      ms = T0.getTime() + at;
    },
  };
}

function worker(
  store: MemorySettlementStore,
  biller: Biller | null,
  now: () => Date,
  extra: Partial<SettlementWorkerOptions> = {},
) {
  return new SettlementWorker({
    store,
    billers: { sandbox: biller, production: biller },
    snapshot,
    intervalMs: 100,
    now,
    ...extra,
  });
}

/** What the purchase handler does: vend, then record the purchase as the biller left it (a timeout: pending, requery in 1 s). */
async function purchase(store: MemorySettlementStore, biller: Biller, o: VendOrder): Promise<StoredPurchase> {
  const r: VendResult | 'timeout' = await biller.vend(o).catch((e: unknown) => {
    if (e instanceof BillerTimeoutError) return 'timeout' as const;
    throw e;
  });
  const base = { account_id: ACCOUNT, total_debit: o.product_amount };
  if (r === 'timeout')
    return store.add(o, { ...base, status: 'pending', next_check_at: new Date(o.created_at.getTime() + 1000) });
  if (r.status === 'pending') return store.add(o, { ...base, status: 'pending', next_check_at: r.recheck_at });
  if (r.status === 'successful')
    return store.add(o, {
      ...base,
      status: 'successful',
      next_check_at: r.recheck_at ?? null,
      ...(r.token ? { token: r.token, units: r.units! } : {}),
    });
  throw new Error(`unexpected vend answer ${r.status}`);
}

describe('settling the sandbox scenarios', () => {
  it('brings every scenario to its final state no sooner than due, refunds failed and reversed ones once, and keeps the ledger exact', async () => {
    const c = clock();
    const store = new MemorySettlementStore();
    store.fund(ACCOUNT, '10000000.00');
    const sim = new SimulatedBiller({ now: c.now, timeoutWaitMs: 0 });
    const scenarios = SIMULATOR_SCENARIOS.filter(reachesVend);
    const rows = await Promise.all(scenarios.map((s) => purchase(store, sim, scenarioOrder(s))));
    await purchase(store, sim, order({ product_type: 'electricity' }));

    const w = worker(store, sim, c.now);
    for (let at = 0; at <= 20_000; at += 250) {
      c.set(at);
      await w.runOnce();
      expect(store.ledgerOf(ACCOUNT), `ledger at ${at} ms`).toEqual({
        balance: expect.any(String),
        expected: store.ledgerOf(ACCOUNT).balance,
      });
    }
    scenarios.forEach((s, i) => {
      const p = store.purchases.get(rows[i]!.id)!;
      const changes = p.history.slice(1);
      expect({ name: s.name, status: p.status, next_check_at: p.next_check_at }).toEqual({
        name: s.name,
        status: s.then ?? s.outcome,
        next_check_at: null,
      });
      if (s.then !== null) {
        const last = changes.at(-1)!;
        expect(last.to).toBe(s.then);
        expect(last.at.getTime() - p.created_at.getTime(), s.name).toBeGreaterThanOrEqual(s.after_seconds! * 1000);
        expect(last.at.getTime() - p.created_at.getTime(), s.name).toBeLessThanOrEqual(s.after_seconds! * 1000 + 1000);
      }
      // Each state reached once: no transition applied twice.
      expect(new Set(changes.map((h) => h.to)).size, s.name).toBe(changes.length);
    });
    const refunded = [...store.purchases.values()].filter((p) => p.status === 'failed' || p.status === 'reversed');
    expect(refunded.length).toBe(scenarios.filter((s) => s.then === 'failed' || s.then === 'reversed').length);
    expect(store.ledgerOf(ACCOUNT).balance).toBe(store.ledgerOf(ACCOUNT).expected);
  });

  it('gives a prepaid electricity purchase its token when it succeeds on requery', async () => {
    const c = clock();
    const store = new MemorySettlementStore();
    store.fund(ACCOUNT, '10000.00');
    const sim = new SimulatedBiller({ now: c.now, timeoutWaitMs: 0 });
    const p = await purchase(
      store,
      sim,
      order({ product_type: 'electricity', meter_number: '2222222222222', product_amount: '5473.15' }),
    );
    c.set(3000);
    expect(await worker(store, sim, c.now).runOnce()).toMatchObject({ claimed: 1, settled: 1 });
    expect(store.purchases.get(p.id)).toMatchObject({ status: 'successful', token: tokenFor(p.id), units: '79.9 kWh' });
  });
});

/** A biller whose requery is scripted per call. */
function scripted(requery: (o: VendOrder) => Promise<VendResult>): Biller {
  return {
    name: 'scripted',
    requery,
    vend: requery,
    verifyMeter: async () => null,
    verifySmartcard: async () => null,
  };
}

describe('the worker', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks a biller that keeps failing again after 1 s, 2 s, 4 s … at most 60 s, and settles once it answers', async () => {
    const c = clock();
    const store = new MemorySettlementStore();
    store.fund(ACCOUNT, '1000.00');
    let down = true;
    const biller = scripted(async () => {
      if (down) throw new BillerUnavailableError();
      return { status: 'failed', reason: 'declined' };
    });
    const p = store.add(order(), { account_id: ACCOUNT, total_debit: '500.00', status: 'pending', next_check_at: T0 });
    const w = worker(store, biller, c.now);
    const waits: number[] = [];
    for (let i = 0; i < 9; i++) {
      const at = p.next_check_at!.getTime() - T0.getTime();
      c.set(at);
      expect(await w.runOnce()).toMatchObject({ claimed: 1, rescheduled: 1 });
      waits.push(p.next_check_at!.getTime() - T0.getTime() - at);
    }
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16000, 32000, 60000, 60000, 60000]);
    down = false;
    c.set(p.next_check_at!.getTime() - T0.getTime());
    expect(await w.runOnce()).toMatchObject({ claimed: 1, settled: 1 });
    expect(store.ledgerOf(ACCOUNT)).toEqual({ balance: '1000.00', expected: '1000.00' });
  });

  it('leaves the purchases of an environment without a biller pending and asks again later', async () => {
    const store = new MemorySettlementStore();
    store.fund(ACCOUNT, '1000.00');
    const p = store.add(order({ environment: 'production' }), {
      account_id: ACCOUNT,
      total_debit: '500.00',
      status: 'pending',
      next_check_at: T0,
    });
    const sim = new SimulatedBiller({ now: () => T0, timeoutWaitMs: 0 });
    const w = new SettlementWorker({
      store,
      billers: { sandbox: sim, production: null },
      snapshot,
      intervalMs: 100,
      now: () => T0,
    });
    expect(await w.runOnce()).toMatchObject({ claimed: 1, rescheduled: 1, settled: 0 });
    expect(p).toMatchObject({ status: 'pending', next_check_at: new Date(T0.getTime() + 1000) });
  });

  it('writes nothing for a purchase another instance settled between its claim and its settle', async () => {
    const store = new MemorySettlementStore();
    store.fund(ACCOUNT, '1000.00');
    const p = store.add(order(), { account_id: ACCOUNT, total_debit: '500.00', status: 'pending', next_check_at: T0 });
    // While this worker waits for the biller, another instance settles the purchase as failed (and refunds it).
    const biller = scripted(async () => {
      await store.settlePurchase({ id: p.id, from: 'pending', to: 'failed', next_check_at: null, at: T0, snapshot });
      return { status: 'failed', reason: 'declined' };
    });
    expect(await worker(store, biller, () => T0).runOnce()).toMatchObject({ claimed: 1, lost: 1, settled: 0 });
    expect(p.history.map((h) => h.to)).toEqual(['pending', 'failed']);
    expect(store.ledgerOf(ACCOUNT)).toEqual({ balance: '1000.00', expected: '1000.00' });
  });

  it('goes on with the other purchases when settling one fails, and counts it', async () => {
    const store = new MemorySettlementStore();
    store.fund(ACCOUNT, '1000.00');
    const [a, b] = [0, 1].map(() =>
      store.add(order(), { account_id: ACCOUNT, total_debit: '100.00', status: 'pending', next_check_at: T0 }),
    );
    const settle = store.settlePurchase.bind(store);
    store.settlePurchase = async (s) => (s.id === a!.id ? Promise.reject(new Error('connection lost')) : settle(s));
    const sim = new SimulatedBiller({ now: () => T0, timeoutWaitMs: 0 });
    expect(await worker(store, sim, () => T0).runOnce()).toMatchObject({ claimed: 2, settled: 1, errors: 1 });
    expect([a!.status, b!.status]).toEqual(['pending', 'successful']);
  });

  it('completes an idempotency record left in flight with the snapshot of the settled purchase', async () => {
    const store = new MemorySettlementStore();
    store.fund(ACCOUNT, '1000.00');
    const p = store.add(order({ phone_number: '08022222222', environment: 'production' }), {
      account_id: ACCOUNT,
      total_debit: '100.00',
      status: 'pending',
      next_check_at: T0,
    });
    store.inFlight.add(p.id);
    const at = new Date(T0.getTime() + 3000);
    await worker(store, new SimulatedBiller({ now: () => at, timeoutWaitMs: 0 }), () => at).runOnce();
    expect(store.completed.get(p.id)).toEqual(snapshot({ id: p.id, status: 'successful' }, 'production'));
  });

  it('ends the checks of a purchase already final without asking the biller, and reschedules a row it cannot read', async () => {
    const store = new MemorySettlementStore();
    store.fund(ACCOUNT, '1000.00');
    const final = store.add(order(), {
      account_id: ACCOUNT,
      total_debit: '100.00',
      status: 'successful',
      next_check_at: T0,
    });
    final.status = 'failed';
    const odd = store.add(order(), {
      account_id: ACCOUNT,
      total_debit: '100.00',
      status: 'pending',
      next_check_at: T0,
    });
    odd.product_type = 'lottery';
    const asked: string[] = [];
    const biller = scripted(async (o) => {
      asked.push(o.id);
      return { status: 'successful' };
    });
    expect(await worker(store, biller, () => T0).runOnce()).toMatchObject({ claimed: 2, rescheduled: 2 });
    expect(asked).toEqual([]);
    expect([final.next_check_at, odd.next_check_at]).toEqual([null, new Date(T0.getTime() + 1000)]);
  });

  it('never runs two rounds at once: a second round waits for the first', async () => {
    const store = new MemorySettlementStore();
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const claim = store.claimDueChecks.bind(store);
    let active = 0;
    let maxActive = 0;
    store.claimDueChecks = async (...args) => {
      maxActive = Math.max(maxActive, ++active);
      if (store.claims === 0) await gate;
      try {
        return await claim(...args);
      } finally {
        active--;
      }
    };
    const w = worker(store, new SimulatedBiller({ timeoutWaitMs: 0 }), () => T0);
    const rounds = [w.runOnce(), w.runOnce()];
    await new Promise((r) => setImmediate(r));
    expect(active).toBe(1);
    release();
    await Promise.all(rounds);
    expect({ claims: store.claims, maxActive }).toEqual({ claims: 2, maxActive: 1 });
  });

  it('runs a round every interval once started; stop() waits for the round in progress and no round follows', async () => {
    vi.useFakeTimers();
    const store = new MemorySettlementStore();
    let release!: () => void;
    const claim = store.claimDueChecks.bind(store);
    let blocked = false;
    store.claimDueChecks = async (...args) => {
      if (store.claims === 2) {
        blocked = true;
        await new Promise<void>((r) => {
          release = r;
        });
      }
      return claim(...args);
    };
    const w = worker(store, new SimulatedBiller({ timeoutWaitMs: 0 }), () => T0, { intervalMs: 100 });
    w.start();
    // Rounds at 100, 200 and 300 ms: the third is held inside its claim.
    await vi.advanceTimersByTimeAsync(350);
    expect(store.claims).toBe(2);
    expect(blocked).toBe(true);
    let stopped = false;
    const stopping = w.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(1000);
    expect(stopped).toBe(false);
    release();
    await stopping;
    await vi.advanceTimersByTimeAsync(10_000);
    expect({ claims: store.claims, timers: vi.getTimerCount() }).toEqual({ claims: 3, timers: 0 });
  });
});

describe('the log of the settlements', () => {
  it('sums up the purchases pending since before the worker in one info line, and logs each later one on its own', async () => {
    const lines: Record<string, any>[] = [];
    const sink = new Writable({
      write(chunk, _e, cb) {
        lines.push(JSON.parse(String(chunk)));
        cb();
      },
    });
    const logger = pino({ level: 'debug' }, sink);
    const c = clock();
    const store = new MemorySettlementStore();
    store.fund(ACCOUNT, '10000000.00');
    const sim = new SimulatedBiller({ now: c.now, timeoutWaitMs: 0 });
    const electricity = (meter_number: string) =>
      order({ product_type: 'electricity', meter_number, created_at: c.now() });
    // The backlog: pending purchases created a minute before the worker (the demo data at a start, or a restart's).
    const toSucceed = await purchase(store, sim, electricity(PENDING_SCENARIOS.successful.meter));
    const toFail = await purchase(store, sim, electricity(PENDING_SCENARIOS.failed.meter));
    c.set(60_000);
    const w = worker(store, sim, c.now, { logger });
    const later = await purchase(store, sim, electricity(PENDING_SCENARIOS.successful.meter));
    const info = () => lines.filter((l) => l.level === 30);

    await w.runOnce();
    expect(info()).toEqual([
      expect.objectContaining({
        msg: '2 purchase(s) pending since before the start settled',
        settled: 2,
        by_status: { successful: 1, failed: 1 },
        transactions: expect.arrayContaining([
          { transaction_id: toSucceed.id, from: 'pending', to: 'successful' },
          { transaction_id: toFail.id, from: 'pending', to: 'failed' },
        ]),
      }),
    ]);
    // Each one is still in the log, at debug.
    expect(
      lines
        .filter((l) => l.level === 20 && l.msg === 'purchase settled')
        .map((l) => l.transaction_id)
        .sort(),
    ).toEqual([toSucceed.id, toFail.id].sort());

    // A purchase made after the worker started has its own info line.
    c.set(70_000);
    lines.length = 0;
    await w.runOnce();
    expect(info()).toEqual([
      expect.objectContaining({ msg: 'purchase settled', transaction_id: later.id, from: 'pending', to: 'successful' }),
    ]);
  });
});
