/**
 * `npm run console -- <command>`: the account console as a CLI. Works on DATABASE_URL, or on the data directory
 * (--data-dir / DATA_DIR, default .data) when no server holds it.
 *
 *   account create --name N --email E --business-name B [--role R] [--env production|sandbox|both]
 *   account list
 *   key create --account ID --name N --scopes a,b [--allow-list "ip,cidr,ipv6"] [--expires-at ISO]
 *   key list [--account ID]
 *   key disable|enable|revoke|regenerate ID
 *   wallet fund --account ID --amount 5000.00 [--reference R]
 */
import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import { openStore } from '../store/open.ts';
import { StoreDataError } from '../store/errors.ts';
import type { Store } from '../store/types.ts';
import {
  ConsoleError, createAccounts, createKey, describeKey, fundWallet, moveKey, parseEnvironments, regenerateKey,
} from './commands.ts';

const USAGE = `usage: npm run console -- <command> [options] [--data-dir DIR] [--json]
  account create --name N --email E --business-name B [--role R] [--env production|sandbox|both]
  account list
  key create --account ID --name N --scopes a,b [--allow-list "ip,cidr,ipv6"] [--expires-at ISO]
  key list [--account ID]
  key disable|enable|revoke|regenerate ID
  wallet fund --account ID --amount 5000.00 [--reference R]`;

export async function runConsole(argv: string[], env: NodeJS.ProcessEnv, out: (line: string) => void): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        name: { type: 'string' }, email: { type: 'string' }, 'business-name': { type: 'string' }, role: { type: 'string' },
        env: { type: 'string' }, account: { type: 'string' }, scopes: { type: 'string' }, 'allow-list': { type: 'string' },
        'expires-at': { type: 'string' }, 'data-dir': { type: 'string' }, json: { type: 'boolean' }, help: { type: 'boolean' },
        amount: { type: 'string' }, reference: { type: 'string' },
      },
    });
  } catch (e) {
    out(`error: ${(e as Error).message.split('\n')[0]}\n${USAGE}`);
    return 2;
  }
  const { values: v, positionals: [group, command, id] } = parsed;
  if (v.help || !group) {
    out(USAGE);
    return v.help ? 0 : 2;
  }
  const print = (rows: object[] | object) => out(v.json ? JSON.stringify(rows, null, 2) : table(Array.isArray(rows) ? rows : [rows]));

  let store: Store | undefined;
  try {
    const op = `${group} ${command ?? ''}`.trim();
    const known = ['account create', 'account list', 'key create', 'key list', 'key disable', 'key enable', 'key revoke', 'key regenerate', 'wallet fund'];
    if (!known.includes(op)) throw new ConsoleError(`unknown command '${op}'\n${USAGE}`);
    if (['key disable', 'key enable', 'key revoke', 'key regenerate'].includes(op) && !id) throw new ConsoleError(`${op} needs a key id`);
    store = await openStore(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: resolve(v['data-dir'] ?? env.DATA_DIR ?? '.data') });
    switch (op) {
      case 'account create': {
        const accounts = await createAccounts(store, {
          name: v.name ?? '', email: v.email ?? '', business_name: v['business-name'] ?? '', role: v.role,
          environments: parseEnvironments(v.env ?? 'both'),
        });
        print(accounts.map((a) => ({ id: a.id, environment: a.environment, name: a.name, business_name: a.business_name })));
        break;
      }
      case 'account list':
        print((await store.listAccounts()).map((a) => ({ id: a.id, environment: a.environment, name: a.name, email: a.email, business_name: a.business_name })));
        break;
      case 'key create': {
        const { key, secret } = await createKey(store, {
          account_id: v.account ?? '', name: v.name ?? '', scopes: v.scopes ?? '', allow_list: v['allow-list'], expires_at: v['expires-at'],
        });
        print({ ...describeKey(key), secret });
        if (!v.json) out('The secret is shown once: store it now. Only its hash is kept.');
        break;
      }
      case 'key list':
        print((await store.listKeys(v.account)).map(describeKey));
        break;
      case 'wallet fund': {
        const { transaction: t, balance } = await fundWallet(store, { account_id: v.account ?? '', amount: v.amount ?? '', reference: v.reference });
        print({
          transaction_id: t.id, account_id: t.account_id, category: t.category, status: t.status, amount: t.amount,
          currency: t.currency, reference: t.reference, external_reference: t.external_reference, balance,
        });
        break;
      }
      case 'key regenerate': {
        const { key, secret } = await regenerateKey(store, id!);
        print({ ...describeKey(key), secret });
        if (!v.json) out('The old secret no longer works. The new secret is shown once: store it now.');
        break;
      }
      default:
        print(describeKey(await moveKey(store, id!, command as 'disable' | 'enable' | 'revoke')));
    }
    return 0;
  } catch (e) {
    const { code, message } = failure(e);
    out(`error: ${message}`);
    return code;
  } finally {
    await store?.close();
  }
}

/**
 * Exit status and message of a failed command: 1 when the console or the store refused the input (nothing was
 * written: the store's StoreDataError — unknown key or account, a value the schema cannot hold), 3 otherwise
 * (database unavailable, data directory held by a server, a bug). Store and driver errors print as one line, no
 * stack; a ConsoleError keeps its text (an unknown command adds the usage).
 */
export function failure(e: unknown): { code: 1 | 3; message: string } {
  if (e instanceof ConsoleError) return { code: 1, message: e.message };
  const text = e instanceof Error ? e.message || e.name : String(e);
  const message = text.split('\n')[0]!.trim();
  return { code: e instanceof StoreDataError ? 1 : 3, message };
}

function table(rows: object[]): string {
  if (rows.length === 0) return '(none)';
  const cols = Object.keys(rows[0]!);
  const cells = rows.map((r) => cols.map((c) => String((r as Record<string, unknown>)[c] ?? '')));
  const widths = cols.map((c, i) => Math.max(c.length, ...cells.map((r) => r[i]!.length)));
  const line = (vals: string[]) => vals.map((x, i) => x.padEnd(widths[i]!)).join('  ').trimEnd();
  return [line(cols), ...cells.map(line)].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await runConsole(process.argv.slice(2), process.env, (l) => console.log(l));
}
