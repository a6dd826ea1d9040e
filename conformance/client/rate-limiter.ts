/**
 * Pacing of requests: a global cap (`--rate`, requests per second; 0 = no cap) and, per API key, the limit the
 * target announces in its `RateLimit-Policy` header (`q=<quota>; w=<window seconds>`), kept at 80 % so that a run
 * does not push a real deployment into 429s.
 */
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

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
  private readonly perKey = new Map<string, Pacer>();

  constructor(ratePerSecond: number) {
    this.global = new Pacer(ratePerSecond > 0 ? 1000 / ratePerSecond : 0);
  }

  async take(bucket: string): Promise<void> {
    await this.perKey.get(bucket)?.take();
    await this.global.take();
  }

  /** Learns a key's limit from a `RateLimit-Policy` value such as `"25-in-1sec"; q=25; w=1`. */
  learn(bucket: string, policy: string | null): void {
    if (!policy) return;
    const q = /\bq=(\d+)/.exec(policy);
    const w = /\bw=(\d+)/.exec(policy);
    if (!q) return;
    const perSecond = (Number(q[1]) / Number(w?.[1] ?? 1)) * 0.8;
    if (!(perSecond > 0)) return;
    const interval = 1000 / perSecond;
    const pacer = this.perKey.get(bucket);
    if (pacer) pacer.intervalMs = interval;
    else this.perKey.set(bucket, new Pacer(interval));
  }
}

export { sleep };
