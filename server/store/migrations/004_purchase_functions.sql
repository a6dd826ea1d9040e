-- 004_purchase_functions: recording and settling a purchase each in ONE statement (one round trip), on PGlite and
-- PostgreSQL alike (PL/pgSQL ships with both; 002's triggers already use it).
--
-- Why: purchases.ts ran each as a client-side transaction of 6 and 8 round trips (BEGIN, the statements, COMMIT).
-- On PostgreSQL every round trip made under a lock is time that every other purchase of the same wallet (the wallet
-- row) and of the same account (002's counters lock the account row) waits for; the bench measured a hot wallet at
-- half the rate of many (bench/README.md, "Purchases: where the time goes"). A function call runs the same
-- statements inside the server, so the locks are held for the statements and the commit only.
--
-- Nothing moved out of the database transaction: each function runs in the caller's one statement, so it is one
-- transaction (autocommit), or part of the caller's if there is one. An exception rolls all of it back; the custom
-- SQLSTATEs below are how purchases.ts tells the caller's cases apart:
--   BPW01  the account has no wallet                      -> WalletNotFoundError
--   BPK01  the idempotency record is no longer this request's (taken over, completed or released) -> key lost
--   BPR01  the external reference is already used by the account (a generated one is drawn again)
--
-- Lock order (entries.ts): the wallet row first, then transactions (whose 002 triggers lock the account row), then
-- the idempotency record. settle_purchase locks the wallet only when it refunds: a purchase that only changes state
-- (pending -> successful) moves no money and no longer queues behind the wallet's debits.

-- The debit, the pending purchase, its first history row and the link of its idempotency record (p_key; NULL: no
-- record). Returns the purchase, or no row when the wallet holds less than p_total_debit: then nothing is debited and
-- the record is completed with the 422 the caller passed (p_insufficient_status, p_insufficient_body).
CREATE FUNCTION record_purchase(
  p_id uuid, p_account_id uuid, p_currency text, p_description text, p_reference text, p_external_reference text,
  p_product_type text, p_product_id text, p_phone_number text, p_meter_number text, p_smartcard_number text,
  p_product_amount numeric, p_fee_amount numeric, p_total_debit numeric, p_price_basis text,
  p_created_at timestamptz, p_next_check_at timestamptz,
  p_key text, p_insufficient_status integer, p_insufficient_body text
) RETURNS SETOF transactions LANGUAGE plpgsql AS $$
DECLARE
  t transactions;
BEGIN
  -- The debit first: it locks the wallet row, and only moves money that is there (003's CHECK backs it).
  UPDATE wallets SET balance = balance - p_total_debit, updated_at = p_created_at
  WHERE account_id = p_account_id AND balance >= p_total_debit;
  IF NOT FOUND THEN
    PERFORM FROM wallets WHERE account_id = p_account_id FOR UPDATE;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'account % has no wallet', p_account_id USING ERRCODE = 'BPW01';
    END IF;
    IF p_key IS NOT NULL THEN
      UPDATE idempotency_keys SET state = 'completed', locked_until = NULL, response_status = p_insufficient_status,
        response_body = p_insufficient_body, response_location = NULL
      WHERE account_id = p_account_id AND key = p_key AND state = 'in_flight' AND transaction_id IS NULL;
      IF NOT FOUND THEN
        RAISE EXCEPTION 'idempotency record % is no longer this request''s', p_key USING ERRCODE = 'BPK01';
      END IF;
    END IF;
    RETURN;
  END IF;

  INSERT INTO transactions (id, account_id, amount, currency, status, category, description, reference,
    external_reference, product_type, phone_number, meter_number, smartcard_number, token, units, product_id,
    product_amount, fee_amount, total_debit, price_basis, created_at, updated_at, next_check_at)
  VALUES (p_id, p_account_id, p_total_debit, p_currency, 'pending', 'purchase', p_description, p_reference,
    p_external_reference, p_product_type, p_phone_number, p_meter_number, p_smartcard_number, NULL, NULL, p_product_id,
    p_product_amount, p_fee_amount, p_total_debit, p_price_basis, p_created_at, p_created_at, p_next_check_at)
  ON CONFLICT (account_id, external_reference) DO NOTHING
  RETURNING * INTO t;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'external_reference % is already used by this account', p_external_reference USING ERRCODE = 'BPR01';
  END IF;
  INSERT INTO transaction_history (transaction_id, from_status, to_status, at) VALUES (p_id, NULL, 'pending', p_created_at);

  IF p_key IS NOT NULL THEN
    UPDATE idempotency_keys SET transaction_id = p_id
    WHERE account_id = p_account_id AND key = p_key AND state = 'in_flight' AND transaction_id IS NULL;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'idempotency record % is no longer this request''s', p_key USING ERRCODE = 'BPK01';
    END IF;
  END IF;
  RETURN NEXT t;
END
$$;

-- Compare-and-set of a purchase's state (p_from -> p_to; p_from = p_to changes only next_check_at), with the refund
-- of total_debit when p_refund (failed, reversed), the history row, and the completion of an idempotency record
-- still in flight for this purchase with the response the caller built for the state it moves to. No row when the
-- purchase is not in p_from (someone else settled it first): nothing written.
CREATE FUNCTION settle_purchase(
  p_id uuid, p_from text, p_to text, p_token text, p_units text, p_next_check_at timestamptz, p_at timestamptz,
  p_reason text, p_refund boolean, p_response_status integer, p_response_body text, p_response_location text
) RETURNS TABLE (key_completed boolean, purchase transactions) LANGUAGE plpgsql AS $$
DECLARE
  t transactions;
  v_owner uuid;
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
      next_check_at = p_next_check_at, check_attempts = 0, updated_at = p_at
    WHERE id = p_id AND status = p_from AND category = 'purchase'
    RETURNING * INTO t;
  ELSE
    UPDATE transactions SET next_check_at = p_next_check_at
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
  END IF;

  UPDATE idempotency_keys SET state = 'completed', locked_until = NULL, response_status = p_response_status,
    response_body = p_response_body, response_location = p_response_location
  WHERE transaction_id = p_id AND state = 'in_flight';
  key_completed := FOUND;
  purchase := t;
  RETURN NEXT;
END
$$;
