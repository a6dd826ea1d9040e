/**
 * POST /purchases — one purchase of any kind by product_id, as the published partner API buys. Security lists the
 * four purchase scopes as alternatives, so the pipeline refuses a key holding none of them before the body is read;
 * here the product's kind picks the one the key must hold, the customer's number and whether an amount is taken,
 * then the request becomes that kind's own purchase: the per-kind handler (handlers/purchases.ts) runs with the
 * body it takes, so its checks (amount range, meter or smartcard), its fee and the shared flow (purchase-flow.ts)
 * are the same code — one purchase flow, reached by two routes.
 *
 * Check order after the pipeline's (key, IP, one of the four scopes, Idempotency-Key or reference, body, idempotency
 * record): product (422 PRODUCT_NOT_FOUND, the other environment's included) → the kind's scope (403) → the number
 * and amount members the kind takes (400) → the per-kind handler's checks. Every refusal here comes before the
 * purchase is recorded, so, like the per-kind 400s, it keeps nothing under the key.
 */
import type { BodyOf, Created, Handler, HandlerContext, OkBody } from '../contract/operations.ts';
import type { KeyedWrite } from '../idempotency/outcome.ts';
import type { ProductKind } from '../domain.ts';
import { errors } from '../errors.ts';
import { customerNumberOf, KIND_WORDS, requirePurchaseScope } from './purchase-members.ts';
import {
  createAirtimePurchase,
  createCableTvPurchase,
  createDataPurchase,
  createElectricityPurchase,
} from './purchases.ts';

type Body = BodyOf<'createPurchase'>;

/** Airtime and electricity are bought for an amount in the product's range; data plans and bouquets at their price. */
const PRICED_BY_AMOUNT: Readonly<Record<ProductKind, boolean>> = {
  airtime: true,
  dataplan: false,
  electricity: true,
  cabletv: false,
};

/** The amount for a product priced by amount (400 when missing), none for a fixed price (400 when sent). */
function amountOf(body: Body, kind: ProductKind): string | undefined {
  if (PRICED_BY_AMOUNT[kind] && body.amount === undefined)
    throw errors.invalidParameter('/amount', `is required for ${KIND_WORDS[kind]}: its price is a range`);
  if (!PRICED_BY_AMOUNT[kind] && body.amount !== undefined)
    throw errors.invalidParameter('/amount', `is not taken by ${KIND_WORDS[kind]}: its price is fixed`);
  return body.amount;
}

/** The members every kind's own body takes as they are: the partner's references. */
const references = (body: Body) => ({
  ...(body.reference !== undefined ? { reference: body.reference } : {}),
  ...(body.external_reference !== undefined ? { external_reference: body.external_reference } : {}),
});

/** The context of the kind's own operation: this request, with the body that operation takes. */
const as = <K extends KindOperation>(ctx: HandlerContext<'createPurchase'>, body: BodyOf<K>) =>
  ({ ...ctx, body }) as unknown as HandlerContext<K>;

/** The four per-kind operations a purchase by product is routed to. */
type KindOperation =
  'createAirtimePurchase' | 'createDataPurchase' | 'createElectricityPurchase' | 'createCableTvPurchase';

/** True when A and B are each assignable to the other. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/**
 * Each kind's 201 body is this operation's (TransactionResponse): checked here by the compiler, so that `routed`
 * only renames the operation in the write's type (TypeScript relates Created<K> for different K invariantly).
 */
export const SAME_201_BODIES: Same<OkBody<'createPurchase'>, OkBody<KindOperation>> = true;
const routed = <K extends KindOperation>(write: Promise<KeyedWrite<Created<K>>>) =>
  write as unknown as Promise<KeyedWrite<Created<'createPurchase'>>>;

export const createPurchase: Handler<'createPurchase'> = async (ctx) => {
  const product = await ctx.store.getProduct(ctx.environment, ctx.body.product_id);
  if (!product) throw errors.productNotFound();
  requirePurchaseScope(ctx.principal, product.kind);
  const number = customerNumberOf(ctx.body, product.kind);
  const amount = amountOf(ctx.body, product.kind);
  switch (product.kind) {
    case 'airtime': {
      // Airtime is one product per network: the per-kind operation finds it again by the product's network.
      if (!product.network) throw errors.productNotFound();
      const body = { network: product.network, phone_number: number, amount: amount!, ...references(ctx.body) };
      createAirtimePurchase.checkBody?.(body, ctx.environment);
      return routed(createAirtimePurchase(as(ctx, body)));
    }
    case 'dataplan':
      return routed(
        createDataPurchase(as(ctx, { product_id: product.id, phone_number: number, ...references(ctx.body) })),
      );
    case 'electricity':
      return routed(
        createElectricityPurchase(
          as(ctx, {
            product_id: product.id,
            meter_number: number,
            amount: amount!,
            ...(ctx.body.phone_number !== undefined ? { phone_number: ctx.body.phone_number } : {}),
            ...references(ctx.body),
          }),
        ),
      );
    case 'cabletv':
      return routed(
        createCableTvPurchase(as(ctx, { product_id: product.id, smartcard_number: number, ...references(ctx.body) })),
      );
  }
};
