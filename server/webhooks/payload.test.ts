/**
 * An event's body: a transaction event's data is the Transaction as it was at the event (its status and instant, a
 * token only from successful on); a low-balance event's the AccountBalance kept with it; every body carries the
 * api_version it is given, which the server reads from the contract (server.ts, the handlers' ctx.version).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TransactionRow } from '../store/types.ts';
import type { StoredWebhookEvent, TransactionEventType } from '../store/webhook-types.ts';
import { eventBody } from './payload.ts';

const CREATED = new Date('2026-05-01T10:00:00.000Z');
const NOW = new Date('2026-05-01T10:05:00.000Z');
const row: TransactionRow = {
  id: '6f1c2d4e-0000-4000-8000-000000000001',
  account_id: '6f1c2d4e-0000-4000-8000-0000000000aa',
  amount: '1100.00',
  currency: 'NGN',
  status: 'reversed',
  category: 'purchase',
  description: 'IKEDC prepaid 1000.00',
  reference: 'r-1',
  external_reference: '2605011100ABC123',
  product_type: 'electricity',
  phone_number: null,
  meter_number: '1111111111111',
  smartcard_number: null,
  token: '12345678901234567890',
  units: '79.9 kWh',
  product_id: 'ikedc-prepaid',
  product_amount: '1000.00',
  fee_amount: '100.00',
  total_debit: '1100.00',
  price_basis: 'face_value',
  created_at: CREATED,
  updated_at: NOW,
  next_check_at: null,
  check_attempts: 0,
};
const event = (type: TransactionEventType, at: Date): Extract<StoredWebhookEvent, { data: null }> => ({
  id: '9a9a9a9a-0000-4000-8000-000000000009',
  account_id: row.account_id,
  type,
  transaction_id: row.id,
  created_at: at,
  transaction: row,
  data: null,
});
const VERSION = '1.2.0';

describe('eventBody', () => {
  it.each([
    ['transaction.pending', CREATED, 'pending', null, null],
    ['transaction.successful', new Date('2026-05-01T10:00:03.000Z'), 'successful', '12345678901234567890', '79.9 kWh'],
    ['transaction.reversed', NOW, 'reversed', '12345678901234567890', '79.9 kWh'],
  ] as const)("%s: the status it names, at the event's instant", (type, at, status, token, units) => {
    const body = eventBody(event(type, at), VERSION);
    expect(body).toMatchObject({
      id: '9a9a9a9a-0000-4000-8000-000000000009',
      type,
      api_version: VERSION,
      created_at: at.toISOString(),
    });
    expect(body.data).toMatchObject({
      id: row.id,
      type: 'transaction',
      attributes: { status, token, units, updated_at: at.toISOString(), created_at: CREATED.toISOString() },
    });
  });

  it('renders the same bytes every time (a retry sends what the first attempt sent)', () => {
    const e = event('transaction.successful', NOW);
    expect(JSON.stringify(eventBody(e, VERSION))).toBe(
      JSON.stringify(eventBody({ ...e, transaction: { ...row } }, VERSION)),
    );
  });

  it('carries the api_version it is given, whatever the version', () => {
    fc.assert(
      fc.property(fc.tuple(fc.nat(99), fc.nat(99), fc.nat(99)), (parts) => {
        const v = parts.join('.');
        expect(eventBody(event('transaction.failed', NOW), v).api_version).toBe(v);
      }),
    );
  });

  it("account.low_balance: the account's balance and threshold kept with the event, at the event's instant", () => {
    const body = eventBody(
      {
        id: '9a9a9a9a-0000-4000-8000-00000000000b',
        account_id: row.account_id,
        type: 'account.low_balance',
        transaction_id: null,
        created_at: NOW,
        transaction: null,
        data: { balance: '8750.00', currency: 'NGN', low_balance_threshold: '10000.00' },
      },
      VERSION,
    );
    expect(body).toEqual({
      id: '9a9a9a9a-0000-4000-8000-00000000000b',
      type: 'account.low_balance',
      api_version: VERSION,
      created_at: NOW.toISOString(),
      data: {
        id: row.account_id,
        type: 'account_balance',
        attributes: {
          balance: '8750.00',
          currency: 'NGN',
          low_balance_threshold: '10000.00',
          updated_at: NOW.toISOString(),
        },
      },
    });
  });
});
