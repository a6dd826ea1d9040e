/**
 * Purchases against real server processes: a throwaway PostgreSQL schema with instances of the bundle on it
 * (`node dist/server.mjs`, as `npm start` runs it), partner accounts of the check's own (a funded sandbox wallet
 * and a key, made with the console's commands), and requests sent at once or again until final. Bodies come from
 * the contract's sandbox scenarios (purchase-bodies.ts), so the checks follow the documented behaviour.
 */
import { Agent } from 'node:http';
import pg from 'pg';
import { createAccounts, createKey } from '../../../server/console/commands.ts';
import { openStore } from '../../../server/store/open.ts';
import type { Store } from '../../../server/store/types.ts';
import { pathOf, type PurchaseOperation } from './purchase-bodies.ts';
import { send, type Sample, type Target } from './load.ts';
import { startMain, type MainProcess } from './main-process.ts';
import { createSchema, databaseUrl, dropSchema, schemaName, withSchema } from './postgres.ts';

export const SANDBOX_BASE = '/api/partners/sandbox/v1';
const PURCHASE_SCOPES =
  'read_balance,read_transactions,view_products,purchase_airtime,purchase_data,purchase_electricity,purchase_cable_tv';

/** A schema, the bundle's instances on it, and a store opened by the check itself (console commands, catalogue). */
export interface World {
  schema: string;
  dbUrl: string;
  store: Store;
  /** Read-only SQL over the schema, for the checks' own view of the money. */
  pool: pg.Pool;
  instances: MainProcess[];
  start(env?: Record<string, string>): Promise<MainProcess>;
  close(): Promise<void>;
}

export async function openWorld(tag: string, baseEnv: Record<string, string> = {}): Promise<World> {
  const schema = schemaName(tag);
  await createSchema(schema);
  const dbUrl = withSchema(databaseUrl!, schema);
  const store = await openStore({ databaseUrl: dbUrl, log: () => {} }); // migrates the schema
  const pool = new pg.Pool({ connectionString: databaseUrl, options: `-c search_path=${schema}`, max: 4 });
  const instances: MainProcess[] = [];
  const world: World = {
    schema,
    dbUrl,
    store,
    pool,
    instances,
    async start(env = {}) {
      // No demo data: the checks' accounts are the only ones, so every figure is theirs. The catalogue is loaded by
      // every start (ensureCatalogue), demo or not.
      const srv = await startMain({
        bundle: true,
        demo: false,
        env: { DATABASE_URL: dbUrl, RATE_LIMIT_RPS: '0', ...baseEnv, ...env },
      });
      instances.push(srv);
      return srv;
    },
    async close() {
      for (const s of instances) {
        await s.stop();
        s.cleanup();
      }
      await pool.end();
      await store.close();
      await dropSchema(schema);
    },
  };
  return world;
}

export interface Partner {
  account_id: string;
  key: string;
}

/** A sandbox account of its own with a key holding the purchase scopes and a wallet funded once with `balance`. */
export async function fundedPartner(store: Store, balance: string, name = 'Robustness Partner'): Promise<Partner> {
  const [account] = await createAccounts(store, {
    name,
    email: 'robust@example.com',
    business_name: `${name} Ltd`,
    environments: ['sandbox'],
  });
  const { secret } = await createKey(store, { account_id: account!.id, name: 'robustness', scopes: PURCHASE_SCOPES });
  await store.fundWallet({ account_id: account!.id, amount: balance, at: new Date() });
  return { account_id: account!.id, key: secret };
}

/** A POST of a purchase: the body's JSON, its Idempotency-Key and the key of the partner. */
export function purchaseTarget(
  origin: string,
  key: string,
  idempotencyKey: string,
  operation: PurchaseOperation,
  json: string,
): Target {
  return {
    url: `${origin}${SANDBOX_BASE}${pathOf(operation)}`,
    method: 'POST',
    body: json,
    headers: {
      Authorization: `Bearer ${key}`,
      'Idempotency-Key': idempotencyKey,
      'Content-Type': 'application/json',
      'Content-Length': String(Buffer.byteLength(json)),
    },
  };
}

/**
 * Sends the targets all at once, each on a connection of its own, and resolves when every one is answered. `offsetMs`
 * shifts the samples' times onto the caller's clock (its ms since its own start, now).
 */
export async function burst(targets: Target[], offsetMs = 0): Promise<Sample[]> {
  const agent = new Agent({ keepAlive: false, maxSockets: Infinity });
  const t0 = Date.now() - offsetMs;
  try {
    return await Promise.all(targets.map((t) => send(t, agent, t0)));
  } finally {
    agent.destroy();
  }
}

/** A request answered until it is final, as a careful client does: every answer, the last one final. */
export interface Retried {
  answers: Sample[];
  final: Sample;
}

/**
 * Sends `target` and sends it again, with the same Idempotency-Key and body, while the answer is transient — a 503
 * (the key was released) or a 409 IDEMPOTENCY_KEY_IN_USE (the first request is still running, or its lease has not
 * run out; never a 409 DUPLICATE_REFERENCE, which is final) or no answer at all — after Retry-After (at most `maxWaitMs` per wait), until `deadlineMs` have passed.
 */
export async function untilFinal(target: Target, deadlineMs: number, maxWaitMs = 2_000): Promise<Retried> {
  const t0 = Date.now();
  const answers: Sample[] = [];
  for (;;) {
    const a = await send(target, false, t0);
    answers.push(a);
    // A 409 DUPLICATE_REFERENCE is final (the reference is used for good); IDEMPOTENCY_KEY_IN_USE is not.
    const transient = a.status === 503 || (a.status === 409 && codeOf(a) !== 'DUPLICATE_REFERENCE') || a.status === 0;
    if (!transient || Date.now() - t0 > deadlineMs) return { answers, final: a };
    const after = Number(a.headers['retry-after'] ?? 1);
    await new Promise((r) => setTimeout(r, Math.min(maxWaitMs, (Number.isFinite(after) ? after : 1) * 1000)));
  }
}

/** The error code of an error envelope, or null. */
export function codeOf(s: Sample): string | null {
  try {
    return (JSON.parse(s.body) as { error?: { code?: string } }).error?.code ?? null;
  } catch {
    return null;
  }
}
