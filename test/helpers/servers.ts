/**
 * The contract's `servers`, each URL template expanded with every value of its variables (OpenAPI 3.1 §4.8.5:
 * `{name}` is replaced by the variable's value; a variable without `enum` takes its `default`). For the tests of
 * everything that reads `servers`: the reference server, the client, the docs.
 *
 * An expanded URL's environment is the one whose base path (server/domain.ts BASE_PATH, the one path each
 * environment answers at) is exactly the URL's path: never a description or a variable's name, so a URL whose path
 * is no environment's base path, or a `/v1/` spelling of one, has none (null), which test/contract/servers.test.ts
 * refuses.
 */
import { BASE_PATH, ENVIRONMENTS, type Environment } from '../../server/domain.ts';
import type { JsonObject } from './bundle.ts';

export interface ServerUrl {
  /** Index of the server in `servers`. */
  index: number;
  /** The URL with every variable replaced. */
  url: string;
  /** The value given to each variable, e.g. `{ base_path: '/api/partners/v1' }`. */
  variables: Record<string, string>;
  description: string;
  /** The environment whose base path is exactly the URL's path, else null. */
  environment: Environment | null;
}

/** The environment whose base path is exactly `path`, else null. */
export function environmentOfPath(path: string): Environment | null {
  const matching = ENVIRONMENTS.filter((e) => BASE_PATH[e] === path);
  return matching.length === 1 ? matching[0]! : null;
}

export function expandServers(servers: JsonObject[]): ServerUrl[] {
  return servers.flatMap((server, index) => {
    const variables = (server.variables ?? {}) as Record<string, { enum?: string[]; default: string }>;
    let combos: Record<string, string>[] = [{}];
    for (const [name, v] of Object.entries(variables)) {
      combos = combos.flatMap((c) => (v.enum ?? [v.default]).map((value) => ({ ...c, [name]: value })));
    }
    const description = String(server.description ?? '');
    return combos.map((values) => {
      const url = String(server.url).replace(/\{([^}]+)\}/g, (m, name: string) => values[name] ?? m);
      let path: string | null = null;
      try {
        path = new URL(url).pathname;
      } catch {
        // an unexpanded or malformed URL has no environment
      }
      return {
        index,
        url,
        variables: values,
        description,
        environment: path === null ? null : environmentOfPath(path),
      };
    });
  });
}

/**
 * Markdown syntax: a code span, emphasis, a link, a heading, HTML. The docs (Redoc) show a server's description as
 * plain text, so it must have none (servers.test.ts checks the contract, docs-servers.test.ts the built page).
 */
export const MARKDOWN = /`|\*\*|__|\]\(|^#|<[a-z]/m;
