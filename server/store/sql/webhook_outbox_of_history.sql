-- webhook_outbox_of_history: the webhook outbox, as a trigger on transaction_history (below). Every state a purchase
-- enters is one history row, written in the same database transaction as the state change (record_purchase,
-- settle_purchase, or any other path), so its event and deliveries (webhook_enqueue.sql) commit or roll back with
-- the change itself, on PGlite and PostgreSQL alike. Nothing in TypeScript writes an event of a state change: this
-- does.
--
-- Except the creation row of a purchase still awaiting its first answer (pending_event_due, set by record_purchase):
-- that pending row is a reservation made before the biller is asked, and `transaction.pending` is sent only for a
-- purchase that is created pending — settle_purchase writes it when the first settlement leaves the purchase pending.
-- Rows without the flag (purchases written before migration 008, transactions inserted otherwise: demo data in
-- server/store/entries.ts) are events from their creation row. Rows of other categories (not purchases) are no
-- events.
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
  PERFORM webhook_enqueue(p_account => v_account, p_transaction => NEW.transaction_id,
    p_type => 'transaction.' || NEW.to_status, p_event_at => NEW.at, p_due_at => NEW.at);
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER transaction_history_webhook_outbox AFTER INSERT ON transaction_history
  FOR EACH ROW EXECUTE FUNCTION webhook_outbox_of_history();
