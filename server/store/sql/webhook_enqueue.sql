-- webhook_enqueue: one event (webhook_events) and a pending delivery, due at p_due_at, to each enabled endpoint of
-- its account that subscribed to its type or to `*` (webhook_deliveries) — the transactional outbox, written in the
-- caller's transaction so the event commits or rolls back with the change itself. Callers: the outbox trigger on
-- transaction_history (webhook_outbox_of_history.sql), settle_purchase (the pending event), change_product (the
-- product.* events) and the low-balance trigger on wallets (wallet_low_balance_event.sql). The delivery worker
-- (server/webhooks/worker.ts) claims due deliveries with SKIP LOCKED leases (server/store/webhook-deliveries.ts).
--
-- An event of a purchase (p_transaction; p_data NULL) stores no copy of the transaction: a purchase's fields never
-- change after it is recorded except status, token, units and updated_at, and the state machine fixes those at each
-- state (token and units are set on the move to successful and kept after). So the Transaction as it was at the
-- event is the current row with the event's status and updated_at, and no token or units for a pending one
-- (server/webhooks/payload.ts renders it). Any other event (p_transaction NULL: product.*, account.low_balance) is
-- about a resource that changes afterwards: p_data is its snapshot as it was at the event (migrations 012, 013).
CREATE OR REPLACE FUNCTION webhook_enqueue(p_account uuid, p_transaction uuid, p_type text, p_event_at timestamptz,
  p_due_at timestamptz, p_data jsonb DEFAULT NULL) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_event uuid := gen_random_uuid();
BEGIN
  INSERT INTO webhook_events (id, account_id, type, transaction_id, data, created_at)
  VALUES (v_event, p_account, p_type, p_transaction, p_data, p_event_at);
  INSERT INTO webhook_deliveries (id, endpoint_id, event_id, trigger, status, next_attempt_at, created_at)
  SELECT gen_random_uuid(), e.id, v_event, 'automatic', 'pending', p_due_at, p_due_at
  FROM webhook_endpoints e
  WHERE e.account_id = p_account AND e.enabled AND (p_type = ANY (e.events) OR '*' = ANY (e.events));
END
$$;
