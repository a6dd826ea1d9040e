import { describe, expect, it } from 'vitest';
import { parseTransactionId } from './transactions.ts';

const UUID = '3f6c2a9e-8b1d-4c7a-9e2f-5a4b3c2d1e0f';

describe('parseTransactionId', () => {
  it.each([
    ['a UUID', UUID, { by: 'id', id: UUID }],
    ['an upper-case UUID', UUID.toUpperCase(), { by: 'id', id: UUID }],
    ['txn_ + UUID', `txn_${UUID}`, { by: 'id', id: UUID }],
    ['an external reference', '1731402345AB12CD', { by: 'external_reference', ref: '1731402345AB12CD' }],
    ['an external reference in lower case', '1731402345ab12cd', { by: 'external_reference', ref: '1731402345ab12cd' }],
    ['txn_ + external reference (not a form)', 'txn_1731402345AB12CD', null],
    ['a junk id', 'not-a-transaction', null],
    ['a UUID without dashes', UUID.replace(/-/g, ''), null],
    ['an external reference one short', '1731402345AB12C', null],
    ['an empty txn_', 'txn_', null],
    ['SQL', "1' OR '1'='1", null],
  ])('reads %s', (_name, id, want) => {
    expect(parseTransactionId(id)).toEqual(want);
  });
});
