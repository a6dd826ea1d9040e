/**
 * Who calls: no key, each demo key role of the environment, and the other environment's full key — the callers
 * whose answers the routing must keep apart (a variant path must never turn one of them into a 200).
 */
import { DEMO_KEY_ROLES } from '../../../server/demo/keys.ts';
import type { Environment } from '../../../server/domain.ts';
import type { DemoKeys } from '../../../server/server.ts';

export interface Caller {
  label: string;
  /** The Authorization header value, or null for none. */
  authorization: string | null;
}

const other = (env: Environment): Environment => (env === 'production' ? 'sandbox' : 'production');

export function callersOf(keys: DemoKeys, env: Environment): Caller[] {
  return [
    { label: 'no key', authorization: null },
    ...DEMO_KEY_ROLES.map((role) => ({ label: role, authorization: `Bearer ${keys[env].keys[role]}` })),
    { label: `${other(env)} full`, authorization: `Bearer ${keys[other(env)].keys.full}` },
  ];
}

export const headersOf = (c: Caller): Record<string, string> =>
  c.authorization ? { authorization: c.authorization, accept: 'application/json' } : { accept: 'application/json' };
