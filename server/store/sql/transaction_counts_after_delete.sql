-- The counters of transaction_counts (migration 002 made the table and its backfill, and says why a total is a sum of
-- counters; server/store/transaction-count.ts reads them): every statement that writes transactions adds its rows,
-- aggregated once per statement through the transition table, to the three buckets of transaction_count_buckets per
-- status and category, in the writer's own transaction.
-- Concurrency (PostgreSQL): every write to an account's transactions updates its grain-0 counters, so writers to one
-- account serialise until commit anyway. Each trigger first locks the accounts it touches (FOR NO KEY UPDATE, in id
-- order; foreign-key checks take FOR KEY SHARE and are not blocked): two multi-statement transactions writing to one
-- account then queue on the account row instead of each holding some counter rows the other needs (deadlock).
--
-- After DELETE: -1 per deleted row in each of its buckets.
CREATE OR REPLACE FUNCTION transaction_counts_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM FROM accounts WHERE id IN (SELECT account_id FROM old_rows) ORDER BY id FOR NO KEY UPDATE;
  INSERT INTO transaction_counts AS c (account_id, grain, bucket, status, category, n)
  SELECT d.* FROM (
    SELECT r.account_id, b.grain, b.bucket, r.status, r.category, -count(*) AS n
    FROM old_rows r CROSS JOIN LATERAL transaction_count_buckets(created_at => r.created_at) b
    GROUP BY 1, 2, 3, 4, 5
  ) d
  -- A cascade from a deleted account: its counters are (or are about to be) deleted with it; writing them would
  -- recreate rows for a missing account.
  WHERE EXISTS (SELECT 1 FROM accounts a WHERE a.id = d.account_id)
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (account_id, grain, bucket, status, category) DO UPDATE SET n = c.n + EXCLUDED.n;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER transaction_counts_delete AFTER DELETE ON transactions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION transaction_counts_after_delete();
