-- settle_purchase: compare-and-set of a purchase's state in ONE statement (p_from -> p_to; p_from = p_to changes only
-- next_check_at), with the refund of total_debit when p_refund (failed, reversed), the history row, and the completion
-- of an idempotency record still in flight for this purchase with the response the caller built for the state it
-- moves to (p_response_status, p_response_body, p_response_location). No row when the purchase is not in p_from
-- (someone else settled it first): nothing written. Called through server/store/purchase-statements.ts (one call,
-- or a group of calls LATERAL over arrays); why one function: record_purchase.sql.
--
-- Lock order (server/store/entries.ts): the wallet row first, then transactions. The wallet is locked only when the
-- settlement refunds: a purchase that only changes state (pending -> successful) moves no money and does not queue
-- behind the wallet's debits.
--
-- The pending event (pending_event_due, set by record_purchase): every settlement clears the flag, and the one that
-- finds it set while the purchase stays pending (p_from = p_to = 'pending': the biller answered pending, timed out
-- or failed to answer) writes the `transaction.pending` event, dated at the purchase's creation (its payload is the
-- Transaction as it was: status pending, updated_at = created_at) and due at once — the one settlement that ever sees
-- the flag set, whether the purchase's request settles it or, after a crash, the settlement worker. The flag is read
-- under the row's lock (FOR UPDATE waits for a concurrent settlement and reads the row it left), so of two
-- settlements at once only one can see it set. Any other first settlement (successful, failed) writes its own event
-- only, through the history row and the outbox trigger (webhook_outbox_of_history.sql).
--
-- A sandbox drill's product events (p_product_events: a JSON array of product.* types, or NULL; issue 25, the
-- scenarios' `events`, server/biller/scenarios.ts): written for the purchase's account only, about its product as
-- the catalogue lists it now — `available` as the event says (the drill changes no product: the sandbox catalogue is
-- every sandbox account's), and for product.price_changed a previous_price 10% below the price (a made-up rise).
-- Only with a settlement that happens once (a move, or the one that announces the pending purchase), so a later
-- requery that leaves the purchase pending writes none again.
--
-- SQLSTATE: BPW01 the purchase's account has no wallet (a refund) -> WalletNotFoundError.
CREATE OR REPLACE FUNCTION settle_purchase(
  p_id uuid, p_from text, p_to text, p_token text, p_units text, p_next_check_at timestamptz, p_at timestamptz,
  p_reason text, p_refund boolean, p_response_status integer, p_response_body text, p_response_location text,
  p_product_events jsonb DEFAULT NULL
) RETURNS TABLE (key_completed boolean, purchase transactions) LANGUAGE plpgsql AS $$
DECLARE
  t transactions;
  v_owner uuid;
  v_announce boolean := false;
  v_type text;
  v_product products;
  v_data jsonb;
BEGIN
  IF p_refund THEN
    -- First in the lock order: the wallet the refund will credit.
    SELECT account_id INTO v_owner FROM transactions WHERE id = p_id AND category = 'purchase';
    IF NOT FOUND THEN
      RETURN;
    END IF;
    PERFORM FROM wallets WHERE account_id = v_owner FOR UPDATE;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'account % has no wallet', v_owner USING ERRCODE = 'BPW01';
    END IF;
  END IF;

  IF p_from <> p_to THEN
    UPDATE transactions SET status = p_to, token = COALESCE(p_token, token), units = COALESCE(p_units, units),
      next_check_at = p_next_check_at, check_attempts = 0, updated_at = p_at, pending_event_due = false
    WHERE id = p_id AND status = p_from AND category = 'purchase'
    RETURNING * INTO t;
  ELSE
    IF p_from = 'pending' THEN
      SELECT pending_event_due INTO v_announce FROM transactions
      WHERE id = p_id AND status = p_from AND category = 'purchase' FOR UPDATE;
    END IF;
    UPDATE transactions SET next_check_at = p_next_check_at, pending_event_due = false
    WHERE id = p_id AND status = p_from AND category = 'purchase'
    RETURNING * INTO t;
  END IF;
  IF NOT FOUND THEN
    RETURN;
  END IF;

  IF p_from <> p_to THEN
    IF p_refund THEN
      UPDATE wallets SET balance = balance + t.total_debit, updated_at = p_at WHERE account_id = t.account_id;
    END IF;
    INSERT INTO transaction_history (transaction_id, from_status, to_status, at, reason)
    VALUES (p_id, p_from, p_to, p_at, p_reason);
  ELSIF v_announce THEN
    PERFORM webhook_enqueue(p_account => t.account_id, p_transaction => p_id, p_type => 'transaction.pending',
      p_event_at => t.created_at, p_due_at => p_at);
  END IF;

  IF p_product_events IS NOT NULL AND (p_from <> p_to OR v_announce) THEN
    SELECT pr.* INTO v_product FROM products pr
    WHERE pr.environment = (SELECT a.environment FROM accounts a WHERE a.id = t.account_id) AND pr.id = t.product_id;
    IF FOUND THEN
      FOR v_type IN SELECT jsonb_array_elements_text(p_product_events) LOOP
        v_data := jsonb_build_object('id', v_product.id, 'type', v_product.kind, 'attributes',
          v_product.attributes || jsonb_build_object('available', CASE v_type
            WHEN 'product.unavailable' THEN false WHEN 'product.available' THEN true ELSE v_product.available END));
        IF v_type = 'product.price_changed' THEN
          v_data := v_data || jsonb_build_object('previous_price', v_product.attributes -> 'price'
            || (SELECT jsonb_object_agg(k, to_char(round((v_product.attributes -> 'price' ->> k)::numeric * 0.9, 2),
                 'FM999999999990.00'))
                FROM unnest(ARRAY['amount', 'min_amount', 'max_amount']) k
                WHERE v_product.attributes -> 'price' ? k));
        END IF;
        PERFORM webhook_enqueue(p_account => t.account_id, p_transaction => NULL, p_type => v_type,
          p_event_at => p_at, p_due_at => p_at, p_data => v_data);
      END LOOP;
    END IF;
  END IF;

  UPDATE idempotency_keys SET state = 'completed', locked_until = NULL, response_status = p_response_status,
    response_body = p_response_body, response_location = p_response_location
  WHERE transaction_id = p_id AND state = 'in_flight';
  key_completed := FOUND;
  purchase := t;
  RETURN NEXT;
END
$$;
