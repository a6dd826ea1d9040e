/**
 * Mutants of the published API's purchase operations (GET /purchases/{id}, POST /purchases/verify,
 * POST /purchases/{id}/query): each breaks ONE promise of the contract decisions and names the check that must
 * catch it. They run with writes (the verify and query are POSTs), each on an account of its own (mutants.test.ts).
 */
import type { Mutant, MutantContext, ProxiedRequest, ProxiedResponse } from './proxy.ts';

type Body = Record<string, any>;

const pathOf = (req: ProxiedRequest) => new URL(req.path, 'http://proxy').pathname;
const readsPurchase = (req: ProxiedRequest) => req.method === 'GET' && /\/purchases\/[^/]+$/.test(pathOf(req));
const isVerify = (req: ProxiedRequest) => req.method === 'POST' && pathOf(req).endsWith('/purchases/verify');
const queried = (req: ProxiedRequest) => /\/purchases\/([^/]+)\/query$/.exec(pathOf(req))?.[1];

function json(res: ProxiedResponse, edit: (b: Body) => void): ProxiedResponse {
  const body = JSON.parse(res.body) as Body;
  edit(body);
  return { ...res, body: JSON.stringify(body) };
}

/** The ids this run has queried before (per proxy). */
function queriedBefore(ctx: MutantContext): Set<string> {
  let s = ctx.state.get('queried') as Set<string> | undefined;
  if (!s) ctx.state.set('queried', (s = new Set()));
  return s;
}

/** A time a second later, in the form the server writes (RFC 3339, UTC, milliseconds). */
const later = (iso: string) => new Date(Date.parse(iso) + 1000).toISOString();

export const PURCHASE_API_MUTANTS: Mutant[] = [
  {
    name: 'purchase_read_differs',
    breaks: 'GET /purchases/{id} is the transaction GET /account/transactions/{id} returns',
    check: 'same_transaction',
    writes: true,
    response(res, req) {
      if (!readsPurchase(req) || res.status !== 200) return;
      return json(res, (b) => (b.data.attributes.created_at = later(b.data.attributes.created_at)));
    },
  },
  {
    name: 'verify_differs',
    breaks: 'POST /purchases/verify is the verification the GET of the meter / smartcard returns',
    check: 'same_transaction',
    writes: true,
    response(res, req) {
      if (!isVerify(req) || res.status !== 200) return;
      return json(res, (b) => (b.data.attributes.customer_name = `${b.data.attributes.customer_name} JR`));
    },
  },
  {
    name: 'query_does_not_move',
    breaks: "in the sandbox a query moves a pending purchase on to its scenario's next state at once",
    check: 'query_conformance',
    writes: true,
    // The purchase as it stood before the query, answered in place of the query's first answer: a requery that
    // asks nobody.
    async request(req, ctx) {
      const id = queried(req);
      if (!id || req.method !== 'POST' || queriedBefore(ctx).has(id)) return;
      const before = await ctx.upstream({
        ...req,
        method: 'GET',
        path: req.path.replace(/\/query$/, ''),
        body: undefined,
      });
      ctx.state.set(`before:${id}`, before);
    },
    response(res, req, ctx) {
      const id = queried(req);
      if (!id || res.status !== 200 || queriedBefore(ctx).has(id)) return;
      queriedBefore(ctx).add(id);
      const before = ctx.state.get(`before:${id}`) as ProxiedResponse | undefined;
      return before?.status === 200 ? { ...res, body: before.body } : undefined;
    },
  },
  {
    name: 'query_repeat_changes',
    breaks: 'a query is safe to repeat: a purchase no longer pending is answered unchanged',
    check: 'query_conformance',
    writes: true,
    response(res, req, ctx) {
      const id = queried(req);
      if (!id || req.method !== 'POST' || res.status !== 200) return;
      if (!queriedBefore(ctx).has(id)) return void queriedBefore(ctx).add(id);
      return json(res, (b) => (b.data.attributes.updated_at = later(b.data.attributes.updated_at)));
    },
  },
];
