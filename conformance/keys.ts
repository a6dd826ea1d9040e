/** API keys of a run: from the keys file written by the server's `--demo-keys FILE`, or from CONFORMANCE_* variables. */
import { readFileSync } from 'node:fs';
import { ENVIRONMENTS, KEY_PREFIX, ROLES, type Environment, type Role } from './model.ts';

export class UsageError extends Error {}

export type Keys = Partial<Record<Role, string>>;
export type KeysFile = Partial<Record<Environment, { base_url?: string; keys: Keys }>>;

export function readKeysFile(path: string): KeysFile {
  let doc: unknown;
  try {
    doc = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    throw new UsageError(`cannot read the keys file ${path}: ${(e as Error).message.split('\n')[0]}`);
  }
  if (typeof doc !== 'object' || doc === null) throw new UsageError(`the keys file ${path} is not a JSON object`);
  const out: KeysFile = {};
  for (const env of ENVIRONMENTS) {
    const entry = (doc as Record<string, unknown>)[env];
    if (entry === undefined) continue;
    const e = entry as { base_url?: unknown; keys?: unknown };
    if (typeof e !== 'object' || e === null || typeof e.keys !== 'object' || e.keys === null) {
      throw new UsageError(`the keys file ${path}: "${env}" must be { "base_url": …, "keys": { … } }`);
    }
    const keys: Keys = {};
    for (const role of ROLES) {
      const v = (e.keys as Record<string, unknown>)[role];
      if (typeof v === 'string' && v) keys[role] = v;
    }
    out[env] = { ...(typeof e.base_url === 'string' ? { base_url: e.base_url } : {}), keys };
  }
  return out;
}

/** CONFORMANCE_KEY_FULL, CONFORMANCE_KEY_BALANCE_ONLY, … */
export function keysFromEnv(env: NodeJS.ProcessEnv): Keys {
  const keys: Keys = {};
  for (const role of ROLES) {
    const v = env[`CONFORMANCE_KEY_${role.toUpperCase()}`];
    if (v) keys[role] = v;
  }
  return keys;
}

/** Every key of a role must carry its environment's prefix: a mix-up would make every case lie. */
export function checkPrefixes(keys: Keys, env: Environment, where: string): void {
  for (const [role, key] of Object.entries(keys)) {
    if (!key.startsWith(KEY_PREFIX[env]))
      throw new UsageError(`${where}: the '${role}' key does not start with ${KEY_PREFIX[env]} (${env})`);
  }
}
