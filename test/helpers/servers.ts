/**
 * The contract's `servers`, each URL template expanded with every value of its variables (OpenAPI 3.1 §4.8.5:
 * `{name}` is replaced by the variable's value; a variable without `enum` takes its `default`). For the tests of
 * everything that reads `servers`: the reference server, the client, the docs.
 */
import type { JsonObject } from './bundle.ts';

export interface ServerUrl {
  /** Index of the server in `servers`. */
  index: number;
  /** The URL with every variable replaced. */
  url: string;
  /** The value given to each variable, e.g. `{ environment: 'production' }`. */
  variables: Record<string, string>;
  description: string;
  /** The environment it is for: its `environment` variable, else the first word of its description, else null. */
  environment: string | null;
}

export function expandServers(servers: JsonObject[]): ServerUrl[] {
  return servers.flatMap((server, index) => {
    const variables = (server.variables ?? {}) as Record<string, { enum?: string[]; default: string }>;
    let combos: Record<string, string>[] = [{}];
    for (const [name, v] of Object.entries(variables)) {
      combos = combos.flatMap((c) => (v.enum ?? [v.default]).map((value) => ({ ...c, [name]: value })));
    }
    const description = String(server.description ?? '');
    return combos.map((values) => ({
      index,
      url: String(server.url).replace(/\{([^}]+)\}/g, (m, name: string) => values[name] ?? m),
      variables: values,
      description,
      environment: values.environment ?? /^(production|sandbox)\b/i.exec(description)?.[1]?.toLowerCase() ?? null,
    }));
  });
}
