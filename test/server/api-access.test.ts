/**
 * An account's API access (issue 25, item 4) over HTTP, on both stores. Switched off (`account set-api-access`),
 * every keyed operation of the route table answers 403 API_DISABLED to every key role of the account — after the
 * key's own checks, before the allow-list, the scope, the Idempotency-Key and the body — while the keyless operations
 * answer as before; the keys keep their states; switched on again, the very next request passes. On PostgreSQL, two
 * instances on one database: switched off through one, the other refuses at once; on again, both accept at once.
 */
import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContractSchemas, loadBundle } from '../../conformance/contract-schemas.ts';
import { OPERATIONS } from '../../generated/operations.ts';
import { KEY_ROLE_NAMES, type KeyRoleName } from '../../server/auth/key-roles.ts';
import { createAccounts, createKey, listKeys, moveKey, setApiAccess } from '../../server/console/commands.ts';
import { runConsole } from '../../server/console/main.ts';
import { BASE_PATH, ENVIRONMENTS, type Environment } from '../../server/domain.ts';
import type { Store } from '../../server/store/types.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const PG_URL = process.env.TEST_DATABASE_URL;
const schemas = new ContractSchemas(loadBundle());

type Operation = (typeof OPERATIONS)[keyof typeof OPERATIONS];
const ALL = Object.entries(OPERATIONS) as [string, Operation][];
const KEYED = ALL.filter(([, op]) => op.scope !== null);
const KEYLESS = ALL.filter(([, op]) => op.scope === null);

/** The operation's path with its parameters filled (`values` by name, else the contract's example, else `x1`). */
function pathOf(op: Operation, values: Record<string, string> = {}): string {
  const examples = op.pathParamExamples as Record<string, string>;
  return op.path.replace(/\{([^}]+)\}/g, (_m, name: string) =>
    encodeURIComponent(values[name] ?? examples[name] ?? 'x1'),
  );
}

/** One request as a careless client sends it: no body, no Idempotency-Key, whatever the operation needs. */
const send = (base: string, op: Operation, key: string, values?: Record<string, string>) =>
  fetch(`${base}${pathOf(op, values)}`, { method: op.method, headers: { Authorization: `Bearer ${key}` } });

async function expectApiDisabled(r: Response, what: string) {
  const body = (await r.json()) as { error?: { code?: string } };
  expect([r.status, body.error?.code], what).toEqual([403, 'API_DISABLED']);
  expect(schemas.validate('#/components/schemas/ErrorResponse', body), what).toEqual([]);
  expect(body).toMatchObject({ status: { code: 403, message: 'Forbidden' } });
  expect(r.headers.get('www-authenticate'), what).toBeNull();
  expect(r.headers.get('x-request-id'), what).toBeTruthy();
}

const codeOf = async (r: Response) => ((await r.json()) as { error?: { code: string } }).error?.code ?? `${r.status}`;

/** One account per environment with a key of every role and keys in other states; its API access is off. */
interface Fixture {
  account: string;
  roles: Record<KeyRoleName, string>;
  revoked: string;
  disabled: string;
  /** Full scopes, allow-list excluding loopback. */
  ipRestricted: string;
}

async function fixture(store: Store, env: Environment): Promise<Fixture> {
  const [account] = await createAccounts(store, {
    name: 'Off Switch',
    email: 'ops@example.ng',
    business_name: 'Off Switch Ltd',
    environments: [env],
  });
  const id = account!.id;
  const key = async (name: string, extra: { role?: string; allow_list?: string } = {}) =>
    createKey(store, { account_id: id, name, role: extra.role ?? 'full', allow_list: extra.allow_list });
  const roles = {} as Record<KeyRoleName, string>;
  for (const role of KEY_ROLE_NAMES) roles[role] = (await key(role, { role })).secret;
  const revoked = await key('revoked');
  await moveKey(store, revoked.key.id, 'revoke');
  const disabled = await key('disabled');
  await moveKey(store, disabled.key.id, 'disable');
  const ipRestricted = (await key('ip', { allow_list: '203.0.113.0/24' })).secret;
  await setApiAccess(store, { account_id: id, enabled: 'false' });
  return { account: id, roles, revoked: revoked.secret, disabled: disabled.secret, ipRestricted };
}

/** A fresh schema on TEST_DATABASE_URL, and the URL that works in it. */
async function pgSchema(prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const schema = `${prefix}_${process.pid}_${Date.now()}`;
  const admin = async (q: string) => {
    const c = new pg.Client({ connectionString: PG_URL });
    await c.connect();
    try {
      await c.query(q);
    } finally {
      await c.end();
    }
  };
  await admin(`CREATE SCHEMA ${schema}`);
  return {
    url: `${PG_URL}${PG_URL!.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`,
    drop: () => admin(`DROP SCHEMA IF EXISTS ${schema} CASCADE`),
  };
}

const STORES: [string, boolean][] = [
  ['the embedded store', false],
  [`PostgreSQL${PG_URL ? '' : ' (skipped: TEST_DATABASE_URL not set)'}`, true],
];

describe.each(STORES)('an account whose API access is off, on %s', (_name, postgres) => {
  let srv: TestServer;
  let drop: (() => Promise<void>) | undefined;
  let databaseUrl = '';
  const fx = {} as Record<Environment, Fixture>;
  const base = (env: Environment) => `${srv.url}${BASE_PATH[env]}`;

  beforeAll(async () => {
    if (postgres && !PG_URL) return;
    const db = postgres ? await pgSchema('api_access') : undefined;
    drop = db?.drop;
    databaseUrl = db?.url ?? '';
    srv = await startTestServer([], db ? { DATABASE_URL: db.url } : {});
    for (const env of ENVIRONMENTS) fx[env] = await fixture(srv.store, env);
  }, 120_000);
  afterAll(async () => {
    await srv?.stop();
    await drop?.();
  });

  it.skipIf(postgres && !PG_URL)(
    'answers 403 API_DISABLED on every keyed operation of the route table, to every key role',
    async () => {
      expect(KEYED.length).toBeGreaterThan(20);
      for (const env of ENVIRONMENTS)
        for (const role of KEY_ROLE_NAMES)
          await Promise.all(
            KEYED.map(async ([id, op]) =>
              expectApiDisabled(await send(base(env), op, fx[env].roles[role]), `${env} ${role} ${id}`),
            ),
          );
    },
    120_000,
  );

  it.skipIf(postgres && !PG_URL)(
    'answers API_DISABLED whatever the path parameters (checked before them)',
    async () => {
      const withParams = KEYED.filter(([, op]) => op.pathParams.length > 0);
      // Any routed segment: a dot segment matches no route (404 NOT_FOUND before any key is looked at).
      const segment = fc.stringMatching(/^[A-Za-z0-9._~-]{1,64}$/).filter((v) => v !== '.' && v !== '..');
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...withParams),
          fc.constantFrom(...KEY_ROLE_NAMES),
          fc.constantFrom(...ENVIRONMENTS),
          fc.array(segment, { minLength: 3, maxLength: 3 }),
          async ([id, op], role, env, values) => {
            const named = Object.fromEntries(op.pathParams.map((p: string, i: number) => [p, values[i]!]));
            await expectApiDisabled(await send(base(env), op, fx[env].roles[role], named), `${env} ${role} ${id}`);
          },
        ),
        { numRuns: 60 },
      );
    },
    120_000,
  );

  it.skipIf(postgres && !PG_URL)(
    'leaves the keyless operations as they are, the key sent to them ignored',
    async () => {
      expect(KEYLESS.length).toBeGreaterThan(0);
      for (const env of ENVIRONMENTS)
        for (const [id, op] of KEYLESS) {
          const r = await send(base(env), op, fx[env].roles.full);
          expect(r.status, `${env} ${id}`).toBe(op.success);
        }
    },
  );

  it.skipIf(postgres && !PG_URL)(
    "keeps the keys' own answers first and their states, and answers before the allow-list",
    async () => {
      const account = OPERATIONS.getAccount;
      for (const env of ENVIRONMENTS) {
        const before = (await listKeys(srv.store, fx[env].account)).map((k) => [k.name, k.status]);
        expect(await codeOf(await send(base(env), account, fx[env].revoked))).toBe('TOKEN_REVOKED');
        expect(await codeOf(await send(base(env), account, fx[env].disabled))).toBe('TOKEN_DISABLED');
        expect(await codeOf(await send(base(env), account, fx[env].ipRestricted))).toBe('API_DISABLED');
        await setApiAccess(srv.store, { account_id: fx[env].account, enabled: 'true' });
        try {
          expect(await codeOf(await send(base(env), account, fx[env].ipRestricted))).toBe('IP_NOT_ALLOWED');
          expect(await codeOf(await send(base(env), account, fx[env].revoked))).toBe('TOKEN_REVOKED');
          expect(await codeOf(await send(base(env), account, fx[env].disabled))).toBe('TOKEN_DISABLED');
          expect((await listKeys(srv.store, fx[env].account)).map((k) => [k.name, k.status])).toEqual(before);
        } finally {
          await setApiAccess(srv.store, { account_id: fx[env].account, enabled: 'false' });
        }
      }
    },
  );

  it.skipIf(postgres && !PG_URL)(
    'switched on or off by the console, acts on the very next request (through the admin socket on the embedded store)',
    async () => {
      const { account, roles } = fx.sandbox;
      const consoleEnv = postgres ? { DATABASE_URL: databaseUrl } : {};
      const consoleArgs = postgres ? [] : ['--data-dir', srv.dataDir];
      const set = async (enabled: boolean) => {
        const lines: string[] = [];
        const argv = ['account', 'set-api-access', '--account', account, '--enabled', String(enabled), '--json'];
        const code = await runConsole([...argv, ...consoleArgs], consoleEnv, (l) => lines.push(l));
        expect(code, lines.join('\n')).toBe(0);
        expect(JSON.parse(lines.join('\n'))).toEqual({
          account_id: account,
          environment: 'sandbox',
          api_access_enabled: enabled,
        });
      };
      const balance = () => send(base('sandbox'), OPERATIONS.getAccountBalance, roles.full);
      for (const enabled of [true, false, true, false]) {
        await set(enabled);
        const r = await balance();
        if (enabled) expect(r.status).toBe(200);
        else await expectApiDisabled(r, 'after off');
      }
    },
    60_000,
  );
});

describe.skipIf(!PG_URL)(
  `two instances on one PostgreSQL database${PG_URL ? '' : ' (skipped: TEST_DATABASE_URL not set)'}`,
  () => {
    const servers: TestServer[] = [];
    let drop: (() => Promise<void>) | undefined;
    let account = '';
    let key = '';

    beforeAll(async () => {
      const db = await pgSchema('api_access_two');
      drop = db.drop;
      servers.push(await startTestServer([], { DATABASE_URL: db.url }));
      servers.push(await startTestServer([], { DATABASE_URL: db.url }));
      const [a] = await createAccounts(servers[0]!.store, {
        name: 'Two',
        email: 'two@example.ng',
        business_name: 'Two Instances Ltd',
        environments: ['production'],
      });
      account = a!.id;
      key = (await createKey(servers[0]!.store, { account_id: account, name: 'two', role: 'full' })).secret;
    }, 120_000);
    afterAll(async () => {
      for (const s of servers) await s.stop();
      await drop?.();
    });

    const ask = (i: number) =>
      fetch(`${servers[i]!.url}${BASE_PATH.production}/account`, { headers: { Authorization: `Bearer ${key}` } });

    it('switched off through one instance, the other refuses at once; on again, both accept at once', async () => {
      for (const [switcher, other] of [
        [0, 1],
        [1, 0],
        [0, 1],
      ] as const) {
        await setApiAccess(servers[switcher]!.store, { account_id: account, enabled: 'false' });
        await expectApiDisabled(await ask(other), `instance ${other} after off on ${switcher}`);
        await expectApiDisabled(await ask(switcher), `instance ${switcher} after its own off`);
        await setApiAccess(servers[other]!.store, { account_id: account, enabled: 'true' });
        expect([(await ask(switcher)).status, (await ask(other)).status]).toEqual([200, 200]);
      }
    });

    it('refuses every request that starts after the switch returns, under concurrent load on both instances', async () => {
      await setApiAccess(servers[0]!.store, { account_id: account, enabled: 'false' });
      const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => ask(i % 2)));
      expect(answers.map((r) => r.status)).toEqual(Array(100).fill(403));
      await setApiAccess(servers[1]!.store, { account_id: account, enabled: 'true' });
      const again = await Promise.all(Array.from({ length: 100 }, (_, i) => ask(i % 2)));
      expect(again.map((r) => r.status)).toEqual(Array(100).fill(200));
    });
  },
);
