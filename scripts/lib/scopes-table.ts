/**
 * The guide's scopes table (openapi/info-description.md, "Scopes"), written from the operations' `security`: the
 * operation table the server routes and authorises from (operation-table.ts, generated/operations.ts), so the
 * table names exactly the scopes each operation takes. scripts/generate.ts writes it between the two markers
 * below and its `--check` fails when the file holds another one, so an operation added, or a scope changed, in
 * openapi/ without `npm run generate` fails `npm test`.
 */
import type { OperationEntry } from './operation-table.ts';

export const SCOPES_TABLE_START =
  "<!-- The scopes table: written by `npm run generate` from the operations' security (scripts/lib/scopes-table.ts). Edit the contract, then regenerate. -->";
export const SCOPES_TABLE_END = '<!-- End of the scopes table. -->';

const code = (text: string) => `\`${text}\``;
const inWords = (items: string[]) =>
  items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;

/** The table (markdown): one row per scope, in the order the contract first names them, then its notes. */
export function scopesTable(table: Record<string, OperationEntry>): string {
  const ops = Object.values(table);
  const scopesOf = (o: OperationEntry) => (o.scope === null ? [] : o.scope.split(' '));
  const alternatives = ops.filter((o) => scopesOf(o).length > 1);
  // The mark escaped: two marks in a row would otherwise pair up as emphasis.
  const name = (o: OperationEntry) => code(`${o.method} ${o.path}`) + (alternatives.includes(o) ? '\\*' : '');
  const scopes = [...new Set(ops.flatMap(scopesOf))];
  const rows = scopes.map(
    (s) =>
      `| ${code(s)} | ${ops
        .filter((o) => scopesOf(o).includes(s))
        .map(name)
        .join(', ')} |`,
  );
  const notes = [
    ...(alternatives.length > 0
      ? [
          `\\* takes any one of several scopes: ${alternatives
            .map((o) => `${code(`${o.method} ${o.path}`)} one of ${inWords(scopesOf(o).map(code))}`)
            .join('; ')}.`,
        ]
      : []),
    `No scope, and no key: ${ops
      .filter((o) => o.scope === null)
      .map((o) => code(`${o.method} ${o.path}`))
      .join(', ')}.`,
  ];
  return ['| Scope | Grants |', '|---|---|', ...rows, ...notes.flatMap((n) => ['', n])].join('\n');
}

/** `markdown` with `table` between the markers (each on a line of its own); throws when they are missing. */
export function withScopesTable(markdown: string, table: string): string {
  const start = markdown.indexOf(`${SCOPES_TABLE_START}\n`);
  const end = markdown.indexOf(`\n${SCOPES_TABLE_END}`);
  if (start < 0 || end < start)
    throw new Error(
      `openapi/info-description.md: the Scopes section needs the markers of the generated table, each on a line of its own:\n${SCOPES_TABLE_START}\n${SCOPES_TABLE_END}`,
    );
  // A blank line each side: the table is a block of its own, not a continuation of the comment lines.
  return `${markdown.slice(0, start + SCOPES_TABLE_START.length)}\n\n${table}\n\n${markdown.slice(end + 1)}`;
}
