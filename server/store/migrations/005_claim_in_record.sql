-- 005_claim_in_record: a new Idempotency-Key is claimed by record_purchase itself, in the statement that records the
-- purchase, instead of by an autocommit INSERT of its own beforehand. Runs unchanged on PGlite and PostgreSQL.
--
-- Why: the separate claim was one round trip and one commit (a WAL flush) per purchase, ~20 % of PostgreSQL's CPU for
-- a purchase (bench/README.md, "Purchases: where the time goes": pgbench replays of each statement). The key is still
-- claimed before any money moves: the INSERT is the function's first statement, and the debit that follows is rolled
-- back with it when the function raises.
--
-- p_claim_key = true: insert the record (in flight, held until p_key_locked_until) before anything else. When the
-- account already has a record with this key — whatever its state, expired or not — nothing is written and the
-- function raises BPK02; purchases.ts answers `idempotency_key_exists` and the pipeline inspects the record the
-- usual way (http/idempotency.ts: replay, reused, in flight, or replaced/taken over and then recorded with
-- p_claim_key = false). Concurrent first requests with one key: the losers' INSERT waits for the winner's commit,
-- then does nothing, so they raise BPK02 holding no lock (the INSERT comes before the wallet's).
-- p_claim_key = false: the record was claimed beforehand (claimIdempotencyKey); it is linked as in 004.
-- The rest is 004's function unchanged. New SQLSTATE:
--   BPK02  the account already has an idempotency record with this key (nothing written)
DROP FUNCTION record_purchase(uuid, uuid, text, text, text, text, text, text, text, text, text, numeric, numeric,
  numeric, text, timestamptz, timestamptz, text, integer, text);

CREATE FUNCTION record_purchase(
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
    INSERT INTO idempotency_keys (account_id, key, operation, fingerprint, state, locked_until, created_at, expires_at)
    VALUES (p_account_id, p_key, p_key_operation, p_key_fingerprint, 'in_flight', p_key_locked_until, p_key_created_at,
      p_key_expires_at)
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
