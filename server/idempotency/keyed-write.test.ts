/**
 * writeUnderIdempotencyKey: the key's record and the write commit together or not at all. On PGlite always,
 * PostgreSQL with TEST_DATABASE_URL.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  AT,
  claim,
  fundedAccount,
  PG_URL,
  pgliteStores,
  postgresStores,
  type Stores,
} from '../../test/helpers/store-fixtures.ts';
import type { Store } from '../store/types.ts';

const PAGE = { page: 1, per_page: 100 };
const CLAIM = {
  operation: 'createWebhookEndpoint',
  fingerprint: 'fp-1',
  now: AT,
  lease_ms: 30_000,
  ttl_ms: 86_400_000,
};

function keyedSuite(title: string, open: () => Promise<Stores>) {
  describe(title, () => {
    let store: Store;
    beforeAll(async () => {
      const h = await open();
      store = h.store;
      return () => h.close();
    });

    const create = (s: Store, acc: string) =>
      s.createWebhookEndpoint(
        {
          id: randomUUID(),
          account_id: acc,
          url: 'https://r.example/',
          events: ['transaction.failed'],
          description: null,
          secret_hash: 'h',
          secret_hint: 'whsec_…',
          at: AT,
        },
        16,
      );
    const response = { status: 201, body: '{"created":true}', location: '/x' };

    it('claims the key, writes, and completes the record with the response, in one transaction', async () => {
      const acc = await fundedAccount(store, '0');
      const r = await store.writeUnderIdempotencyKey({ account_id: acc, key: 'k1', claim: CLAIM }, async (tx) => ({
        value: await create(tx, acc),
        response,
      }));
      expect(r.kind).toBe('written');
      expect(await claim(store, acc, 'k1', 'fp-1', AT, 'createWebhookEndpoint')).toEqual({
        kind: 'replay',
        ...response,
      });
      expect((await store.listWebhookEndpoints(acc, PAGE)).total_count).toBe(1);
    });

    it('writes nothing when the key has a record already', async () => {
      const acc = await fundedAccount(store, '0');
      await claim(store, acc, 'k2', 'fp-1', AT, 'createWebhookEndpoint');
      let ran = false;
      const r = await store.writeUnderIdempotencyKey({ account_id: acc, key: 'k2', claim: CLAIM }, async (tx) => {
        ran = true;
        return { value: await create(tx, acc), response };
      });
      expect(r).toEqual({ kind: 'idempotency_key_exists' });
      expect(ran).toBe(false);
      expect((await store.listWebhookEndpoints(acc, PAGE)).total_count).toBe(0);
    });

    it('leaves neither the record nor the write when the write fails', async () => {
      const acc = await fundedAccount(store, '0');
      await expect(
        store.writeUnderIdempotencyKey({ account_id: acc, key: 'k3', claim: CLAIM }, async (tx) => {
          await create(tx, acc);
          throw new Error('the write failed after writing');
        }),
      ).rejects.toThrow('the write failed after writing');
      expect((await store.listWebhookEndpoints(acc, PAGE)).total_count).toBe(0);
      expect(
        await store.inspectIdempotencyKey({
          account_id: acc,
          key: 'k3',
          operation: CLAIM.operation,
          fingerprint: 'fp-1',
          now: AT,
        }),
      ).toBeNull();
      expect((await claim(store, acc, 'k3', 'fp-1', AT, 'createWebhookEndpoint')).kind).toBe('claimed');
    });

    it('with a record held beforehand, completes it; with none held, writes nothing (lost)', async () => {
      const acc = await fundedAccount(store, '0');
      await claim(store, acc, 'k4', 'fp-1', AT, 'createWebhookEndpoint');
      expect(
        (
          await store.writeUnderIdempotencyKey({ account_id: acc, key: 'k4', claim: null }, async (tx) => ({
            value: await create(tx, acc),
            response,
          }))
        ).kind,
      ).toBe('written');
      expect(
        await store.writeUnderIdempotencyKey({ account_id: acc, key: 'k5', claim: null }, async (tx) => ({
          value: await create(tx, acc),
          response,
        })),
      ).toEqual({ kind: 'idempotency_key_lost' });
      expect((await store.listWebhookEndpoints(acc, PAGE)).total_count).toBe(1);
    });
  });
}

keyedSuite('writeUnderIdempotencyKey on PGlite', pgliteStores);
if (PG_URL) keyedSuite('writeUnderIdempotencyKey on PostgreSQL', () => postgresStores('keyed_write_test', 1));
else
  describe.skip('writeUnderIdempotencyKey on PostgreSQL: TEST_DATABASE_URL is not set', () => {
    it('skipped', () => {});
  });
