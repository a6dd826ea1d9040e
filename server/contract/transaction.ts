/**
 * A transaction as the contract shows it (the Transaction schema): what GET /account/transactions and a purchase's 201
 * answer (handlers/transactions.ts wraps it in mapOnce, so a row the read cache hands out again is mapped once) and
 * what a webhook event carries (webhooks/payload.ts).
 */
import type { components } from '../../generated/schema.d.ts';
import type { TransactionRow } from '../store/types.ts';

type Transaction = components['schemas']['Transaction'];

export function transactionOf(t: TransactionRow): Transaction {
  return {
    id: t.id,
    type: 'transaction',
    attributes: {
      amount: t.amount,
      currency: t.currency,
      status: t.status,
      category: t.category,
      description: t.description,
      reference: t.reference,
      external_reference: t.external_reference,
      product_type: t.product_type,
      phone_number: t.phone_number,
      meter_number: t.meter_number,
      smartcard_number: t.smartcard_number,
      token: t.token,
      units: t.units,
      product_id: t.product_id,
      price: {
        product_amount: t.product_amount,
        fee_amount: t.fee_amount,
        total_debit: t.total_debit,
        currency: t.currency,
        basis: t.price_basis,
      },
      created_at: t.created_at.toISOString(),
      updated_at: t.updated_at.toISOString(),
    },
  };
}
