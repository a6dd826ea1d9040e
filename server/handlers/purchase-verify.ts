/**
 * POST /purchases/verify — scope purchase_electricity or purchase_cable_tv, the one of the product's kind: the
 * verification of the GET forms (handlers/verifications.ts), asked by product and body as the published partner
 * API does. Buys nothing and keeps nothing, so it needs no Idempotency-Key (the pipeline asks none of a POST that
 * answers 200). Check order: body → product (422 PRODUCT_NOT_FOUND: a body member, as in a purchase) → the kind's
 * scope → the number's member → the biller (404 METER_NOT_FOUND / SMARTCARD_NOT_FOUND, as the GET forms).
 */
import { verifyMeter, verifySmartcard } from '../biller/verification-answer.ts';
import { ok } from '../contract/envelope.ts';
import type { Handler } from '../contract/operations.ts';
import { errors } from '../errors.ts';
import { billerOf } from './purchase-flow.ts';
import { customerNumberOf, requirePurchaseScope } from './purchase-members.ts';
import { verifiedOr } from './verifications.ts';

export const verifyPurchase: Handler<'verifyPurchase'> = async (ctx) => {
  const biller = billerOf(ctx.biller);
  const product = await ctx.store.getProduct(ctx.environment, ctx.body.product_id);
  if (!product || (product.kind !== 'electricity' && product.kind !== 'cabletv')) throw errors.productNotFound();
  requirePurchaseScope(ctx.principal, product.kind);
  const number = customerNumberOf(ctx.body, product.kind);
  if (product.kind === 'electricity') {
    const meter = verifiedOr(
      await verifyMeter(biller, { environment: ctx.environment, product, meter_number: number }),
      errors.meterNotFound,
    );
    return ok({ id: meter.meter_number, type: 'meter' as const, attributes: { ...meter, product_id: product.id } });
  }
  const card = verifiedOr(
    await verifySmartcard(biller, { environment: ctx.environment, product, smartcard_number: number }),
    errors.smartcardNotFound,
  );
  return ok({ id: card.smartcard_number, type: 'smartcard' as const, attributes: { ...card, product_id: product.id } });
};
