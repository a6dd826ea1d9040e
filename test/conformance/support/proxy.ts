/**
 * A node:http proxy in front of the reference server that breaks one promise of the contract (a mutant), or none.
 * Honest upstream answers to reads are cached by method, path and Authorization and shared by every proxy, with the
 * caller's X-Request-Id put back — so many mutant runs cost the server little. What a write can change is never
 * cached: no POST, and — on a proxy for a run with writes (`writes`) — no read under /account (balance, transactions),
 * /webhooks or /events (endpoints, deliveries, events).
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ProxiedRequest {
  method: string;
  /** Path and query, e.g. `/api/partners/sandbox/v1/account/transactions?status=pending`. */
  path: string;
  headers: Record<string, string>;
  /** The request body (POST), as text. */
  body?: string;
}

export interface ProxiedResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface MutantContext {
  /** Forwards any request upstream (through the cache, for what may be cached). */
  upstream(req: ProxiedRequest): Promise<ProxiedResponse>;
  /** The full key of the environment of a path. */
  fullKey(path: string): string;
  /** What a mutant remembers during one run (one proxy): purchases seen, keys in flight. */
  state: Map<string, unknown>;
  /** Called when the proxy closes (a mutant's webhook relay). */
  onClose: (() => Promise<void>)[];
}

export interface Mutant {
  name: string;
  /** The promise it breaks. */
  breaks: string;
  /** The check that must catch it. */
  check: string;
  /** Only a run with writes can catch it (purchases): the run gets its own account (mutants.test.ts). */
  writes?: boolean;
  request?(req: ProxiedRequest, ctx: MutantContext): Promise<ProxiedRequest | void> | ProxiedRequest | void;
  response?(
    res: ProxiedResponse,
    req: ProxiedRequest,
    ctx: MutantContext,
  ): Promise<ProxiedResponse | void> | ProxiedResponse | void;
}

const HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'host']);
const cache = new Map<string, Promise<ProxiedResponse & { sentId: string | undefined }>>();
const SANE_ID = /^[A-Za-z0-9._-]{1,128}$/;

async function fetchUpstream(upstreamOrigin: string, req: ProxiedRequest): Promise<ProxiedResponse> {
  const headers = Object.fromEntries(Object.entries(req.headers).filter(([k]) => !HOP.has(k)));
  const r = await fetch(upstreamOrigin + req.path, {
    method: req.method,
    headers,
    ...(req.body !== undefined ? { body: req.body } : {}),
  });
  const out: Record<string, string> = {};
  // A HEAD answer has no body to measure: keep the server's Content-Length (that of the GET's body).
  r.headers.forEach((v, k) => {
    if (!HOP.has(k) || (k === 'content-length' && req.method === 'HEAD')) out[k] = v;
  });
  return { status: r.status, headers: out, body: await r.text() };
}

export function forward(upstreamOrigin: string, req: ProxiedRequest, writes = false): Promise<ProxiedResponse> {
  // A run with writes changes the account (balance, transactions, the purchases at /purchases/{id}) and its webhook
  // endpoints, deliveries and events.
  const cacheable =
    (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') &&
    !(writes && /\/(account|webhooks|events|purchases)(\/|\?|$)/.test(req.path));
  if (!cacheable) return fetchUpstream(upstreamOrigin, req);
  const id = req.headers['x-request-id'];
  const key = `${upstreamOrigin} ${req.method} ${req.path} ${req.headers.authorization ?? ''} ${id !== undefined && SANE_ID.test(id)}`;
  let hit = cache.get(key);
  if (!hit) {
    hit = fetchUpstream(upstreamOrigin, req).then((r) => ({ ...r, sentId: id }));
    cache.set(key, hit);
  }
  return hit.then(({ sentId, ...r }) => {
    const headers = { ...r.headers };
    // The server echoed the id of the request that filled the cache: echo this request's id instead.
    if (sentId !== undefined && headers['x-request-id'] === sentId && id !== undefined) headers['x-request-id'] = id;
    return { ...r, headers };
  });
}

export interface Proxy {
  origin: string;
  close(): Promise<void>;
}

/** `writes`: the run through this proxy writes, so what a write changes is not cached. */
export async function startProxy(
  upstreamOrigin: string,
  keys: Record<string, string>,
  mutant: Mutant | null,
  opts: { writes?: boolean } = {},
): Promise<Proxy> {
  const ctx: MutantContext = {
    upstream: (req) => forward(upstreamOrigin, req, opts.writes === true),
    fullKey: (path) => (path.includes('/sandbox/') ? keys.sandbox! : keys.production!),
    state: new Map(),
    onClose: [],
  };
  const server = createServer((incoming: IncomingMessage, res) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const c of incoming) chunks.push(c as Buffer);
      const body = chunks.length ? Buffer.concat(chunks).toString('utf8') : undefined;
      let req: ProxiedRequest = {
        method: incoming.method ?? 'GET',
        path: incoming.url ?? '/',
        headers: flatten(incoming.headers),
        ...(body !== undefined ? { body } : {}),
      };
      req = (await mutant?.request?.(req, ctx)) ?? req;
      let out = await ctx.upstream(req);
      out = (await mutant?.response?.(structuredClone(out), req, ctx)) ?? out;
      res.writeHead(out.status, out.headers);
      res.end(out.body);
    })().catch((e: unknown) => {
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`proxy error: ${String(e)}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      for (const f of ctx.onClose) await f();
    },
  };
}

function flatten(h: IncomingMessage['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h)) if (v !== undefined) out[k] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}
