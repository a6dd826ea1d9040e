/**
 * The guide's "Paying a bill, step by step" (openapi/info-description.md, in the bundle) leads with the operations
 * of release 1.2.0 — pick a product, `POST /purchases/verify`, `POST /purchases`, read the answer, follow it with
 * `GET /purchases/{id}` / `POST /purchases/{id}/query` or webhooks — and keeps to the contract: every operation it
 * names is one, and its body-members table, `POST /purchases` first, names exactly each purchase's body members.
 */
import { describe, expect, it } from 'vitest';
import { bundle, deref, operations, type JsonObject } from '../helpers/bundle.ts';

const guide = String((bundle.info as JsonObject).description);
const section = (() => {
  const start = guide.indexOf('\n## Paying a bill, step by step\n');
  const rest = guide.slice(start + 1);
  return rest.slice(0, rest.indexOf('\n#', 1));
})();
const steps = [...section.matchAll(/^\d+\. ([\s\S]*?)(?=^\d+\. |^$)/gm)].map((m) => m[1]!.replace(/\s+/g, ' '));
const byName = new Map(operations().map((o) => [`${o.method.toUpperCase()} ${o.path}`, o]));

describe('the guide, Paying a bill, step by step', () => {
  it.each([
    ['Pick the product', ['GET /products/airtimes', 'GET /products/dataplans', 'GET /products/electricity']],
    ['Verify the meter or smartcard', ['POST /purchases/verify']],
    ['Purchase', ['POST /purchases']],
    ['Read the answer', []],
    ['Follow a pending purchase', ['GET /purchases/{id}', 'POST /purchases/{id}/query']],
  ])('step "%s" names %j', (title, named) => {
    const step = steps.find((s) => s.startsWith(`**${title}**`));
    expect(step, `a step **${title}**`).toBeDefined();
    for (const op of named) expect(step).toContain(`\`${op}\``);
  });

  it('leads with POST /purchases, not a per-kind operation', () => {
    expect(steps.findIndex((s) => s.startsWith('**Purchase**'))).toBeGreaterThanOrEqual(0);
    expect(steps.join(' ')).not.toMatch(/POST \/purchases\/(airtime|data|electricity|cabletv)/);
  });

  it('names only operations of the contract', () => {
    const named = [...section.matchAll(/`(GET|POST) (\/[^`\s]*)`/g)].map((m) => `${m[1]} ${m[2]}`);
    expect(named.length).toBeGreaterThan(10);
    expect(named.filter((n) => !byName.has(n))).toEqual([]);
  });

  it("lists POST /purchases first in the body-members table, each row with exactly its operation's body members", () => {
    const rows = section
      .split('\n')
      .filter((l) => /^\| `POST \/purchases/.test(l))
      .map((l) => l.split(' | '));
    expect(rows.map((r) => r[0])).toEqual([
      '| `POST /purchases`',
      '| `POST /purchases/airtime`',
      '| `POST /purchases/data`',
      '| `POST /purchases/electricity`',
      '| `POST /purchases/cabletv`',
    ]);
    for (const [name, members] of rows) {
      const op = byName.get(name!.slice(2).replaceAll('`', ''))!.operation;
      const media = (deref(op.requestBody!).content as JsonObject)['application/json'] as JsonObject;
      const schema = deref(media.schema!);
      const written = new Set([...members!.matchAll(/`([a-z_]+)`/g)].map((m) => m[1]));
      expect([...written].sort(), name).toEqual(Object.keys(schema.properties as JsonObject).sort());
      for (const required of schema.required as string[]) expect(members, name).toContain(`**\`${required}\`**`);
    }
  });
});
