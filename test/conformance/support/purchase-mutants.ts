/**
 * Mutants of purchases: each breaks ONE promise of the write side — money, idempotency, Location, the scenario's
 * state, the listing — between the reference server and the suite, and names the check that must catch it. They need
 * a run with writes, on an account of its own (mutants.test.ts gives each one), and remember what they saw in the
 * proxy's per-run state.
 */
import { randomUUID } from 'node:crypto';
import type { Mutant, MutantContext, ProxiedRequest, ProxiedResponse } from './proxy.ts';

type Body = Record<string, any>;

const pathOf = (req: ProxiedRequest) => new URL(req.path, 'http://proxy').pathname;
const isPurchase = (req: ProxiedRequest) => req.method === 'POST' && /\/purchases\/[a-z]+$/.test(pathOf(req));
const isBalance = (req: ProxiedRequest) => req.method === 'GET' && pathOf(req).endsWith('/account/balance');
const isList = (req: ProxiedRequest) => req.method === 'GET' && pathOf(req).endsWith('/account/transactions');
const replayed = (res: ProxiedResponse) => res.headers['idempotent-replayed'] === 'true';
const created = (req: ProxiedRequest, res: ProxiedResponse) => isPurchase(req) && res.status === 201;

function json(res: ProxiedResponse, edit: (b: Body) => void): ProxiedResponse {
  const body = JSON.parse(res.body) as Body;
  edit(body);
  return { ...res, body: JSON.stringify(body) };
}

/** The purchases this run created through the proxy: id → { total_debit, the Authorization that bought it }. */
function seen(ctx: MutantContext): Map<string, { total: string; authorization: string }> {
  let m = ctx.state.get('purchases') as Map<string, { total: string; authorization: string }> | undefined;
  if (!m) ctx.state.set('purchases', (m = new Map()));
  return m;
}
function remember(req: ProxiedRequest, res: ProxiedResponse, ctx: MutantContext): void {
  if (!created(req, res)) return;
  const b = JSON.parse(res.body) as Body;
  seen(ctx).set(b.data.id, {
    total: b.data.attributes.price.total_debit,
    authorization: req.headers.authorization ?? '',
  });
}

const kobo = (s: string) => BigInt(s.replace('.', ''));
const naira = (k: bigint) => `${k / 100n}.${String(k % 100n).padStart(2, '0')}`;

/** A 409 DUPLICATE_REFERENCE: the purchase's external_reference was another transaction's, nothing was bought. */
const duplicate = (req: ProxiedRequest, res: ProxiedResponse) =>
  isPurchase(req) && res.status === 409 && res.body.includes('"DUPLICATE_REFERENCE"');
const ALNUM = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** The same purchase under a reference (and key, if it had one) nobody used: what a server ignoring the reference buys. */
function withFreshReference(req: ProxiedRequest): ProxiedRequest {
  const body = JSON.parse(req.body ?? '{}') as Body;
  const fresh = randomUUID().replace(/-/g, '');
  body.external_reference = `${String(Date.now()).slice(0, 10)}${[...fresh.slice(0, 6)].map((c) => ALNUM[parseInt(c, 16)]).join('')}`;
  const key = req.headers['idempotency-key'];
  const headers = key === undefined ? req.headers : { ...req.headers, 'idempotency-key': `${key}-${fresh}` };
  return { ...req, headers, body: JSON.stringify(body) };
}

/** In-flight Idempotency-Keys, and the requests that hold them. */
const inFlight = (ctx: MutantContext) => {
  let s = ctx.state.get('inflight') as { keys: Set<string>; holders: WeakSet<ProxiedRequest> } | undefined;
  if (!s) ctx.state.set('inflight', (s = { keys: new Set(), holders: new WeakSet() }));
  return s;
};

export const PURCHASE_MUTANTS: Mutant[] = [
  {
    name: 'duplicate_reference_recorded',
    breaks: 'a purchase with a used external_reference records and debits nothing',
    check: 'money_conservation',
    writes: true,
    response: async (res, req, ctx) => {
      // The server answers the 409, but bought all the same: a second purchase the partner never hears of.
      if (duplicate(req, res)) await ctx.upstream(withFreshReference(req));
    },
  },
  {
    name: 'duplicate_reference_created',
    breaks: 'a second use of an external_reference is 409 DUPLICATE_REFERENCE, never a second purchase',
    check: 'duplicate_reference_conformance',
    writes: true,
    response: async (res, req, ctx) => {
      if (!duplicate(req, res)) return undefined;
      // A server that ignores the reference: the second use buys again, and answers 201 with the partner's reference.
      const again = await ctx.upstream(withFreshReference(req));
      if (again.status !== 201) return undefined;
      const sent = (JSON.parse(req.body ?? '{}') as Body).external_reference;
      return json(again, (b) => {
        b.data.attributes.external_reference = sent;
      });
    },
  },
  {
    name: 'double_debit',
    breaks: 'one purchase debits once',
    check: 'money_conservation',
    writes: true,
    response: async (res, req, ctx) => {
      // The same purchase again under a new key and reference (the server would refuse a used reference with a 409):
      // the server buys (and debits) twice, the client sees one purchase.
      if (created(req, res) && !replayed(res)) await ctx.upstream(withFreshReference(req));
    },
  },
  {
    name: 'replay_with_new_id',
    breaks: 'a replay is the first answer, same transaction',
    check: 'idempotent_replay_conformance',
    writes: true,
    response: (res, req) =>
      created(req, res) && replayed(res)
        ? json(res, (b) => {
            b.data.id = randomUUID();
          })
        : undefined,
  },
  {
    name: 'refund_missing',
    breaks: 'failed and reversed purchases are refunded',
    check: 'money_conservation',
    writes: true,
    response: async (res, req, ctx) => {
      remember(req, res, ctx);
      if (!isBalance(req) || res.status !== 200) return undefined;
      // Report the balance as it was before the refunds of this run's failed and reversed purchases.
      let refunded = 0n;
      for (const [id, p] of seen(ctx)) {
        if (p.authorization !== req.headers.authorization) continue;
        const tx = await ctx.upstream({
          method: 'GET',
          path: pathOf(req).replace(/balance$/, `transactions/${id}`),
          headers: { authorization: p.authorization, accept: 'application/json' },
        });
        if (/"status":"(failed|reversed)"/.test(tx.body)) refunded += kobo(p.total);
      }
      return json(res, (b) => {
        b.data.balance = naira(kobo(b.data.balance) - refunded);
      });
    },
  },
  {
    name: 'negative_balance',
    breaks: 'a balance is never below zero',
    check: 'response_schema_conformance',
    writes: true,
    response: (res, req) =>
      isBalance(req) && res.status === 200
        ? json(res, (b) => {
            b.data.balance = `-${b.data.balance}`;
          })
        : undefined,
  },
  {
    name: 'location_missing',
    breaks: 'a 201 names its transaction in Location',
    check: 'location_conformance',
    writes: true,
    response: (res, req) => {
      if (!created(req, res)) return undefined;
      const headers = { ...res.headers };
      delete headers.location;
      return { ...res, headers };
    },
  },
  {
    name: 'replayed_header_missing',
    breaks: 'a replay says Idempotent-Replayed: true',
    check: 'idempotent_replay_conformance',
    writes: true,
    response: (res, req) => {
      if (!isPurchase(req) || !replayed(res)) return undefined;
      const headers = { ...res.headers };
      delete headers['idempotent-replayed'];
      return { ...res, headers };
    },
  },
  {
    name: 'scenario_state_wrong',
    breaks: "a purchase answers in its scenario's state (pending)",
    check: 'purchase_state_conformance',
    writes: true,
    response: (res, req) =>
      created(req, res) && res.body.includes('"status":"pending"')
        ? json(res, (b) => {
            b.data.attributes.status = 'successful';
          })
        : undefined,
  },
  {
    name: 'purchase_missing_from_list',
    breaks: 'a new purchase shows in the list',
    check: 'purchase_listed',
    writes: true,
    response: (res, req, ctx) => {
      remember(req, res, ctx);
      return isList(req) && res.status === 200
        ? json(res, (b) => {
            b.data = b.data.filter((t: Body) => !seen(ctx).has(t.id));
          })
        : undefined;
    },
  },
  {
    name: 'in_use_never_sent',
    breaks: 'a key in flight is 409 IDEMPOTENCY_KEY_IN_USE (or a replay), never a second purchase',
    check: 'idempotent_concurrency_conformance',
    writes: true,
    request: (req, ctx) => {
      const key = req.headers['idempotency-key'];
      if (!isPurchase(req) || key === undefined) return undefined;
      const s = inFlight(ctx);
      // A second request while the first is in flight: bought again under another key, a second transaction.
      if (s.keys.has(key)) return { ...req, headers: { ...req.headers, 'idempotency-key': `${key}-${randomUUID()}` } };
      s.keys.add(key);
      const holder = { ...req };
      s.holders.add(holder);
      return holder;
    },
    response: (_res, req, ctx) => {
      const s = inFlight(ctx);
      if (s.holders.has(req)) s.keys.delete(req.headers['idempotency-key']!);
    },
  },
];
