/**
 * The purchases phase's by-reference form (issue 24, "Performance"): `POST /purchases` with a fresh
 * `external_reference` per request and no Idempotency-Key, measured beside the keyed purchases and judged by the same
 * P5/P6 targets. Here: the references are of the published form and never repeat, the load sends exactly that request,
 * only created purchases count, and the goals and the report come out either way for each form on its own figure.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { measure } from '../../bench/lib/load.ts';
import { purchaseGoals, purchaseRatio, purchasesSection } from '../../bench/lib/purchases-report.ts';
import { benchReference, buyingByReference, createdPerSecond } from '../../bench/lib/reference-purchases.ts';
import type { PurchaseLoad, PurchaseRound, PurchasesResults } from '../../bench/phases/purchases.ts';

/** The published form of a partner reference (contract: ExternalReference). */
const PUBLISHED_FORM = /^\d{10}[A-Za-z0-9]{6}$/;
const MAX_SEQUENCE = 36 ** 6 - 1;
// 2001-09-09 (the first 10-digit Unix second) to 2286-11-20 (the last).
const tenDigitSeconds = fc.integer({ min: 1_000_000_000, max: 9_999_999_999 });

describe('benchReference', () => {
  it('is the Unix second of the clock, then 6 base-36 characters: the published form', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: MAX_SEQUENCE }),
        tenDigitSeconds,
        fc.integer({ min: 0, max: 999 }),
        (n, s, ms) => {
          const ref = benchReference(n, s * 1000 + ms);
          expect(ref).toMatch(PUBLISHED_FORM);
          expect(ref.slice(0, 10)).toBe(String(s));
          expect(parseInt(ref.slice(10), 36)).toBe(n);
        },
      ),
    );
  });

  it('differs for different sequence numbers, whatever the clock says at each', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: MAX_SEQUENCE }),
        fc.integer({ min: 0, max: MAX_SEQUENCE }),
        tenDigitSeconds,
        tenDigitSeconds,
        (a, b, sa, sb) => {
          fc.pre(a !== b);
          expect(benchReference(a, sa * 1000)).not.toBe(benchReference(b, sb * 1000));
        },
      ),
    );
  });

  it('refuses a sequence number that does not fit in 6 characters, rather than repeat or lengthen a reference', () => {
    expect(() => benchReference(MAX_SEQUENCE + 1, Date.now())).toThrow(RangeError);
    expect(() => benchReference(-1, Date.now())).toThrow(RangeError);
    expect(() => benchReference(1.5, Date.now())).toThrow(RangeError);
  });
});

describe('buyingByReference under load', () => {
  it('sends POST /purchases by product id with a new reference each time, no Idempotency-Key, each partner in turn', async () => {
    const seen: {
      method: string;
      url: string;
      key: string | undefined;
      auth: string;
      body: Record<string, unknown>;
    }[] = [];
    const server = createServer((req, res) => {
      let raw = '';
      req.setEncoding('utf8');
      req.on('data', (c: string) => (raw += c));
      req.on('end', () => {
        seen.push({
          method: req.method!,
          url: req.url!,
          key: req.headers['idempotency-key'] as string | undefined,
          auth: req.headers.authorization!,
          body: JSON.parse(raw) as Record<string, unknown>,
        });
        res.writeHead(201, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const partners = ['sk_test_a', 'sk_test_b', 'sk_test_c'].map((key, i) => ({ account_id: `acc-${i}`, key }));
    try {
      const r = await measure({
        origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        connections: 4,
        durationSec: 0.5,
        warmupSec: 0,
        requests: [buyingByReference(partners, 'product-1')],
      });
      expect(seen.length).toBeGreaterThan(10);
      expect(r.status_codes).toEqual({ 201: r.requests });
      for (const s of seen) {
        expect(s.method).toBe('POST');
        expect(s.url).toBe('/api/partners/sandbox/v1/purchases');
        expect(s.key).toBeUndefined();
        expect(Object.keys(s.body).sort()).toEqual(['amount', 'external_reference', 'phone_number', 'product_id']);
        expect(s.body).toMatchObject({ product_id: 'product-1', phone_number: '08011111111', amount: '100.00' });
        expect(s.body.external_reference).toMatch(PUBLISHED_FORM);
      }
      const refs = seen.map((s) => s.body.external_reference);
      expect(new Set(refs).size).toBe(refs.length);
      expect(new Set(seen.map((s) => s.auth))).toEqual(new Set(partners.map((p) => `Bearer ${p.key}`)));
    } finally {
      server.close();
    }
  });
});

describe('createdPerSecond', () => {
  it('counts the 201s only: a 409 for a reused reference, or any other refusal, is no purchase', () => {
    expect(createdPerSecond({ rps: 1000, requests: 3000, status_codes: { 201: 3000 } })).toBe(1000);
    expect(createdPerSecond({ rps: 1000, requests: 3000, status_codes: { 201: 1500, 409: 1500 } })).toBe(500);
    expect(createdPerSecond({ rps: 1000, requests: 3000, status_codes: { 404: 3000 } })).toBe(0);
    expect(createdPerSecond({ rps: 0, requests: 0, status_codes: {} })).toBe(0);
  });
});

const load = (id: PurchaseLoad['id'], rps: number): PurchaseLoad => ({
  id,
  rps,
  p50_ms: 10,
  p99_ms: 30,
  mean_ms: 12,
  requests: rps * 3,
  errors: 0,
  non2xx: 0,
  socket_errors: 0,
  status_codes: { 201: rps * 3 },
  bytes_per_response: 700,
  rss_mib_max: null,
  rss_mib_end: null,
  cost: { server_cpu_us: 1000, postgres_cpu_us: 2000, db_transactions: 7 },
});
const round = (tps: number, keyed: [number, number], reference?: [number, number]): PurchaseRound => ({
  hot_wallet_rps: keyed[0],
  many_wallets_rps: keyed[1],
  pgbench_tps: tps,
  ...(reference ? { reference: { hot_wallet_rps: reference[0], many_wallets_rps: reference[1] } } : {}),
});
const results = (rounds: PurchaseRound[]): PurchasesResults => ({
  many_wallets: 200,
  purchases_recorded: 1,
  profile: null,
  notes: [],
  loads: [
    load('hot_wallet', rounds[0]?.hot_wallet_rps ?? 0),
    load('many_wallets', rounds[0]?.many_wallets_rps ?? 0),
    ...(rounds[0]?.reference
      ? [
          load('hot_wallet_reference', rounds[0].reference.hot_wallet_rps),
          load('many_wallets_reference', rounds[0].reference.many_wallets_rps),
        ]
      : []),
  ],
  pgbench: null,
  rounds,
});
const byId = (p: PurchasesResults) => Object.fromEntries(purchaseGoals(p).map((g) => [g.id, g.met]));

describe('purchase goals for both forms', () => {
  it('hold P5 ≥ 0.30× and P6 ≥ 0.40× for purchases by reference, beside the keyed ones', () => {
    expect(byId(results([round(1000, [300, 400], [300, 400])]))).toEqual({
      'P5 purchases, one wallet': true,
      'P6 purchases, many wallets': true,
      'P5 purchases, one wallet, by reference': true,
      'P6 purchases, many wallets, by reference': true,
    });
  });

  it('judge each form on its own figure: the keyed form meeting a target does not meet it for the other', () => {
    expect(byId(results([round(1000, [300, 400], [299, 400])]))).toMatchObject({
      'P5 purchases, one wallet': true,
      'P5 purchases, one wallet, by reference': false,
      'P6 purchases, many wallets, by reference': true,
    });
    expect(byId(results([round(1000, [299, 399], [300, 400])]))).toMatchObject({
      'P5 purchases, one wallet': false,
      'P6 purchases, many wallets': false,
      'P5 purchases, one wallet, by reference': true,
      'P6 purchases, many wallets, by reference': true,
    });
    expect(byId(results([round(1000, [300, 400], [300, 399])]))).toMatchObject({
      'P6 purchases, many wallets': true,
      'P6 purchases, many wallets, by reference': false,
    });
  });

  it('take the median of the rounds, each against the pgbench of its own round', () => {
    const p = results([
      round(1000, [300, 400], [100, 200]), // 0.10 / 0.20
      round(1000, [300, 400], [350, 450]), // 0.35 / 0.45
      round(400, [300, 400], [160, 200]), // 0.40 / 0.50
    ]);
    expect(purchaseRatio(p, 'hot_wallet', 'reference')).toBeCloseTo(0.35, 10);
    expect(purchaseRatio(p, 'many_wallets', 'reference')).toBeCloseTo(0.45, 10);
    const goal = purchaseGoals(p).find((g) => g.id === 'P5 purchases, one wallet, by reference')!;
    expect(goal.measured).toBe(
      '0.35× (median of 3 interleaved rounds, purchases/s / tps: 100/1000, 350/1000, 160/400)',
    );
    expect(goal.met).toBe(true);
  });

  it('are "not measured" when pgbench did not run, and absent from results from before the form was measured', () => {
    const noPgbench = results([round(0, [300, 400], [300, 400])]);
    expect(
      purchaseGoals(noPgbench)
        .filter((g) => g.id.endsWith('by reference'))
        .map((g) => g.met),
    ).toEqual([null, null]);
    const before = results([round(1000, [300, 400])]);
    expect(purchaseGoals(before).map((g) => g.id)).toEqual(['P5 purchases, one wallet', 'P6 purchases, many wallets']);
  });

  it('the report shows each round by reference and both forms in the ratios', () => {
    const text = purchasesSection(
      results([round(1000, [300, 400], [280, 420]), round(500, [150, 200], [160, 210])]),
    ).join('\n');
    expect(text).toContain('| purchases by reference (no Idempotency-Key), one hot wallet | 280 |');
    expect(text).toContain('| 2 | 160 | 210 | 500 | 0.32× | 0.42× |');
    expect(text).toContain(
      'one hot wallet 0.30× (target 0.30×), many wallets 0.40× (target 0.40×); by reference, without a key, 0.30× and 0.42×',
    );
    expect(purchasesSection(results([round(1000, [300, 400])])).join('\n')).not.toContain('by reference');
  });
});
