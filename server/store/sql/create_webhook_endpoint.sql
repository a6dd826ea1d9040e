-- create_webhook_endpoint: a new endpoint (enabled, secret generation 1) unless the account already has p_max; no
-- row then, nor when the account does not exist. The account row's lock serialises concurrent creations, and the
-- count (a statement of its own, so with a snapshot taken after the lock) sees every endpoint committed before.
-- Called through server/store/webhooks.ts (createWebhookEndpoint). The signing secret itself is never stored
-- (server/webhooks/secrets.ts): p_secret_hash identifies it for audits, p_secret_hint shows its end.
CREATE OR REPLACE FUNCTION create_webhook_endpoint(
  p_id uuid, p_account_id uuid, p_url text, p_events text[], p_description text, p_secret_hash text,
  p_secret_hint text, p_at timestamptz, p_max integer
) RETURNS SETOF webhook_endpoints LANGUAGE plpgsql AS $$
BEGIN
  PERFORM FROM accounts WHERE id = p_account_id FOR UPDATE;
  IF NOT FOUND OR (SELECT count(*) FROM webhook_endpoints WHERE account_id = p_account_id) >= p_max THEN
    RETURN;
  END IF;
  RETURN QUERY INSERT INTO webhook_endpoints (id, account_id, url, events, description, enabled, secret_generation,
    secret_hash, secret_hint, created_at, updated_at)
  VALUES (p_id, p_account_id, p_url, p_events, p_description, true, 1, p_secret_hash, p_secret_hint, p_at, p_at)
  RETURNING *;
END
$$;
