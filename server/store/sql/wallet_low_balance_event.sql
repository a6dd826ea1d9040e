-- wallet_low_balance_event: the `account.low_balance` event, as a trigger on the wallet's balance (below). It fires
-- when an update takes the balance from at-or-above the wallet's low_balance_threshold to below it (migration 013),
-- and only then: one event per crossing, not one per debit under the threshold; the next one only after the balance
-- has come back to the threshold or above (a funding, a refund) and a debit takes it below again. A threshold of 0
-- is off (a balance is never below 0). Setting the threshold changes no balance: it makes no event, even when the
-- balance is already below the new threshold.
--
-- Why a trigger: every debit (record_purchase, any other path) updates the wallet row holding its lock, so concurrent
-- debits on any number of instances update it one after another, each seeing the balance the previous one left —
-- of those, exactly one crosses. The event and its deliveries (webhook_enqueue.sql) are written in the debit's own
-- transaction: they commit or roll back with it.
--
-- The event's data is the wallet as it was right after the debit — the balance and the threshold — kept with the
-- event (the balance changes afterwards); the event's created_at is the debit's time (the wallet's updated_at). The
-- payload (server/webhooks/payload.ts) renders both as the contract's AccountBalance resource.
CREATE OR REPLACE FUNCTION wallet_low_balance_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM webhook_enqueue(p_account => NEW.account_id, p_transaction => NULL, p_type => 'account.low_balance',
    p_event_at => NEW.updated_at, p_due_at => NEW.updated_at,
    p_data => jsonb_build_object('balance', NEW.balance::text, 'currency', NEW.currency,
      'low_balance_threshold', NEW.low_balance_threshold::text));
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER wallets_low_balance_event AFTER UPDATE OF balance ON wallets FOR EACH ROW
  WHEN (NEW.balance < NEW.low_balance_threshold AND OLD.balance >= NEW.low_balance_threshold)
  EXECUTE FUNCTION wallet_low_balance_event();
