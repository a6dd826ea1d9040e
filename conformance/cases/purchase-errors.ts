/**
 * Purchases the service must refuse, and buy nothing for:
 * - bodies generated from the request schema of the contract: each required member missing, an unknown member,
 *   each member with values its schema rejects (checked by AJV, as for query parameters) → 400 INVALID_PARAMETER
 *   naming the member's JSON pointer; malformed JSON, a JSON array, a Content-Type other than JSON → 400 naming
 *   `body` / `Content-Type`;
 * - an amount outside the product's range (below the minimum, above the maximum, zero) → 422 AMOUNT_OUT_OF_RANGE;
 * - an unknown product, another kind's product, the other environment's product → 422 PRODUCT_NOT_FOUND.
 * Each refused body is otherwise valid: a target that bought anyway answers 201 (the case fails, the purchase is
 * counted by money_conservation).
 */
import type { CaseContext, CaseDef } from '../context.ts';
import type { Contract, OperationModel } from '../contract/operations.ts';
import { isObject } from '../contract/bundle.ts';
import type { Item } from '../shared.ts';
import { randomUUID } from './common.ts';
import { choosePurchase } from './purchase-choice.ts';
import { naira, PURCHASE_KINDS, PURCHASES, rangeOf, type Body } from './purchase-support.ts';

const BAD_CANDIDATES: unknown[] = [12345, 'not-valid!', '', null, '9'.repeat(300)];

/** Boundary values from the member's schema: its example one character too long or too short, and with a '1' appended. */
function boundaryCandidates(contract: Contract, pointer: string): unknown[] {
  const { node } = contract.bundle.resolve(pointer);
  const example = Array.isArray(node.examples) && typeof node.examples[0] === 'string' ? node.examples[0] : undefined;
  if (!example) return [];
  const out: unknown[] = [`${example}1`];
  if (typeof node.maxLength === 'number') out.push(example.padEnd(node.maxLength + 1, example.slice(-1)));
  if (typeof node.minLength === 'number' && node.minLength > 1) out.push(example.slice(0, node.minLength - 1));
  return out;
}

interface Members {
  pointer: string;
  required: string[];
  names: string[];
}

function members(contract: Contract, op: OperationModel): Members | null {
  if (!op.requestBody) return null;
  const { node, pointer } = contract.bundle.resolve(op.requestBody.schemaPointer);
  return {
    pointer,
    required: (node.required ?? []) as string[],
    names: Object.keys(isObject(node.properties) ? node.properties : {}),
  };
}

export function purchaseErrorCases(contract: Contract): CaseDef[] {
  return PURCHASES.filter((id) => contract.operations.some((o) => o.operationId === id)).flatMap(
    (operationId): CaseDef[] => {
      const op = contract.op(operationId);
      const m = members(contract, op);
      if (!m) return [];
      const c = (
        name: string,
        title: string,
        run: (t: CaseContext) => Promise<void>,
        extra: Partial<CaseDef> = {},
      ): CaseDef => ({
        id: `purchase-errors.${operationId}.${name}`,
        group: 'purchase-errors',
        operationId,
        title,
        needs: ['full'],
        writes: true,
        run,
        ...extra,
      });
      const invalid = (t: CaseContext, body: Body | unknown, parameter: string) =>
        t.post({ body }, 'full', { status: 400, code: 'INVALID_PARAMETER', parameter });
      const codes = op.responses.get(422)?.codes ?? [];
      const cases: CaseDef[] = [
        ...m.required.map((member) =>
          c(`missing.${member}`, `without ${member} → 400 INVALID_PARAMETER naming /${member}`, async (t) => {
            const { body } = await choosePurchase(t, operationId);
            delete body[member];
            await invalid(t, body, `/${member}`);
          }),
        ),
        c('unknown_member', 'an unknown member → 400 INVALID_PARAMETER naming /unknown_member', async (t) => {
          await invalid(t, { ...(await choosePurchase(t, operationId)).body, unknown_member: 'x' }, '/unknown_member');
        }),
        ...m.names.map((member) =>
          c(`wrong.${member}`, `${member} breaking its schema → 400 INVALID_PARAMETER naming /${member}`, async (t) => {
            const { body } = await choosePurchase(t, operationId);
            const at = `${m.pointer}/properties/${member}`;
            const bad = [...BAD_CANDIDATES, ...boundaryCandidates(contract, at)].filter(
              (v) => contract.schemas.validate(at, v).length > 0,
            );
            if (bad.length === 0) return t.skip(`no candidate value breaks the schema of ${member}`);
            for (const value of bad) await invalid(t, { ...body, [member]: value }, `/${member}`);
          }),
        ),
        c(
          'malformed_body',
          'malformed JSON, a JSON array, text/plain → 400 INVALID_PARAMETER naming body / Content-Type',
          async (t) => {
            const { body } = await choosePurchase(t, operationId);
            const json = JSON.stringify(body);
            await t.post({ raw: json.slice(0, -1) }, 'full', {
              status: 400,
              code: 'INVALID_PARAMETER',
              parameter: 'body',
            });
            await t.post({ raw: `[${json}]` }, 'full', { status: 400, code: 'INVALID_PARAMETER', parameter: 'body' });
            await t.post({ raw: json, contentType: 'text/plain' }, 'full', {
              status: 400,
              code: 'INVALID_PARAMETER',
              parameter: 'Content-Type',
            });
          },
        ),
      ];
      if (codes.includes('AMOUNT_OUT_OF_RANGE'))
        cases.push(
          c(
            'amount_out_of_range',
            'an amount below the minimum, above the maximum, zero → 422 AMOUNT_OUT_OF_RANGE',
            async (t) => {
              const { body, product } = await choosePurchase(t, operationId);
              const range = rangeOf(product);
              if (!range) return t.skip(`the product ${product.id} has no min_amount / max_amount`);
              for (const amount of [naira(range.min - 1n), naira(range.max + 1n), '0']) {
                await t.post({ body: { ...body, amount } }, 'full', { status: 422, code: 'AMOUNT_OUT_OF_RANGE' });
              }
            },
          ),
        );
      if (codes.includes('PRODUCT_NOT_FOUND')) {
        const notFound = (t: CaseContext, body: Body, product_id: string) =>
          t.post({ body: { ...body, product_id } }, 'full', { status: 422, code: 'PRODUCT_NOT_FOUND' });
        cases.push(
          c('unknown_product', "an unknown product, another kind's product → 422 PRODUCT_NOT_FOUND", async (t) => {
            const { body } = await choosePurchase(t, operationId);
            await notFound(t, body, randomUUID());
            const other = otherKindProduct(t, operationId);
            if (other) await notFound(t, body, other.id);
          }),
          c(
            'other_environment_product',
            "the other environment's product of this kind → 422 PRODUCT_NOT_FOUND",
            async (t) => {
              const { body, product } = await choosePurchase(t, operationId);
              const list = t.op(PURCHASE_KINDS[operationId]!.list);
              const ex = await t.send(
                { operationId: list.operationId, baseUrl: t.target.other.baseUrl ?? '', query: { per_page: 1 } },
                { authorization: `Bearer ${t.target.other.full ?? ''}`, label: "the other environment's full key" },
                { status: 200 },
              );
              const theirs = t.ok<{ data: Item[] }>(ex, list.operationId)?.data[0];
              if (!theirs) return t.skip(`the other environment's ${list.path} could not be read`);
              if (theirs.id === product.id) return t.skip('both environments list this product under one id');
              await notFound(t, body, theirs.id);
            },
            { needsOther: ['key', 'url'] },
          ),
        );
      }
      return cases;
    },
  );
}

/** A product of another kind than the operation sells (from the walks). */
function otherKindProduct(t: CaseContext, operationId: string): Item | undefined {
  const mine = PURCHASE_KINDS[operationId]!.list;
  return Object.values(PURCHASE_KINDS)
    .filter((k) => k.list !== mine)
    .map((k) => t.shared.walks.get(k.list)?.items[0])
    .find((i) => i !== undefined);
}
