import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TRANSACTION_STATUSES, type TransactionStatus } from '../domain.ts';
import { backoffMs, decide, type RequeryOutcome, type Settlement } from './settlement-decision.ts';
import type { VendResult } from './types.ts';

const NOW = new Date('2026-11-20T09:15:42.123Z');
const plus = (s: number) => new Date(NOW.getTime() + s * 1000);
/** Third requery: the backoff is 4 s. */
const ATTEMPTS = 3;
const RETRY = plus(4);
const answer = (result: VendResult): RequeryOutcome => ({ kind: 'answer', result });
const ERROR: RequeryOutcome = { kind: 'error', error: new Error('biller down') };
const NONE: RequeryOutcome = { kind: 'no_biller' };

const cases: [TransactionStatus, string, RequeryOutcome, Settlement][] = [
  [
    'pending',
    'successful with a token',
    answer({ status: 'successful', token: '1'.repeat(20), units: '7.3 kWh' }),
    { from: 'pending', to: 'successful', token: '1'.repeat(20), units: '7.3 kWh', next_check_at: null },
  ],
  [
    'pending',
    'successful, may still reverse',
    answer({ status: 'successful', recheck_at: plus(30) }),
    { from: 'pending', to: 'successful', next_check_at: plus(30) },
  ],
  [
    'pending',
    'pending, recheck after the backoff',
    answer({ status: 'pending', recheck_at: plus(30) }),
    { from: 'pending', to: 'pending', next_check_at: plus(30) },
  ],
  [
    'pending',
    'pending, recheck before the backoff',
    answer({ status: 'pending', recheck_at: plus(-5) }),
    { from: 'pending', to: 'pending', next_check_at: RETRY },
  ],
  [
    'pending',
    'failed',
    answer({ status: 'failed', reason: 'no' }),
    { from: 'pending', to: 'failed', next_check_at: null, reason: 'no' },
  ],
  [
    'pending',
    'reversed (never delivered: failed)',
    answer({ status: 'reversed', reason: 'r' }),
    { from: 'pending', to: 'failed', next_check_at: null, reason: 'r' },
  ],
  ['pending', 'a biller error', ERROR, { from: 'pending', to: 'pending', next_check_at: RETRY }],
  ['pending', 'no biller configured', NONE, { from: 'pending', to: 'pending', next_check_at: RETRY }],
  [
    'successful',
    'successful for good',
    answer({ status: 'successful' }),
    { from: 'successful', to: 'successful', next_check_at: null },
  ],
  [
    'successful',
    'successful, may still reverse later',
    answer({ status: 'successful', recheck_at: plus(30) }),
    { from: 'successful', to: 'successful', next_check_at: plus(30) },
  ],
  [
    'successful',
    'successful, recheck already past',
    answer({ status: 'successful', recheck_at: plus(-1) }),
    { from: 'successful', to: 'successful', next_check_at: RETRY },
  ],
  [
    'successful',
    'pending (never backwards)',
    answer({ status: 'pending', recheck_at: plus(1) }),
    { from: 'successful', to: 'successful', next_check_at: RETRY },
  ],
  [
    'successful',
    'reversed',
    answer({ status: 'reversed', reason: 'r' }),
    { from: 'successful', to: 'reversed', next_check_at: null, reason: 'r' },
  ],
  [
    'successful',
    'failed (the delivery did not stand: reversed)',
    answer({ status: 'failed', reason: 'f' }),
    { from: 'successful', to: 'reversed', next_check_at: null, reason: 'f' },
  ],
  ['successful', 'a biller error', ERROR, { from: 'successful', to: 'successful', next_check_at: RETRY }],
  ['failed', 'anything', answer({ status: 'successful' }), { from: 'failed', to: 'failed', next_check_at: null }],
  ['reversed', 'anything', ERROR, { from: 'reversed', to: 'reversed', next_check_at: null }],
];

describe('decide', () => {
  it.each(cases)('%s purchase, biller answers %s', (status, _answer, requery, expected) => {
    expect(decide({ status, check_attempts: ATTEMPTS }, requery, NOW)).toEqual(expected);
  });

  const instant = fc.integer({ min: -120, max: 120 }).map(plus);
  const result: fc.Arbitrary<VendResult> = fc.oneof(
    fc.record({ status: fc.constant('successful' as const), recheck_at: fc.option(instant, { nil: undefined }) }),
    fc.record({ status: fc.constant('pending' as const), recheck_at: instant }),
    fc.record({ status: fc.constantFrom('failed' as const, 'reversed' as const), reason: fc.string() }),
  );
  const outcome: fc.Arbitrary<RequeryOutcome> = fc.oneof(result.map(answer), fc.constant(ERROR), fc.constant(NONE));
  const LEGAL: Record<TransactionStatus, TransactionStatus[]> = {
    pending: ['pending', 'successful', 'failed'],
    successful: ['successful', 'reversed'],
    failed: ['failed'],
    reversed: ['reversed'],
  };

  it('only ever makes a transition of the design, and never asks again sooner than the backoff without a state change', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...TRANSACTION_STATUSES),
        fc.integer({ min: 1, max: 40 }),
        outcome,
        (status, attempts, requery) => {
          const s = decide({ status, check_attempts: attempts }, requery, NOW);
          expect(s.from).toBe(status);
          expect(LEGAL[status]).toContain(s.to);
          if (s.to === s.from && s.next_check_at)
            expect(s.next_check_at.getTime()).toBeGreaterThanOrEqual(NOW.getTime() + backoffMs(attempts));
          // A final state is never checked again.
          if (s.to === 'failed' || s.to === 'reversed') expect(s.next_check_at).toBeNull();
        },
      ),
    );
  });
});

describe('backoffMs', () => {
  it('doubles from 1 s and stops at 60 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 1000].map(backoffMs)).toEqual([
      1000, 2000, 4000, 8000, 16000, 32000, 60000, 60000, 60000,
    ]);
  });
});
