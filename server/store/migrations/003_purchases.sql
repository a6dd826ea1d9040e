-- 003_purchases: what purchases need (issue 12): a balance that can never go below zero, the purchase columns of a
-- transaction, its append-only state history, and the idempotency records of POST requests.
-- Runs unchanged on PGlite and PostgreSQL 15 (applied by migrate.ts inside one transaction).
--
-- Money rules (store/purchases.ts, store/wallets.ts): every debit, refund and state change runs in ONE database
-- transaction with its record. The debit is `UPDATE wallets ... WHERE balance >= total` (the first line); the CHECK
-- below is the last: no statement, from this code or by hand, can leave a wallet negative.
-- Lock order of those transactions (PostgreSQL): the wallet row first, then transaction rows, then (through 002's
-- counter triggers) the account row, then idempotency records; nothing takes them the other way round, so two of
-- them on one wallet queue instead of deadlocking.
--
-- 002's counter triggers already handle UPDATEs (a statement-level trigger with old and new transition tables, the
-- -1 / +1 of a status change cancelling out where nothing counted changed), so a purchase going pending ->
-- successful -> reversed keeps total_count exact without a change here (tested in transaction-total.test.ts).

ALTER TABLE wallets ADD CONSTRAINT wallets_balance_non_negative CHECK (balance >= 0);

ALTER TABLE transactions
  ADD COLUMN smartcard_number text,
  -- electricity prepaid: the 20-digit token and the units, once successful
  ADD COLUMN token            text,
  ADD COLUMN units            text,
  -- the catalogue id of what was bought (products.id is text: ids are UUIDs but the column predates that rule)
  ADD COLUMN product_id       text,
  -- when the settlement worker should requery the biller about this purchase; null = never (final, or not a purchase)
  ADD COLUMN next_check_at    timestamptz(3),
  -- requeries so far in the current state (the worker's backoff: 1 s, 2 s, 4 s ... capped)
  ADD COLUMN check_attempts   integer NOT NULL DEFAULT 0 CHECK (check_attempts >= 0);

-- claimDueChecks: `next_check_at <= now` over the few purchases awaiting a requery, never the whole history.
CREATE INDEX transactions_next_check_idx ON transactions (next_check_at) WHERE next_check_at IS NOT NULL;

-- Append-only: one row per state a transaction entered (from_status null = created). Only the moves of the state
-- machine are accepted: pending -> successful, pending -> failed, successful -> reversed; a state never goes back.
CREATE TABLE transaction_history (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  transaction_id uuid NOT NULL REFERENCES transactions (id) ON DELETE CASCADE,
  from_status    text CHECK (from_status IN ('pending', 'successful')),
  to_status      text NOT NULL CHECK (to_status IN ('pending', 'successful', 'failed', 'reversed')),
  at             timestamptz(3) NOT NULL,
  reason         text,
  CONSTRAINT transaction_history_moves CHECK (
    from_status IS NULL
    OR (from_status = 'pending' AND to_status IN ('successful', 'failed'))
    OR (from_status = 'successful' AND to_status = 'reversed'))
);
-- getTransactionHistory(transaction_id) in order of appending
CREATE INDEX transaction_history_transaction_idx ON transaction_history (transaction_id, id);

-- One record per (account, Idempotency-Key), kept 24 h (expires_at); an expired record is replaced by the next
-- request with that key. `in_flight` while the first request runs: `locked_until` is its lease (a request that died
-- before recording anything is taken over once it passes); once a purchase is recorded, `transaction_id` links it
-- and the record stays in flight until the purchase's first settlement completes it with the 201 snapshot.
-- `response_body` holds the exact bytes that were sent, so a replay is byte for byte the same.
CREATE TABLE idempotency_keys (
  account_id        uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  key               text NOT NULL,
  operation         text NOT NULL,
  fingerprint       text NOT NULL,
  state             text NOT NULL CHECK (state IN ('in_flight', 'completed')),
  locked_until      timestamptz(3),
  transaction_id    uuid,
  response_status   integer,
  response_body     text,
  response_location text,
  created_at        timestamptz(3) NOT NULL,
  expires_at        timestamptz(3) NOT NULL,
  PRIMARY KEY (account_id, key),
  CONSTRAINT idempotency_keys_completed_has_response CHECK (
    state = 'in_flight' OR (response_status IS NOT NULL AND response_body IS NOT NULL))
);
-- purging expired records
CREATE INDEX idempotency_keys_expires_idx ON idempotency_keys (expires_at);
-- settlePurchase: the in-flight record of a purchase, completed with its 201 snapshot
CREATE INDEX idempotency_keys_transaction_idx ON idempotency_keys (transaction_id) WHERE transaction_id IS NOT NULL;
