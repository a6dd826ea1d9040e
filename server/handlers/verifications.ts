/**
 * GET /products/electricity/{product_id}/meters/{meter_number} and /products/cabletv/{product_id}/smartcards/
 * {smartcard_number} — scopes purchase_electricity, purchase_cable_tv: who the biller says the customer is, before
 * paying. Read-only; the product must be of the path's kind in this environment (404 PRODUCT_NOT_FOUND). The
 * biller's answer crosses biller/verification-answer.ts first: text bounded to the contract, an answer of another
 * form (or a biller that throws) a 503 BILLER_UNAVAILABLE, never a 500.
 */
import { verifyMeter, verifySmartcard, type Verification } from '../biller/verification-answer.ts';
import { ok } from '../contract/envelope.ts';
import type { Handler } from '../contract/operations.ts';
import { ApiError, errors } from '../errors.ts';
import { billerOf, productOf } from './purchase-flow.ts';

/** The forms meter and smartcard numbers have (the contract's MeterNumber, SmartcardNumber). A path value of any
 * other form is no meter or smartcard: its 404, like any number the biller does not know (never a 400). */
const METER_NUMBER = /^[0-9]{11,13}$/;
const SMARTCARD_NUMBER = /^[0-9]{10,11}$/;

/** The verified customer, or the error its judgement means: 404 `notFound`, 503 for an unusable answer. */
export function verifiedOr<T>(v: Verification<T>, notFound: () => ApiError): T {
  if (v.kind === 'verified') return v.info;
  if (v.kind === 'not_found') throw notFound();
  throw errors.billerAnswerUnusable(
    new Error(`unusable verification answer: ${v.why}`, v.cause === undefined ? undefined : { cause: v.cause }),
  );
}

export const getElectricityMeter: Handler<'getElectricityMeter'> = async (ctx) => {
  const biller = billerOf(ctx.biller);
  const product = await productOf(ctx.store, ctx.environment, 'electricity', ctx.path.product_id, 404);
  if (!METER_NUMBER.test(ctx.path.meter_number)) throw errors.meterNotFound();
  const meter = verifiedOr(
    await verifyMeter(biller, { environment: ctx.environment, product, meter_number: ctx.path.meter_number }),
    errors.meterNotFound,
  );
  return ok({ id: meter.meter_number, type: 'meter' as const, attributes: { ...meter, product_id: product.id } });
};

export const getCableTvSmartcard: Handler<'getCableTvSmartcard'> = async (ctx) => {
  const biller = billerOf(ctx.biller);
  const product = await productOf(ctx.store, ctx.environment, 'cabletv', ctx.path.product_id, 404);
  if (!SMARTCARD_NUMBER.test(ctx.path.smartcard_number)) throw errors.smartcardNotFound();
  const card = verifiedOr(
    await verifySmartcard(biller, {
      environment: ctx.environment,
      product,
      smartcard_number: ctx.path.smartcard_number,
    }),
    errors.smartcardNotFound,
  );
  return ok({ id: card.smartcard_number, type: 'smartcard' as const, attributes: { ...card, product_id: product.id } });
};
