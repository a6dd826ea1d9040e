-- 002_transaction_counts: exact transaction counts per (account, status, category) and UTC day / month / all time,
-- kept by statement-level triggers, so that listTransactions' total_count no longer counts the account's history.
-- Runs unchanged on PGlite and PostgreSQL 15 (applied by migrate.ts inside one transaction).
--
-- Why: 001's listTransactions counted count(*) over every row matching the filter, linear in the account's history
-- (unfiltered list at 1M rows: ~80 ms on PostgreSQL, ~160 ms on PGlite, for the total alone). Now (queries.ts, see
-- transaction-count.ts for the split) a total is a sum of
--   - counters of this table, read through its primary key (account_id, grain, bucket, status, category):
--       no created_at range          -> grain 0, one bucket: <= 24 rows (4 statuses x 6 categories);
--       whole months inside the range -> grain 1, a bucket range: <= 24 rows per month;
--       whole days around those months -> grain 2, a bucket range: <= 24 rows per day, < 62 days;
--     status / category, when given, are index conditions inside that bucket range;
--   - exact row counts of the partial day at each end of the range (created_at from `from` to the next UTC
--     midnight, and from the last UTC midnight to `to`): index-only range scans of the list index that matches the
--     filter (transactions_account[_status][_category]_created_idx, all ending in created_at), <= 1 day of rows each.
-- So the count's cost depends on the filter's shape and on one day's volume, never on the history outside the range.
-- A filter with external_reference (<= 1 row) is still counted on the rows (transactions_account_external_reference_key).
-- The page itself is unchanged: a forward scan of the same list index, already in list order, stopping after
-- OFFSET + LIMIT entries.
-- Measured (listTransactions page 1 of 100, one account, after VACUUM ANALYZE, 2-core shared machine, median):
--                                      PostgreSQL 15             PGlite
--   unfiltered, 10k -> 1M rows         1.5 -> 1.5 ms (was 82)    2.7 -> 3.0 ms (was 161)
--   status + category + 7-day window   1.8 -> 2.1 ms             3.6 -> 3.7 ms
-- EXPLAIN at 1M: unfiltered = Index Scan of transaction_counts_pkey (22 rows) + the page; filtered = two Index Only
-- Scans of transactions_account_status_category_created_idx (~410 entries each) + 5 day counters + the page.
--
-- Buckets are UTC: grain 0 = all time (bucket 1970-01-01), 1 = month (its first day), 2 = day. One definition,
-- transaction_count_buckets(created_at), serves the triggers and the backfill; queries.ts derives the same UTC
-- midnights and month starts in JS (transaction-count.ts).
--
-- Maintenance: one trigger per event, FOR EACH STATEMENT with a transition table, so a bulk INSERT ... SELECT of
-- 50k rows aggregates once (about a thousand counter rows), not 50k times: ~+6 % per such statement (~3 us a row).
-- The backfill below takes ~2-3 s per million existing rows, once.
-- Concurrency (PostgreSQL): every write to an account's transactions updates its grain-0 counters, so writers to one
-- account serialise until commit anyway. Each trigger first locks the accounts it touches (FOR NO KEY UPDATE, in id
-- order; foreign-key checks take FOR KEY SHARE and are not blocked): two multi-statement transactions writing to
-- one account then queue on the account row instead of each holding some counter rows the other needs (deadlock).
-- The API never writes; the console and the demo loader do.
-- Counters that fall to 0 are kept (harmless to the sums; deletes are rare here).
-- Deleting an account cascades to transactions (whose DELETE trigger then subtracts) and to transaction_counts:
-- the DELETE trigger skips accounts that no longer exist, so either cascade order works.

-- No other writer may touch transactions between the backfill below and the triggers taking over (PostgreSQL:
-- another instance may be running). SHARE ROW EXCLUSIVE blocks writers and lets readers go on.
LOCK TABLE transactions IN SHARE ROW EXCLUSIVE MODE;

CREATE TABLE transaction_counts (
  account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  grain      smallint NOT NULL CHECK (grain IN (0, 1, 2)),
  bucket     date NOT NULL,
  status     text NOT NULL,
  category   text NOT NULL,
  n          bigint NOT NULL,
  -- bucket before status and category: a range of buckets is one index range whatever the filter (status and
  -- category are checked inside it), so an unfiltered or status-only count never walks other days' counters.
  PRIMARY KEY (account_id, grain, bucket, status, category)
);

-- The three counter buckets a transaction created at `created_at` belongs to.
CREATE FUNCTION transaction_count_buckets(created_at timestamptz, OUT grain smallint, OUT bucket date)
  RETURNS SETOF record LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  VALUES (0::smallint, date '1970-01-01'),
         (1::smallint, date_trunc('month', created_at AT TIME ZONE 'UTC')::date),
         (2::smallint, (created_at AT TIME ZONE 'UTC')::date)
$$;

-- Backfill: the rows that exist already (data directories and databases created before this migration).
INSERT INTO transaction_counts (account_id, grain, bucket, status, category, n)
SELECT t.account_id, b.grain, b.bucket, t.status, t.category, count(*)
FROM transactions t CROSS JOIN LATERAL transaction_count_buckets(t.created_at) b
GROUP BY 1, 2, 3, 4, 5;

CREATE FUNCTION transaction_counts_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM FROM accounts WHERE id IN (SELECT account_id FROM new_rows) ORDER BY id FOR NO KEY UPDATE;
  INSERT INTO transaction_counts AS c (account_id, grain, bucket, status, category, n)
  SELECT r.account_id, b.grain, b.bucket, r.status, r.category, count(*)
  FROM new_rows r CROSS JOIN LATERAL transaction_count_buckets(r.created_at) b
  GROUP BY 1, 2, 3, 4, 5
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (account_id, grain, bucket, status, category) DO UPDATE SET n = c.n + EXCLUDED.n;
  RETURN NULL;
END
$$;

CREATE FUNCTION transaction_counts_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM FROM accounts WHERE id IN (SELECT account_id FROM old_rows) ORDER BY id FOR NO KEY UPDATE;
  INSERT INTO transaction_counts AS c (account_id, grain, bucket, status, category, n)
  SELECT d.* FROM (
    SELECT r.account_id, b.grain, b.bucket, r.status, r.category, -count(*) AS n
    FROM old_rows r CROSS JOIN LATERAL transaction_count_buckets(r.created_at) b
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

-- Transition tables rule out `UPDATE OF column` triggers, so this fires on every UPDATE; rows whose account,
-- status, category and bucket did not change cancel out (-1 + 1) and write nothing.
CREATE FUNCTION transaction_counts_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM FROM accounts
  WHERE id IN (SELECT account_id FROM old_rows UNION SELECT account_id FROM new_rows) ORDER BY id FOR NO KEY UPDATE;
  INSERT INTO transaction_counts AS c (account_id, grain, bucket, status, category, n)
  SELECT r.account_id, b.grain, b.bucket, r.status, r.category, sum(r.delta)
  FROM (
    SELECT account_id, status, category, created_at, -1 AS delta FROM old_rows
    UNION ALL
    SELECT account_id, status, category, created_at, 1 FROM new_rows
  ) r CROSS JOIN LATERAL transaction_count_buckets(r.created_at) b
  GROUP BY 1, 2, 3, 4, 5
  HAVING sum(r.delta) <> 0
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (account_id, grain, bucket, status, category) DO UPDATE SET n = c.n + EXCLUDED.n;
  RETURN NULL;
END
$$;

-- TRUNCATE has no transition table: it empties the counters too.
CREATE FUNCTION transaction_counts_after_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM transaction_counts;
  RETURN NULL;
END
$$;

CREATE TRIGGER transaction_counts_insert AFTER INSERT ON transactions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transaction_counts_after_insert();
CREATE TRIGGER transaction_counts_delete AFTER DELETE ON transactions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION transaction_counts_after_delete();
CREATE TRIGGER transaction_counts_update AFTER UPDATE ON transactions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION transaction_counts_after_update();
CREATE TRIGGER transaction_counts_truncate AFTER TRUNCATE ON transactions
  FOR EACH STATEMENT EXECUTE FUNCTION transaction_counts_after_truncate();
