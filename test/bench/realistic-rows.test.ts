/** The workload draws ids, references and windows from realistic-rows.ts' recomputation: it must equal the rows. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertGenerated } from '../../bench/lib/dataset.ts';
import { derivedRow, FULL_SHAPE, historySize, realisticAccountId } from '../../bench/lib/realistic-rows.ts';
import { openStore } from '../../server/store/open.ts';
import type { Store } from '../../server/store/types.ts';

let store: Store;
const ACCOUNT = realisticAccountId(7);
const ROWS = 300;

beforeAll(async () => {
  store = await openStore({ memory: true });
  await store.createAccount({
    id: ACCOUNT,
    environment: 'sandbox',
    name: 'P7',
    email: 'p7@swiftpay.example',
    business_name: 'P7 Ltd',
    role: 'regular',
  });
  await insertGenerated(store, ACCOUNT, ROWS);
}, 60_000);
afterAll(async () => {
  await store?.close();
});

describe('the realistic dataset recomputed in JavaScript', () => {
  it('gives every generated row its id, category, status, external reference and created_at', async () => {
    const rows = await store.sql.query<{
      id: string;
      category: string;
      status: string;
      external_reference: string | null;
      created_at: Date;
    }>(
      'SELECT id, category, status, external_reference, created_at FROM transactions WHERE account_id = $1 ORDER BY created_at DESC, id DESC',
      [ACCOUNT],
    );
    expect(rows).toHaveLength(ROWS);
    // Row g = 1 is the newest (generate-sql.ts), so the order is g = 1, 2, …
    expect(rows.map((r) => ({ ...r }))).toEqual(Array.from({ length: ROWS }, (_, i) => derivedRow(ACCOUNT, i + 1)));
    // The sample exercises every branch the recomputation has.
    expect(new Set(rows.map((r) => r.category)).size).toBe(6);
    expect(new Set(rows.map((r) => r.status)).size).toBe(4);
    expect(rows.some((r) => r.external_reference)).toBe(true);
  });

  it('sizes histories by rank from 1M down to 10, 1.64M rows over 1,000 accounts', () => {
    const sizes = Array.from({ length: FULL_SHAPE.accounts }, (_, i) => historySize(FULL_SHAPE, i + 1));
    expect(sizes[0]).toBe(1_000_000);
    expect(sizes[1]).toBe(250_000);
    expect(Math.min(...sizes)).toBe(10);
    expect(sizes.reduce((a, b) => a + b, 0)).toBeGreaterThan(1_600_000);
  });
});
