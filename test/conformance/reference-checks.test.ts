/**
 * duplicate_reference_conformance on canned answers: the contract's own examples pass, each broken promise is found,
 * and for any order of one 201 among 409s naming it the check is silent (fast-check).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { duplicateReferenceConformance } from '../../conformance/checks/duplicate_reference_conformance.ts';
import { example, response } from './support/canned.ts';

const REF = '1795166142AB12CD';
const messages = (ps: { message: string }[]) => ps.map((p) => p.message).join(' | ');

const created = (id = 'tx-1', ref = REF) => {
  const b = example('AirtimePurchaseSuccessful');
  b.data.id = id;
  b.data.attributes.external_reference = ref;
  return response(201, b);
};
/** The contract's 409 example, naming `id` where it names its own transaction. */
const duplicate = (id = 'tx-1') => {
  const b = example('ErrorDuplicateReference');
  return response(409, JSON.parse(JSON.stringify(b).replaceAll('9b2e4f6a-1c3d-4e5f-8a7b-6c5d4e3f2a1b', id)));
};

describe('duplicate_reference_conformance', () => {
  it('accepts one 201 carrying the reference, every other answer a 409 naming it, in any order', () => {
    fc.assert(
      fc.property(fc.nat(8), fc.nat(8), (others, at) => {
        const answers = Array.from({ length: others }, () => duplicate());
        answers.splice(Math.min(at, answers.length), 0, created());
        expect(duplicateReferenceConformance(REF, answers)).toEqual([]);
      }),
    );
  });

  it('accepts a 409 that names the transaction in its message only', () => {
    const r = duplicate();
    (r.body as any).error.details = undefined;
    expect(duplicateReferenceConformance(REF, [created(), r])).toEqual([]);
  });

  it.each([
    ['a second purchase', () => [created('tx-1'), created('tx-2')], '2 purchases answered 201'],
    ['no purchase at all', () => [duplicate(), duplicate()], '0 purchases answered 201'],
    ['another reference on the purchase', () => [created('tx-1', '1795166142ZZZZZZ')], 'not the 1795166142AB12CD sent'],
    [
      'a 409 naming another transaction',
      () => [created('tx-1'), duplicate('tx-9')],
      'does not name the transaction tx-1',
    ],
    [
      'another refusal',
      () => [
        created(),
        response(409, {
          status: { code: 409, message: 'Conflict' },
          error: { code: 'IDEMPOTENCY_KEY_IN_USE', message: 'm' },
        }),
      ],
      'answered 409 IDEMPOTENCY_KEY_IN_USE',
    ],
    ['a 422 instead of the 409', () => [created(), response(422, example('ErrorInsufficientBalance'))], 'answered 422'],
  ])('finds %s', (_name, answers, want) => {
    expect(messages(duplicateReferenceConformance(REF, answers()))).toContain(want);
  });
});
