/** The retry schedule: the documented delays after each failure, Retry-After honoured on 429/503, 410 and the last attempt final. */
import { describe, expect, it } from 'vitest';
import { MAX_ATTEMPTS, nextStep, RETRY_DELAYS_MS } from './schedule.ts';

const NOW = new Date('2026-05-01T00:00:00Z');
const after = (ms: number) => new Date(NOW.getTime() + ms);
const failed = (status: number | null, retry_after_seconds: number | null = null) => ({
  outcome: 'failed' as const,
  status,
  retry_after_seconds,
});

describe('nextStep', () => {
  it('follows the documented schedule: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h, then gives up', () => {
    expect(RETRY_DELAYS_MS.map((ms) => ms / 1000)).toEqual([5, 300, 1800, 7200, 18000, 36000, 50400, 72000, 86400]);
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
      expect(nextStep(attempt, failed(500), NOW)).toEqual({
        outcome: 'retry',
        next_attempt_at: after(RETRY_DELAYS_MS[attempt - 1]!),
      });
    }
    expect(nextStep(MAX_ATTEMPTS, failed(500), NOW)).toEqual({ outcome: 'failed', next_attempt_at: null });
  });

  it.each([
    [
      'delivered',
      { outcome: 'delivered' as const, status: 204, retry_after_seconds: null },
      { outcome: 'delivered', next_attempt_at: null },
    ],
    ['410 Gone disables', failed(410), { outcome: 'gone', next_attempt_at: null }],
    ['a timeout (no status) is retried', failed(null), { outcome: 'retry', next_attempt_at: after(5000) }],
    [
      'a refused address is retried (DNS may change)',
      { outcome: 'refused' as const, status: null, retry_after_seconds: null },
      { outcome: 'retry', next_attempt_at: after(5000) },
    ],
    ['429 asking for longer waits as asked', failed(429, 60), { outcome: 'retry', next_attempt_at: after(60_000) }],
    ['503 asking for less keeps the schedule', failed(503, 1), { outcome: 'retry', next_attempt_at: after(5000) }],
    [
      'Retry-After is capped at 24 h',
      failed(503, 10 * 86400),
      { outcome: 'retry', next_attempt_at: after(86_400_000) },
    ],
    [
      'Retry-After on a 500 is not a request to wait',
      failed(500, 600),
      { outcome: 'retry', next_attempt_at: after(5000) },
    ],
  ])('after attempt 1: %s', (_name, result, expected) => {
    expect(nextStep(1, result, NOW)).toEqual(expected);
  });

  it('a sandbox scale compresses the schedule but still honours Retry-After', () => {
    expect(nextStep(2, failed(500), NOW, 0.001)).toEqual({ outcome: 'retry', next_attempt_at: after(300) });
    expect(nextStep(2, failed(429, 2), NOW, 0.001)).toEqual({ outcome: 'retry', next_attempt_at: after(2000) });
  });
});
