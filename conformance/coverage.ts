/**
 * Coverage: the matrix operation × documented status × documented error code (the codes of a status come from the
 * contract's error examples, one per code), each cell marked with what the run exercised. Cells out of reach are
 * listed here, shown in the matrix, and left out of the denominator — unless the run met them all the same (a 429
 * waited out, a 409 won in a race): a cell exercised counts. The `contract` profile counts one cell per operation: its
 * success (200, or 201 for a write). A run without writes (read-only, or any production run) cannot reach the cells
 * of write operations except their 405, which a safe method provokes: those are out of reach too, with the reason.
 */
import type { Contract } from './contract/operations.ts';
import type { CaseResult, Cell, Profile } from './model.ts';

/** Documented cells a client cannot — or must not — provoke. */
export const OUT_OF_REACH: { status: number; code: string; why: string }[] = [
  {
    status: 429,
    code: 'RATE_LIMITED',
    why: 'provoking it means flooding the target past its rate limit; the suite paces itself below the limit (a 429 met on the way is waited out, never a failure) and must not hammer a real deployment',
  },
  {
    status: 500,
    code: 'INTERNAL_ERROR',
    why: 'an unexpected server fault: no request of a correct client can cause it on purpose',
  },
  {
    status: 503,
    code: 'SERVICE_UNAVAILABLE',
    why: "the store being down: a client cannot take the target's store away",
  },
  {
    status: 503,
    code: 'BILLER_UNAVAILABLE',
    why: "answered only by a deployment started without a biller (production without BILLER=simulated); a client cannot take the target's biller away, and such a target answers it to every purchase and verification",
  },
  {
    status: 501,
    code: 'WEBHOOKS_NOT_CONFIGURED',
    why: "answered only by a deployment without a webhook signing key (PostgreSQL without WEBHOOK_SIGNING_KEY), to every webhook POST; a client cannot take the target's key away (test/server/webhooks-without-signing-key.test.ts runs such a server)",
  },
  {
    status: 422,
    code: 'PRODUCT_UNAVAILABLE',
    why: 'only an operator takes a product offline (listed with available: false); a client cannot. When the target lists an offline product, the suite buys it (purchase-api.*.offline_product) and the cell counts as exercised',
  },
];

/** Cells out of reach on some operations only. */
export const OUT_OF_REACH_ON: { status: number; code: string; operations: RegExp; why: string }[] = [
  {
    status: 409,
    code: 'IDEMPOTENCY_KEY_IN_USE',
    operations: /^create(Webhook|Event)/,
    why: 'a webhook write answers in milliseconds and has no slow sandbox scenario: a client cannot hold the first request in flight to race a second one (a 409 met all the same counts)',
  },
  {
    status: 422,
    code: 'WEBHOOK_LIMIT_REACHED',
    operations: /^createWebhookEndpoint$/,
    why: "reaching it means filling the account with endpoints up to the deployment's limit (16 by default), each of which then receives every event of the run's other cases: the suite adds two at a time and deletes what it adds",
  },
];

/** Why cells that need a webhook endpoint, delivery or event are out of reach in a run that has none. */
export const NO_WEBHOOK_DATA_WHY =
  'the run read no webhook delivery of this key (none listed, or listed only after the walks began) and a run without writes cannot create one (a sandbox run with writes does: webhooks.setup)';
const NEEDS_WEBHOOK_DATA = (operationId: string, status: number, code: string | null) =>
  (status === 200 && /^(getWebhookEndpoint|listWebhookDeliveries|getWebhookDelivery|getEvent)$/.test(operationId)) ||
  code === 'DELIVERY_NOT_FOUND';

/** Why the cells of write operations are out of reach in a run without writes. */
export const NO_WRITES_WHY =
  'a run without writes (read-only, or not a sandbox: write-safety.ts) sends no POST; only the 405 of a write operation is reached, by a safe method';

export type CellState = 'exercised' | 'failed' | 'missing' | 'out-of-reach';

export interface CoverageCell extends Cell {
  state: CellState;
  /** Cases that exercised the cell. */
  cases: number;
  why?: string;
}

export interface Coverage {
  notion: string;
  cells: CoverageCell[];
  reachable: number;
  exercised: number;
  percent: number;
}

const key = (c: Cell) => `${c.operationId} ${c.status} ${c.code ?? ''}`;

export function computeCoverage(
  contract: Contract,
  profile: Profile,
  results: CaseResult[],
  run: { writes: boolean; webhookData?: boolean } = { writes: true },
): Coverage {
  const hits = new Map<string, { cases: number; failed: boolean }>();
  for (const r of results.filter((x) => x.status !== 'skipped')) {
    for (const k of new Set(r.cells.map(key))) {
      const h = hits.get(k) ?? { cases: 0, failed: false };
      h.cases++;
      h.failed ||= r.status === 'failed';
      hits.set(k, h);
    }
  }
  const cells: CoverageCell[] = [];
  for (const op of contract.operations) {
    for (const [status, res] of op.responses) {
      if (profile === 'contract' && status !== op.success) continue;
      const codes: (string | null)[] = status < 400 || res.codes.length === 0 ? [null] : res.codes;
      for (const code of codes) {
        const cell: Cell = { operationId: op.operationId, status, code };
        const noWrites = op.writes && !run.writes && status !== 405 ? NO_WRITES_WHY : undefined;
        const noData =
          run.webhookData === false && NEEDS_WEBHOOK_DATA(op.operationId, status, code)
            ? NO_WEBHOOK_DATA_WHY
            : undefined;
        const only = OUT_OF_REACH_ON.find(
          (o) => o.status === status && o.code === code && o.operations.test(op.operationId),
        )?.why;
        const out =
          noWrites ??
          noData ??
          only ??
          OUT_OF_REACH.find((o) => o.status === status && (o.code === code || code === null))?.why;
        const hit = hits.get(key(cell));
        if (out && !hit) cells.push({ ...cell, state: 'out-of-reach', cases: 0, why: out });
        else
          cells.push({
            ...cell,
            state: hit ? (hit.failed ? 'failed' : 'exercised') : 'missing',
            cases: hit?.cases ?? 0,
          });
      }
    }
  }
  const reachable = cells.filter((c) => c.state !== 'out-of-reach').length;
  const exercised = cells.filter((c) => c.state === 'exercised' || c.state === 'failed').length;
  return {
    notion:
      profile === 'contract'
        ? "every operation's success (200, 201)"
        : 'operation × documented status × documented error code',
    cells,
    reachable,
    exercised,
    percent: reachable === 0 ? 100 : Math.floor((exercised / reachable) * 1000) / 10,
  };
}
