/**
 * Key roles: named sets of scopes a key can be created with (`key create --role R`, instead of listing the scopes)
 * and that the demo keys are built from (demo/keys.ts). A role is only a shorthand at creation: the key stores its
 * scopes, and authorisation reads nothing but those. The scopes are the domain's (domain.ts, checked against the
 * contract), so `full` follows any scope added later.
 */
import { SCOPES, type Scope } from '../domain.ts';

export interface KeyRole {
  readonly scopes: readonly Scope[];
  /** What a key of this role may do, in a few words. */
  readonly grants: string;
}

export const KEY_ROLES = {
  full: { scopes: SCOPES, grants: 'everything the API offers' },
  balance_only: { scopes: ['read_balance'], grants: 'the account and its wallet balance' },
  products_only: { scopes: ['view_products'], grants: 'the product catalogues' },
} as const satisfies Record<string, KeyRole>;

export type KeyRoleName = keyof typeof KEY_ROLES;
export const KEY_ROLE_NAMES = Object.keys(KEY_ROLES) as KeyRoleName[];

export function isKeyRole(name: string): name is KeyRoleName {
  return Object.hasOwn(KEY_ROLES, name);
}
