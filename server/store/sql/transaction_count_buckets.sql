-- transaction_count_buckets: the three counter buckets a transaction created at `created_at` belongs to — grain 0
-- (all time, one bucket), 1 (its UTC month), 2 (its UTC day). Used by the counter triggers
-- (transaction_counts_after_*.sql) and by migration 002's backfill. Buckets are UTC; server/store/transaction-count.ts
-- derives the same midnights and month starts in TypeScript to sum the counters of a range.
CREATE OR REPLACE FUNCTION transaction_count_buckets(created_at timestamptz, OUT grain smallint, OUT bucket date)
  RETURNS SETOF record LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  VALUES (0::smallint, date '1970-01-01'),
         (1::smallint, date_trunc('month', created_at AT TIME ZONE 'UTC')::date),
         (2::smallint, (created_at AT TIME ZONE 'UTC')::date)
$$;
