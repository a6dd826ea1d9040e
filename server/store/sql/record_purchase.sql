-- record_purchase: a purchase recorded in ONE statement (one round trip): the claim of a new Idempotency-Key (or the
-- link of one claimed beforehand), the debit, the pending purchase and its first history row. Called through
-- record_purchase_outcome (server/store/purchase-statements.ts), never alone by the server; bench/ calls it directly.
--
-- Why one function: run from TypeScript as a client-side transaction this was 6 round trips (BEGIN, the
-- statements, COMMIT); on PostgreSQL every round trip made under a lock is time that every other purchase of the same
-- wallet (the wallet row) and of the same account (the counter triggers lock the account row) waits for
-- (bench/README.md, "Purchases: where the time goes"). A function runs the same statements inside the server, so the
-- locks are held for the statements and the commit only. Nothing moved out of the database transaction: the
-- function runs in the caller's one statement, so it is one transaction (autocommit), or part of the caller's.
--
-- Returns the purchase, or no row when the wallet holds less than p_total_debit: then nothing is debited and the
-- key's record is completed with the 422 the caller passed (p_insufficient_status, p_insufficient_body) and unlinked.
--
-- The Idempotency-Key (p_key; NULL: none):
--   p_claim_key = true: a new key, claimed here, before any money moves — the INSERT is the first statement, and the
--     debit that follows is rolled back with it when the function raises (a separate claim beforehand cost a round
--     trip and a commit per purchase). The record is inserted already linked to the purchase (transaction_id =
--     p_id), not inserted and then updated (a second row version and entries in all three of its indexes): the claim,
--     the purchase and the link commit together or not at all, so no other transaction sees the record linked
--     without its purchase. When the account already has a record with this key — whatever its state, expired or
--     not — nothing is written and the function raises BPK02 (the caller inspects the record: replay, reused, in
--     flight). Concurrent first requests with one key: the losers' INSERT waits for the winner's commit, then does
--     nothing, so they raise BPK02 holding no lock (the INSERT comes before the wallet's).
--   p_claim_key = false: the record was claimed beforehand (claimIdempotencyKey: replaced or taken over) and is
--     linked here by an UPDATE, which must still find it in flight and unlinked.
--
-- The purchase is inserted with pending_event_due = true: its pending creation row is a reservation made before the
-- biller is asked, not yet the purchase's creation, so the outbox trigger makes no event of it; the first
-- settlement decides (settle_purchase.sql, webhook_outbox_of_history.sql).
--
-- An exception rolls all of it back; the SQLSTATEs tell the caller's cases apart (server/store/purchases.ts):
--   BPW01  the account has no wallet                                                    -> WalletNotFoundError
--   BPK01  the idempotency record is no longer this request's (taken over, completed or released) -> key lost
--   BPK02  the account already has an idempotency record with this key (nothing written)
--   BPR01  the external reference is already used by the account (a generated one is drawn again)
--   BPP01  the product is unavailable (an operator took it offline: migration 012)     -> 422 PRODUCT_UNAVAILABLE
--
-- Lock order (server/store/entries.ts): the wallet row, then transactions (whose counter triggers lock the account
-- row), then the idempotency record — but for the claim of a new key, the first statement, which locks only the new
-- record (a loser waits for the winner's commit holding nothing else). The debit locks the wallet row, and only
-- moves money that is there (migration 003's CHECK on the balance backs it).
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
  v_available boolean;
  v_fixed_price text;
  v_product_amount numeric := p_product_amount;
  v_total_debit numeric := p_total_debit;
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

  -- The product as it is now, read in this transaction (migration 012, change_product.sql): an offline product is not
  -- sold (BPP01, nothing written), and a fixed-price product is charged the price read here, whatever price the
  -- caller read before — a price change racing the purchase leaves it charged the old price or the new one, whole
  -- (product_amount and total_debit from one read), and product_amount says which. A range (face_value) is the
  -- caller's amount, checked against the range the caller read.
  -- By the primary key (environment, id): a join on the account's environment was planned as a scan of the
  -- catalogue filtered by id, once per purchase.
  SELECT p.available, p.attributes -> 'price' ->> 'amount' INTO v_available, v_fixed_price
  FROM products p
  WHERE p.environment = (SELECT a.environment FROM accounts a WHERE a.id = p_account_id) AND p.id = p_product_id;
  IF v_available IS FALSE THEN
    RAISE EXCEPTION 'product % is unavailable', p_product_id USING ERRCODE = 'BPP01';
  END IF;
  IF p_price_basis = 'fixed' AND v_fixed_price IS NOT NULL THEN
    v_product_amount := v_fixed_price::numeric;
    v_total_debit := v_product_amount + p_fee_amount;
  END IF;

  -- The debit: it locks the wallet row, and only moves money that is there (003's CHECK backs it).
  UPDATE wallets SET balance = balance - v_total_debit, updated_at = p_created_at
  WHERE account_id = p_account_id AND balance >= v_total_debit;
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
  VALUES (p_id, p_account_id, v_total_debit, p_currency, 'pending', 'purchase', p_description, p_reference,
    p_external_reference, p_product_type, p_phone_number, p_meter_number, p_smartcard_number, NULL, NULL, p_product_id,
    v_product_amount, p_fee_amount, v_total_debit, p_price_basis, p_created_at, p_created_at, p_next_check_at, true)
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
