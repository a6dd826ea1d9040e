-- 007_link_key_in_claim: a new Idempotency-Key claimed by record_purchase is inserted already linked to the purchase
-- (transaction_id = p_id) instead of inserted, then updated to link it. Runs unchanged on PGlite and PostgreSQL.
--
-- Why: the UPDATE rewrote the record it had just inserted — a second row version and, as transaction_id is indexed,
-- new entries in all three of its indexes — for every purchase (bench/README.md, "Purchases: where the time goes").
-- Nothing outside the function can tell: the claim, the purchase and the link commit together or not at all, so no
-- other transaction ever sees the record linked without its purchase. When the wallet cannot pay, the record is
-- completed with the 422 and unlinked in the same statement, as before. A record claimed beforehand
-- (p_claim_key = false: replaced or taken over) is linked by the UPDATE, as in 005. Same signature and SQLSTATEs.
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
