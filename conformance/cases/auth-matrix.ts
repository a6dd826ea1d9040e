/**
 * The authentication matrix, on every operation that needs a key: each way a key can be missing, malformed,
 * unknown, of the other environment, revoked, expired, disabled, replaced, restricted by IP or short of a scope —
 * each asserted by status AND error.code — and the loopback-allowed key that works. And the `api_disabled` key: one
 * of an account whose API access is switched off, with an allow-list that excludes the suite's address, so that
 * only a server checking the account's switch before the allow-list answers 403 API_DISABLED (the decisions' order);
 * a target that offers no such key (the operator switches an account off to give one) skips that case.
 *
 * On a write operation the POST carries neither an Idempotency-Key nor a body: authentication, the IP allow-list and
 * the scope are checked before both, so each refusal is the same, and the key that passes gets 400
 * IDEMPOTENCY_KEY_REQUIRED — proof it went through, without buying anything. The other environment's real key is
 * never sent with a POST (write-safety.ts); a generated key of the other prefix gives the same 403.
 */
import type { CaseDef, Who } from '../context.ts';
import type { Contract, OperationModel } from '../contract/operations.ts';
import { KEY_PREFIX, otherEnvironment, type Environment, type Expectation, type Role } from '../model.ts';
import { pathParamsFor, randomKey, randomUUID } from './common.ts';

const randomPathParams = (op: OperationModel) =>
  op.path.includes('{')
    ? Object.fromEntries(op.params.filter((p) => p.in === 'path').map((p) => [p.name, randomUUID()]))
    : undefined;

interface Scenario {
  name: string;
  who: (env: Environment, other: string | undefined) => Who;
  expect: Expectation;
  needs?: Role[];
  needsOther?: ('key' | 'url')[];
}

/** The scopes of the limited demo roles. */
export const ROLE_SCOPES: Partial<Record<Role, string[]>> = {
  balance_only: ['read_balance'],
  products_only: ['view_products'],
};

const e401 = (code: string): Expectation => ({ status: 401, code });
const e403 = (code: string): Expectation => ({ status: 403, code });

function scenarios(op: OperationModel): Scenario[] {
  const list: Scenario[] = [
    { name: 'no key', who: () => 'none', expect: e401('AUTHENTICATION_REQUIRED') },
    {
      name: 'Basic scheme',
      who: () => ({ authorization: 'Basic Y29uZm9ybWFuY2U6c2VjcmV0', label: 'Basic credentials' }),
      expect: e401('AUTHENTICATION_REQUIRED'),
    },
    {
      name: 'malformed key',
      who: (env) => ({ authorization: `Bearer ${KEY_PREFIX[env]}not-a-valid-key!`, label: 'malformed key' }),
      expect: e401('INVALID_CREDENTIALS'),
    },
    {
      name: 'unknown key',
      who: (env) => ({ authorization: `Bearer ${randomKey(env)}`, label: 'unknown well-formed key' }),
      expect: e401('INVALID_CREDENTIALS'),
    },
    {
      name: 'other environment prefix',
      who: (env) => ({
        authorization: `Bearer ${randomKey(otherEnvironment(env))}`,
        label: `well-formed ${KEY_PREFIX[otherEnvironment(env)]} key`,
      }),
      expect: e403('ENVIRONMENT_MISMATCH'),
    },
    {
      name: "other environment's key",
      who: (_env, other) => ({ authorization: `Bearer ${other ?? ''}`, label: "the other environment's full key" }),
      expect: e403('ENVIRONMENT_MISMATCH'),
      needsOther: ['key'],
    },
    { name: 'revoked', who: () => 'revoked', expect: e401('TOKEN_REVOKED'), needs: ['revoked'] },
    { name: 'expired', who: () => 'expired', expect: e401('TOKEN_EXPIRED'), needs: ['expired'] },
    { name: 'disabled', who: () => 'disabled', expect: e401('TOKEN_DISABLED'), needs: ['disabled'] },
    {
      name: 'regenerated (old secret)',
      who: () => 'regenerated_old',
      expect: e401('INVALID_CREDENTIALS'),
      needs: ['regenerated_old'],
    },
    { name: 'IP not allowed', who: () => 'ip_restricted', expect: e403('IP_NOT_ALLOWED'), needs: ['ip_restricted'] },
    {
      name: 'account API access off',
      who: () => 'api_disabled',
      expect: e403('API_DISABLED'),
      needs: ['api_disabled'],
    },
  ];
  for (const [role, scopes] of Object.entries(ROLE_SCOPES) as [Role, string[]][]) {
    // A key holding none of the operation's scopes (of alternatives, any one lets it through).
    if (op.scope && !op.scope.split(' ').some((scope) => scopes.includes(scope))) {
      list.push({
        name: `missing scope (${role})`,
        who: () => role,
        expect: { status: 403, code: 'INSUFFICIENT_SCOPE', scope: op.scope },
        needs: [role],
      });
    }
  }
  // The key that gets through: a POST without a key → 400; a PATCH without a body → 400; a DELETE of an unknown id → 404.
  // A POST that creates nothing (200: a verification, a query) takes no key: its body is missing (400), or its id is
  // a random one (its 404).
  const passes: Expectation =
    op.method === 'POST' && op.success === 201
      ? { status: 400, code: 'IDEMPOTENCY_KEY_REQUIRED' }
      : op.method === 'POST' && op.requestBody
        ? { status: 400, code: 'INVALID_PARAMETER' }
        : op.method === 'POST'
          ? { status: 404, code: op.responses.get(404)?.codes[0] ?? 'NOT_FOUND' }
          : op.method === 'PATCH'
            ? { status: 400, code: 'INVALID_PARAMETER' }
            : op.method === 'DELETE'
              ? { status: 404, code: op.responses.get(404)?.codes[0] ?? 'NOT_FOUND' }
              : { status: 200 };
  list.push({ name: 'IP allowed (loopback)', who: () => 'ip_loopback', expect: passes, needs: ['ip_loopback'] });
  return op.writes ? list.filter((s) => !s.needsOther) : list;
}

export function authMatrixCases(contract: Contract): CaseDef[] {
  return contract.operations
    .filter((op) => op.scope)
    .flatMap((op) =>
      scenarios(op).map((s): CaseDef => ({
        id: `auth.${op.operationId}.${s.name.replace(/[^A-Za-z0-9]+/g, '_').replace(/_$/, '')}`,
        group: 'auth-matrix',
        operationId: op.operationId,
        title: `${op.path}: ${s.name} → ${s.expect.status}${s.expect.code ? ` ${s.expect.code}` : ''}`,
        ...(s.needs ? { needs: s.needs } : {}),
        ...(s.needsOther ? { needsOther: s.needsOther } : {}),
        ...(op.writes ? { writes: true } : {}),
        async run(t) {
          // A write goes to a random id (authentication comes before the lookup): nothing real is changed or deleted.
          const pathParams = op.writes ? randomPathParams(op) : pathParamsFor(t, op, s.expect.status === 200);
          const method = op.writes ? { method: op.method as 'POST' | 'PATCH' | 'DELETE' } : {};
          await t.send(
            { ...method, ...(pathParams ? { pathParams } : {}) },
            s.who(t.target.env, t.target.other.full),
            s.expect,
          );
        },
      })),
    );
}
