/**
 * POST /purchases/airtime, /data, /electricity, /cabletv — scopes purchase_airtime, purchase_data,
 * purchase_electricity, purchase_cable_tv. Each finds its product, checks the amount and the customer (meter,
 * smartcard), then answers the shared flow's write (purchase-flow.ts), which the pipeline runs under the request's
 * Idempotency-Key (server/idempotency/).
 * Fees: electricity 100.00 NGN (a convenience fee), the others none.
 */
import { NETWORK_PREFIXES, type Environment, type Network } from '../domain.ts';
import { errors } from '../errors.ts';
import { writeHandler, type Handler } from '../contract/operations.ts';
import { verifyMeter, verifySmartcard } from '../biller/verification-answer.ts';
import { billerOf, checkAmountRange, money, onSale, productOf, purchase } from './purchase-flow.ts';
import { verifiedOr } from './verifications.ts';

const NO_FEE = '0.00';
const ELECTRICITY_FEE = '100.00';

type Attributes = { display_name: string; price: { amount?: string } };
const attributesOf = (p: { attributes: Record<string, unknown> }) => p.attributes as Attributes;

/** In production the phone number must belong to the network (the sandbox accepts any pairing). */
function phoneOfNetwork(body: { network: string; phone_number: string }, environment: Environment): void {
  if (environment !== 'production') return;
  const network = body.network.toUpperCase() as Network;
  const national = body.phone_number.startsWith('234') ? `0${body.phone_number.slice(3)}` : body.phone_number;
  if (!NETWORK_PREFIXES[network]?.includes(national.slice(0, 4))) {
    throw errors.invalidParameter(
      '/phone_number',
      `must be a number of the ${network} network, starting ${NETWORK_PREFIXES[network]?.join(', ')}`,
    );
  }
}

export const createAirtimePurchase = writeHandler(
  'createAirtimePurchase',
  // A check of the body beyond its schema, with the body's 400s: the pipeline runs it before the Idempotency-Key is
  // looked up or claimed, so, like every 400, it keeps nothing.
  { checkBody: phoneOfNetwork },
  async (ctx) => {
    const biller = billerOf(ctx.biller);
    const network = ctx.body.network.toUpperCase() as Network;
    // Airtime has one product per network; its min/max bound the amount.
    const product = await ctx.store.getAirtimeProduct(ctx.environment, network);
    if (!product) throw errors.productNotFound();
    onSale(product);
    const amount = money(ctx.body.amount);
    checkAmountRange(product, amount);
    return purchase(ctx, biller, {
      product,
      product_type: 'airtime',
      product_amount: amount,
      fee_amount: NO_FEE,
      price_basis: 'face_value',
      description: `${network} airtime ${amount} for ${ctx.body.phone_number}`,
      reference: ctx.body.reference,
      external_reference: ctx.body.external_reference,
      phone_number: ctx.body.phone_number,
    });
  },
);

export const createDataPurchase: Handler<'createDataPurchase'> = async (ctx) => {
  const biller = billerOf(ctx.biller);
  const product = await productOf(ctx.store, ctx.environment, 'dataplan', ctx.body.product_id, 422);
  const a = attributesOf(product);
  return purchase(ctx, biller, {
    product,
    product_type: 'dataplan',
    product_amount: a.price.amount!,
    fee_amount: NO_FEE,
    price_basis: 'fixed',
    description: `${a.display_name} for ${ctx.body.phone_number}`,
    reference: ctx.body.reference,
    external_reference: ctx.body.external_reference,
    phone_number: ctx.body.phone_number,
  });
};

export const createElectricityPurchase: Handler<'createElectricityPurchase'> = async (ctx) => {
  const biller = billerOf(ctx.biller);
  const product = await productOf(ctx.store, ctx.environment, 'electricity', ctx.body.product_id, 422);
  const amount = money(ctx.body.amount);
  checkAmountRange(product, amount);
  // The customer must be known and the biller's answer usable (503 BILLER_UNAVAILABLE otherwise), before any debit.
  verifiedOr(
    await verifyMeter(biller, { environment: ctx.environment, product, meter_number: ctx.body.meter_number }),
    errors.meterNotFound,
  );
  return purchase(ctx, biller, {
    product,
    product_type: 'electricity',
    product_amount: amount,
    fee_amount: ELECTRICITY_FEE,
    price_basis: 'face_value',
    description: `${attributesOf(product).display_name} ${amount} for meter ${ctx.body.meter_number}`,
    reference: ctx.body.reference,
    external_reference: ctx.body.external_reference,
    phone_number: ctx.body.phone_number,
    meter_number: ctx.body.meter_number,
    meter_type: product.meter_type,
  });
};

export const createCableTvPurchase: Handler<'createCableTvPurchase'> = async (ctx) => {
  const biller = billerOf(ctx.biller);
  const product = await productOf(ctx.store, ctx.environment, 'cabletv', ctx.body.product_id, 422);
  verifiedOr(
    await verifySmartcard(biller, {
      environment: ctx.environment,
      product,
      smartcard_number: ctx.body.smartcard_number,
    }),
    errors.smartcardNotFound,
  );
  const a = attributesOf(product);
  return purchase(ctx, biller, {
    product,
    product_type: 'cabletv',
    product_amount: a.price.amount!,
    fee_amount: NO_FEE,
    price_basis: 'fixed',
    description: `${a.display_name} for smartcard ${ctx.body.smartcard_number}`,
    reference: ctx.body.reference,
    external_reference: ctx.body.external_reference,
    smartcard_number: ctx.body.smartcard_number,
  });
};
