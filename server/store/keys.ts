/**
 * API keys: lookup by hash (every authenticated request, with its account's API access), the console's create /
 * list / state changes, and the account's API access switch.
 */
import { randomUUID } from 'node:crypto';
import type { KeyStatus } from '../domain.ts';
import { AccountNotFoundError, KeyNotFoundError } from './errors.ts';
import { storedInstantOrNull } from './instants.ts';
import { storeLookup } from './lookup-batch.ts';
import { empty, join, one, PREPARED, raw, rows, sql, type SqlFragment } from './sql.ts';
import type { AccountApiAccess, ApiKeyRow, KeyLookupRow, NewApiKey, Sql, Store } from './types.ts';
import { isUuid } from './values.ts';

type Row = Record<string, unknown>;

const KEY_COLS = raw(`id, account_id, environment, name, display_prefix, secret_hash, scopes, ip_allowlist, status,
  expires_at, created_at, updated_at`);

/**
 * The lookup's columns: the key's, and its account's API access joined on the account's primary key — the same
 * statement and round trip as the key alone (batched too: lookup-batch.ts), and nothing cached, so switching access
 * on or off acts on the next request of every instance.
 */
const LOOKUP_COLS = raw(`k.id, k.account_id, k.environment, k.name, k.display_prefix, k.secret_hash, k.scopes,
  k.ip_allowlist, k.status, k.expires_at, k.created_at, k.updated_at, a.api_access_enabled AS account_api_access_enabled`);
const LOOKUP_FROM = raw('api_keys k JOIN accounts a ON a.id = k.account_id');

const asKey = (r: Row) => r as unknown as ApiKeyRow;
const asLookup = (r: Row) => r as unknown as KeyLookupRow;

function keyOrThrow(id: string, row: Row | null): ApiKeyRow {
  if (row === null) throw new KeyNotFoundError(id);
  return asKey(row);
}

export type KeyQueries = Pick<
  Store,
  | 'findKeyByHash'
  | 'getKey'
  | 'listKeys'
  | 'createKey'
  | 'setKeyStatus'
  | 'replaceKeySecret'
  | 'updateKey'
  | 'setAccountApiAccess'
>;

/** `batched`: the lookup by hash in batches (lookup-batch.ts) — PostgreSQL, the pool's store only. */
export function keyQueries(db: Sql, { batched = false } = {}): KeyQueries {
  const oneByHash = async (secretHash: string) => {
    const row = await one(
      db,
      sql`SELECT ${LOOKUP_COLS} FROM ${LOOKUP_FROM} WHERE k.secret_hash = ${secretHash}`,
      PREPARED,
    );
    return row && asLookup(row);
  };
  const byHashes = async (hashes: string[]) =>
    (
      await rows(
        db,
        sql`SELECT ${LOOKUP_COLS} FROM ${LOOKUP_FROM} WHERE k.secret_hash = ANY (${hashes}::text[])`,
        PREPARED,
      )
    ).map(asLookup);
  const byHash = storeLookup(batched, { one: oneByHash, many: byHashes, keyOf: (k) => k.secret_hash });

  /** `UPDATE api_keys SET <sets>, updated_at = now()` on one key, which must exist. */
  const update = async (id: string, sets: SqlFragment[]) => {
    if (!isUuid(id)) throw new KeyNotFoundError(id);
    if (sets.length === 0) return keyOrThrow(id, await one(db, sql`SELECT ${KEY_COLS} FROM api_keys WHERE id = ${id}`));
    return keyOrThrow(
      id,
      await one(
        db,
        sql`
      UPDATE api_keys SET ${join(sets, ', ')}, updated_at = now() WHERE id = ${id} RETURNING ${KEY_COLS}`,
      ),
    );
  };

  return {
    findKeyByHash: byHash,

    async getKey(id) {
      if (!isUuid(id)) return null;
      const row = await one(db, sql`SELECT ${KEY_COLS} FROM api_keys WHERE id = ${id}`);
      return row && asKey(row);
    },

    async listKeys(accountId?: string) {
      if (accountId !== undefined && !isUuid(accountId)) return [];
      const where = accountId === undefined ? empty : sql`WHERE account_id = ${accountId}`;
      return (await rows(db, sql`SELECT ${KEY_COLS} FROM api_keys ${where} ORDER BY created_at, id`)).map(asKey);
    },

    async createKey(k: NewApiKey) {
      const expiresAt = storedInstantOrNull(k.expires_at, 'expires_at');
      // The key's environment is its account's environment.
      const row = isUuid(k.account_id)
        ? await one(
            db,
            sql`
          INSERT INTO api_keys (id, account_id, environment, name, display_prefix, secret_hash, scopes, ip_allowlist,
            expires_at)
          SELECT ${randomUUID()}, a.id, a.environment, ${k.name}, ${k.display_prefix}, ${k.secret_hash},
            ${k.scopes}::text[], ${k.ip_allowlist}::text[], ${expiresAt} FROM accounts a WHERE a.id = ${k.account_id}
          RETURNING ${KEY_COLS}`,
          )
        : null;
      if (row === null) throw new AccountNotFoundError(k.account_id, 'cannot create API key');
      return asKey(row);
    },

    setKeyStatus: (id: string, status: KeyStatus) => update(id, [sql`status = ${status}`]),

    replaceKeySecret: (id, secretHash, displayPrefix) =>
      update(id, [sql`secret_hash = ${secretHash}`, sql`display_prefix = ${displayPrefix}`]),

    async updateKey(id, patch) {
      if (!isUuid(id)) throw new KeyNotFoundError(id);
      const sets: SqlFragment[] = [];
      if (patch.name !== undefined) sets.push(sql`name = ${patch.name}`);
      if (patch.scopes !== undefined) sets.push(sql`scopes = ${patch.scopes}::text[]`);
      if (patch.ip_allowlist !== undefined) sets.push(sql`ip_allowlist = ${patch.ip_allowlist}::text[]`);
      if (patch.expires_at !== undefined) {
        sets.push(sql`expires_at = ${storedInstantOrNull(patch.expires_at, 'expires_at')}::timestamptz`);
      }
      return update(id, sets);
    },

    async setAccountApiAccess(accountId, enabled) {
      const row = isUuid(accountId)
        ? await one(
            db,
            sql`
          UPDATE accounts SET api_access_enabled = ${enabled}::boolean WHERE id = ${accountId}
          RETURNING id AS account_id, environment, api_access_enabled`,
          )
        : null;
      if (row === null) throw new AccountNotFoundError(accountId, 'cannot set API access');
      return row as unknown as AccountApiAccess;
    },
  };
}
