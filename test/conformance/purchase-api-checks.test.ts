/**
 * The checks of the published API's purchase reads on canned answers: same_transaction (sameData) finds every
 * member that differs between the new operation's data and the older one's; query_conformance finds a query that
 * answers another purchase, one that did not move it to the expected state, and a repeat that changed it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { queryConformance, sameData } from '../../conformance/checks/purchase_api_conformance.ts';

const tx = (attributes: Record<string, unknown>, id = 'b0f1c2d3-0000-4000-8000-000000000001') => ({
  status: { code: 200, message: 'OK' },
  data: { id, type: 'transaction', attributes },
});
const ATTRS = {
  status: 'successful',
  amount: '500.00',
  created_at: '2026-11-20T09:15:42.123Z',
  phone_number: '08031234567',
};

describe('same_transaction', () => {
  it('passes the same data, in any member order', () => {
    const reordered = Object.fromEntries(Object.entries(ATTRS).reverse());
    expect(sameData(tx(ATTRS), tx(reordered), 'GET /purchases/x', 'same')).toEqual([]);
  });
  it('fails whichever attribute differs, naming it', () => {
    fc.assert(
      fc.property(fc.constantFrom(...Object.keys(ATTRS)), fc.string(), (member, value) => {
        fc.pre(value !== (ATTRS as Record<string, unknown>)[member]);
        const problems = sameData(tx({ ...ATTRS, [member]: value }), tx(ATTRS), 'GET /purchases/x', 'same');
        expect(problems).toHaveLength(1);
        expect(problems[0]!.message).toContain(`attributes.${member}`);
      }),
    );
  });
  it('fails another id, a member only one side has, and a body without data', () => {
    expect(sameData(tx(ATTRS, 'other'), tx(ATTRS), 'x', 'same')[0]!.message).toContain('id');
    expect(sameData(tx({ ...ATTRS, token: '1' }), tx(ATTRS), 'x', 'same')[0]!.message).toContain('attributes.token');
    expect(sameData({ status: {} }, tx(ATTRS), 'x', 'same')).toHaveLength(1);
  });
});

describe('query_conformance', () => {
  const id = 'b0f1c2d3-0000-4000-8000-000000000001';
  it('passes a purchase in the expected state, unchanged by the repeat', () => {
    expect(queryConformance(id, 'successful', tx(ATTRS), tx(ATTRS))).toEqual([]);
  });
  it('fails a purchase still pending, another purchase, a repeat that changed it, a repeat without a purchase', () => {
    const pending = tx({ ...ATTRS, status: 'pending' });
    expect(queryConformance(id, 'successful', pending, pending).map((p) => p.message)).toEqual([
      `the query of ${id} answers status "pending"`,
    ]);
    expect(queryConformance(id, 'successful', tx(ATTRS, 'other'), tx(ATTRS, 'other'))).toHaveLength(1);
    const later = tx({ ...ATTRS, updated_at: '2026-11-20T09:15:43.123Z' });
    expect(queryConformance(id, 'successful', tx(ATTRS), later)[0]!.message).toContain('attributes.updated_at');
    expect(queryConformance(id, 'successful', tx(ATTRS), { error: {} })).toHaveLength(1);
  });
});
