/**
 * Authentication and authorisation of one request, as a function of its inputs (no Express, no clock, no store
 * beyond the one lookup), so every decision is unit-testable.
 *
 * Order, first failure answers:
 *   missing (401 AUTHENTICATION_REQUIRED) → malformed (401 INVALID_CREDENTIALS) → environment prefix
 *   (403 ENVIRONMENT_MISMATCH) → unknown (401 INVALID_CREDENTIALS) → revoked (401 TOKEN_REVOKED) → expired
 *   (401 TOKEN_EXPIRED) → disabled (401 TOKEN_DISABLED) → the account's API access switched off (403
 *   API_DISABLED) → IP allow-list (403 IP_NOT_ALLOWED) → scope (403 INSUFFICIENT_SCOPE).
 *
 * API_DISABLED comes after every check of the key, so a key that would not authenticate anyway still answers its
 * own code (the account's switch leaves the keys' states as they are), and before the allow-list, as the published
 * API has it (../shared/contract-decisions.md).
 *
 * Header parsing (RFC 7235 `credentials = auth-scheme [ 1*SP token68 ]`):
 * - no header, an empty one, or a scheme other than Bearer (compared case-insensitively) → AUTHENTICATION_REQUIRED;
 *   a bare key without a scheme is "a scheme other than Bearer".
 * - `Bearer` with no token → AUTHENTICATION_REQUIRED: no key was presented (decision; the rules list "empty").
 * - one or more spaces between scheme and token are accepted (1*SP); more than one token → INVALID_CREDENTIALS.
 * - more than one Authorization header → INVALID_CREDENTIALS: ambiguous credentials are never accepted.
 *
 * The secret is only hashed and compared: it is never logged, stored or put in an error (messages are those of
 * errors.ts; the one request value they quote is the caller's own address, in IP_NOT_ALLOWED). Key rows are not
 * cached: exactly one findKeyByHash per authenticated request, so revoke, disable, regenerate and the account's API
 * access switch act on the very next request. Store errors propagate unchanged.
 */
import type { Principal } from '../contract/principal.ts';
export type { Principal };
import type { Environment, Scope } from '../domain.ts';
import { errors } from '../errors.ts';
import type { ApiKeyRow, KeyLookupRow } from '../store/types.ts';
import { isAllowed } from './ip-allowlist.ts';
import { environmentOfKey, hashSecret, isWellFormedKey } from './keys.ts';

export interface AuthenticateInput {
  /** Every Authorization header line of the request (`req.headersDistinct.authorization`). */
  authorization: readonly string[] | undefined;
  /** The environment the request was sent to. */
  environment: Environment;
  now: Date;
  /** The caller's address (client-ip.ts); undefined when unknown. */
  callerIp: string | undefined;
  /**
   * The scope of the operation (public operations are never authenticated: auth/authorize.ts); alternatives, of
   * which the key must hold one, space-separated (generated/operations.ts).
   */
  requiredScope: string;
  findKeyByHash: (secretHash: string) => Promise<KeyLookupRow | null>;
}

/** The presented key, or the error for a missing / ambiguous / malformed Authorization. */
export function bearerToken(authorization: readonly string[] | undefined): string {
  if (authorization === undefined || authorization.length === 0) throw errors.authenticationRequired();
  if (authorization.length > 1) throw errors.invalidCredentials();
  const value = authorization[0]!.replace(/^[ \t]+|[ \t]+$/g, '');
  if (value === '') throw errors.authenticationRequired();

  const space = value.indexOf(' ');
  const scheme = space === -1 ? value : value.slice(0, space);
  if (scheme.toLowerCase() !== 'bearer') throw errors.authenticationRequired();
  const token = space === -1 ? '' : value.slice(space).replace(/^ +/, '');
  if (token === '') throw errors.authenticationRequired();
  // More than one token (or any other whitespace inside it) is malformed; so is anything not shaped like a key.
  if (!isWellFormedKey(token)) throw errors.invalidCredentials();
  return token;
}

function isExpired(row: ApiKeyRow, now: Date): boolean {
  if (row.expires_at === null) return false;
  const at = row.expires_at.getTime();
  // An unreadable expiry cannot be honoured: treat it as expired (fail closed).
  return Number.isNaN(at) || now.getTime() >= at;
}

/** Resolves to the Principal of the request; rejects with the ApiError of the first failed check. */
export async function authenticate(input: AuthenticateInput): Promise<Principal> {
  const key = bearerToken(input.authorization);
  const keyEnvironment = environmentOfKey(key);
  if (keyEnvironment === null) throw errors.invalidCredentials(); // unreachable: KEY_PATTERN fixes the prefix
  if (keyEnvironment !== input.environment) throw errors.environmentMismatch(keyEnvironment, input.environment);

  const row = await input.findKeyByHash(hashSecret(key));
  if (row === null) throw errors.invalidCredentials(); // unknown, or replaced by a regenerate
  // Cannot normally happen (the environment is decided by the prefix); never let such a row through.
  if (row.environment !== keyEnvironment) throw errors.invalidCredentials();

  if (row.status === 'revoked') throw errors.tokenRevoked();
  if (isExpired(row, input.now)) throw errors.tokenExpired();
  if (row.status === 'disabled') throw errors.tokenDisabled();
  if (row.status !== 'active') throw errors.invalidCredentials(); // an unknown status never authenticates
  // Only an explicit true lets the account through: a missing or unreadable value fails closed.
  if (row.account_api_access_enabled !== true) throw errors.apiDisabled();

  if (!isAllowed(input.callerIp, row.ip_allowlist)) throw errors.ipNotAllowed(input.callerIp);
  if (!input.requiredScope.split(' ').some((scope) => row.scopes.includes(scope as Scope)))
    throw errors.insufficientScope(input.requiredScope);

  return { key_id: row.id, account_id: row.account_id, environment: row.environment, scopes: [...row.scopes] };
}
