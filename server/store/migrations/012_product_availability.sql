-- 012_product_availability: a product the operator has taken offline (issue 25: `products set-availability`, a
-- biller outage) stays in the catalogue, listed with `available: false`, and is not sold: a purchase of it answers
-- 422 PRODUCT_UNAVAILABLE, checked where the purchase reads the product's price, in its own database transaction
-- (../sql/record_purchase.sql). Runs unchanged on PGlite and PostgreSQL. Tables only: a change of price or
-- availability, with its product.* events in the webhook outbox, is ../sql/change_product.sql.
--
-- Every product is available until an operator says otherwise: the catalogue files (server/demo/catalogue.ts) never
-- set the column, and a catalogue replaced or loaded again starts available.
ALTER TABLE products ADD COLUMN available boolean NOT NULL DEFAULT true;

-- A product.* event is about a product, not a transaction: it keeps the product as it was right after the change
-- (`data`, a snapshot: the product changes again later, a transaction's row does not), and no transaction. The
-- types and subscriptions gain the three product.* types. (Migration 013 goes on from here: the low-balance type,
-- `*` subscriptions, and a CHECK tying each type to its subject.)
ALTER TABLE webhook_events ALTER COLUMN transaction_id DROP NOT NULL;
ALTER TABLE webhook_events ADD COLUMN data jsonb;
ALTER TABLE webhook_events DROP CONSTRAINT webhook_events_type_check;
ALTER TABLE webhook_events ADD CONSTRAINT webhook_events_type_check CHECK (type IN (
  'transaction.pending', 'transaction.successful', 'transaction.failed', 'transaction.reversed',
  'product.price_changed', 'product.unavailable', 'product.available'));
ALTER TABLE webhook_endpoints DROP CONSTRAINT webhook_endpoints_events_check;
ALTER TABLE webhook_endpoints ADD CONSTRAINT webhook_endpoints_events_check CHECK (
  cardinality(events) BETWEEN 1 AND 7 AND events <@ ARRAY[
    'transaction.pending', 'transaction.successful', 'transaction.failed', 'transaction.reversed',
    'product.price_changed', 'product.unavailable', 'product.available']);
