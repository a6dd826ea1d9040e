/**
 * The caching rule (server/frozen.ts), cache by cache: what each one hands out again is deep-frozen — every attempt
 * to change it, at any depth, Dates included, throws in strict mode — and it is the same shared value the next time.
 * Real store (PGlite with its read cache, demo data), real handlers' memo and body serialisation, real server for
 * the shared bytes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemo } from '../../server/demo/seed.ts';
import { isDeepFrozen } from '../../server/frozen.ts';
import { mapOnce } from '../../server/handlers/memo.ts';
import { jsonBody, jsonBodyBytes } from '../../server/http/json-body.ts';
import { survivingMutations } from '../helpers/mutation-probe.ts';
import { openStore } from '../../server/store/open.ts';
import type { AccountRow, ApiKeyRow, Store, TransactionRow } from '../../server/store/types.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let store: Store;
let account: AccountRow;
let key: ApiKeyRow;

beforeAll(async () => {
  store = await openStore({ memory: true });
  ({
    accounts: { sandbox: account },
  } = await loadDemo(store, { now: new Date('2026-01-15T00:00:00Z'), seed: 1 }));
  key = await store.createKey({
    account_id: account.id,
    name: 'k',
    display_prefix: 'sk_test_abcd',
    secret_hash: 'ab'.repeat(32),
    scopes: ['read_balance', 'view_products'],
    ip_allowlist: ['10.0.0.0/8'],
    expires_at: new Date('2030-01-01T00:00:00Z'),
  });
}, 60_000);
afterAll(async () => {
  await store?.close();
});

/** Asks twice: the second answer must be the cached one, and nothing in it may be changeable. */
async function handedOutTwice<T>(ask: () => Promise<T>): Promise<T> {
  const first = await ask();
  const again = await ask();
  expect(again).toBe(first);
  expect(isDeepFrozen(first)).toBe(true);
  expect(survivingMutations(first)).toEqual([]);
  return first;
}

describe('the read cache (store/read-cache.ts)', () => {
  it('hands out result rows frozen at every depth: arrays of text, Dates', async () => {
    const rows = await handedOutTwice(() =>
      store.sql.query('SELECT id, scopes, ip_allowlist, expires_at, created_at FROM api_keys WHERE id = $1', [key.id]),
    );
    expect(rows[0]!['expires_at']).toBeInstanceOf(Date);
    expect(rows[0]!['scopes']).toEqual(['read_balance', 'view_products']);
  });

  it('hands out the rows behind Store reads frozen: a key by hash, an account', async () => {
    const found = await handedOutTwice(() => store.findKeyByHash(key.secret_hash));
    expect(found!.expires_at!.toISOString()).toBe('2030-01-01T00:00:00.000Z');
    await handedOutTwice(() => store.getAccount(account.id));
  });
});

describe('split pages (store/paging.ts)', () => {
  it('hands out a transaction page frozen at every depth', async () => {
    const page = await handedOutTwice(() =>
      store.listTransactions(account.id, { status: 'successful' }, { page: 1, per_page: 100 }),
    );
    expect(page.items.length).toBeGreaterThan(10);
  });

  it('hands out a product page frozen at every depth, JSONB attributes included', async () => {
    const page = await handedOutTwice(() => store.listProducts('sandbox', 'dataplan', {}, { page: 1, per_page: 100 }));
    expect(Object.keys(page.items[0]!.attributes).length).toBeGreaterThan(2);
  });
});

describe('wire objects (handlers/memo.ts, mapOnce)', () => {
  it('hands out the mapped page of a cached page frozen at every depth', async () => {
    const wire = mapOnce((rows: readonly TransactionRow[]) =>
      rows.map((t) => ({
        id: t.id,
        attributes: {
          amount: t.amount,
          price: { total_debit: t.total_debit },
          created_at: t.created_at,
          tags: [t.status],
        },
      })),
    );
    const page = await store.listTransactions(account.id, {}, { page: 1, per_page: 50 });
    await handedOutTwice(async () => wire(page.items));
  });
});

describe('page JSON (http/json-body.ts)', () => {
  it('hands out the text of a frozen page as a string, which nothing can change', async () => {
    const page = await store.listTransactions(account.id, {}, { page: 1, per_page: 20 });
    const body = { data: page.items, pagination: { total_count: page.total_count } };
    const text = jsonBody(body);
    expect(jsonBody(body)).toBe(text);
    expect(() => {
      (text as unknown as string[])[0] = 'x';
    }).toThrow(TypeError);
    expect(text).toBe(JSON.stringify(body));
  });

  it('shares the body bytes of a frozen page between calls', async () => {
    const page = await store.listTransactions(account.id, {}, { page: 1, per_page: 20 });
    const body = { data: page.items, pagination: { total_count: page.total_count } };
    expect(jsonBodyBytes(body)).toBe(jsonBodyBytes(body));
  });

  describe('served by the real server (response validation off: the shared-bytes path)', () => {
    let srv: TestServer;
    // No settlement worker: it would settle a pending demo purchase between two of the five reads, and the page
    // would rightly change (a failure seen under load, where the reads take longer than the worker's 1 s interval).
    beforeAll(async () => {
      srv = await startTestServer(['--no-validate-responses', '--no-settlement']);
    }, 60_000);
    afterAll(async () => {
      await srv?.stop();
    });

    it('serves the same bytes every time: nothing on the way to the socket changes the shared Buffer', async () => {
      const { base_url, keys } = srv.demoKeys!.sandbox;
      const bodies: string[] = [];
      for (let i = 0; i < 5; i++) {
        const r = await fetch(`${base_url}/account/transactions?per_page=100`, {
          headers: { Authorization: `Bearer ${keys.full}` },
        });
        expect(r.status).toBe(200);
        bodies.push(await r.text());
      }
      expect(new Set(bodies).size).toBe(1);
      const parsed = JSON.parse(bodies[0]!) as { data: unknown[] };
      expect(parsed.data).toHaveLength(100);
      expect(JSON.stringify(parsed)).toBe(bodies[0]);
    });
  });
});
