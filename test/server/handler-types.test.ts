/**
 * The handler map is checked by the compiler against the contract: `tsc --noEmit` (run before the tests) fails
 * on a missing handler, an unknown operation or a wrong response shape. Each `@ts-expect-error` below must stay
 * an error, or tsc reports it as unused.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { operations } from '../../generated/schema.d.ts';
import { handlers } from '../../server/handlers/index.ts';
import type { Handler, Handlers } from '../../server/handlers/types.ts';

describe('handler map typing', () => {
  it('has exactly one handler per operationId of the contract', () => {
    expectTypeOf<keyof typeof handlers>().toEqualTypeOf<keyof operations>();
    expect(Object.keys(handlers).sort()).toHaveLength(10);
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
