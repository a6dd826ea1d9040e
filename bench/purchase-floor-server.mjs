// The floor of a purchase on this schema and machine: a bare node:http server that runs only the two statements that
// move a purchase's money and state — record_purchase (claim of the Idempotency-Key, debit, pending transaction,
// history) and settle_purchase (successful, history, the key completed with the 201), server/store/sql/ — through pg,
// with the reference server's pool size (10). Nothing else: no validation, no rate limit, no logging, no product
// lookup, no biller; a key is hashed and found in a map read once at start (the reference server looks it up per
// request). Any server that keeps this schema's guarantees does at least this work per purchase, so what this reaches is the
// ceiling of a purchase here, and the reference server's share of it is what its own layers cost. It answers 201
// with {"data": transaction} and a Location, as the reference server does.
//
// With `grouped`, the same statements run as group commits: the purchases waiting at a moment are recorded by one
// statement (record_purchase once per purchase, LATERAL over arrays, in account order so that two groups lock
// wallets in one order), and settled by another, up to GROUP purchases each, PARALLEL groups at once. One commit,
// one round trip and one wallet lock then serve many purchases: what group commit could buy on this schema. (Only
// the happy path: a failure fails the whole group, which the reference server could not accept as it is.)
// Usage: DATABASE_URL=… node bench/purchase-floor-server.mjs PORT [grouped]   (GET /__ready once the keys are read)
import { createHash, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import pg from 'pg';

const [port, mode] = process.argv.slice(2);
const GROUP = 50;
const PARALLEL = 1; // groups in flight per statement, as the reference server's (purchase-statements.ts)
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const COLS = `id, account_id, amount::text AS amount, currency, status, category, description, reference,
  external_reference, product_type, phone_number, meter_number, smartcard_number, token, units, product_id,
  product_amount::text AS product_amount, fee_amount::text AS fee_amount, total_debit::text AS total_debit, price_basis,
  created_at, updated_at, next_check_at, check_attempts`;

// Named statements: parsed and planned once per connection, as a server tuned for this would run them.
const RECORD_ONE = {
  name: 'floor_record_one',
  text: `SELECT ${COLS} FROM record_purchase(p_id => $1, p_account_id => $2, p_currency => 'NGN',
    p_description => 'Airtime purchase', p_reference => $3, p_external_reference => NULL, p_product_type => 'airtime',
    p_product_id => $4, p_phone_number => $5, p_meter_number => NULL, p_smartcard_number => NULL,
    p_product_amount => $6::numeric, p_fee_amount => 0::numeric, p_total_debit => $6::numeric,
    p_price_basis => 'face_value', p_created_at => $7, p_next_check_at => $8, p_key => $9::text,
    p_insufficient_status => 422, p_insufficient_body => '{"error":"insufficient"}', p_claim_key => true,
    p_key_operation => 'purchaseAirtime', p_key_fingerprint => $10::text, p_key_created_at => $7,
    p_key_locked_until => $11::timestamptz, p_key_expires_at => $12::timestamptz)`,
};
const SETTLE_ONE = {
  name: 'floor_settle_one',
  text: `SELECT s.key_completed, p.id FROM settle_purchase(p_id => $1, p_from => 'pending', p_to => 'successful',
    p_token => NULL, p_units => NULL, p_next_check_at => NULL, p_at => $2, p_reason => NULL, p_refund => false,
    p_response_status => 201, p_response_body => $3::text, p_response_location => $4::text) s
    CROSS JOIN LATERAL (SELECT (s.purchase).*) p`,
};
// A group: the same functions once per purchase, LATERAL over the arguments as arrays, in one statement.
const RECORD_GROUP = {
  name: 'floor_record_group',
  text: `SELECT ${COLS} FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::numeric[],
      $7::timestamptz[], $8::timestamptz[], $9::text[], $10::text[], $11::timestamptz[], $12::timestamptz[])
      AS i(i_id, i_account, i_ref, i_product, i_phone, i_amount, i_now, i_next, i_key, i_fp, i_locked, i_expires)
    CROSS JOIN LATERAL record_purchase(p_id => i_id, p_account_id => i_account, p_currency => 'NGN',
      p_description => 'Airtime purchase', p_reference => i_ref, p_external_reference => NULL,
      p_product_type => 'airtime', p_product_id => i_product, p_phone_number => i_phone, p_meter_number => NULL,
      p_smartcard_number => NULL, p_product_amount => i_amount, p_fee_amount => 0::numeric, p_total_debit => i_amount,
      p_price_basis => 'face_value', p_created_at => i_now, p_next_check_at => i_next, p_key => i_key,
      p_insufficient_status => 422, p_insufficient_body => '{"error":"insufficient"}', p_claim_key => true,
      p_key_operation => 'purchaseAirtime', p_key_fingerprint => i_fp, p_key_created_at => i_now,
      p_key_locked_until => i_locked, p_key_expires_at => i_expires)`,
};
const SETTLE_GROUP = {
  name: 'floor_settle_group',
  text: `SELECT s.key_completed, p.id FROM unnest($1::uuid[], $2::timestamptz[], $3::text[], $4::text[])
      AS i(i_id, i_at, i_body, i_location)
    CROSS JOIN LATERAL settle_purchase(p_id => i_id, p_from => 'pending', p_to => 'successful', p_token => NULL,
      p_units => NULL, p_next_check_at => NULL, p_at => i_at, p_reason => NULL, p_refund => false,
      p_response_status => 201, p_response_body => i_body, p_response_location => i_location) s
    CROSS JOIN LATERAL (SELECT (s.purchase).*) p`,
};

/** Runs a group statement over the items as columns of arrays; each item gets the row with its id (item[0]). */
async function runGroup(statement, items) {
  const columns = items[0].map((_, c) => items.map((item) => item[c]));
  const byId = new Map((await pool.query({ ...statement, values: columns })).rows.map((row) => [row.id, row]));
  return items.map((item) => byId.get(item[0]));
}

/** Group commit: calls wait in a queue; up to PARALLEL groups of up to GROUP calls run at once. */
function grouped(statement) {
  const queue = [];
  let running = 0;
  const next = () => {
    while (running < PARALLEL && queue.length) {
      const group = queue.splice(0, GROUP).sort((a, b) => (a.item[1] < b.item[1] ? -1 : a.item[1] > b.item[1] ? 1 : 0));
      running++;
      runGroup(
        statement,
        group.map((g) => g.item),
      )
        .then(
          (rows) => group.forEach((g, i) => g.resolve(rows[i])),
          (err) => group.forEach((g) => g.reject(err)),
        )
        .finally(() => {
          running--;
          next();
        });
    }
  };
  return (item) =>
    new Promise((resolve, reject) => {
      queue.push({ item, resolve, reject });
      next();
    });
}

const one = (statement) => async (values) => (await pool.query({ ...statement, values })).rows[0];
const record = mode === 'grouped' ? grouped(RECORD_GROUP) : one(RECORD_ONE);
const settle = mode === 'grouped' ? grouped(SETTLE_GROUP) : one(SETTLE_ONE);

const accounts = new Map(); // sha256 hex of a key → account id
for (const r of (await pool.query('SELECT secret_hash, account_id FROM api_keys')).rows)
  accounts.set(r.secret_hash, r.account_id);

async function buy(account, key, body) {
  const { product_id: product = 'airtime-mtn', phone_number: phone, amount } = JSON.parse(body);
  const id = randomUUID();
  const now = new Date();
  const fingerprint = createHash('sha256').update(body).digest('hex');
  const recorded = await record([
    id,
    account,
    `PUR-${id}`,
    product,
    phone,
    amount,
    now,
    new Date(now.getTime() + 16_000),
    key,
    fingerprint,
    new Date(now.getTime() + 60_000),
    new Date(now.getTime() + 86_400_000),
  ]);
  if (!recorded) throw new Error(`purchase ${id} was not recorded`);
  const row = { ...recorded, status: 'successful', updated_at: new Date(), next_check_at: null };
  const location = `/v1/account/transactions/${id}`;
  const response = JSON.stringify({ data: row });
  if (!(await settle([id, row.updated_at, response, location]))?.key_completed)
    throw new Error(`purchase ${id} was not settled`);
  return { response, location };
}

createServer((req, res) => {
  if (req.url === '/__ready') return res.end('ok');
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    const account = accounts.get(createHash('sha256').update(bearer, 'utf8').digest('hex'));
    const key = req.headers['idempotency-key'];
    if (req.method !== 'POST' || !account || typeof key !== 'string') {
      res.writeHead(400, { 'content-type': 'application/json' });
      return res.end('{"error":"a POST with a known bearer key and an Idempotency-Key"}');
    }
    buy(account, key, Buffer.concat(chunks).toString('utf8')).then(
      ({ response, location }) => {
        res.writeHead(201, {
          'content-type': 'application/json',
          location,
          'content-length': Buffer.byteLength(response),
        });
        res.end(response);
      },
      (err) => {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: String(err.message) }));
      },
    );
  });
}).listen(Number(port), '127.0.0.1');
process.on('SIGTERM', () => pool.end().then(() => process.exit(0)));
