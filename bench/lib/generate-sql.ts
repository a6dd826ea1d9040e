/**
 * Bulk generation of benchmark transactions INSIDE the database: one `INSERT … SELECT … FROM generate_series(…)`
 * per chunk, every value a deterministic function of the row number g (md5 of a seed and g), so the same size gives
 * the same rows on every machine and on both drivers.
 *
 * Shape: constant density, DENSITY_PER_DAY rows per UTC day going back from ANCHOR (row 1 is the newest), so an
 * account with 10x the rows has 10x the history — the filtered-list window (7 days) then selects about as many rows
 * at every size, and any growth of its cost comes from the history alone. Weights follow the demo generator:
 * purchase 62 %, funding 10, withdrawal 8, transfer 8, commission 8, promo 4; successful 84 %, failed 9, pending 3,
 * reversed 4; every even row carries an external reference (10 digits of g + 6 hex characters: unique per account).
 */

/** The newest transaction is just before this instant (fixed, so datasets are reproducible and cacheable). */
export const ANCHOR = new Date('2026-11-01T00:00:00.000Z');
export const DENSITY_PER_DAY = 1000;
const SPACING_MS = 86_400_000 / DENSITY_PER_DAY;

/** The external reference of row g (even g only). */
export function externalReferenceSql(): string {
  return `lpad(g::text, 10, '0') || upper(substr(h, 20, 6))`;
}

/**
 * INSERT of rows g in [first, last] for the account given as $1 (uuid). $2 = first, $3 = last (integers).
 * Values: h = md5 of the row seed; r1..r5 = independent 28-bit numbers taken from h.
 */
export const INSERT_GENERATED = `
INSERT INTO transactions (id, account_id, amount, currency, status, category, description, reference,
  external_reference, product_type, phone_number, meter_number, product_amount, fee_amount, total_debit, price_basis,
  created_at, updated_at)
SELECT
  (substr(h, 1, 8) || '-' || substr(h, 9, 4) || '-4' || substr(h, 14, 3) || '-8' || substr(h, 18, 3) || '-' || substr(h, 21, 12))::uuid,
  $1::uuid,
  (v.product_amount + v.fee)::numeric(20, 2),
  'NGN',
  v.status,
  v.category,
  CASE v.category
    WHEN 'purchase' THEN initcap(v.product_type) || ' purchase #' || g
    WHEN 'funding' THEN 'Wallet funding via bank transfer #' || g
    WHEN 'withdrawal' THEN 'Withdrawal to GTBank account ****' || lpad((v.r5 % 10000)::text, 4, '0')
    WHEN 'transfer' THEN 'Wallet transfer to sub-agent AGT-' || lpad((v.r5 % 10000)::text, 4, '0')
    WHEN 'commission' THEN 'Commission on airtime sales #' || g
    ELSE 'Promo credit: loyalty reward #' || g
  END,
  'BPT' || upper(substr(h, 7, 13)),
  CASE WHEN g % 2 = 0 AND v.category IN ('purchase', 'funding', 'withdrawal', 'transfer')
       THEN ${externalReferenceSql()} END,
  v.product_type,
  CASE WHEN v.product_type IN ('airtime', 'dataplan', 'cabletv') THEN '0803' || lpad((v.r5 % 10000000)::text, 7, '0') END,
  CASE WHEN v.product_type = 'electricity' THEN '4501' || lpad((v.r5 % 10000000)::text, 7, '0') END,
  v.product_amount::numeric(20, 2),
  v.fee::numeric(20, 2),
  (v.product_amount + v.fee)::numeric(20, 2),
  CASE WHEN v.product_type IN ('dataplan', 'cabletv') OR v.category <> 'purchase' THEN 'fixed' ELSE 'face_value' END,
  v.created_at,
  CASE WHEN v.status = 'pending' THEN v.created_at ELSE v.created_at + (v.r4 % 45000) * interval '1 millisecond' END
FROM generate_series($2::int, $3::int) AS g
CROSS JOIN LATERAL (SELECT md5('bench-transaction:' || $1::text || ':' || g) AS h) AS hh
CROSS JOIN LATERAL (
  SELECT c.category, s.status, c.product_type, c.r4, c.r5, c.created_at,
    CASE c.category WHEN 'funding' THEN 50000 + (c.r3 % 20) * 10000 WHEN 'commission' THEN (c.r3 % 250000) / 100.0
                    ELSE 100 + c.r3 % 50000 END AS product_amount,
    CASE WHEN c.product_type = 'dataplan' THEN 10 WHEN c.product_type IN ('electricity', 'cabletv') THEN 100
         WHEN c.category = 'withdrawal' THEN 25 ELSE 0 END AS fee
  FROM (
    SELECT r1, r2, r3, r4, r5,
      CASE WHEN r1 % 100 < 62 THEN 'purchase' WHEN r1 % 100 < 72 THEN 'funding' WHEN r1 % 100 < 80 THEN 'withdrawal'
           WHEN r1 % 100 < 88 THEN 'transfer' WHEN r1 % 100 < 96 THEN 'commission' ELSE 'promo' END AS category,
      CASE WHEN r1 % 100 < 62 THEN (ARRAY['airtime', 'dataplan', 'electricity', 'cabletv'])[1 + r4 % 4] END AS product_type,
      timestamptz '${ANCHOR.toISOString()}' - ((g - 1)::bigint * ${SPACING_MS} + 1 + r5 % ${SPACING_MS}) * interval '1 millisecond' AS created_at
    FROM (SELECT ('x' || substr(h, 1, 7))::bit(28)::int AS r1, ('x' || substr(h, 8, 7))::bit(28)::int AS r2,
                 ('x' || substr(h, 15, 7))::bit(28)::int AS r3, ('x' || substr(h, 22, 7))::bit(28)::int AS r4,
                 ('x' || substr(h, 26, 7))::bit(28)::int AS r5) AS r
  ) AS c
  CROSS JOIN LATERAL (SELECT CASE WHEN c.r2 % 100 < 84 THEN 'successful' WHEN c.r2 % 100 < 93 AND c.category <> 'promo' THEN 'failed'
           WHEN c.r2 % 100 < 96 AND c.category <> 'promo' THEN 'pending' ELSE 'reversed' END AS status) AS s
) AS v`;
