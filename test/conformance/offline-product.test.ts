/**
 * 422 PRODUCT_UNAVAILABLE is out of reach for a client (only an operator takes a product offline: coverage.ts), and
 * reached when the target lists an offline product: with one product of each kind taken offline (the dearest, so
 * that the cases buying the cheapest are undisturbed), the sandbox run buys each by its per-kind operation and by
 * POST /purchases, and every PRODUCT_UNAVAILABLE cell is exercised, none failed.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runConformance } from '../../conformance/runner.ts';
import { optionsFor, startReference, type Reference } from './support/reference-server.ts';

const KINDS = ['airtime', 'dataplan', 'electricity', 'cabletv'] as const;
let ref: Reference;
beforeAll(async () => {
  ref = await startReference();
  for (const kind of KINDS) {
    const page = await ref.store.listProducts('sandbox', kind, {}, { page: 1, per_page: 100 });
    const price = (p: (typeof page.items)[number]) => {
      const a = p.attributes as { price?: { amount?: string }; max_amount?: string };
      return Number(a.price?.amount ?? a.max_amount ?? 0);
    };
    const dearest = [...page.items].sort((a, b) => price(b) - price(a))[0]!;
    const out = await ref.store.changeProduct({
      environment: 'sandbox',
      product_id: dearest.id,
      available: false,
      at: new Date(),
    });
    expect(out.outcome).toBe('changed');
  }
}, 60_000);
afterAll(async () => {
  await ref?.close();
});

it('a target listing offline products: each bought → 422 PRODUCT_UNAVAILABLE, every such cell exercised', async () => {
  const r = await runConformance(optionsFor(ref, 'sandbox'));
  const offline = r.cases.filter((c) => c.id.includes('.offline_product.'));
  expect(offline.map((c) => `${c.id} ${c.status} ${c.failures.map((f) => f.message).join('; ')}`)).toEqual(
    offline.map((c) => `${c.id} passed `),
  );
  expect(offline.length).toBe(KINDS.length * 2);
  const cells = r.coverage.cells.filter((c) => c.code === 'PRODUCT_UNAVAILABLE');
  expect(cells.length).toBe(5);
  expect(cells.map((c) => `${c.operationId} ${c.state}`)).toEqual(cells.map((c) => `${c.operationId} exercised`));
}, 180_000);
