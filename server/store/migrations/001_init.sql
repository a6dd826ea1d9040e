-- 001_init: accounts, wallets, transactions, API keys, products.
-- Runs unchanged on PGlite and PostgreSQL 15 (applied by migrate.ts inside one transaction).
-- Money is NUMERIC(20,2) (never float); timestamps are timestamptz(3) (millisecond precision, like a JS Date).

CREATE TABLE accounts (
  id            uuid PRIMARY KEY,
  environment   text NOT NULL CHECK (environment IN ('production', 'sandbox')),
  name          text NOT NULL,
  email         text NOT NULL,
  business_name text NOT NULL,
  role          text NOT NULL,
  created_at    timestamptz(3) NOT NULL DEFAULT now()
);
-- listAccounts(environment?) ORDER BY created_at, id
CREATE INDEX accounts_environment_created_idx ON accounts (environment, created_at, id);

CREATE TABLE wallets (
  account_id uuid PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
  balance    numeric(20, 2) NOT NULL,
  currency   char(3) NOT NULL,
  updated_at timestamptz(3) NOT NULL DEFAULT now()
);

CREATE TABLE transactions (
  id                 uuid PRIMARY KEY,
  account_id         uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  amount             numeric(20, 2) NOT NULL,
  currency           char(3) NOT NULL,
  status             text NOT NULL CHECK (status IN ('pending', 'successful', 'failed', 'reversed')),
  category           text NOT NULL
                     CHECK (category IN ('funding', 'purchase', 'withdrawal', 'transfer', 'commission', 'promo')),
  description        text NOT NULL,
  reference          text NOT NULL,
  external_reference text,
  product_type       text,
  phone_number       text,
  meter_number       text,
  product_amount     numeric(20, 2) NOT NULL,
  fee_amount         numeric(20, 2) NOT NULL,
  total_debit        numeric(20, 2) NOT NULL,
  price_basis        text NOT NULL,
  created_at         timestamptz(3) NOT NULL,
  updated_at         timestamptz(3) NOT NULL,
  -- NULLs are distinct: the uniqueness only binds transactions that have an external reference.
  CONSTRAINT transactions_account_external_reference_key UNIQUE (account_id, external_reference)
);

-- Which index serves which query. listTransactions is ONE statement: an exact count(*) with the filter's WHERE,
-- LEFT JOIN LATERAL the page (same WHERE, ORDER BY created_at DESC, id DESC LIMIT/OFFSET). Every index below ends
-- in (created_at DESC, id DESC), so the page is a forward index scan already in list order (no Sort node) that
-- stops after OFFSET+LIMIT entries, and the count is an index-only scan of the same key range.
-- EXPLAIN ANALYZE on PostgreSQL 15, 200k rows on the account (+60k on 3 others), after VACUUM ANALYZE:
--   filter                              page (Index Scan) / count (Index Only Scan)         page 1 + count
--   none, from, to, from+to          -> transactions_account_created_idx (range on created_at)   11-32 ms
--   status [+ from/to]               -> transactions_account_status_created_idx                    3-5 ms
--   category [+ from/to]             -> transactions_account_category_created_idx                  6 ms
--   status + category [+ from/to]    -> transactions_account_status_category_created_idx           1 ms
--   external_reference [+ anything]  -> transactions_account_external_reference_key (<= 1 row)     0.1 ms
--   getTransactionById               -> transactions_pkey (account_id checked on the row)          0.03 ms
--   getTransactionByExternalReference-> transactions_account_external_reference_key                0.03 ms
-- The unfiltered count(*) (and countTransactions) is a parallel index-only scan of the smallest index that leads
-- with account_id (the planner picked transactions_account_external_reference_key): exact, but linear in the
-- account's history (~30 ms per 200k rows). Deep pages cost O(OFFSET) index entries (page 500: +4 ms).
CREATE INDEX transactions_account_created_idx
  ON transactions (account_id, created_at DESC, id DESC);
CREATE INDEX transactions_account_status_created_idx
  ON transactions (account_id, status, created_at DESC, id DESC);
CREATE INDEX transactions_account_category_created_idx
  ON transactions (account_id, category, created_at DESC, id DESC);
CREATE INDEX transactions_account_status_category_created_idx
  ON transactions (account_id, status, category, created_at DESC, id DESC);

CREATE TABLE api_keys (
  id             uuid PRIMARY KEY,
  account_id     uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  environment    text NOT NULL CHECK (environment IN ('production', 'sandbox')),
  name           text NOT NULL,
  display_prefix text NOT NULL,
  -- hex SHA-256 of the secret; the UNIQUE index serves findKeyByHash (one lookup per authenticated request)
  secret_hash    text NOT NULL UNIQUE CHECK (secret_hash ~ '^[0-9a-f]{64}$'),
  scopes         text[] NOT NULL DEFAULT '{}' CHECK (scopes <@ ARRAY[
                   'read_balance', 'read_transactions', 'view_products', 'purchase_airtime', 'purchase_data',
                   'purchase_electricity', 'purchase_cable_tv', 'manage_webhooks']::text[]),
  ip_allowlist   text[] NOT NULL DEFAULT '{}',
  status         text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled', 'revoked')),
  expires_at     timestamptz(3),
  created_at     timestamptz(3) NOT NULL DEFAULT now(),
  updated_at     timestamptz(3) NOT NULL DEFAULT now()
);
-- listKeys(account) ORDER BY created_at, id
CREATE INDEX api_keys_account_created_idx ON api_keys (account_id, created_at, id);

CREATE TABLE products (
  id          text NOT NULL,
  environment text NOT NULL CHECK (environment IN ('production', 'sandbox')),
  kind        text NOT NULL CHECK (kind IN ('airtime', 'dataplan', 'electricity', 'cabletv')),
  network     text CHECK (network IN ('MTN', 'AIRTEL', 'GLO', '9MOBILE')),
  bundle_type text CHECK (bundle_type IN ('daily', 'weekly', 'monthly')),
  distributor text CHECK (distributor IN (
                'AEDC', 'BEDC', 'EEDC', 'EKEDC', 'IBEDC', 'IKEDC', 'JED', 'KAEDCO', 'KEDCO', 'PHED', 'YEDC', 'ABAPOWER')),
  meter_type  text CHECK (meter_type IN ('prepaid', 'postpaid')),
  provider    text CHECK (provider IN ('DSTV', 'GOTV', 'STARTIMES', 'SHOWMAX')),
  attributes  jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(attributes) = 'object'),
  sort_order  integer NOT NULL,
  PRIMARY KEY (environment, id)
);
-- listProducts(environment, kind, filters) ORDER BY sort_order, id: the filters (network, bundle_type,
-- distributor, provider) are applied on this range; a catalogue has hundreds of rows, not millions.
CREATE INDEX products_environment_kind_sort_idx ON products (environment, kind, sort_order, id);
