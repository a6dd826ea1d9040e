/**
 * The realistic mix under load, two ways with the same requests and the same concurrency:
 * - over HTTP (`mixOverHttp`): autocannon (lib/load.ts) with one request template whose generator hands every
 *   connection the next request of the mix (one cursor for all) with that account's key, labelled with its kind;
 * - directly (`mixDirect`): the database calls each request's handler makes — the key lookup by its hash, then
 *   the read (`MixRequest.direct`) — through the store's own pool, from `connections` concurrent loops in this
 *   process: no HTTP, no routing, no validation, no serialisation. The database's own limit for this mix.
 */
import type { Store } from '../../server/store/types.ts';
import { measure } from './load.ts';
import type { DirectCall, MixKind, MixRequest } from './realistic-mix.ts';
import { percentile } from './stats.ts';

export interface KindFigures {
  requests: number;
  p50_ms: number;
  p99_ms: number;
  errors: number;
}

export interface MixFigures {
  rps: number;
  requests: number;
  errors: number;
  p50_ms: number;
  p99_ms: number;
  by_kind: Partial<Record<MixKind, KindFigures>>;
}

export interface MixLoad {
  connections: number;
  durationSec: number;
  warmupSec: number;
}

export async function mixOverHttp(
  origin: string,
  base: string,
  keys: readonly string[],
  requests: readonly MixRequest[],
  load: MixLoad,
): Promise<MixFigures> {
  // One template: every request of every connection is the next of the mix (one cursor for all), labelled with
  // its kind in the connection's context.
  let i = 0;
  const templates = [
    {
      path: base + requests[0]!.path,
      setupRequest: (req: { path: string; headers: Record<string, string> }, context: { kind?: string }) => {
        const r = requests[i++ % requests.length]!;
        context.kind = r.kind;
        return { ...req, path: base + r.path, headers: { ...req.headers, authorization: `Bearer ${keys[r.account]}` } };
      },
    },
  ];
  const raw = await measure({
    origin,
    requests: templates,
    connections: load.connections,
    durationSec: load.durationSec,
    warmupSec: load.warmupSec,
  });
  const by_kind: MixFigures['by_kind'] = {};
  for (const [kind, k] of Object.entries(raw.by_kind ?? {})) {
    const errors = Object.entries(k.status_codes)
      .filter(([s]) => !s.startsWith('2'))
      .reduce((n, [, c]) => n + c, 0);
    by_kind[kind as MixKind] = { requests: k.requests, p50_ms: k.p50_ms, p99_ms: k.p99_ms, errors };
  }
  return { rps: raw.rps, requests: raw.requests, errors: raw.errors, p50_ms: raw.p50_ms, p99_ms: raw.p99_ms, by_kind };
}

/** The store call a request's handler makes (after authentication). */
export function directCall(store: Store, accountId: string, d: DirectCall): Promise<unknown> {
  switch (d.call) {
    case 'getWallet':
      return store.getWallet(accountId);
    case 'getAccount':
      return store.getAccount(accountId);
    case 'none':
      return Promise.resolve(null);
    case 'listTransactions':
      return store.listTransactions(accountId, d.filter, d.page);
    case 'getTransactionById':
      return store.getTransactionById(accountId, d.id);
    case 'getTransactionByExternalReference':
      return store.getTransactionByExternalReference(accountId, d.ref);
    case 'listProducts':
      return store.listProducts('sandbox', d.kind, d.filter, d.page);
  }
}

/**
 * `connections` loops, each taking the next request of the mix: the key lookup (findKeyByHash, as authentication
 * does; the hashes computed beforehand, as they are CPU and not database work) then the read. A request that
 * finds no key, or no row where the mix expects one, is an error: the mix only asks for what exists.
 */
export async function mixDirect(
  store: Store,
  accounts: readonly { id: string; hash: string }[],
  requests: readonly MixRequest[],
  load: MixLoad,
): Promise<MixFigures> {
  let i = 0;
  const run = async (seconds: number, record: boolean) => {
    const lat = new Map<MixKind, number[]>();
    const errors = new Map<MixKind, number>();
    const end = performance.now() + seconds * 1000;
    let done = 0;
    const loop = async () => {
      while (performance.now() < end) {
        const r = requests[i++ % requests.length]!;
        const a = accounts[r.account]!;
        const t0 = performance.now();
        const key = await store.findKeyByHash(a.hash);
        const found = await directCall(store, a.id, r.direct);
        const ms = performance.now() - t0;
        if (!record) continue;
        done++;
        const l = lat.get(r.kind) ?? [];
        l.push(ms);
        lat.set(r.kind, l);
        if (!key || (found === null && r.direct.call !== 'none')) errors.set(r.kind, (errors.get(r.kind) ?? 0) + 1);
      }
    };
    const t0 = performance.now();
    await Promise.all(Array.from({ length: load.connections }, loop));
    return { lat, errors, done, seconds: (performance.now() - t0) / 1000 };
  };
  if (load.warmupSec > 0) await run(load.warmupSec, false);
  const { lat, errors, done, seconds } = await run(load.durationSec, true);
  const all = Float64Array.from([...lat.values()].flat()).sort();
  const by_kind: MixFigures['by_kind'] = {};
  for (const [kind, l] of lat) {
    const sorted = Float64Array.from(l).sort();
    by_kind[kind] = {
      requests: sorted.length,
      p50_ms: percentile(sorted, 50),
      p99_ms: percentile(sorted, 99),
      errors: errors.get(kind) ?? 0,
    };
  }
  return {
    rps: done / seconds,
    requests: done,
    errors: [...errors.values()].reduce((a, b) => a + b, 0),
    p50_ms: percentile(all, 50),
    p99_ms: percentile(all, 99),
    by_kind,
  };
}
