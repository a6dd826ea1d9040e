/**
 * The contract's `servers` against the reference server: the hosted API and the local reference server each take
 * the environment as a variable, every URL they give (for every value) is a base path the server answers in that
 * environment, and every base path the server answers is given by some server. Templates are expanded by
 * helpers/servers.ts, so a server added later is checked the same way.
 */
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../server/config.ts';
import { RouteTable } from '../../server/contract/route-table.ts';
import { BASE_PATHS, ENVIRONMENTS } from '../../server/domain.ts';
import { bundle, type JsonObject } from '../helpers/bundle.ts';
import { expandServers } from '../helpers/servers.ts';

const servers = bundle.servers as JsonObject[];
const urls = expandServers(servers);
const table = new RouteTable();
const ENVIRONMENT_VARIABLE = { enum: ['sandbox', 'production'], default: 'sandbox' };

describe('servers', () => {
  it('start with the hosted API and the local reference server, each with the environment as a variable', () => {
    const [hosted, local] = servers;
    expect(new URL(String(hosted!.url).replace('{environment}', 'x')).protocol).toBe('https:');
    expect(hosted!.url).toMatch(/\/api\/partners\/\{environment\}\/v1$/);
    expect(local!.url).toMatch(/\/api\/partners\/\{environment\}\/v1$/);
    expect(local!.description).toMatch(/^Local reference server\b/);
    for (const s of [hosted!, local!]) expect((s.variables as JsonObject).environment).toMatchObject(ENVIRONMENT_VARIABLE);
  });

  it("point the local reference server at the address and port `npm start` listens on", () => {
    const { host, port } = parseConfig([], {});
    expect(new URL(String(servers[1]!.url).replace('{environment}', 'sandbox')).host).toBe(`${host}:${port}`);
  });

  it.each(urls.map((u) => [u.url, u.environment, u] as const))('%s is answered by the reference server as %s', (_url, environment, u) => {
    expect(ENVIRONMENTS).toContain(environment);
    const match = table.match(`${new URL(u.url).pathname}/health`, 'GET');
    expect(match.kind).toBe('operation');
    if (match.kind === 'operation') expect(match.route.environment).toBe(environment);
  });

  it('give every base path the reference server answers at, and no other', () => {
    const given = new Set(urls.map((u) => new URL(u.url).pathname));
    expect([...given].sort()).toEqual(ENVIRONMENTS.flatMap((e) => BASE_PATHS[e]).sort());
  });
});
