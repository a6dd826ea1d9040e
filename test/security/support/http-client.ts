/**
 * A keep-alive HTTP/1.1 client that puts the request-target on the wire exactly as given: node:http does not
 * resolve dot segments, merge slashes or touch percent-escapes, unlike fetch()/URL, which would quietly turn
 * `/./Account//x/../%61` into another path and hide the very routing bugs these tests look for.
 */
import { Agent, request } from 'node:http';
import { pool } from '../../../conformance/pool.ts';

export interface Answer {
  status: number;
  /** Lower-case names. */
  headers: Record<string, string>;
  body: string;
}

export interface Sent {
  method?: string;
  /** The request-target, byte for byte (origin-form: path and query). */
  target: string;
  headers?: Record<string, string>;
}

export class RawClient {
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 8 });
  private readonly host: string;
  private readonly port: number;
  sent = 0;

  constructor(origin: string) {
    const u = new URL(origin);
    this.host = u.hostname;
    this.port = Number(u.port);
  }

  send(req: Sent): Promise<Answer> {
    this.sent++;
    return new Promise((resolve, reject) => {
      const r = request(
        {
          host: this.host,
          port: this.port,
          agent: this.agent,
          method: req.method ?? 'GET',
          path: req.target,
          headers: req.headers ?? {},
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const headers: Record<string, string> = {};
            for (const [k, v] of Object.entries(res.headers))
              if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(', ') : v;
            resolve({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks).toString('utf8') });
          });
          res.on('error', reject);
        },
      );
      r.setTimeout(15_000, () => r.destroy(new Error(`no answer to ${req.method ?? 'GET'} ${req.target} within 15 s`)));
      r.on('error', reject);
      r.end();
    });
  }

  /** Runs `jobs` with at most `width` in flight (the agent's sockets), keeping their order in the result. */
  all<T, R>(jobs: T[], fn: (job: T) => Promise<R>, width = 8): Promise<R[]> {
    return pool(jobs, width, fn);
  }

  close(): void {
    this.agent.destroy();
  }
}
