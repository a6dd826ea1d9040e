/**
 * Pacing of requests: a global cap (`--rate`, requests per second; 0 = no cap) and, per budget the target
 * announces in its `RateLimit-Policy` header (`q=<quota>; w=<window seconds>; pk=<partition>`), 80 % of that
 * quota, so that a run does not push a real deployment into 429s. Requests are grouped by the partition the target
 * names (`pk`), not by key: every failing key of the auth matrix counts against one budget (the caller's address),
 * so they share one pacer. A credential is paced by the partition of its last answer (none before its first).
 */
import ipaddr from 'ipaddr.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The global cap when `--rate` is not given, for a target on another machine: gentle on a real deployment. */
export const DEFAULT_REMOTE_RATE = 50;

/**
 * `--rate`'s default for a base URL: no global cap for a loopback target (localhost, 127.0.0.0/8, ::1 — the
 * developer's own server, which a cap would only slow down: ~1,150 requests take 23 s at 50/s), DEFAULT_REMOTE_RATE
 * for anything else. The budgets a target announces in RateLimit-Policy are kept to either way.
 */
export function defaultRate(baseUrl: string): number {
  const host = new URL(baseUrl).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return 0;
  if (!ipaddr.isValid(host)) return DEFAULT_REMOTE_RATE;
  const addr = ipaddr.process(host); // an IPv4-mapped IPv6 address counts as its IPv4 address
  return addr.range() === 'loopback' ? 0 : DEFAULT_REMOTE_RATE;
}

class Pacer {
  private next = 0;
  constructor(public intervalMs: number) {}

  /** Reserves the next free slot and waits for it. */
  async take(): Promise<void> {
    if (this.intervalMs <= 0) return;
    const now = Date.now();
    const at = Math.max(now, this.next);
    this.next = at + this.intervalMs;
    if (at > now) await sleep(at - now);
  }
}

export class RateLimiter {
  private readonly global: Pacer;
  /** Pacer per announced partition (`pk`, or the credential itself when the target names none). */
  private readonly perPartition = new Map<string, Pacer>();
  /** The partition each credential's last answer counted against. */
  private readonly partitionOf = new Map<string, string>();

  constructor(ratePerSecond: number) {
    this.global = new Pacer(ratePerSecond > 0 ? 1000 / ratePerSecond : 0);
  }

  /** `credential`: the Authorization value, or a fixed name for requests without one. */
  async take(credential: string): Promise<void> {
    const partition = this.partitionOf.get(credential);
    if (partition !== undefined) await this.perPartition.get(partition)?.take();
    await this.global.take();
  }

  /** Learns a budget from a `RateLimit-Policy` value such as `"25-in-1sec"; q=25; w=1; pk=:abc:`. */
  learn(credential: string, policy: string | null): void {
    if (!policy) return;
    const q = /\bq=(\d+)/.exec(policy);
    const w = /\bw=(\d+)/.exec(policy);
    if (!q) return;
    const perSecond = (Number(q[1]) / Number(w?.[1] ?? 1)) * 0.8;
    if (!(perSecond > 0)) return;
    const partition = /\bpk=(:[^:]*:)/.exec(policy)?.[1] ?? `credential:${credential}`;
    this.partitionOf.set(credential, partition);
    const interval = 1000 / perSecond;
    const pacer = this.perPartition.get(partition);
    if (pacer) pacer.intervalMs = interval;
    else this.perPartition.set(partition, new Pacer(interval));
  }
}

export { sleep };
