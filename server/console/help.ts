/**
 * The console's help, built from what it describes rather than copied: the commands and their arguments from the
 * command table, the scopes from the domain's list (checked against the contract) with the operations of the
 * contract that need each (generated/operations.ts), the key roles from auth/key-roles.ts, the demo keys from
 * demo/keys.ts. A scope, operation, role or command added later shows up here without an edit.
 */
import { OPERATIONS } from '../../generated/operations.ts';
import { KEY_ROLES, KEY_ROLE_NAMES } from '../auth/key-roles.ts';
import { DEMO_KEY_ROLES, DEMO_KEY_SPECS } from '../demo/keys.ts';
import { SCOPES } from '../domain.ts';
import type { CommandSpec, HelpList } from './command-table.ts';
import { ADMIN_SOCKET_NAME } from '../admin/protocol.ts';
import { ACCOUNT_ROLE_FORM } from './inputs.ts';

type Table = Readonly<Record<string, CommandSpec>>;

const HEAD =
  'usage: npm run console -- <command> [options] [--json] [--data-dir DIR]\n       npm run console -- help [<command>]';

/** `key create --account ID --name N (--scopes a,b | --role R) [--allow-list …]`: required, groups, optional. */
export function synopsis(name: string, c: CommandSpec): string {
  const parts = [name, ...(c.argument ? [c.argument.name] : [])];
  const groups = new Set<string>();
  for (const [option, spec] of Object.entries(c.options)) {
    if (spec.oneOf) {
      if (groups.has(spec.oneOf)) continue;
      groups.add(spec.oneOf);
      const members = Object.entries(c.options).filter(([, s]) => s.oneOf === spec.oneOf);
      parts.push(`(${members.map(([o, s]) => `--${o} ${s.value}`).join(' | ')})`);
    } else {
      parts.push(spec.required ? `--${option} ${spec.value}` : `[--${option} ${spec.value}]`);
    }
  }
  return parts.join(' ');
}

const rows = (pairs: [string, string][], indent = '  ') => {
  const width = Math.max(...pairs.map(([k]) => k.length)) + 2;
  return pairs.map(([k, v]) => `${indent}${k.padEnd(width)}${v}`.trimEnd());
};

function operationsOf(scope: string): string {
  const ops = Object.values(OPERATIONS)
    // An operation's scope may list alternatives, space-separated (any one suffices): it needs each of them.
    .filter((o) => o.scope?.split(' ').includes(scope))
    .map((o) => `${o.method} ${o.path}`);
  return ops.length > 0 ? ops.join(', ') : '(no operation of the contract needs it yet)';
}

const scopesOf = (scopes: readonly string[]) => (scopes.length === SCOPES.length ? 'every scope' : scopes.join(', '));

const LISTS: Record<HelpList, () => string[]> = {
  scopes: () => [
    'scopes (--scopes a,b; each lets a key call these operations of the API):',
    ...rows(SCOPES.map((s) => [s, operationsOf(s)])),
  ],
  'key roles': () => [
    'key roles (--role R; a named set of scopes, stored on the key as its scopes):',
    ...rows(KEY_ROLE_NAMES.map((r) => [r, `${scopesOf(KEY_ROLES[r].scopes)}: ${KEY_ROLES[r].grants}`])),
  ],
  'demo key roles': () => [
    'demo key roles (keys the server makes in demo mode, printed at start and written by --demo-keys; not for --role):',
    ...rows(DEMO_KEY_ROLES.map((r) => [r, DEMO_KEY_SPECS[r].description])),
  ],
  'account role': () => [
    "account role (account create --role R): a label GET /account shows; it grants nothing, a key's scopes do.",
    `  accepted: ${ACCOUNT_ROLE_FORM}`,
  ],
};

export function commandsHelp(table: Table): string {
  return [
    'commands:',
    ...Object.entries(table).flatMap(([n, c]) => [`  ${synopsis(n, c)}`, `      ${c.summary}`]),
  ].join('\n');
}

export function commandHelp(name: string, c: CommandSpec): string {
  const options: [string, string][] = [
    ...(c.argument ? [[c.argument.name, c.argument.help] as [string, string]] : []),
    ...Object.entries(c.options).map(
      ([o, s]) => [`--${o} ${s.value}`, `${s.help}${s.required ? ' (required)' : ''}`] as [string, string],
    ),
    ['--json', 'print JSON instead of a table'],
  ];
  const lists = (c.lists ?? []).flatMap((l) => ['', ...LISTS[l]()]);
  return [`usage: npm run console -- ${synopsis(name, c)}`, `  ${c.summary}`, '', ...rows(options), ...lists].join(
    '\n',
  );
}

export function fullHelp(table: Table): string {
  const lists = [...new Set(Object.values(table).flatMap((c) => c.lists ?? []))];
  return [
    HEAD,
    '',
    'The store is DATABASE_URL (PostgreSQL) or the data directory (--data-dir DIR, DATA_DIR, default .data). While a',
    `server holds that directory, the console sends each command to it through its admin socket (${ADMIN_SOCKET_NAME}`,
    'in the directory, reachable only by the user the server runs as) and prints the same answer.',
    '',
    commandsHelp(table),
    ...lists.flatMap((l) => ['', ...LISTS[l]()]),
    '',
    "exit status: 0 done; 1 refused by the data (unknown account or key, a move the key's state forbids);",
    '2 bad command line (unknown command or option, a missing or malformed value, an unknown scope or role);',
    '3 the store is unavailable (or held by a process that does not answer on its admin socket). 1 and 2 write nothing.',
  ].join('\n');
}
