/**
 * Verifications — GET /products/<kind>/{product_id}/<meters|smartcards>/{number} — for every operation of that shape:
 * an ordinary number verifies (200, verification_conformance); the verification scenarios of the contract: in the
 * sandbox `found` verifies with a product (the first that knows it: a meter of a fixed type only with a product of
 * its type) and `not_found` is 404 with every product, in production no value is magic so each verifies; a number
 * not of the form is 404 of its resource (never 400); an unknown product, another kind's product and (with the
 * other environment's key) the other environment's product are 404 PRODUCT_NOT_FOUND. Read-only: GETs only.
 */
import { verificationConformance } from '../checks/verification_conformance.ts';
import type { CaseContext, CaseDef } from '../context.ts';
import type { Contract, OperationModel } from '../contract/operations.ts';
import type { Item } from '../shared.ts';
import { randomUUID } from './common.ts';

interface VerificationOp {
  op: OperationModel;
  /** The list operation of its products (`/products/<kind>`). */
  list: OperationModel;
  numberParam: string;
  type: 'meter' | 'smartcard';
  notFoundCode: string;
}

export function verificationOps(contract: Contract): VerificationOp[] {
  return contract.operations.flatMap((op) => {
    const list = contract.operations.find((o) => o.paginated && op.path.startsWith(`${o.path}/{product_id}/`));
    const numberParam = op.params.find((p) => p.in === 'path' && p.name !== 'product_id')?.name;
    const type = numberParam === 'meter_number' ? 'meter' : numberParam === 'smartcard_number' ? 'smartcard' : null;
    const notFoundCode = op.responses.get(404)?.codes.find((c) => c !== 'PRODUCT_NOT_FOUND');
    return op.method === 'GET' && list && numberParam && type && notFoundCode
      ? [{ op, list, numberParam, type, notFoundCode }]
      : [];
  });
}

const productsOf = (t: CaseContext, v: VerificationOp): Item[] => {
  const items = t.shared.walks.get(v.list.operationId)?.items;
  if (!items?.length) t.skip(`no product read from ${v.list.path}`);
  return items;
};

/** GET the verification of `number` with `product`; verified as its operation, with `expect` when given. */
const verify = (
  t: CaseContext,
  v: VerificationOp,
  productId: string,
  number: string,
  expect?: Parameters<CaseContext['send']>[2],
  baseUrl?: string,
  who: Parameters<CaseContext['send']>[1] = 'full',
) =>
  t.send(
    { pathParams: { product_id: productId, [v.numberParam]: number }, ...(baseUrl ? { baseUrl } : {}) },
    who,
    expect,
  );

async function found(t: CaseContext, v: VerificationOp, product: Item, number: string): Promise<void> {
  const ex = await verify(t, v, product.id, number, { status: 200 });
  const body = t.ok<{ data: unknown }>(ex);
  if (body)
    t.report('verification_conformance', verificationConformance(body.data, { type: v.type, number, product }), ex);
}

export function verificationCases(contract: Contract): CaseDef[] {
  return verificationOps(contract).flatMap((v): CaseDef[] => {
    const c = (
      id: string,
      title: string,
      run: (t: CaseContext) => Promise<void>,
      extra: Partial<CaseDef> = {},
    ): CaseDef => ({
      id: `verifications.${v.op.operationId}.${id}`,
      group: 'verifications',
      operationId: v.op.operationId,
      title,
      needs: ['full'],
      run,
      ...extra,
    });
    const example = v.op.params.find((p) => p.name === v.numberParam)?.examples[0] ?? '';
    const scenarios = contract.scenarios.filter((s) => s.operation === v.op.operationId);
    return [
      c('ordinary', `an ordinary ${v.type} (${example}) verifies → 200`, (t) =>
        found(t, v, productsOf(t, v)[0]!, example),
      ),
      ...scenarios.map((s) => {
        const number = s.when[v.numberParam] ?? '';
        return c(
          `scenario.${s.name}`,
          `${v.type} ${number}: ${s.outcome === 'found' ? '200' : `404 ${v.notFoundCode}`} in the sandbox, 200 in production`,
          async (t) => {
            const products = productsOf(t, v);
            if (t.target.env !== 'sandbox') return found(t, v, products[0]!, number); // no magic value in production
            if (s.outcome === 'not_found') {
              for (const p of distinctTypes(products))
                await verify(t, v, p.id, number, { status: 404, code: v.notFoundCode });
              return;
            }
            for (const p of distinctTypes(products)) {
              if ((await verify(t, v, p.id, number)).response?.status === 200) return found(t, v, p, number);
            }
            await found(t, v, products[0]!, number); // none verified: fail on the first, with the details
          },
        );
      }),
      c('not_of_the_form', `a ${v.numberParam} not of the form → 404 ${v.notFoundCode} (never 400)`, async (t) => {
        for (const bad of ['12345', `${example}x`, '9'.repeat(129)])
          await verify(t, v, productsOf(t, v)[0]!.id, bad, { status: 404, code: v.notFoundCode });
      }),
      c('unknown_product', 'an unknown product id → 404 PRODUCT_NOT_FOUND', async (t) => {
        for (const id of [randomUUID(), 'not-a-product'])
          await verify(t, v, id, example, { status: 404, code: 'PRODUCT_NOT_FOUND' });
      }),
      c('other_kind_product', "another kind's product → 404 PRODUCT_NOT_FOUND", async (t) => {
        const other = [...t.shared.walks.entries()].find(
          ([op, w]) => op !== v.list.operationId && op !== 'listTransactions' && w.items.length,
        )?.[1].items[0];
        if (!other) return t.skip('no product of another kind was read');
        await verify(t, v, other.id, example, { status: 404, code: 'PRODUCT_NOT_FOUND' });
      }),
      c(
        'other_environment_product',
        "the other environment's product → 404 PRODUCT_NOT_FOUND",
        async (t) => {
          const mine = productsOf(t, v);
          const theirs = await otherEnvironmentProduct(t, v);
          if (mine.some((p) => p.id === theirs.id)) return t.skip('both environments list this product under one id');
          await verify(t, v, theirs.id, example, { status: 404, code: 'PRODUCT_NOT_FOUND' });
        },
        { needsOther: ['key', 'url'] },
      ),
    ];
  });
}

/** One product of each meter type (or the first product, for kinds without one). */
function distinctTypes(products: Item[]): Item[] {
  const seen = new Map<unknown, Item>();
  for (const p of products) if (!seen.has(p.attributes.meter_type)) seen.set(p.attributes.meter_type, p);
  return [...seen.values()];
}

/** The first product of the same list in the other environment (a GET with the other environment's key). */
async function otherEnvironmentProduct(t: CaseContext, v: VerificationOp): Promise<Item> {
  const { baseUrl, full } = t.target.other;
  const ex = await t.send(
    { operationId: v.list.operationId, baseUrl: baseUrl ?? '', query: { per_page: 1 } },
    { authorization: `Bearer ${full ?? ''}`, label: "the other environment's full key" },
    { status: 200 },
  );
  const body = t.ok<{ data: Item[] }>(ex, v.list.operationId);
  if (!body?.data[0]) return t.skip(`the other environment's ${v.list.path} could not be read`);
  return body.data[0];
}
