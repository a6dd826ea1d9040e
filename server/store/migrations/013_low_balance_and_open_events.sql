-- 013_low_balance_and_open_events: a low-balance threshold per wallet, events that are not about a transaction, and
-- endpoints subscribed to `*` (issue 25; contract 1.2.0). Runs unchanged on PGlite and PostgreSQL. Tables only: the
-- event of a crossing is written by the trigger in ../sql/wallet_low_balance_event.sql, the fan-out (including `*`)
-- by ../sql/webhook_enqueue.sql.
--
-- The threshold lives on the wallet row, beside the balance it is compared with: a debit updates that row under its
-- lock, so the trigger compares OLD.balance and NEW.balance with the threshold of the same locked row, and of any
-- number of concurrent debits (on any number of instances) exactly one moves the balance from at-or-above to below
-- it. 0 is off (the default): a balance is never below 0 (migration 003's CHECK).
ALTER TABLE wallets ADD COLUMN low_balance_threshold numeric(20, 2) NOT NULL DEFAULT 0
  CONSTRAINT wallets_low_balance_threshold_non_negative CHECK (low_balance_threshold >= 0);

-- An event is about a transaction (transaction.*: the Transaction is rendered from its row, 006's comment says why)
-- or carries its own `data`, a snapshot of the resource as it was at the event (012: product.*; here
-- account.low_balance: the balance and the threshold) — those resources change after the event, a transaction's row
-- does not. The type's list is the contract's WebhookEventType; a CHECK now ties each type to its subject. (The
-- column changes repeat 012's, idempotent, so this migration reads whole.)
ALTER TABLE webhook_events ALTER COLUMN transaction_id DROP NOT NULL;
ALTER TABLE webhook_events ADD COLUMN IF NOT EXISTS data jsonb;
ALTER TABLE webhook_events DROP CONSTRAINT IF EXISTS webhook_events_type_check;
ALTER TABLE webhook_events ADD CONSTRAINT webhook_events_type_known CHECK (type IN (
  'transaction.pending', 'transaction.successful', 'transaction.failed', 'transaction.reversed',
  'account.low_balance', 'product.price_changed', 'product.unavailable', 'product.available'));
ALTER TABLE webhook_events ADD CONSTRAINT webhook_events_subject CHECK (CASE WHEN type LIKE 'transaction.%'
  THEN transaction_id IS NOT NULL AND data IS NULL
  ELSE transaction_id IS NULL AND jsonb_typeof(data) = 'object' END);

-- An endpoint subscribes to 1 to 4 event types, or to `*`: every type, those above and any added later (the
-- contract's WebhookEventSubscription; its maxItems stays 4, raising it is breaking for readers of the list).
ALTER TABLE webhook_endpoints DROP CONSTRAINT IF EXISTS webhook_endpoints_events_check;
ALTER TABLE webhook_endpoints ADD CONSTRAINT webhook_endpoints_events_known CHECK (
  cardinality(events) BETWEEN 1 AND 4 AND events <@ ARRAY['*',
    'transaction.pending', 'transaction.successful', 'transaction.failed', 'transaction.reversed',
    'account.low_balance', 'product.price_changed', 'product.unavailable', 'product.available']);
