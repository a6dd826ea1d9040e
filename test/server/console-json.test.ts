/**
 * The console's `--json` prints JSON values, never the table's display text: every command of the console (the
 * table below must have a row for each, so a new command fails here until it has one) runs with --json on a real
 * store, and its output parses to rows whose lists are arrays and whose missing values are null — no "(any)",
 * "(never)" or comma-joined string anywhere. The table keeps its text for people (`(any)`, `(never)`, `a,b`).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMANDS } from '../../server/console/command-table.ts';
import { runConsole } from '../../server/console/main.ts';
import { SCOPES } from '../../server/domain.ts';
import { ensureCatalogue } from '../../server/demo/seed.ts';
import { openStore } from '../../server/store/open.ts';
import { purchase, snapshot } from '../helpers/store-fixtures.ts';
import { endpointSecrets, secretRecord } from '../../server/webhooks/secrets.ts';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'console-json-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function cli(args: string[], json = true) {
  const lines: string[] = [];
  const code = await runConsole([...args, '--data-dir', dir, ...(json ? ['--json'] : [])], {}, (l) => lines.push(l), {
    adminWaitMs: 0,
  });
  return { code, out: lines.join('\n') };
}

/** Every string anywhere in a JSON value, with its JSON path. */
function strings(value: unknown, path = '$'): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((v, i) => strings(v, `${path}[${i}]`));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => strings(v, `${path}.${k}`));
  return [];
}

/** State the cases share: ids made by earlier commands. */
const s = { account: '', key: '', endpoint: '', event: '', dataPlan: '' };
const ENDPOINT = '7d2e8f0a-4c3b-4d5e-9f6a-2b3c4d5e6f7a';
const EVENTS = ['transaction.pending', 'transaction.successful'] as const;

/** The catalogue the product commands change (a server's start loads it; no console command does). */
async function seedCatalogue(): Promise<void> {
  const store = await openStore({ dataDir: dir });
  try {
    await ensureCatalogue(store);
    s.dataPlan = (await store.listProducts('sandbox', 'dataplan', {}, { page: 1, per_page: 1 })).items[0]!.id;
  } finally {
    await store.close();
  }
}

/** Makes an endpoint with two event types, and a purchase whose event it is sent (no console command creates them). */
async function seedWebhook(): Promise<void> {
  const store = await openStore({ dataDir: dir });
  try {
    s.endpoint = (await store.createWebhookEndpoint(
      {
        id: ENDPOINT,
        account_id: s.account,
        url: 'https://hooks.shop.ng/json',
        events: [...EVENTS],
        description: null,
        ...secretRecord(endpointSecrets(Buffer.alloc(32, 7)).secretOf('e', 1)),
        at: new Date(),
      },
      16,
    ))!.id;
    // Created pending: recorded, then left pending by the biller's first answer (its transaction.pending event).
    const rec = await store.recordPurchase(purchase(s.account, '100.00', '0.00', { created_at: new Date() }), null);
    if (rec.kind !== 'recorded') throw new Error(rec.kind);
    await store.settlePurchase({
      id: rec.row.id,
      from: 'pending',
      to: 'pending',
      next_check_at: null,
      at: new Date(),
      snapshot,
    });
    s.event = (await store.listWebhookEvents(s.account, { since: new Date(0) }, { page: 1, per_page: 1 })).items[0]!.id;
  } finally {
    await store.close();
  }
}

interface Case {
  args: () => string[];
  /** Members that are lists: arrays in every row, with these items when given. */
  lists?: Record<string, string[] | true>;
  /** Members that are null in every row. */
  nulls?: string[];
  after?: (rows: any[]) => void | Promise<void>;
}

const keyLists: Case['lists'] = { scopes: ['read_balance', 'view_products'], allow_list: true };
const KEY_NULLS = ['expires_at'];

/** One case per console command, run in this order. */
const CASES: Record<string, Case> = {
  'account create': {
    args: () => [
      'account',
      'create',
      '--name',
      'Amaka Obi',
      '--email',
      'amaka@paystack.ng',
      '--business-name',
      'Obi Stores',
      '--env',
      'sandbox',
    ],
    after: (rows) => {
      s.account = rows[0].id;
    },
  },
  'account list': { args: () => ['account', 'list'] },
  'account set-api-access': { args: () => ['account', 'set-api-access', '--account', s.account, '--enabled', 'false'] },
  'wallet fund': {
    args: () => ['wallet', 'fund', '--account', s.account, '--amount', '5000.00'],
    after: seedCatalogue,
  },
  'account set-low-balance-threshold': {
    args: () => ['account', 'set-low-balance-threshold', '--account', s.account, '--amount', '1000.00'],
  },
  'products set-price': {
    args: () => ['products', 'set-price', '--env', 'sandbox', '--product', s.dataPlan, '--price', '150.00'],
  },
  'products set-availability': {
    args: () => ['products', 'set-availability', '--env', 'sandbox', '--product', s.dataPlan, '--available', 'false'],
  },
  'key create': {
    args: () => ['key', 'create', '--account', s.account, '--name', 'till', '--scopes', 'read_balance,view_products'],
    lists: { scopes: ['read_balance', 'view_products'], allow_list: [] },
    nulls: KEY_NULLS,
    after: (rows) => {
      s.key = rows[0].id;
    },
  },
  'key list': { args: () => ['key', 'list', '--account', s.account], lists: keyLists, nulls: KEY_NULLS },
  'key disable': { args: () => ['key', 'disable', s.key], lists: keyLists, nulls: KEY_NULLS },
  'key enable': { args: () => ['key', 'enable', s.key], lists: keyLists, nulls: KEY_NULLS },
  'key regenerate': { args: () => ['key', 'regenerate', s.key], lists: keyLists, nulls: KEY_NULLS },
  'key revoke': { args: () => ['key', 'revoke', s.key], lists: keyLists, nulls: KEY_NULLS, after: seedWebhook },
  'webhook list': {
    args: () => ['webhook', 'list', '--account', s.account],
    lists: { events: [...EVENTS] },
    nulls: ['disabled_reason'],
  },
  'webhook deliveries': {
    args: () => ['webhook', 'deliveries', '--account', s.account, '--webhook', s.endpoint],
    nulls: ['last_status_code', 'last_error'],
  },
  'webhook redeliver': {
    args: () => ['webhook', 'redeliver', '--account', s.account, '--webhook', s.endpoint, '--event', s.event],
    nulls: ['last_status_code', 'last_error'],
  },
};

describe('console --json', () => {
  it('has a case for every console command', () => {
    expect(Object.keys(CASES).sort()).toEqual(Object.keys(COMMANDS).sort());
  });

  // Sequential: each command works on what the ones before it made.
  it.each(Object.keys(CASES))(
    '%s --json prints JSON values: lists as arrays, null for none, no display text',
    async (name) => {
      const c = CASES[name]!;
      const r = await cli(c.args());
      expect(r.code, r.out).toBe(0);
      const parsed = JSON.parse(r.out) as unknown;
      const rows = (Array.isArray(parsed) ? parsed : [parsed]) as Record<string, unknown>[];
      expect(rows.length).toBeGreaterThan(0);
      for (const [path, text] of strings(parsed)) {
        expect(text, `${path} is display text`).not.toMatch(/^\(.*\)$/);
        // No input of these cases has a comma: a comma is a list joined into a string.
        expect(text, `${path} is a comma-joined list`).not.toContain(',');
      }
      for (const row of rows) {
        for (const [member, items] of Object.entries(c.lists ?? {})) {
          expect(Array.isArray(row[member]), `${member}: ${JSON.stringify(row[member])}`).toBe(true);
          if (items !== true) expect(row[member]).toEqual(items);
        }
        for (const member of c.nulls ?? []) expect(row[member], member).toBeNull();
      }
      await c.after?.(rows);
    },
    60_000,
  );

  it('any scopes, allow-list and expiry a key is created with come back as the same JSON values', async () => {
    const address = fc
      .tuple(fc.integer({ min: 1, max: 223 }), fc.nat(255), fc.nat(255), fc.nat(255))
      .map((p) => p.join('.'));
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.constantFrom(...SCOPES), { minLength: 1 }),
        fc.uniqueArray(address, { maxLength: 3 }),
        fc.option(
          fc.date({
            min: new Date('2030-01-01T00:00:00Z'),
            max: new Date('2099-12-31T00:00:00Z'),
            noInvalidDate: true,
          }),
        ),
        async (scopes, allow, expiry) => {
          const args = ['key', 'create', '--account', s.account, '--name', 'gen', '--scopes', scopes.join(',')];
          if (allow.length > 0) args.push('--allow-list', allow.join(','));
          if (expiry) args.push('--expires-at', expiry.toISOString());
          const r = await cli(args);
          expect(r.code, r.out).toBe(0);
          const k = JSON.parse(r.out) as Record<string, unknown>;
          expect(k.scopes).toEqual(scopes);
          expect(k.allow_list).toEqual(allow);
          expect(k.expires_at).toBe(expiry ? expiry.toISOString() : null);
        },
      ),
      { numRuns: 8 },
    );
  }, 60_000);

  it('the table, for people, keeps its text: comma-joined scopes, (any) and (never)', async () => {
    const r = await cli(['key', 'list', '--account', s.account], false);
    expect(r.code).toBe(0);
    const row = r.out.split('\n').find((l) => l.includes('till'))!;
    expect(row).toContain('read_balance,view_products');
    expect(row).toContain('(any)');
    expect(row).toContain('(never)');
    const hooks = await cli(['webhook', 'list', '--account', s.account], false);
    expect(hooks.out).toContain(EVENTS.join(','));
  });
});
