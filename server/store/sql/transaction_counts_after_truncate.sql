-- The counters of transaction_counts (migration 002 made the table and its backfill, and says why a total is a sum of
-- counters; server/store/transaction-count.ts reads them): every statement that writes transactions adds its rows,
-- aggregated once per statement through the transition table, to the three buckets of transaction_count_buckets per
-- status and category, in the writer's own transaction.
-- Concurrency (PostgreSQL): every write to an account's transactions updates its grain-0 counters, so writers to one
-- account serialise until commit anyway. Each trigger first locks the accounts it touches (FOR NO KEY UPDATE, in id
-- order; foreign-key checks take FOR KEY SHARE and are not blocked): two multi-statement transactions writing to one
-- account then queue on the account row instead of each holding some counter rows the other needs (deadlock).
--
-- After TRUNCATE, which has no transition table: it empties the counters too.
CREATE OR REPLACE FUNCTION transaction_counts_after_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM transaction_counts;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER transaction_counts_truncate AFTER TRUNCATE ON transactions
  FOR EACH STATEMENT EXECUTE FUNCTION transaction_counts_after_truncate();
