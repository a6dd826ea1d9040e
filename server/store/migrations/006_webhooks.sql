-- Webhooks (contract decisions, "Webhooks"): partners' endpoints, the event log, and the durable outbox of
-- deliveries with every attempt.
--
-- The outbox is written by a trigger on transaction_history: every state a purchase enters is one history row,
-- written in the same database transaction as the state change (004's and 005's functions), so the event and its
-- deliveries commit or roll back with the change itself, on PGlite and PostgreSQL alike, whatever path wrote it.
--
-- An event stores no copy of the transaction: a purchase's fields never change after it is recorded except status,
-- token, units and updated_at, and the state machine fixes those at each state (token and units are set on the move
-- to successful and kept after). So the Transaction as it was at the event is the current row with the event's
-- status and updated_at, and no token or units for a pending one (server/webhooks/payload.ts renders it).

-- An endpoint's signing secret is never stored: it is derived from the server's signing key, the endpoint id and
-- secret_generation (server/webhooks/secrets.ts). secret_hash (SHA-256 of the secret) identifies it for audits.
CREATE TABLE webhook_endpoints (
  id                         uuid PRIMARY KEY,
  account_id                 uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  url                        text NOT NULL CHECK (length(url) BETWEEN 1 AND 2048),
  events                     text[] NOT NULL CHECK (cardinality(events) BETWEEN 1 AND 4 AND events <@
    ARRAY['transaction.pending', 'transaction.successful', 'transaction.failed', 'transaction.reversed']),
  description                text CHECK (length(description) <= 256),
  enabled                    boolean NOT NULL,
  disabled_reason            text CHECK (disabled_reason IN ('disabled_by_partner', 'endpoint_gone', 'failing')),
  secret_generation          integer NOT NULL CHECK (secret_generation >= 1),
  secret_hash                text NOT NULL,
  secret_hint                text NOT NULL,
  -- Until then the previous generation's secret signs too (a rotation's overlap).
  previous_secret_expires_at timestamptz(3),
  -- The first failed attempt since the last delivered one: 3 days later the endpoint is disabled ('failing').
  failing_since              timestamptz(3),
  created_at                 timestamptz(3) NOT NULL,
  updated_at                 timestamptz(3) NOT NULL,
  CONSTRAINT webhook_endpoints_disabled_has_reason CHECK (enabled = (disabled_reason IS NULL))
);
-- listWebhookEndpoints: newest first per account; the trigger's lookup of an account's endpoints.
CREATE INDEX webhook_endpoints_account_idx ON webhook_endpoints (account_id, created_at DESC, id DESC);

-- The event log, kept 30 days (purged by the delivery worker).
CREATE TABLE webhook_events (
  id             uuid PRIMARY KEY,
  account_id     uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  type           text NOT NULL CHECK (type IN
    ('transaction.pending', 'transaction.successful', 'transaction.failed', 'transaction.reversed')),
  transaction_id uuid NOT NULL REFERENCES transactions (id) ON DELETE CASCADE,
  created_at     timestamptz(3) NOT NULL
);
-- listEvents: newest first per account (filters type / transaction_id are applied on this small per-account set).
CREATE INDEX webhook_events_account_idx ON webhook_events (account_id, created_at DESC, id DESC);
CREATE INDEX webhook_events_created_idx ON webhook_events (created_at);
CREATE INDEX webhook_events_transaction_idx ON webhook_events (transaction_id);

-- One delivery = one event to one endpoint (automatic at the event, or a partner's redelivery), with its attempts.
-- While pending, next_attempt_at is when it is due; a worker claims it by moving next_attempt_at past its lease
-- (as 003's next_check_at), and records an attempt only while `attempts` is still what it claimed: a worker whose
-- lease ran out can never record over another's.
CREATE TABLE webhook_deliveries (
  id              uuid PRIMARY KEY,
  endpoint_id     uuid NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
  event_id        uuid NOT NULL REFERENCES webhook_events (id) ON DELETE CASCADE,
  trigger         text NOT NULL CHECK (trigger IN ('automatic', 'redelivery')),
  status          text NOT NULL CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts        integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  next_attempt_at timestamptz(3),
  created_at      timestamptz(3) NOT NULL,
  CONSTRAINT webhook_deliveries_pending_is_due CHECK ((status = 'pending') = (next_attempt_at IS NOT NULL))
);
-- The worker's claim: the due pending deliveries, most overdue first.
CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at) WHERE status = 'pending';
-- listWebhookDeliveries: newest first per endpoint.
CREATE INDEX webhook_deliveries_endpoint_idx ON webhook_deliveries (endpoint_id, created_at DESC, id DESC);
CREATE INDEX webhook_deliveries_event_idx ON webhook_deliveries (event_id);

-- Append-only: one row per attempt; the primary key makes "attempt n of a delivery" happen once.
CREATE TABLE webhook_attempts (
  delivery_id          uuid NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
  attempt              integer NOT NULL CHECK (attempt >= 1),
  attempted_at         timestamptz(3) NOT NULL,
  response_status_code integer CHECK (response_status_code BETWEEN 100 AND 599),
  duration_ms          integer NOT NULL CHECK (duration_ms >= 0),
  error                text CHECK (length(error) <= 1000),
  response_body        text CHECK (length(response_body) <= 1000),
  PRIMARY KEY (delivery_id, attempt)
);

-- The outbox: an event per state a purchase enters, and a pending delivery to each enabled endpoint of its account
-- that subscribed to the event's type — in the transaction that wrote the history row.
CREATE FUNCTION webhook_outbox_of_history() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_account uuid;
  v_event uuid := gen_random_uuid();
  v_type text := 'transaction.' || NEW.to_status;
BEGIN
  SELECT account_id INTO v_account FROM transactions WHERE id = NEW.transaction_id AND category = 'purchase';
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  INSERT INTO webhook_events (id, account_id, type, transaction_id, created_at)
  VALUES (v_event, v_account, v_type, NEW.transaction_id, NEW.at);
  INSERT INTO webhook_deliveries (id, endpoint_id, event_id, trigger, status, next_attempt_at, created_at)
  SELECT gen_random_uuid(), e.id, v_event, 'automatic', 'pending', NEW.at, NEW.at
  FROM webhook_endpoints e
  WHERE e.account_id = v_account AND e.enabled AND v_type = ANY (e.events);
  RETURN NULL;
END
$$;

CREATE TRIGGER transaction_history_webhook_outbox AFTER INSERT ON transaction_history
  FOR EACH ROW EXECUTE FUNCTION webhook_outbox_of_history();

-- One attempt's outcome, in one transaction: the attempt row, the delivery's next state, and the endpoint's health
-- (failing_since; disabled on 410 or after 3 days of failures). Compare-and-set on `attempts`: no row when the
-- delivery is no longer pending at p_attempt - 1 (another worker recorded it): nothing written.
--   p_outcome: 'delivered' | 'retry' (p_next_attempt_at set) | 'failed' (no retry left) | 'gone' (410)
CREATE FUNCTION record_webhook_attempt(
  p_delivery uuid, p_attempt integer, p_at timestamptz, p_status integer, p_duration_ms integer, p_error text,
  p_response_body text, p_outcome text, p_next_attempt_at timestamptz, p_failing_after interval
) RETURNS TABLE (recorded boolean, endpoint_disabled text) LANGUAGE plpgsql AS $$
DECLARE
  v_endpoint uuid;
  v_failing_since timestamptz;
BEGIN
  UPDATE webhook_deliveries SET attempts = p_attempt,
    status = CASE p_outcome WHEN 'delivered' THEN 'delivered' WHEN 'retry' THEN 'pending' ELSE 'failed' END,
    next_attempt_at = CASE p_outcome WHEN 'retry' THEN p_next_attempt_at END
  WHERE id = p_delivery AND status = 'pending' AND attempts = p_attempt - 1
  RETURNING endpoint_id INTO v_endpoint;
  IF NOT FOUND THEN
    recorded := false;
    RETURN NEXT;
    RETURN;
  END IF;
  INSERT INTO webhook_attempts (delivery_id, attempt, attempted_at, response_status_code, duration_ms, error,
    response_body)
  VALUES (p_delivery, p_attempt, p_at, p_status, p_duration_ms, p_error, p_response_body);
  recorded := true;

  IF p_outcome = 'delivered' THEN
    UPDATE webhook_endpoints SET failing_since = NULL WHERE id = v_endpoint AND failing_since IS NOT NULL;
  ELSIF p_outcome = 'gone' THEN
    UPDATE webhook_endpoints SET enabled = false, disabled_reason = 'endpoint_gone', updated_at = p_at
    WHERE id = v_endpoint AND enabled;
    IF FOUND THEN
      endpoint_disabled := 'endpoint_gone';
    END IF;
  ELSE
    UPDATE webhook_endpoints SET failing_since = COALESCE(failing_since, p_at)
    WHERE id = v_endpoint RETURNING failing_since INTO v_failing_since;
    IF v_failing_since <= p_at - p_failing_after THEN
      UPDATE webhook_endpoints SET enabled = false, disabled_reason = 'failing', updated_at = p_at
      WHERE id = v_endpoint AND enabled;
      IF FOUND THEN
        endpoint_disabled := 'failing';
      END IF;
    END IF;
  END IF;
  RETURN NEXT;
END
$$;

-- A new endpoint unless the account already has p_max: the account row's lock serialises concurrent creations, and
-- the count (a statement of its own, so with a snapshot taken after the lock) sees every endpoint committed before.
CREATE FUNCTION create_webhook_endpoint(
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
