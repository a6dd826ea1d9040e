/**
 * `npm run console -- <command>`: the account console as a CLI (commands: command-table.ts; `--help`). It works on
 * DATABASE_URL, or on the data directory (--data-dir / DATA_DIR, default .data). When a running server holds that
 * directory, the console sends the command line through the server's admin socket (server/admin/) and prints the
 * server's answer, which the server computes with this same code (execute.ts): the output is the same.
 */
import { resolve } from 'node:path';
import { sendAdminRequest, AdminUnreachableError } from '../admin/client.ts';
import { adminSocketPath } from '../admin/protocol.ts';
import { openStore } from '../store/open.ts';
import { DataDirInUseError } from '../store/errors.ts';
import type { Store } from '../store/types.ts';
import { failure, runInvocation, type Outcome } from './execute.ts';
import { parseInvocation, type Invocation } from './parse.ts';

export { failure } from './execute.ts';

export interface ConsoleOptions {
  /**
   * How long to keep trying when the directory is held but no server answers on its socket yet (a server still
   * starting, or another console finishing): default 5 s.
   */
  adminWaitMs?: number;
}

export async function runConsole(
  argv: string[],
  env: NodeJS.ProcessEnv,
  out: (line: string) => void,
  opts: ConsoleOptions = {},
): Promise<number> {
  const inv = parseInvocation(argv);
  const { code, lines } = inv.kind === 'print' ? inv : await run(inv, argv, env, opts.adminWaitMs ?? 5_000);
  for (const line of lines) out(line);
  return code;
}

async function run(
  inv: Extract<Invocation, { kind: 'run' }>,
  argv: string[],
  env: NodeJS.ProcessEnv,
  waitMs: number,
): Promise<Outcome> {
  const direct = async (store: Store) => {
    try {
      return await runInvocation(store, inv);
    } finally {
      await store.close();
    }
  };
  if (env.DATABASE_URL) return openStore({ databaseUrl: env.DATABASE_URL }).then(direct, failed);

  const dataDir = resolve(inv.dataDir ?? env.DATA_DIR ?? '.data');
  const deadline = Date.now() + waitMs;
  for (;;) {
    let held: DataDirInUseError;
    try {
      return await direct(await openStore({ dataDir }));
    } catch (e) {
      if (!(e instanceof DataDirInUseError)) return failed(e);
      held = e;
    }
    const socket = adminSocketPath(held.dataDir);
    try {
      return await sendAdminRequest(socket, { argv });
    } catch (e) {
      if (!(e instanceof AdminUnreachableError)) return failed(e);
      if (Date.now() >= deadline)
        return { code: 3, lines: [`error: ${held.message} (no server answers on its admin socket ${socket})`] };
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The store could not be opened, or the server not asked: one line, status 3 (or 1 for a store data error). */
function failed(e: unknown): Outcome {
  const { code, message } = failure(e);
  return { code, lines: [`error: ${message}`] };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await runConsole(process.argv.slice(2), process.env, (l) => console.log(l));
}
