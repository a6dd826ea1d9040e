/** GET /account and GET /account/balance — scope read_balance. */
import { errors } from '../errors.ts';
import { ok } from '../contract/envelope.ts';
import type { Handler } from '../contract/operations.ts';

export const getAccount: Handler<'getAccount'> = async (ctx) => {
  const account = await ctx.store.getAccount(ctx.principal.account_id);
  // A key always belongs to an account (foreign key); a missing row is a broken store, not a client error.
  if (!account) throw errors.internal(new Error('key without account'));
  return ok({
    id: account.id,
    type: 'account' as const,
    attributes: {
      name: account.name,
      email: account.email,
      business_name: account.business_name,
      role: account.role,
      created_at: account.created_at.toISOString(),
    },
  });
};

export const getAccountBalance: Handler<'getAccountBalance'> = async (ctx) => {
  const wallet = await ctx.store.getWallet(ctx.principal.account_id);
  if (!wallet) throw errors.internal(new Error('account without wallet'));
  return ok({ balance: wallet.balance, currency: wallet.currency, updated_at: wallet.updated_at.toISOString() });
};
