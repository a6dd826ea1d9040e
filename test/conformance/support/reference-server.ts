/** The reference server started in-process with demo data in a temporary directory, and its demo keys. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { parseConfig } from '../../../server/config.ts';
import { startServer, type DemoKeys } from '../../../server/server.ts';
import type { RunOptions } from '../../../conformance/runner.ts';
import type { Environment } from '../../../conformance/model.ts';
import { generateKey } from '../../../server/auth/keys.ts';
import { SCOPES } from '../../../server/domain.ts';
import type { Store } from '../../../server/store/types.ts';
import { prepareDataDir } from '../../helpers/prepared-store.ts';

export interface Reference {
  url: string;
  keys: DemoKeys;
  /** The server's store: tests give a run its own account (ownAccountKey). */
  store: Store;
  close(): Promise<void>;
}

/** `env` adds variables of the server's configuration (e.g. VALIDATE_RESPONSES). */
export async function startReference(env: Record<string, string> = {}): Promise<Reference> {
  const dataDir = mkdtempSync(join(tmpdir(), 'conformance-ref-'));
  const config = parseConfig(['--port', '0', '--data-dir', dataDir], {
    LOG_LEVEL: 'silent',
    RATE_LIMIT_RPS: '0',
    ...env,
  }); // no rate limit: the suite replays 8 cases at a time on one key
  await prepareDataDir(config); // starts migrated, with the demo data loaded (helpers/prepared-store.ts)
  const running = await startServer(config, pino({ level: 'silent' }));
  if (!running.demoKeys) throw new Error('the reference server started without demo keys');
  return {
    url: running.url,
    keys: running.demoKeys,
    store: running.store,
    async close() {
      await running.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A key with every scope on a new account of `env` whose wallet is funded (a `funding` transaction, as the console
 * does it): a run that writes with it as its `full` key has the account to itself, so its money_conservation is not
 * disturbed by other runs writing at the same time on the same server. With `lowBalanceThreshold`, the account has
 * that low-balance threshold too (the demo's `low_balance` account, for a run of its own).
 */
export async function ownAccountKey(
  ref: Reference,
  env: Environment,
  label: string,
  amount = '1000000.00',
  lowBalanceThreshold?: string,
): Promise<string> {
  const at = new Date();
  const account = await ref.store.createAccount({
    environment: env,
    name: `Conformance ${label}`,
    email: `${label}@conformance.example`,
    business_name: 'Conformance Runs Ltd',
    role: 'regular',
  });
  await ref.store.upsertWallet({ account_id: account.id, balance: '0.00', currency: 'NGN', updated_at: at });
  await ref.store.fundWallet({ account_id: account.id, amount, at });
  if (lowBalanceThreshold !== undefined) await ref.store.setLowBalanceThreshold(account.id, lowBalanceThreshold);
  const key = generateKey(env);
  await ref.store.createKey({
    account_id: account.id,
    name: `conformance:${label}`,
    display_prefix: key.display_prefix,
    secret_hash: key.secret_hash,
    scopes: [...SCOPES],
    ip_allowlist: [],
    expires_at: null,
  });
  return key.secret;
}

/** Options for a full run of `env` against `origin` (the server itself or a proxy in front of it). */
export function optionsFor(ref: Reference, env: Environment, origin = ref.url): RunOptions {
  const other: Environment = env === 'sandbox' ? 'production' : 'sandbox';
  const rebase = (u: string) => origin + new URL(u).pathname;
  return {
    env,
    baseUrl: rebase(ref.keys[env].base_url),
    keys: ref.keys[env].keys,
    other: { baseUrl: rebase(ref.keys[other].base_url), full: ref.keys[other].keys.full },
    rate: 0,
    concurrency: 8,
    log: () => {},
  };
}
