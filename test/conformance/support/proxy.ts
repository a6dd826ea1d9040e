/**
 * A node:http proxy in front of the reference server that breaks one promise of the contract (a mutant), or none.
 * Honest upstream answers are cached by method, path and Authorization and shared by every proxy (the demo data does
 * not change during a test), with the caller's X-Request-Id put back — so many mutant runs cost the server little.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ProxiedRequest {
  method: string;
  /** Path and query, e.g. `/api/partners/sandbox/v1/account/transactions?status=pending`. */
  path: string;
  headers: Record<string, string>;
}

export interface ProxiedResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface MutantContext {
  /** Forwards any request upstream (through the cache). */
  upstream(req: ProxiedRequest): Promise<ProxiedResponse>;
  /** The full key of the environment of a path. */
  fullKey(path: string): string;
}

export interface Mutant {
  name: string;
  /** The promise it breaks. */
  breaks: string;
  /** The check that must catch it. */
  check: string;
  request?(req: ProxiedRequest, ctx: MutantContext): ProxiedRequest | void;
  response?(res: ProxiedResponse, req: ProxiedRequest, ctx: MutantContext): Promise<ProxiedResponse | void> | ProxiedResponse | void;
}

const HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'host']);
const cache = new Map<string, Promise<ProxiedResponse & { sentId: string | undefined }>>();
const SANE_ID = /^[A-Za-z0-9._-]{1,128}$/;

export function forward(upstreamOrigin: string, req: ProxiedRequest): Promise<ProxiedResponse> {
  const id = req.headers['x-request-id'];
  const key = `${upstreamOrigin} ${req.method} ${req.path} ${req.headers.authorization ?? ''} ${id !== undefined && SANE_ID.test(id)}`;
  let hit = cache.get(key);
  if (!hit) {
    hit = (async () => {
      const headers = Object.fromEntries(Object.entries(req.headers).filter(([k]) => !HOP.has(k)));
      const r = await fetch(upstreamOrigin + req.path, { method: req.method, headers });
      const out: Record<string, string> = {};
      r.headers.forEach((v, k) => { if (!HOP.has(k)) out[k] = v; });
      return { status: r.status, headers: out, body: await r.text(), sentId: id };
    })();
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

export async function startProxy(upstreamOrigin: string, keys: Record<string, string>, mutant: Mutant | null): Promise<Proxy> {
  const ctx: MutantContext = {
    upstream: (req) => forward(upstreamOrigin, req),
    fullKey: (path) => (path.includes('/sandbox/') ? keys.sandbox! : keys.production!),
  };
  const server = createServer((incoming: IncomingMessage, res) => {
    void (async () => {
      let req: ProxiedRequest = { method: incoming.method ?? 'GET', path: incoming.url ?? '/', headers: flatten(incoming.headers) };
      req = mutant?.request?.(req, ctx) ?? req;
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
    close: () => new Promise<void>((resolve) => { server.close(() => resolve()); server.closeAllConnections(); }),
  };
}

function flatten(h: IncomingMessage['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h)) if (v !== undefined) out[k] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}
