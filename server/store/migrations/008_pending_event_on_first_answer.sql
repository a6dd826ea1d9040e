-- 008_pending_event_on_first_answer: `transaction.pending` is sent only for a purchase that is created pending — one
-- whose biller has not confirmed it — never for one answered `successful` or `failed` at once. Runs unchanged on
-- PGlite and PostgreSQL.
--
-- Why: record_purchase writes the purchase pending, with its first history row, before the biller is asked (the
-- money and the idempotency record must be settled first), and 006's outbox trigger turned that row into a
-- `transaction.pending` event: every purchase answered 201 `successful` also sent `transaction.pending`, a state the
-- partner never saw. That pending row is a reservation, not the purchase's creation: the purchase is created with the
-- biller's first answer (or its absence), which settle_purchase records in the next statement.
--
-- How: a purchase recorded by record_purchase carries pending_event_due = true until its first settlement. 006's
-- trigger no longer makes an event of its creation row while the flag is set; the first settlement clears it and,
-- when it leaves the purchase pending (the biller answered pending, timed out or failed to answer), writes the
-- `transaction.pending` event in that settlement's own transaction — the one settlement that ever sees the flag set,
-- whether the purchase's request settles it or, after a crash, the settlement worker. The event is dated at the
-- purchase's creation, so its payload is the Transaction as it was (status pending, updated_at = created_at); its
-- deliveries are due at once. Any other first settlement (successful, failed) writes its own event only, as before.
-- Rows written before this migration, and transactions inserted otherwise (demo data: entries.ts), have the flag
-- false: their creation row is an event as before.
ALTER TABLE transactions ADD COLUMN pending_event_due boolean NOT NULL DEFAULT false;

-- One event of a purchase and a pending delivery to each enabled endpoint of its account that subscribed to its type
-- (006's outbox, now shared by its trigger and settle_purchase).
CREATE FUNCTION webhook_enqueue(p_account uuid, p_transaction uuid, p_type text, p_event_at timestamptz,
  p_due_at timestamptz) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_event uuid := gen_random_uuid();
BEGIN
  INSERT INTO webhook_events (id, account_id, type, transaction_id, created_at)
  VALUES (v_event, p_account, p_type, p_transaction, p_event_at);
  INSERT INTO webhook_deliveries (id, endpoint_id, event_id, trigger, status, next_attempt_at, created_at)
  SELECT gen_random_uuid(), e.id, v_event, 'automatic', 'pending', p_due_at, p_due_at
  FROM webhook_endpoints e
  WHERE e.account_id = p_account AND e.enabled AND p_type = ANY (e.events);
END
$$;

-- 006's trigger function: the same, except for the creation row of a purchase still awaiting its first answer.
CREATE OR REPLACE FUNCTION webhook_outbox_of_history() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_account uuid;
  v_due boolean;
BEGIN
  SELECT account_id, pending_event_due INTO v_account, v_due
  FROM transactions WHERE id = NEW.transaction_id AND category = 'purchase';
  IF NOT FOUND OR (NEW.from_status IS NULL AND v_due) THEN
    RETURN NULL;
  END IF;
  PERFORM webhook_enqueue(v_account, NEW.transaction_id, 'transaction.' || NEW.to_status, NEW.at, NEW.at);
  RETURN NULL;
END
$$;

-- 007's record_purchase, unchanged but for pending_event_due = true on the purchase it inserts.
CREATE OR REPLACE FUNCTION record_purchase(
  p_id uuid, p_account_id uuid, p_currency text, p_description text, p_reference text, p_external_reference text,
  p_product_type text, p_product_id text, p_phone_number text, p_meter_number text, p_smartcard_number text,
  p_product_amount numeric, p_fee_amount numeric, p_total_debit numeric, p_price_basis text,
  p_created_at timestamptz, p_next_check_at timestamptz,
  p_key text, p_insufficient_status integer, p_insufficient_body text,
  p_claim_key boolean, p_key_operation text, p_key_fingerprint text, p_key_created_at timestamptz,
  p_key_locked_until timestamptz, p_key_expires_at timestamptz
) RETURNS SETOF transactions LANGUAGE plpgsql AS $$
DECLARE
  t transactions;
BEGIN
  IF p_key IS NOT NULL AND p_claim_key THEN
    INSERT INTO idempotency_keys (account_id, key, operation, fingerprint, state, locked_until, transaction_id,
      created_at, expires_at)
    VALUES (p_account_id, p_key, p_key_operation, p_key_fingerprint, 'in_flight', p_key_locked_until, p_id,
      p_key_created_at, p_key_expires_at)
    ON CONFLICT (account_id, key) DO NOTHING;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'idempotency record % exists', p_key USING ERRCODE = 'BPK02';
    END IF;
  END IF;

  -- The debit: it locks the wallet row, and only moves money that is there (003's CHECK backs it).
  UPDATE wallets SET balance = balance - p_total_debit, updated_at = p_created_at
  WHERE account_id = p_account_id AND balance >= p_total_debit;
  IF NOT FOUND THEN
    PERFORM FROM wallets WHERE account_id = p_account_id FOR UPDATE;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'account % has no wallet', p_account_id USING ERRCODE = 'BPW01';
    END IF;
    IF p_key IS NOT NULL THEN
      -- Claimed here: linked to p_id (a new id, no other record has it); claimed beforehand: not linked.
      UPDATE idempotency_keys SET state = 'completed', locked_until = NULL, transaction_id = NULL,
        response_status = p_insufficient_status, response_body = p_insufficient_body, response_location = NULL
      WHERE account_id = p_account_id AND key = p_key AND state = 'in_flight'
        AND (transaction_id IS NULL OR transaction_id = p_id);
      IF NOT FOUND THEN
        RAISE EXCEPTION 'idempotency record % is no longer this request''s', p_key USING ERRCODE = 'BPK01';
      END IF;
    END IF;
    RETURN;
  END IF;

  INSERT INTO transactions (id, account_id, amount, currency, status, category, description, reference,
    external_reference, product_type, phone_number, meter_number, smartcard_number, token, units, product_id,
    product_amount, fee_amount, total_debit, price_basis, created_at, updated_at, next_check_at, pending_event_due)
  VALUES (p_id, p_account_id, p_total_debit, p_currency, 'pending', 'purchase', p_description, p_reference,
    p_external_reference, p_product_type, p_phone_number, p_meter_number, p_smartcard_number, NULL, NULL, p_product_id,
    p_product_amount, p_fee_amount, p_total_debit, p_price_basis, p_created_at, p_created_at, p_next_check_at, true)
  ON CONFLICT (account_id, external_reference) DO NOTHING
  RETURNING * INTO t;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'external_reference % is already used by this account', p_external_reference USING ERRCODE = 'BPR01';
  END IF;
  INSERT INTO transaction_history (transaction_id, from_status, to_status, at) VALUES (p_id, NULL, 'pending', p_created_at);

  IF p_key IS NOT NULL AND p_claim_key IS NOT TRUE THEN
    UPDATE idempotency_keys SET transaction_id = p_id
    WHERE account_id = p_account_id AND key = p_key AND state = 'in_flight' AND transaction_id IS NULL;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'idempotency record % is no longer this request''s', p_key USING ERRCODE = 'BPK01';
    END IF;
  END IF;
  RETURN NEXT t;
END
$$;

-- 004's settle_purchase, unchanged but for pending_event_due: every settlement clears it, and the one that finds it
-- set while the purchase stays pending (p_from = p_to = 'pending') writes the `transaction.pending` event. The flag
-- is read under the row's lock (FOR UPDATE waits for a concurrent settlement and reads the row it left), so of two
-- settlements at once only one can see it set.
CREATE OR REPLACE FUNCTION settle_purchase(
  p_id uuid, p_from text, p_to text, p_token text, p_units text, p_next_check_at timestamptz, p_at timestamptz,
  p_reason text, p_refund boolean, p_response_status integer, p_response_body text, p_response_location text
) RETURNS TABLE (key_completed boolean, purchase transactions) LANGUAGE plpgsql AS $$
DECLARE
  t transactions;
  v_owner uuid;
  v_announce boolean := false;
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
    PERFORM webhook_enqueue(t.account_id, p_id, 'transaction.pending', t.created_at, p_at);
  END IF;

  UPDATE idempotency_keys SET state = 'completed', locked_until = NULL, response_status = p_response_status,
    response_body = p_response_body, response_location = p_response_location
  WHERE transaction_id = p_id AND state = 'in_flight';
  key_completed := FOUND;
  purchase := t;
  RETURN NEXT;
END
$$;
