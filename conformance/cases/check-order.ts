/**
 * The documented order of checks (authentication → IP allow-list → scope → parameters → lookup; within
 * authentication: missing → malformed → environment → unknown → …): when two things are wrong, the first wins.
 */
import type { CaseDef } from '../context.ts';
import { KEY_PREFIX, otherEnvironment } from '../model.ts';
import { randomUUID, TRANSACTIONS } from './common.ts';

export function checkOrderCases(): CaseDef[] {
  const c = (
    id: string,
    operationId: string,
    title: string,
    run: CaseDef['run'],
    needs: CaseDef['needs'] = [],
  ): CaseDef => ({ id: `order.${id}`, group: 'check-order', operationId, title, needs, run });
  return [
    c(
      'no_key_before_parameters',
      TRANSACTIONS,
      'no key and an unknown parameter → 401 AUTHENTICATION_REQUIRED',
      async (t) => {
        await t.send({ query: { unknown_param: 1 } }, 'none', { status: 401, code: 'AUTHENTICATION_REQUIRED' });
      },
    ),
    c(
      'malformed_before_environment',
      TRANSACTIONS,
      'a malformed key with the other prefix → 401 INVALID_CREDENTIALS',
      async (t) => {
        const authorization = `Bearer ${KEY_PREFIX[otherEnvironment(t.target.env)]}short`;
        await t.send(
          {},
          { authorization, label: 'malformed other-prefix key' },
          { status: 401, code: 'INVALID_CREDENTIALS' },
        );
      },
    ),
    c(
      'revoked_before_parameters',
      TRANSACTIONS,
      'revoked key and a bad parameter → 401 TOKEN_REVOKED',
      async (t) => {
        await t.send({ query: { per_page: 0 } }, 'revoked', { status: 401, code: 'TOKEN_REVOKED' });
      },
      ['revoked'],
    ),
    c(
      'ip_before_parameters',
      TRANSACTIONS,
      'IP not allowed and a bad parameter → 403 IP_NOT_ALLOWED',
      async (t) => {
        await t.send({ query: { per_page: 0 } }, 'ip_restricted', { status: 403, code: 'IP_NOT_ALLOWED' });
      },
      ['ip_restricted'],
    ),
    c(
      'scope_before_parameters',
      TRANSACTIONS,
      'missing scope and a bad parameter → 403 INSUFFICIENT_SCOPE',
      async (t) => {
        await t.send({ query: { per_page: 0 } }, 'products_only', {
          status: 403,
          code: 'INSUFFICIENT_SCOPE',
          scope: t.op().scope ?? '',
        });
      },
      ['products_only'],
    ),
    c(
      'parameters_before_lookup',
      'getTransaction',
      'an unknown transaction and an unknown parameter → 400 INVALID_PARAMETER',
      async (t) => {
        await t.send({ pathParams: { id: randomUUID() }, query: { unknown_param: 1 } }, 'full', {
          status: 400,
          code: 'INVALID_PARAMETER',
          parameter: 'unknown_param',
        });
      },
      ['full'],
    ),
  ];
}
