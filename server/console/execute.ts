/**
 * Runs a parsed console command on a store and turns the outcome into what the console prints: an exit status and
 * lines. The console calls it on the store it opened; a server calls it (executeRequest) for a command that came
 * through its admin socket, on its own store. One implementation, so the output is the same either way.
 */
import { StoreDataError } from '../store/errors.ts';
import type { Store } from '../store/types.ts';
import type { CommandResult } from './command-table.ts';
import { ConsoleError, UsageError } from './errors.ts';
import { parseInvocation, type Invocation } from './parse.ts';

export interface Outcome {
  code: number;
  lines: string[];
}

export async function runInvocation(store: Store, inv: Extract<Invocation, { kind: 'run' }>): Promise<Outcome> {
  try {
    return { code: 0, lines: render(await inv.command.run(store, inv.input), inv.json) };
  } catch (e) {
    const { code, message } = failure(e);
    return { code, lines: [`error: ${message}`] };
  }
}

/** A whole command line, parsed and run on `store` (the admin socket's request); `command` names it for a log. */
export async function executeRequest(store: Store, argv: string[]): Promise<Outcome & { command: string | null }> {
  const inv = parseInvocation(argv);
  if (inv.kind === 'print') return { code: inv.code, lines: inv.lines, command: null };
  return { ...(await runInvocation(store, inv)), command: inv.name };
}

/**
 * Exit status and message of a failed command: 2 for a bad command line (UsageError: nothing was written), 1 when
 * the data refused it (ConsoleError, or the store's StoreDataError — unknown key or account, a value the schema
 * cannot hold: nothing was written), 3 otherwise (database unavailable, data directory held, a bug). Store and
 * driver errors print as one line, no stack.
 */
export function failure(e: unknown): { code: 1 | 2 | 3; message: string } {
  if (e instanceof UsageError) return { code: 2, message: e.message };
  if (e instanceof ConsoleError) return { code: 1, message: e.message };
  const text = e instanceof Error ? e.message || e.name : String(e);
  const message = text.split('\n')[0]!.trim();
  return { code: e instanceof StoreDataError ? 1 : 3, message };
}

function render(result: CommandResult, json: boolean): string[] {
  const rows = result.rows;
  const lines = [json ? JSON.stringify(rows, null, 2) : table(Array.isArray(rows) ? rows : [rows], result.empty ?? {})];
  if (result.note && !json) lines.push(result.note);
  return lines;
}

/** A table cell: an array's items joined with commas; null, undefined or an empty list as the column's `empty` text. */
function cell(value: unknown, empty: string | undefined): string {
  if (value === null || value === undefined || (Array.isArray(value) && value.length === 0)) return empty ?? '';
  return Array.isArray(value) ? value.join(',') : String(value);
}

function table(rows: object[], empty: Readonly<Record<string, string>>): string {
  if (rows.length === 0) return '(none)';
  const cols = Object.keys(rows[0]!);
  const cells = rows.map((r) => cols.map((c) => cell((r as Record<string, unknown>)[c], empty[c])));
  const widths = cols.map((c, i) => Math.max(c.length, ...cells.map((r) => r[i]!.length)));
  const line = (vals: string[]) =>
    vals
      .map((x, i) => x.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [line(cols), ...cells.map(line)].join('\n');
}
