/**
 * The handler map and the handler contexts are checked by the compiler against the contract: `tsc --noEmit` (run
 * before the tests) fails on a missing handler, an unknown operation, a wrong response shape — and on a guarded
 * handler that could run without a principal. Each `@ts-expect-error` below must stay an error, or tsc reports it
 * as unused. If one of these fails after a contract edit, the message of `tsc` names the operation: add or fix its
 * handler in server/handlers/ (see ARCHITECTURE.md, "Adding an operation").
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { operations } from '../../generated/schema.d.ts';
import { OPERATIONS } from '../../generated/operations.ts';
import { handlers } from '../../server/handlers/index.ts';
import type {
  Authorized, GuardedOperationId, Handler, HandlerContext, Handlers, Principal, PublicOperationId,
} from '../../server/contract/operations.ts';

describe('handler map typing', () => {
  it('has exactly one handler per operationId of the contract', () => {
    expectTypeOf<keyof typeof handlers>().toEqualTypeOf<keyof operations>();
    expectTypeOf<keyof typeof OPERATIONS>().toEqualTypeOf<keyof operations>();
    expect(Object.keys(handlers).sort()).toEqual(Object.keys(OPERATIONS).sort());
  });

  it('rejects a map with a handler missing', () => {
    const { getHealth: _dropped, ...rest } = handlers;
    // @ts-expect-error getHealth is missing
    const incomplete: Handlers = rest;
    expect(incomplete).toBeDefined();
  });

  it('rejects a handler returning the wrong shape', () => {
    // @ts-expect-error balance must be a decimal string, not a number
    const wrong: Handler<'getAccountBalance'> = async () => ({ status: { code: 200, message: 'OK' }, data: { balance: 12.5, currency: 'NGN', updated_at: '' } });
    expect(wrong).toBeDefined();
  });

  it('rejects a handler for an operation the contract does not have', () => {
    // @ts-expect-error deleteAccount is not an operation of the contract
    const extra: Handlers = { ...handlers, deleteAccount: handlers.getAccount };
    expect(extra).toBeDefined();
  });
});

describe('principal typing', () => {
  it('splits the operations by their contract security: public ones are exactly those with security: []', () => {
    expectTypeOf<PublicOperationId>().toEqualTypeOf<'getHealth'>();
    const publicIds = Object.entries(OPERATIONS).filter(([, op]) => op.scope === null).map(([id]) => id);
    expect(publicIds).toEqual(['getHealth']);
  });

  it('gives a guarded handler a principal that is never null', () => {
    expectTypeOf<HandlerContext<'getAccount'>['principal']>().toEqualTypeOf<Principal>();
    expectTypeOf<HandlerContext<GuardedOperationId>['principal']>().toEqualTypeOf<Principal>();
  });

  it('gives a public handler no principal to read', () => {
    const read = (ctx: HandlerContext<'getHealth'>) =>
      // @ts-expect-error a public operation has no principal
      ctx.principal.account_id;
    expect(read).toBeDefined();
  });

  it('cannot authorise a guarded operation without a principal', () => {
    // @ts-expect-error getAccount needs a principal
    const a: Authorized = { operationId: 'getAccount', principal: null };
    const b: Authorized = { operationId: 'getHealth', principal: null };
    expect([a, b]).toHaveLength(2);
  });
});
