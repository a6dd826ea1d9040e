/**
 * The body members of a `product.*` event (sql/change_product.sql wrote its snapshot): `data` is the product resource
 * as it was right after the change, exactly as GET /products/… lists it, and `product.price_changed` carries the price
 * it replaced as `previous_price`, beside `data` (the contract's WebhookEvent: so that `data` stays the product).
 * The snapshot keeps both in one object (webhook_events.data); here they are split. payload.ts adds the rest.
 */
import type { components } from '../../generated/schema.d.ts';
import type { EventData, ProductEventType } from '../store/webhook-types.ts';

type Schemas = components['schemas'];

export interface ProductEventMembers {
  data: Schemas['ProductEventData'];
  previous_price?: Schemas['FixedPrice'] | Schemas['AmountRangePrice'];
}

export function productEventMembers(type: ProductEventType, snapshot: EventData): ProductEventMembers {
  const { previous_price, ...product } = snapshot as Record<string, unknown>;
  const data = product as unknown as Schemas['ProductEventData'];
  if (type !== 'product.price_changed') return { data };
  return { data, previous_price: previous_price as ProductEventMembers['previous_price'] };
}
