/**
 * When a failed delivery is tried again (contract decisions, "Webhooks"): the Standard Webhooks schedule — 5 s,
 * 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h after each failure, so 10 attempts over about 3 days — with a
 * receiver's `Retry-After` (429, 503) honoured when it asks for longer (up to 24 h). A 410 disables the endpoint.
 * A sandbox may compress the schedule by configuration (WEBHOOK_RETRY_SCALE, e.g. 0.001: 5 ms, 300 ms, …).
 */
import type { WebhookAttemptOutcome } from '../store/webhook-types.ts';

const S = 1000;
const M = 60 * S;
const H = 60 * M;
export const RETRY_DELAYS_MS = [5 * S, 5 * M, 30 * M, 2 * H, 5 * H, 10 * H, 14 * H, 20 * H, 24 * H] as const;
/** The first attempt and one per retry. */
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
/** An endpoint whose every attempt failed for this long is disabled ('failing'). */
export const FAILING_AFTER_MS = 3 * 24 * H;
const MAX_RETRY_AFTER_MS = 24 * H;

/** What one attempt came to, as the sender reports it (server/webhooks/send.ts). */
export interface AttemptResult {
  outcome: 'delivered' | 'failed' | 'refused';
  status: number | null;
  retry_after_seconds: number | null;
}

export interface NextStep {
  outcome: WebhookAttemptOutcome['outcome'];
  next_attempt_at: Date | null;
}

/** The delivery's next step after attempt `attempt` (1-based) ended with `r` at `now`; `scale` compresses delays. */
export function nextStep(attempt: number, r: AttemptResult, now: Date, scale = 1): NextStep {
  if (r.outcome === 'delivered') return { outcome: 'delivered', next_attempt_at: null };
  if (r.status === 410) return { outcome: 'gone', next_attempt_at: null };
  if (attempt >= MAX_ATTEMPTS) return { outcome: 'failed', next_attempt_at: null };
  const scheduled = RETRY_DELAYS_MS[attempt - 1]! * scale;
  const asked =
    r.retry_after_seconds !== null && (r.status === 429 || r.status === 503)
      ? Math.min(r.retry_after_seconds * S, MAX_RETRY_AFTER_MS)
      : 0;
  return { outcome: 'retry', next_attempt_at: new Date(now.getTime() + Math.max(scheduled, asked)) };
}
