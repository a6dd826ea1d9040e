/**
 * GET /products/electricity/{product_id}/meters/{meter_number} and /products/cabletv/{product_id}/smartcards/
 * {smartcard_number} — scopes purchase_electricity, purchase_cable_tv: who the biller says the customer is, before
 * paying. Read-only; the product must be of the path's kind in this environment (404 PRODUCT_NOT_FOUND).
 */
import { ok } from '../contract/envelope.ts';
import type { Handler } from '../contract/operations.ts';
import { errors } from '../errors.ts';
import { billerOf, productOf } from './purchase-flow.ts';

/** The forms meter and smartcard numbers have (the contract's MeterNumber, SmartcardNumber). A path value of any
 * other form is no meter or smartcard: its 404, like any number the biller does not know (never a 400). */
const METER_NUMBER = /^[0-9]{11,13}$/;
const SMARTCARD_NUMBER = /^[0-9]{10,11}$/;

export const getElectricityMeter: Handler<'getElectricityMeter'> = async (ctx) => {
  const biller = billerOf(ctx.biller);
  const product = await productOf(ctx.store, ctx.environment, 'electricity', ctx.path.product_id, 404);
  if (!METER_NUMBER.test(ctx.path.meter_number)) throw errors.meterNotFound();
  const meter = await biller.verifyMeter({ environment: ctx.environment, product, meter_number: ctx.path.meter_number });
  if (!meter) throw errors.meterNotFound();
  return ok({ id: meter.meter_number, type: 'meter' as const, attributes: { ...meter, product_id: product.id } });
};

export const getCableTvSmartcard: Handler<'getCableTvSmartcard'> = async (ctx) => {
  const biller = billerOf(ctx.biller);
  const product = await productOf(ctx.store, ctx.environment, 'cabletv', ctx.path.product_id, 404);
  if (!SMARTCARD_NUMBER.test(ctx.path.smartcard_number)) throw errors.smartcardNotFound();
  const card = await biller.verifySmartcard({ environment: ctx.environment, product, smartcard_number: ctx.path.smartcard_number });
  if (!card) throw errors.smartcardNotFound();
  return ok({ id: card.smartcard_number, type: 'smartcard' as const, attributes: { ...card, product_id: product.id } });
};
