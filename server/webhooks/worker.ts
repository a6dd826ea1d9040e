/**
 * The webhook delivery worker: every tick, claim due deliveries up to the free slots (store.claimDueWebhookDeliveries
 * moves each past a lease, skipping rows another instance holds), and for each: render the event, sign it with the
 * endpoint's secrets, send it (send.ts: SSRF checks on the resolved address at every attempt, 15 s timeout, no
 * redirects), and record the attempt and the next step in one database transaction (record_webhook_attempt, a
 * compare-and-set on the attempt number: a second worker can never record the same attempt).
 *
 * Sends never hold a database connection (the claim has committed) and never block a tick: a receiver that hangs
 * occupies one of `concurrency` slots until its timeout, and the API's requests share nothing with it but the
 * event loop, where a send is a socket. At least once: a worker that dies mid-send leaves the delivery claimed until
 * its lease passes, then another tries it again (same webhook-id, so receivers deduplicate).
 *
 * An attempt that was made is always recorded, so a delivery always moves on its schedule to `delivered` or
 * `failed` (and the endpoint to `failing` by record_webhook_attempt's rules): the store bounds whatever the receiver answered
 * (webhook-deliveries.ts), and should a record still be refused for its values, the attempt is recorded again as a
 * failed one without the receiver's values and with the reason (UNSTORABLE_ANSWER). A sender that throws instead of
 * returning an outcome is a failed attempt too. Only a record the database cannot take at all (it is down) is left
 * to the lease — the one case where trying the attempt again later is right.
 */
import type { Logger } from 'pino';
import type { Environment } from '../domain.ts';
import type { DueDelivery, WebhookAttemptOutcome, WebhookStore } from '../store/webhook-types.ts';
import { eventBody } from './payload.ts';
import { FAILING_AFTER_MS, nextStep, type AttemptResult } from './schedule.ts';
import { signedHeaders, signingSecrets, type EndpointSecrets } from './secrets.ts';

/** One attempt as the sender reports it (send.ts). */
export interface SendOutcome extends AttemptResult {
  duration_ms: number;
  response_excerpt: string | null;
  error: string | null;
}
export type Sender = (r: {
  url: string;
  headers: Record<string, string>;
  body: string;
  environment: Environment;
}) => Promise<SendOutcome>;

export interface WebhookWorkerOptions {
  store: Pick<WebhookStore, 'claimDueWebhookDeliveries' | 'recordWebhookAttempt' | 'purgeWebhookEvents'>;
  secrets: EndpointSecrets;
  send: Sender;
  /** Pause between ticks. */
  intervalMs: number;
  /** Deliveries in flight at once in this process. */
  concurrency?: number;
  /** Longer than a send's timeout plus its record: while it runs, no other worker takes the delivery. */
  leaseMs?: number;
  /** Compresses the retry schedule and the 3-day failing window (sandbox tests): 1 = the documented schedule. */
  scale?: number;
  /** The contract's `info.version`, every event body's `api_version` (payload.ts). */
  apiVersion: string;
  now?: () => Date;
  logger?: Logger;
}

/** The `error` of an attempt whose record was refused with the receiver's values in it. */
export const UNSTORABLE_ANSWER = "the endpoint's answer could not be stored; only a 2xx status counts as delivered";
/** The `error` of an attempt whose sender threw instead of returning an outcome. */
export const SENDER_FAILED = 'the request could not be sent (internal error)';

export const DEFAULT_CONCURRENCY = 16;
export const DEFAULT_LEASE_MS = 60_000;
export const EVENT_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;
const PURGE_EVERY_TICKS = 600;

/** What one delivery attempt did. */
export type AttemptReport =
  | { delivery_id: string; attempt: number; outcome: string; recorded: boolean }
  | { delivery_id: string; attempt: number; error: string };

export class WebhookWorker {
  readonly #o: Required<Omit<WebhookWorkerOptions, 'logger'>> & { logger: Logger | undefined };
  readonly #inFlight = new Set<Promise<AttemptReport>>();
  #tick: Promise<unknown> = Promise.resolve();
  #timer: NodeJS.Timeout | null = null;
  #started = false;
  #ticks = 0;

  constructor(options: WebhookWorkerOptions) {
    this.#o = {
      concurrency: DEFAULT_CONCURRENCY,
      leaseMs: DEFAULT_LEASE_MS,
      scale: 1,
      now: () => new Date(),
      ...options,
      logger: options.logger,
    };
  }

  start(): void {
    if (this.#started) return;
    this.#started = true;
    this.#schedule();
  }

  /**
   * No new tick starts; resolves once the tick in progress has finished and the attempts in flight have, or
   * `graceMs` has passed: a receiver that hangs must not hold a shutdown for its 15 s. An attempt cut short is not
   * recorded; its lease runs out and another worker (or this one, restarted) makes it again: at least once.
   */
  async stop(graceMs = 2_000): Promise<void> {
    this.#started = false;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    await this.#tick;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled([...this.#inFlight]),
      new Promise((resolve) => {
        timer = setTimeout(resolve, graceMs);
      }),
    ]);
    clearTimeout(timer);
  }

  /** One tick (claims and starts attempts) and waits for the attempts it started: for tests and the console. */
  async runOnce(): Promise<AttemptReport[]> {
    const started = this.#chainTick();
    return Promise.all(await started);
  }

  #chainTick(): Promise<Promise<AttemptReport>[]> {
    const tick = this.#tick.then(() => this.#claimAndStart());
    this.#tick = tick.catch(() => undefined);
    return tick;
  }

  #schedule(): void {
    if (!this.#started) return;
    this.#timer = setTimeout(() => {
      this.#chainTick().catch((err: unknown) => this.#o.logger?.error({ err }, 'webhook worker: claim failed'));
      void this.#tick.then(() => this.#schedule());
    }, this.#o.intervalMs);
    this.#timer.unref();
  }

  async #claimAndStart(): Promise<Promise<AttemptReport>[]> {
    const o = this.#o;
    if (++this.#ticks % PURGE_EVERY_TICKS === 1) {
      const purged = await o.store.purgeWebhookEvents(new Date(o.now().getTime() - EVENT_RETENTION_MS), 1000);
      if (purged > 0) o.logger?.info({ purged }, 'webhook events past retention deleted');
    }
    const free = o.concurrency - this.#inFlight.size;
    if (free <= 0) return [];
    const due = await o.store.claimDueWebhookDeliveries(o.now(), free, o.leaseMs);
    return due.map((d) => {
      const p = this.#attempt(d);
      this.#inFlight.add(p);
      void p.finally(() => this.#inFlight.delete(p));
      return p;
    });
  }

  async #attempt(d: DueDelivery): Promise<AttemptReport> {
    const o = this.#o;
    try {
      const at = o.now();
      const body = JSON.stringify(eventBody(d.event, o.apiVersion));
      const headers = signedHeaders(signingSecrets(o.secrets, d.endpoint, at), d.event.id, at, body);
      const sentAt = performance.now();
      const r = await Promise.resolve()
        .then(() => o.send({ url: d.endpoint.url, headers, body, environment: d.endpoint.environment }))
        .catch((err: unknown) => {
          o.logger?.error(
            { err, delivery_id: d.delivery_id },
            'webhook sender threw; the attempt is recorded as failed',
          );
          return {
            outcome: 'failed',
            status: null,
            retry_after_seconds: null,
            duration_ms: performance.now() - sentAt,
            response_excerpt: null,
            error: SENDER_FAILED,
          } satisfies SendOutcome;
        });
      let step = nextStep(d.attempt, r, o.now(), o.scale);
      const attempt: WebhookAttemptOutcome = {
        delivery_id: d.delivery_id,
        attempt: d.attempt,
        at,
        response_status_code: r.status,
        duration_ms: r.duration_ms,
        error: r.error,
        response_body: r.response_excerpt || null,
        outcome: step.outcome,
        next_attempt_at: step.next_attempt_at,
        failing_after_ms: FAILING_AFTER_MS * o.scale,
      };
      const { recorded, endpoint_disabled } = await o.store
        .recordWebhookAttempt(attempt)
        .catch(async (err: unknown) => {
          // Refused for the receiver's values, or the database is out of reach: the same attempt, failed and without
          // them, is either taken (the delivery moves on) or refused again (the lease runs out: tried again later).
          o.logger?.error(
            { err, delivery_id: d.delivery_id },
            'webhook attempt refused by the store; recording it without the answer',
          );
          step = nextStep(d.attempt, { outcome: 'failed', status: null, retry_after_seconds: null }, o.now(), o.scale);
          return o.store.recordWebhookAttempt({
            ...attempt,
            response_status_code: null,
            response_body: null,
            error: UNSTORABLE_ANSWER,
            ...step,
          });
        });
      if (endpoint_disabled)
        o.logger?.warn({ endpoint_id: d.endpoint.id, reason: endpoint_disabled }, 'webhook endpoint disabled');
      // The URL is the partner's configuration, not a secret; the signature headers are never logged.
      o.logger?.debug(
        { delivery_id: d.delivery_id, attempt: d.attempt, status: r.status, outcome: step.outcome, recorded },
        'webhook attempt',
      );
      return { delivery_id: d.delivery_id, attempt: d.attempt, outcome: step.outcome, recorded };
    } catch (err) {
      // A database error: the claim's lease runs out and a later tick tries this attempt again.
      o.logger?.error({ err, delivery_id: d.delivery_id }, 'webhook attempt not recorded');
      return { delivery_id: d.delivery_id, attempt: d.attempt, error: (err as Error).message };
    }
  }
}
