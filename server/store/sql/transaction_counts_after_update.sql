-- The counters of transaction_counts (migration 002 made the table and its backfill, and says why a total is a sum of
-- counters; server/store/transaction-count.ts reads them): every statement that writes transactions adds its rows,
-- aggregated once per statement through the transition table, to the three buckets of transaction_count_buckets per
-- status and category, in the writer's own transaction.
-- Concurrency (PostgreSQL): every write to an account's transactions updates its grain-0 counters, so writers to one
-- account serialise until commit anyway. Each trigger first locks the accounts it touches (FOR NO KEY UPDATE, in id
-- order; foreign-key checks take FOR KEY SHARE and are not blocked): two multi-statement transactions writing to one
-- account then queue on the account row instead of each holding some counter rows the other needs (deadlock).
--
-- After UPDATE: -1 in the old row's buckets, +1 in the new row's. Transition tables rule out `UPDATE OF column`
-- triggers, so this fires on every UPDATE; rows whose account, status, category and bucket did not change cancel out
-- (-1 + 1) and write nothing.
CREATE OR REPLACE FUNCTION transaction_counts_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM FROM accounts
  WHERE id IN (SELECT account_id FROM old_rows UNION SELECT account_id FROM new_rows) ORDER BY id FOR NO KEY UPDATE;
  INSERT INTO transaction_counts AS c (account_id, grain, bucket, status, category, n)
  SELECT r.account_id, b.grain, b.bucket, r.status, r.category, sum(r.delta)
  FROM (
    SELECT account_id, status, category, created_at, -1 AS delta FROM old_rows
    UNION ALL
    SELECT account_id, status, category, created_at, 1 FROM new_rows
  ) r CROSS JOIN LATERAL transaction_count_buckets(created_at => r.created_at) b
  GROUP BY 1, 2, 3, 4, 5
  HAVING sum(r.delta) <> 0
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (account_id, grain, bucket, status, category) DO UPDATE SET n = c.n + EXCLUDED.n;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER transaction_counts_update AFTER UPDATE ON transactions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION transaction_counts_after_update();
