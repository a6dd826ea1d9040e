-- record_purchase_outcome: record_purchase (record_purchase.sql, same parameters and p_reference_generated) with an
-- outcome for every call — a known Idempotency-Key is an answer ('key_held'), not an error — so that one known key in
-- a group commit does not roll the whole group back and rerun its purchases one by one. The server records every
-- purchase through it (server/store/purchase-statements.ts: one call, or a group of calls LATERAL over arrays in one
-- statement).
--
-- Why: a group of purchases is one statement. record_purchase raises BPK02 when the key it claims exists, which
-- rolls back every purchase of the group; they then ran again alone. Under a retry storm — clients repeating keys
-- the server already knows, as the contract tells them to after a timeout — nearly every group met a known key, so
-- repeats that write nothing took longer to be told so than new purchases took to be recorded (bench/README.md,
-- "Retry storms"), and on two instances a call waiting for the other instance's uncommitted claim of the same key,
-- while its group held a wallet the other group needed next, was a deadlock (one group rolled back after
-- deadlock_timeout).
--
-- Outcomes, one row per call:
--   recorded      the purchase (as record_purchase returns it);
--   insufficient  nothing debited, the 422 stored with the key (record_purchase returned no row);
--   key_held      nothing written: the account has a record with this key, or another transaction is claiming it
--                 right now. The caller reads the record (replay, reused, in flight) — after the statement, holding
--                 nothing — exactly as for BPK02.
--   reference_used  nothing written: a transaction of the account already has p_external_reference; `purchase` is
--                 that transaction (the caller names it: 409 DUPLICATE_REFERENCE for a partner's reference, or it
--                 draws a generated one again). Checked after the key, so a replay wins (contract decisions: body →
--                 idempotency record → reference already used → … → balance), and before the debit, so a used
--                 reference is a 409 even when the wallet could not pay.
-- Before claiming, the call takes a transaction-scoped advisory lock on the (account, key) without waiting: every
-- claim made through this function holds it until its transaction ends, so a key another transaction is claiming
-- is answered 'key_held' at once instead of waiting for that transaction while this one holds wallet locks (the
-- deadlock above). Then a read of the key: a known key is 'key_held' without any write. Neither decides anything
-- about money: the claim itself is still record_purchase's INSERT … ON CONFLICT DO NOTHING on the primary key, which
-- raises BPK02 when a claim made outside this function (claimIdempotencyKey, a keyed write) won in between — then
-- the group is rolled back and rerun alone. The two-int advisory key space (class 26) is not the one-bigint space of
-- the migrations', catalogue's and seed's locks; a hash collision between two keys only makes one of them
-- 'key_held', and the caller's read then finds no record and claims it the slow way.
-- A reference the server generated (p_reference_generated: the partner sent none) is not read first: drawn at random
-- it is as good as never taken, and when it is, the constraint below says so (BPR01) and the caller draws again.
-- The read of the reference only answers early and names the transaction; what keeps a reference unique is the
-- constraint transactions_account_external_reference_key, which record_purchase's INSERT … ON CONFLICT DO NOTHING
-- meets. A transaction that commits the reference between this read and that INSERT (another instance, or another
-- group) makes it raise BPR01: the whole statement is rolled back (nothing debited), a group runs again call by call
-- (purchase-statements.ts), and the caller meets the reference committed (server/store/purchases.ts).
-- Every other SQLSTATE of record_purchase (BPW01, BPK01, BPR01) is raised as it is.
CREATE OR REPLACE FUNCTION record_purchase_outcome(
  p_id uuid, p_account_id uuid, p_currency text, p_description text, p_reference text, p_external_reference text,
  p_product_type text, p_product_id text, p_phone_number text, p_meter_number text, p_smartcard_number text,
  p_product_amount numeric, p_fee_amount numeric, p_total_debit numeric, p_price_basis text,
  p_created_at timestamptz, p_next_check_at timestamptz,
  p_key text, p_insufficient_status integer, p_insufficient_body text,
  p_claim_key boolean, p_key_operation text, p_key_fingerprint text, p_key_created_at timestamptz,
  p_key_locked_until timestamptz, p_key_expires_at timestamptz, p_reference_generated boolean DEFAULT false
) RETURNS TABLE (outcome text, purchase transactions) LANGUAGE plpgsql AS $$
DECLARE
  t transactions;
BEGIN
  IF p_key IS NOT NULL AND p_claim_key THEN
    IF NOT pg_try_advisory_xact_lock(26, hashtext(p_account_id::text || ':' || p_key)) THEN
      RETURN QUERY SELECT 'key_held'::text, NULL::transactions;
      RETURN;
    END IF;
    PERFORM FROM idempotency_keys WHERE account_id = p_account_id AND key = p_key;
    IF FOUND THEN
      RETURN QUERY SELECT 'key_held'::text, NULL::transactions;
      RETURN;
    END IF;
  END IF;

  IF NOT p_reference_generated THEN
    -- Planned for its values at every call (EXECUTE), not once per connection: a plan cached while the table was
    -- small (a new database, or one never analysed) could read the account's rows through another index that leads
    -- with account_id and filter them by reference, costs being equal then — a scan of all of a hot account's
    -- purchases, once per purchase (bench/README.md, "Before and after in one run"). With its values the planner
    -- sees the unique key (account_id, external_reference) as the one row it is.
    EXECUTE 'SELECT * FROM transactions WHERE account_id = $1 AND external_reference = $2'
      INTO t USING p_account_id, p_external_reference;
    IF t.id IS NOT NULL THEN
      RETURN QUERY SELECT 'reference_used'::text, t;
      RETURN;
    END IF;
  END IF;

  SELECT * INTO t FROM record_purchase(p_id => p_id, p_account_id => p_account_id, p_currency => p_currency,
    p_description => p_description, p_reference => p_reference, p_external_reference => p_external_reference,
    p_product_type => p_product_type, p_product_id => p_product_id, p_phone_number => p_phone_number,
    p_meter_number => p_meter_number, p_smartcard_number => p_smartcard_number, p_product_amount => p_product_amount,
    p_fee_amount => p_fee_amount, p_total_debit => p_total_debit, p_price_basis => p_price_basis,
    p_created_at => p_created_at, p_next_check_at => p_next_check_at, p_key => p_key,
    p_insufficient_status => p_insufficient_status, p_insufficient_body => p_insufficient_body,
    p_claim_key => p_claim_key, p_key_operation => p_key_operation, p_key_fingerprint => p_key_fingerprint,
    p_key_created_at => p_key_created_at, p_key_locked_until => p_key_locked_until,
    p_key_expires_at => p_key_expires_at);
  IF FOUND THEN
    RETURN QUERY SELECT 'recorded'::text, t;
  ELSE
    RETURN QUERY SELECT 'insufficient'::text, NULL::transactions;
  END IF;
END
$$;
