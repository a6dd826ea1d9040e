/**
 * The contract and the docs as a running reference server serves them (/openapi.json, /docs: app.ts): the contract's
 * local server (openapi/openapi.yaml `servers`: `http://127.0.0.1:8080{base_path}`, what `npm start` listens on by
 * default) names the address and port this server answered on instead, so the docs' "try it" URLs and the server
 * panel reach the server they were read from, on whatever `--port` it runs. The address is the socket's own (the
 * request's local end), never the `Host` header, which the caller writes: a served page cannot be made to name
 * another host.
 */
import { readFile, stat } from 'node:fs/promises';
import type { Request } from 'express';
import ipaddr from 'ipaddr.js';

type Bundle = Record<string, unknown> & { servers?: { url: string }[] };

/** The local server's URL in the contract and its origin (`http://127.0.0.1:8080`), or null when it lists none. */
function localServerOf(bundle: Bundle): { url: string; origin: string } | null {
  const url = (bundle.servers ?? []).map((s) => s.url).find((u) => /^http:\/\/127\.0\.0\.1:\d+/.test(u));
  return url ? { url, origin: /^http:\/\/[^/{]+/.exec(url)![0] } : null;
}

/** `http://<address>:<port>` of the request's local end: the address and port this server answered on. */
export function originOfRequest(req: Request): string {
  const address = req.socket.localAddress;
  if (!address || req.socket.localPort === undefined) return 'http://127.0.0.1';
  // An IPv4 client of a server bound to `::` arrives on an IPv4-mapped address: named as the IPv4 it is.
  const ip = ipaddr.process(address);
  return `http://${ip.kind() === 'ipv6' ? `[${ip.toString()}]` : ip.toString()}:${req.socket.localPort}`;
}

export interface LocalServer {
  /** The bundle with the local server at `origin`. */
  bundle(origin: string): Bundle;
  /** The docs page in `file` with the local server at `origin`; null when the page is not built. */
  docs(file: string, origin: string): Promise<string | null>;
}

export function localServer(bundle: Bundle): LocalServer {
  const local = localServerOf(bundle);
  const at = (origin: string) => (local ? `${origin}${local.url.slice(local.origin.length)}` : '');
  // One copy per origin a request arrived on: a server has a few local addresses at most.
  const bundles = new Map<string, Bundle>();
  const pages = new Map<string, { stamp: string; html: string }>();
  return {
    bundle(origin) {
      if (!local) return bundle;
      let served = bundles.get(origin);
      if (!served) {
        served = {
          ...bundle,
          servers: bundle.servers!.map((s) => (s.url === local.url ? { ...s, url: at(origin) } : s)),
        };
        bundles.set(origin, served);
      }
      return served;
    },
    async docs(file, origin) {
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) return null;
      // The page is rebuilt by `npm run docs` while a server runs: a new file is read again.
      const stamp = `${info.mtimeMs}:${info.size}`;
      const cached = pages.get(origin);
      if (cached?.stamp === stamp) return cached.html;
      const page = await readFile(file, 'utf8');
      // The page holds the URL as the contract writes it, in its server panel and in the contract it renders from.
      const html = local ? page.replaceAll(local.url, at(origin)) : page;
      pages.set(origin, { stamp, html });
      return html;
    },
  };
}
