/**
 * Writes go only to a sandbox. A run sends a POST only when the environment under test is `sandbox`, the target's
 * base URL has the contract's sandbox base path, and every key of the run starts with `sk_test_`. A run that would
 * write to anything else is refused before its first request (exit 2), whatever the flags: no option turns this
 * off. `--read-only` (CONFORMANCE_READ_ONLY=1) skips the write cases instead, for a target that must not be written.
 *
 * The transport enforces it a second time: a run that may not write cannot send a method other than GET, HEAD or
 * OPTIONS, even if a case tried to.
 */
import type { Contract } from './contract/operations.ts';
import { KEY_PREFIX, type Environment, type Profile, type Role } from './model.ts';
import { UsageError } from './keys.ts';

export class WriteRefused extends UsageError {}

export interface WriteTarget {
  env: Environment;
  baseUrl: string;
  keys: Partial<Record<Role, string>>;
}

/** Why writing to `target` is not allowed, or null when it is. */
export function writeRefusal(target: WriteTarget, contract: Contract): string | null {
  if (target.env !== 'sandbox') return `the environment under test is ${target.env}, not sandbox`;
  const sandbox = contract.sandboxBasePath;
  if (!sandbox) return 'the contract names no sandbox server, so no base URL can be told to be a sandbox';
  let path: string;
  try {
    path = new URL(target.baseUrl).pathname.replace(/\/+$/, '');
  } catch {
    return `the base URL ${target.baseUrl} is not a URL`;
  }
  if (path !== sandbox) return `the base URL's path '${path || '/'}' is not the sandbox base path ${sandbox}`;
  const live = Object.entries(target.keys)
    .filter(([, k]) => k !== undefined && !k.startsWith(KEY_PREFIX.sandbox))
    .map(([r]) => r);
  if (live.length) return `the ${live.map((r) => `'${r}'`).join(', ')} key does not start with ${KEY_PREFIX.sandbox}`;
  return null;
}

/** The run has cases that write: the profile sends them and the contract has a write operation. */
export function runWrites(contract: Contract, _profile: Profile, readOnly: boolean): boolean {
  return !readOnly && contract.operations.some((o) => o.writes);
}

/** Throws WriteRefused (exit 2) when the run would write to a target that is not a sandbox. */
export function assertWritesAllowed(
  target: WriteTarget,
  contract: Contract,
  profile: Profile,
  readOnly: boolean,
): boolean {
  const writes = runWrites(contract, profile, readOnly);
  if (!writes) return false;
  const refusal = writeRefusal(target, contract);
  if (refusal) {
    throw new WriteRefused(
      `refusing to run: this run has write cases (POST), which are sent only to a sandbox, and ${refusal}; ` +
        'give --read-only (or CONFORMANCE_READ_ONLY=1) to skip the write cases',
    );
  }
  return true;
}

/** Safe methods (RFC 9110 §9.2.1): all a run that may not write can send. */
export const SAFE_METHODS: readonly string[] = ['GET', 'HEAD', 'OPTIONS'];
