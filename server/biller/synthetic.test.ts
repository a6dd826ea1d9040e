import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseKobo } from '../money.ts';
import { customerName, dueDate, tokenFor, unitsFor } from './synthetic.ts';

const DAY = 86_400_000;
const amount = fc
  .integer({ min: 1, max: 99_999_999_999 })
  .map((k) => `${Math.floor(k / 100)}.${String(k % 100).padStart(2, '0')}`);

describe('unitsFor', () => {
  it('sells at 68.50 per kWh, rounded down to a tenth: never more energy than paid for, never a tenth less', () => {
    fc.assert(
      fc.property(amount, (a) => {
        const m = /^(\d+)\.(\d) kWh$/.exec(unitsFor(a));
        expect(m, unitsFor(a)).not.toBeNull();
        const tenths = Number(m![1]) * 10 + Number(m![2]);
        // tenths * 68.50 / 10 <= amount < (tenths + 1) * 68.50 / 10, in kobo * 10
        expect(tenths * 6850 <= parseKobo(a) * 10 && parseKobo(a) * 10 < (tenths + 1) * 6850).toBe(true);
      }),
    );
  });

  it.each([
    ['5473.15', '79.9 kWh'],
    ['68.50', '1.0 kWh'],
    ['68.49', '0.9 kWh'],
    ['5000.00', '72.9 kWh'],
  ])('%s NGN buys %s', (a, units) => {
    expect(unitsFor(a)).toBe(units);
  });
});

describe('tokenFor', () => {
  it('is 20 digits, the same for the same transaction id and different across ids', () => {
    fc.assert(
      fc.property(fc.uuid(), fc.uuid(), (a, b) => {
        expect(tokenFor(a)).toMatch(/^[0-9]{20}$/);
        expect(tokenFor(a)).toBe(tokenFor(a));
        if (a !== b) expect(tokenFor(a)).not.toBe(tokenFor(b));
      }),
    );
  });
});

describe('customers', () => {
  it('spreads names over many customers (not one name for every number)', () => {
    const names = new Set(Array.from({ length: 200 }, (_, i) => customerName(String(45678900000 + i))));
    expect(names.size).toBeGreaterThan(100);
  });

  it("keeps a smartcard's due date on one day of the month, 1-31 days after today in Lagos", () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[0-9]{10,11}$/),
        fc.integer({ min: 0, max: 3650 }),
        fc.integer({ min: 0, max: 3650 }),
        fc.nat(DAY - 1),
        (card, d1, d2, ms) => {
          const at = (days: number) => new Date(Date.UTC(2026, 0, 1) + days * DAY + ms);
          const [a, b] = [dueDate(card, at(d1)), dueDate(card, at(d2))];
          expect(a.slice(8)).toBe(b.slice(8));
          const lagosToday = Date.parse(new Date(at(d1).getTime() + 3_600_000).toISOString().slice(0, 10));
          const ahead = (Date.parse(a) - lagosToday) / DAY;
          expect(ahead >= 1 && ahead <= 31, `${a} is ${ahead} days ahead`).toBe(true);
        },
      ),
    );
  });

  it('moves the due date a month on at Lagos midnight of the due day (23:00 UTC), not at UTC midnight', () => {
    const card = '7012345678';
    const day = Number(dueDate(card, new Date('2026-03-01T12:00:00Z')).slice(8));
    // The eve of the March due day, one minute before and at Lagos midnight.
    const eve = new Date(Date.UTC(2026, 2, day - 1, 22, 59));
    expect([dueDate(card, eve), dueDate(card, new Date(eve.getTime() + 60_000))].map((d) => d.slice(0, 7))).toEqual([
      '2026-03',
      '2026-04',
    ]);
  });
});
