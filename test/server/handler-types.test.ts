/**
 * The handler map and the handler contexts are checked by the compiler against the contract: `tsc --noEmit` (run
 * before the tests) fails on a missing handler, an unknown operation, a wrong response shape, a handler that does
 * not declare a query parameter of its operation — and on a guarded handler that could run without a principal.
 * Each `@ts-expect-error` below must stay an error, or tsc reports it as unused. The type pins (TypePin) fail in
 * words naming what differs and the file to change. See ARCHITECTURE.md, "Adding an operation".
 */
import { describe, expect, it } from 'vitest';
import type { operations } from '../../generated/schema.d.ts';
import { OPERATIONS } from '../../generated/operations.ts';
import { handlers } from '../../server/handlers/index.ts';
import { queryHandler } from '../../server/contract/operations.ts';
import type {
  Authorized,
  GuardedOperationId,
  Handler,
  HandlerContext,
  Handlers,
  Principal,
  PublicOperationId,
} from '../../server/contract/operations.ts';
import { unreadQueryParameters } from '../../server/contract/handler-reads.ts';
import type { TypePin } from '../helpers/type-pin.ts';

describe('handler map typing', () => {
  it('has exactly one handler per operationId of the contract', () => {
    const _map: TypePin<
      keyof typeof handlers,
      keyof operations,
      'server/handlers/index.ts (one handler per operationId)',
      'the handler map'
    > = 'pinned';
    const _table: TypePin<
      keyof typeof OPERATIONS,
      keyof operations,
      'generated/ with npm run generate',
      'the operation table'
    > = 'pinned';
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
    const wrong: Handler<'getAccountBalance'> = async () => ({
      status: { code: 200, message: 'OK' },
      data: { balance: 12.5, currency: 'NGN', updated_at: '' },
    });
    expect(wrong).toBeDefined();
  });

  it('rejects a handler that does not declare every query parameter of its operation, or declares another', () => {
    const withoutOne = { status: true, category: true, reference: true, from: true, to: true, page: true } as const;
    const handle = handlers.listTransactions;
    // @ts-expect-error per_page is missing from the reads
    const missing = queryHandler('listTransactions', withoutOne, handle);
    // A name no edit makes real (test/contract/edit-loop-example.test.ts keeps the README's example out of here).
    const extra = queryHandler(
      'listTransactions',
      // @ts-expect-error not_a_parameter_of_the_contract is not a query parameter of listTransactions
      { ...handlers.listTransactions.reads, not_a_parameter_of_the_contract: true },
      handle,
    );
    // @ts-expect-error a handler of an operation with query parameters must come from queryHandler (it has no reads)
    const bare: Handler<'listTransactions'> = async (ctx) => handle(ctx);
    expect([missing, extra, bare]).toHaveLength(3);
  });

  it('declares, in every handler, exactly the query parameters of its operation (the start-up check agrees)', () => {
    expect(unreadQueryParameters(handlers)).toEqual([]);
  });

  it('rejects a handler for an operation the contract does not have', () => {
    // @ts-expect-error deleteAccount is not an operation of the contract
    const extra: Handlers = { ...handlers, deleteAccount: handlers.getAccount };
    expect(extra).toBeDefined();
  });
});

describe('principal typing', () => {
  it('splits the operations by their contract security: public ones are exactly those with security: []', () => {
    const _public: TypePin<
      PublicOperationId,
      'getHealth',
      'the expected list here, in test/server/handler-types.test.ts, if the security change is intended',
      'the public operations'
    > = 'pinned';
    const publicIds = Object.entries(OPERATIONS)
      .filter(([, op]) => op.scope === null)
      .map(([id]) => id);
    expect(publicIds).toEqual(['getHealth']);
  });

  it('gives a guarded handler a principal that is never null', () => {
    const _one: TypePin<
      HandlerContext<'getAccount'>['principal'],
      Principal,
      'HandlerContext in server/contract/operations.ts',
      'the principal of getAccount'
    > = 'pinned';
    const _all: TypePin<
      HandlerContext<GuardedOperationId>['principal'],
      Principal,
      'HandlerContext in server/contract/operations.ts',
      'the principal of a guarded handler'
    > = 'pinned';
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
