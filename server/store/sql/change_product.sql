-- change_product: an operator's change of one product (console `products set-price` / `set-availability`, issue 25)
-- and its product.* event for every account of the product's environment, in ONE transaction: the event and its
-- deliveries (webhook_enqueue.sql, to each endpoint subscribed to the type or to `*`) commit or roll back with the
-- change itself. Called through server/store/products.ts (changeProduct).
--
-- p_amount (a fixed-price product's new price) or p_min_amount and p_max_amount (the new range of a product whose
-- customer chooses the amount: airtime, electricity), or neither; p_available NULL leaves the availability as it is.
-- Amounts arrive as the wire's decimal strings with two decimals (the caller formats them), and are stored so.
--
-- The product row is locked (FOR UPDATE) while it changes: two changes of one product queue, so each event's
-- previous_price is the price the change replaced. A purchase reads the price and availability in its own
-- transaction (record_purchase.sql): it sees the row either before this commits or after, never half of it.
--
-- Outcomes (one row; `product` is the resource after the change, as GET /products/* lists it):
--   changed            written; product.price_changed (data: the product + previous_price) and/or
--                      product.available / product.unavailable (data: the product) enqueued
--   unchanged          the product already had that price / availability: nothing written, no event
--   product_not_found  no product with that id in that environment
--   fixed_price        a range given for a product sold at a fixed price (nothing written)
--   range_price        a fixed price given for a product whose customer chooses the amount (nothing written)
--   min_above_max      p_min_amount > p_max_amount (nothing written)
CREATE OR REPLACE FUNCTION change_product(
  p_environment text, p_product_id text, p_amount text, p_min_amount text, p_max_amount text, p_available boolean,
  p_at timestamptz
) RETURNS TABLE (outcome text, product jsonb, previous_price jsonb) LANGUAGE plpgsql AS $$
DECLARE
  p products;
  v_old_price jsonb;
  v_attributes jsonb;
  v_available boolean;
  v_product jsonb;
  v_account uuid;
BEGIN
  SELECT * INTO p FROM products WHERE environment = p_environment AND id = p_product_id FOR UPDATE;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'product_not_found'::text, NULL::jsonb, NULL::jsonb;
    RETURN;
  END IF;
  v_old_price := p.attributes -> 'price';
  v_attributes := p.attributes;
  IF p_amount IS NOT NULL THEN
    IF v_old_price ->> 'basis' <> 'fixed' THEN
      RETURN QUERY SELECT 'range_price'::text, NULL::jsonb, v_old_price;
      RETURN;
    END IF;
    v_attributes := jsonb_set(v_attributes, '{price,amount}', to_jsonb(p_amount));
  ELSIF p_min_amount IS NOT NULL OR p_max_amount IS NOT NULL THEN
    IF v_old_price ->> 'basis' = 'fixed' THEN
      RETURN QUERY SELECT 'fixed_price'::text, NULL::jsonb, v_old_price;
      RETURN;
    END IF;
    IF p_min_amount::numeric > p_max_amount::numeric THEN
      RETURN QUERY SELECT 'min_above_max'::text, NULL::jsonb, v_old_price;
      RETURN;
    END IF;
    -- The range is shown twice on the wire (the attributes' min_amount / max_amount, and the price's): both change.
    v_attributes := v_attributes
      || jsonb_build_object('min_amount', p_min_amount, 'max_amount', p_max_amount)
      || jsonb_build_object('price', v_old_price
        || jsonb_build_object('min_amount', p_min_amount, 'max_amount', p_max_amount));
  END IF;
  v_available := COALESCE(p_available, p.available);
  IF v_attributes = p.attributes AND v_available = p.available THEN
    RETURN QUERY SELECT 'unchanged'::text, jsonb_build_object('id', p.id, 'type', p.kind, 'attributes',
      p.attributes || jsonb_build_object('available', p.available)), v_old_price;
    RETURN;
  END IF;

  UPDATE products SET attributes = v_attributes, available = v_available
  WHERE environment = p_environment AND id = p_product_id;
  v_product := jsonb_build_object('id', p.id, 'type', p.kind, 'attributes',
    v_attributes || jsonb_build_object('available', v_available));

  FOR v_account IN SELECT id FROM accounts WHERE environment = p_environment ORDER BY id LOOP
    IF v_attributes -> 'price' IS DISTINCT FROM v_old_price THEN
      PERFORM webhook_enqueue(p_account => v_account, p_transaction => NULL, p_type => 'product.price_changed',
        p_event_at => p_at, p_due_at => p_at, p_data => v_product || jsonb_build_object('previous_price', v_old_price));
    END IF;
    IF v_available <> p.available THEN
      PERFORM webhook_enqueue(p_account => v_account, p_transaction => NULL,
        p_type => CASE WHEN v_available THEN 'product.available' ELSE 'product.unavailable' END,
        p_event_at => p_at, p_due_at => p_at, p_data => v_product);
    END IF;
  END LOOP;
  RETURN QUERY SELECT 'changed'::text, v_product, v_old_price;
END
$$;
