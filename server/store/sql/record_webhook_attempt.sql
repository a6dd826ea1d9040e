-- record_webhook_attempt: one delivery attempt's outcome, in one transaction: the attempt row, the delivery's next
-- state, and the endpoint's health (failing_since; disabled on 410 or after p_failing_after of failures).
-- Compare-and-set on `attempts`: no row is recorded (recorded = false) when the delivery is no longer pending at
-- p_attempt - 1 (another worker, whose lease ran out on this one, recorded it): nothing written. Called by the
-- delivery worker through server/store/webhook-deliveries.ts (recordWebhookAttempt).
--   p_outcome: 'delivered' | 'retry' (p_next_attempt_at set) | 'failed' (no retry left) | 'gone' (410)
--   endpoint_disabled: the reason the endpoint was disabled by this attempt ('endpoint_gone', 'failing'), or NULL.
CREATE OR REPLACE FUNCTION record_webhook_attempt(
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
