/**
 * The realistic mix: reproducible, shaped as declared (weights, Zipf, values drawn from the data), and — replayed
 * against a real server on a small realistic dataset — every request answers 200 with exactly what its `direct`
 * store call returns, so the direct-queries baseline does the same database work as the server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRealistic, type RealisticAccount } from '../../bench/lib/realistic-dataset.ts';
import { directCall } from '../../bench/lib/realistic-load.ts';
import { MIX_WEIGHTS, realisticMix, type MixKind } from '../../bench/lib/realistic-mix.ts';
import { FULL_SHAPE, historySize } from '../../bench/lib/realistic-rows.ts';
import { BASE_PATH } from '../../server/domain.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const fullAccounts = Array.from({ length: FULL_SHAPE.accounts }, (_, i) => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  size: historySize(FULL_SHAPE, i + 1),
}));

describe('the realistic mix', () => {
  const mix = realisticMix(fullAccounts, 20_000);

  it('is the same sequence for the same seed, another for another seed', () => {
    expect(realisticMix(fullAccounts, 500)).toEqual(mix.slice(0, 500));
    expect(realisticMix(fullAccounts, 500, 'another').map((r) => r.path)).not.toEqual(
      mix.slice(0, 500).map((r) => r.path),
    );
  });

  it('sends each operation its declared share (±1.5 points over 20,000 requests)', () => {
    for (const [kind, weight] of Object.entries(MIX_WEIGHTS) as [MixKind, number][]) {
      const share = (mix.filter((r) => r.kind === kind).length / mix.length) * 100;
      expect(Math.abs(share - weight), kind).toBeLessThan(1.5);
    }
  });

  it('draws accounts by Zipf: rank 1 about 1/H(1000) of the requests, rank 10 about a tenth of that', () => {
    const share = (i: number) => mix.filter((r) => r.account === i).length / mix.length;
    const h = fullAccounts.reduce((s, _, k) => s + 1 / (k + 1), 0);
    expect(share(0)).toBeGreaterThan(0.8 / h);
    expect(share(0)).toBeLessThan(1.2 / h);
    expect(share(9) / share(0)).toBeGreaterThan(0.05);
    expect(share(9) / share(0)).toBeLessThan(0.16);
    expect(new Set(mix.map((r) => r.account)).size).toBeGreaterThan(500);
  });

  it('asks only for pages that exist and windows that run forwards', () => {
    for (const r of mix) {
      if (r.direct.call !== 'listTransactions') continue;
      const size = fullAccounts[r.account]!.size;
      expect(r.direct.page.page).toBeLessThanOrEqual(Math.max(1, Math.ceil(size / r.direct.page.per_page)));
      const { from, to } = r.direct.filter;
      if (from || to) expect(from!.getTime()).toBeLessThanOrEqual(to!.getTime());
    }
    expect(
      mix.some((r) => r.kind === 'deep_page' && r.direct.call === 'listTransactions' && r.direct.page.page > 5000),
    ).toBe(true);
  });
});

describe('the realistic mix replayed against the server', () => {
  let srv: TestServer;
  let accounts: RealisticAccount[];
  const shape = { accounts: 40, largest: 4_000, smallest: 10 };

  beforeAll(async () => {
    srv = await startTestServer(['--no-demo']);
    accounts = (await buildRealistic(srv.store, 'pglite', shape, () => {})).accounts;
  }, 120_000);
  afterAll(async () => {
    await srv?.stop();
  });

  it('answers every request 200 with what its direct store call returns', async () => {
    const requests = realisticMix(accounts, 400);
    const kinds = new Set<MixKind>();
    for (const r of requests) {
      const a = accounts[r.account]!;
      const res = await fetch(srv.url + BASE_PATH.sandbox + r.path, { headers: { authorization: `Bearer ${a.key}` } });
      const body = (await res.json()) as { data: any; pagination?: { total_count: number } };
      expect(res.status, `${r.path}: ${JSON.stringify(body).slice(0, 300)}`).toBe(200);
      const direct = (await directCall(srv.store, a.id, r.direct)) as any;
      const what = `${r.kind} ${r.path}`;
      switch (r.direct.call) {
        case 'getWallet':
          expect(body.data.balance, what).toBe(direct.balance);
          break;
        case 'getAccount':
          expect(body.data.id, what).toBe(direct.id);
          break;
        case 'none':
          expect(body.data.length, what).toBe(4);
          break;
        case 'getTransactionById':
        case 'getTransactionByExternalReference':
          expect(body.data.id, what).toBe(direct.id);
          break;
        default:
          expect(
            body.data.map((d: { id: string }) => d.id),
            what,
          ).toEqual(direct.items.map((d: { id: string }) => d.id));
          expect(body.pagination!.total_count, what).toBe(direct.total_count);
      }
      kinds.add(r.kind);
    }
    expect([...kinds].sort()).toEqual(Object.keys(MIX_WEIGHTS).sort());
  }, 120_000);
});
