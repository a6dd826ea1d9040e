-- 011_account_api_access: an account's API access, switched on or off by the operator (console
-- `account set-api-access`). Off, every keyed operation answers 403 API_DISABLED after the key checks and before
-- the IP allow-list, whatever its keys' own states, which it leaves as they are (issue 25, item 4).
--
-- A column of accounts, not of api_keys: it is the account's switch, and one UPDATE of one row turns it for every
-- key at once. The key lookup reads it in the same statement (a join on the account's primary key), so it is never
-- cached and costs no extra round trip: switched on or off, it acts on the very next request on every instance.
-- Existing accounts keep their access (DEFAULT true).
ALTER TABLE accounts ADD COLUMN api_access_enabled boolean NOT NULL DEFAULT true;
