/** Small load generators for the robustness checks: a closed loop with N workers, and an open loop at a fixed rate. */
import { Agent, request } from 'node:http';

export interface Sample {
  /** ms since the run started, when the request was sent / answered. */
  sentAt: number;
  doneAt: number;
  status: number;
  body: string;
  /** The body's bytes as received (byte-for-byte comparisons of replays). */
  bytes: Buffer;
  headers: Record<string, string | string[] | undefined>;
  error?: string;
}

export function percentile(xs: number[], p: number): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}

export interface Target {
  url: string;
  headers?: Record<string, string>;
  /** GET unless given. */
  method?: string;
  /** Sent as is (the caller sets Content-Type). */
  body?: string;
}

/** One request with node:http (not fetch: exact control of agents and sockets). */
export function send(target: Target, agent: Agent | false, t0: number): Promise<Sample> {
  const sentAt = Date.now() - t0;
  return new Promise((resolve) => {
    const req = request(target.url, { method: target.method ?? 'GET', headers: target.headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (d: Buffer) => {
        chunks.push(d);
      });
      const done = (error?: string) => {
        const bytes = Buffer.concat(chunks);
        resolve({
          sentAt,
          doneAt: Date.now() - t0,
          status: error ? 0 : (res.statusCode ?? 0),
          body: bytes.toString('utf8'),
          bytes,
          headers: error ? {} : res.headers,
          ...(error ? { error } : {}),
        });
      };
      res.on('end', () => done());
      res.on('error', (e) => done(e.message));
    });
    req.on('error', (e: NodeJS.ErrnoException) =>
      resolve({
        sentAt,
        doneAt: Date.now() - t0,
        status: 0,
        body: '',
        bytes: Buffer.alloc(0),
        headers: {},
        error: e.code ?? e.message,
      }),
    );
    req.end(target.body);
  });
}

/** The checks that only read call it by this name. */
export const get = send;

/** `workers` loops sending requests back to back until `count` are done. */
export async function closedLoop(count: number, workers: number, target: (i: number) => Target): Promise<Sample[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: workers });
  const t0 = Date.now();
  const out: Sample[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (next < count) out.push(await get(target(next++), agent, t0));
    }),
  );
  agent.destroy();
  return out;
}

/**
 * Requests at a fixed rate for `durationMs` whatever the answers take (an open loop); `target(i, elapsedMs)` may
 * change what is sent as time goes on. Resolves when every request has been answered.
 */
export async function openLoop(
  rps: number,
  durationMs: number,
  target: (i: number, elapsed: number) => Target,
  agent: Agent | false = false,
  onAnswer?: (s: Sample) => void,
): Promise<Sample[]> {
  const t0 = Date.now();
  const pending: Promise<Sample>[] = [];
  const total = Math.floor((rps * durationMs) / 1000);
  for (let i = 0; i < total; i++) {
    const due = t0 + (i * 1000) / rps;
    const wait = due - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const answered = get(target(i, Date.now() - t0), agent, t0);
    pending.push(onAnswer ? answered.then((x) => (onAnswer(x), x)) : answered);
  }
  return Promise.all(pending);
}
