/**
 * The documented order of a purchase's checks — authentication → IP → scope → Idempotency-Key → body → biller →
 * idempotency record → product → amount range → verification → balance — each pair of neighbours provoked at once:
 * the first wins. (Authentication, IP and scope before the key are the auth matrix on write operations.)
 */
import type { CaseContext, CaseDef } from '../context.ts';
import type { Contract } from '../contract/operations.ts';
import { randomUUID } from './common.ts';
import { choosePurchase } from './purchase-choice.ts';
import { validBody } from './purchase-support.ts';

const AIRTIME = 'createAirtimePurchase';
const ELECTRICITY = 'createElectricityPurchase';

export function purchaseOrderCases(contract: Contract): CaseDef[] {
  const has = (id: string) => contract.operations.some((o) => o.operationId === id);
  const notFoundMeter = contract.scenarios.find((s) => s.operation === ELECTRICITY && s.outcome === 'not_found')?.when
    .meter_number;
  const c = (
    id: string,
    operationId: string,
    title: string,
    run: (t: CaseContext) => Promise<void>,
    needs: CaseDef['needs'] = ['full'],
  ): CaseDef => ({ id: `order.purchase.${id}`, group: 'check-order', operationId, title, needs, writes: true, run });
  const cases: CaseDef[] = [];
  if (has(AIRTIME)) {
    cases.push(
      c(
        'key_before_body',
        AIRTIME,
        'no Idempotency-Key and malformed JSON → 400 IDEMPOTENCY_KEY_REQUIRED',
        async (t) => {
          await t.post({ raw: '{"network": ', idempotencyKey: null }, 'full', {
            status: 400,
            code: 'IDEMPOTENCY_KEY_REQUIRED',
          });
        },
      ),
      c(
        'record_before_amount',
        AIRTIME,
        'a used key with another body whose amount is out of range → 422 IDEMPOTENCY_KEY_REUSED',
        async (t) => {
          const { body } = await choosePurchase(t, AIRTIME);
          const key = t.newIdempotencyKey();
          const first = await t.post({ body, idempotencyKey: key }, 'full', { status: 201 });
          if (first.response?.status === 201)
            await t.post({ body: { ...body, amount: '0' }, idempotencyKey: key }, 'full', {
              status: 422,
              code: 'IDEMPOTENCY_KEY_REUSED',
            });
        },
      ),
    );
  }
  if (has(ELECTRICITY)) {
    cases.push(
      c(
        'body_before_product',
        ELECTRICITY,
        'an unknown product and a malformed meter_number → 400 INVALID_PARAMETER naming /meter_number',
        async (t) => {
          const body = { ...validBody(t, ELECTRICITY), product_id: randomUUID(), meter_number: 'x' };
          await t.post({ body }, 'full', { status: 400, code: 'INVALID_PARAMETER', parameter: '/meter_number' });
        },
      ),
      c(
        'product_before_amount',
        ELECTRICITY,
        'an unknown product and an amount of 0 → 422 PRODUCT_NOT_FOUND',
        async (t) => {
          await t.post({ body: { ...validBody(t, ELECTRICITY), product_id: randomUUID(), amount: '0' } }, 'full', {
            status: 422,
            code: 'PRODUCT_NOT_FOUND',
          });
        },
      ),
    );
    if (notFoundMeter) {
      cases.push(
        c(
          'amount_before_verification',
          ELECTRICITY,
          `an amount of 0 and the not-found meter ${notFoundMeter} → 422 AMOUNT_OUT_OF_RANGE`,
          async (t) => {
            if (t.target.env !== 'sandbox') return t.skip('sandbox scenarios (magic values) exist only in the sandbox');
            await t.post({ body: validBody(t, ELECTRICITY, { meter_number: notFoundMeter, amount: '0' }) }, 'full', {
              status: 422,
              code: 'AMOUNT_OUT_OF_RANGE',
            });
          },
        ),
        c(
          'verification_before_balance',
          ELECTRICITY,
          `low_balance key and the not-found meter ${notFoundMeter} → 404 METER_NOT_FOUND`,
          async (t) => {
            if (t.target.env !== 'sandbox') return t.skip('sandbox scenarios (magic values) exist only in the sandbox');
            await t.post({ body: validBody(t, ELECTRICITY, { meter_number: notFoundMeter }) }, 'low_balance', {
              status: 404,
              code: 'METER_NOT_FOUND',
            });
          },
          ['low_balance'],
        ),
      );
    }
  }
  return cases;
}
