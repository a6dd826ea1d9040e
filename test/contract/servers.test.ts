/**
 * The contract's `servers` against the reference server: one base path per environment. The hosted API and the
 * local reference server each take the base path as the variable `base_path`; every URL any server gives (for every
 * value) has exactly one environment's base path as its path, and the reference server answers it as that
 * environment; every base path the server answers is given by both. The two plain server URLs after them are
 * release 1.0.0's, kept only because the breaking-change gate counts dropping them as a removal (checked below, so
 * they go once it no longer does). Templates are expanded by helpers/servers.ts, so a server added later is checked
 * the same way.
 */
import { describe, expect, it } from 'vitest';
import { diffContracts } from '../../scripts/lib/contract-diff/engine.ts';
import { resolveBase } from '../../scripts/lib/contract-diff/base.ts';
import { parseConfig } from '../../server/config.ts';
import { RouteTable } from '../../server/contract/route-table.ts';
import { BASE_PATH, ENVIRONMENTS } from '../../server/domain.ts';
import { bundle, type JsonObject } from '../helpers/bundle.ts';
import { expandServers, MARKDOWN } from '../helpers/servers.ts';

// A budget for the work of a test that reads the released contracts with git (spawned processes).
const RELEASED_BUDGET = 120_000;

const servers = bundle.servers as JsonObject[];
const urls = expandServers(servers);
const table = new RouteTable();
/** Every base path the reference server answers at: those of its routes. */
const answered = [...new Set(table.routes.map((r) => r.basePath))].sort();
const pathOf = (url: string) => new URL(url).pathname;

describe('servers', () => {
  it('start with the hosted API and the local reference server, each with the base path as a variable', () => {
    const [hosted, local] = servers;
    expect(hosted!.url).toBe('https://api.billpay.ng{base_path}');
    expect(local!.url).toBe('http://127.0.0.1:8080{base_path}');
    expect(local!.description).toMatch(/^Local reference server\b/);
    for (const s of [hosted!, local!]) {
      const variables = s.variables as Record<string, JsonObject>;
      expect(Object.keys(variables)).toEqual(['base_path']);
      const v = variables.base_path!;
      expect([...(v.enum as string[])].sort()).toEqual(answered);
      expect(v.default).toBe(BASE_PATH.sandbox);
      // Its description says which value is which environment.
      expect(v.description).toContain(`\`${BASE_PATH.sandbox}\` is the sandbox`);
      expect(v.description).toContain(`\`${BASE_PATH.production}\` is production`);
    }
  });

  it.each(servers.map((s) => [s.url as string, s] as const))(
    '%s has a plain-text description (no markdown: the docs show it raw)',
    (_url, s) => {
      expect(String(s.description ?? '')).not.toMatch(MARKDOWN);
    },
  );

  it('point the local reference server at the address and port `npm start` listens on', () => {
    const { host, port } = parseConfig([], {});
    expect(new URL(urls.find((u) => u.index === 1)!.url).host).toBe(`${host}:${port}`);
  });

  it.each(urls.map((u) => [u.url, u] as const))(
    "%s has exactly one environment's base path, answered as it",
    (url, u) => {
      expect(u.environment, `${pathOf(url)} is no environment's base path`).not.toBeNull();
      expect(ENVIRONMENTS.filter((e) => BASE_PATH[e] === pathOf(url))).toEqual([u.environment]);
      const match = table.match(`${pathOf(url)}/health`, 'GET');
      expect(match.kind).toBe('operation');
      if (match.kind === 'operation') expect(match.route.environment).toBe(u.environment);
    },
  );

  it('give, on the hosted API and on the local server, every base path the reference server answers, once', () => {
    expect(answered).toEqual(ENVIRONMENTS.map((e) => BASE_PATH[e]).sort()); // one per environment
    for (const index of [0, 1])
      expect(
        urls
          .filter((u) => u.index === index)
          .map((u) => pathOf(u.url))
          .sort(),
      ).toEqual(answered);
    expect([...new Set(urls.map((u) => pathOf(u.url)))].sort()).toEqual(answered);
  });

  it(
    "list after them only the hosted API's expansions, each a released server URL",
    () => {
      const hosted = new Set(urls.filter((u) => u.index === 0).map((u) => u.url));
      const released = (
        (resolveBase({ root: new URL('../../', import.meta.url).pathname })?.doc.servers ?? []) as JsonObject[]
      ).map((s) => s.url);
      for (const s of servers.slice(2)) {
        expect(s.variables, String(s.url)).toBeUndefined();
        expect(hosted.has(String(s.url)), String(s.url)).toBe(true);
        expect(released, String(s.url)).toContain(s.url);
      }
    },
    RELEASED_BUDGET,
  );

  it(
    'keep those released URLs only while dropping them is a breaking change for the gate',
    () => {
      const base = resolveBase({ root: new URL('../../', import.meta.url).pathname });
      if (!base) return; // nothing released: nothing to keep
      const plain = servers.slice(2).map((s) => String(s.url));
      if (plain.length === 0) return;
      const changes = diffContracts(base.doc, { ...bundle, servers: servers.slice(0, 2) });
      const removed = changes.filter((c) => c.breaking && c.rules.includes('server-removed')).map((c) => c.what);
      // If this fails, the gate accepts the templates in their place: drop servers[2..] from openapi/openapi.yaml.
      for (const url of plain)
        expect(
          removed.some((w) => w.includes(`\`${url}\``)),
          url,
        ).toBe(true);
    },
    RELEASED_BUDGET,
  );
});
