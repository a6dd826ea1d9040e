/**
 * The worker inside a real server: started with it, stopped before its store closes. The store's settlement
 * functions are built in parallel (issue 12), so here they are recording stand-ins added to the real store.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../../test/helpers/server.ts';
import type { Store } from '../store/types.ts';

const events: string[] = [];
let gate: Promise<void> | null = null;

vi.mock('../store/open.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../store/open.ts')>();
  return {
    ...original,
    openStore: async (...args: Parameters<typeof original.openStore>): Promise<Store> => {
      const store = await original.openStore(...args);
      const close = store.close.bind(store);
      return Object.assign(store, {
        async claimDueChecks() {
          events.push('claim');
          if (gate) await gate;
          events.push('claimed');
          return [];
        },
        async settlePurchase() {
          return null;
        },
        async close() {
          events.push('store closed');
          await close();
        },
      });
    },
  };
});

let server: TestServer | null = null;
afterEach(async () => {
  await server?.stop();
  server = null;
  events.length = 0;
  gate = null;
});

describe('the settlement worker in the server', () => {
  it('runs rounds while the server runs; closing waits for the round in progress, then closes the store, and no round follows', async () => {
    server = await startTestServer([], { SETTLEMENT_INTERVAL_MS: '10' });
    await vi.waitFor(() => expect(events.filter((e) => e === 'claimed').length).toBeGreaterThanOrEqual(2));
    let release!: () => void;
    gate = new Promise((r) => {
      release = r;
    });
    await vi.waitFor(() => expect(events.at(-1)).toBe('claim'));
    const closing = server.close();
    // The HTTP side has drained (the listener is closed) and the store is still open: close waits for the worker.
    await vi.waitFor(() => expect(server!.server.listening).toBe(false), { timeout: 5_000 });
    await new Promise((r) => setTimeout(r, 200));
    expect(events).not.toContain('store closed');
    release();
    await closing;
    expect(events.slice(-2)).toEqual(['claimed', 'store closed']);
  });

  it('starts no worker with --no-settlement', async () => {
    server = await startTestServer(['--no-settlement'], { SETTLEMENT_INTERVAL_MS: '10' });
    expect(server.settlement).toBeNull();
    await server.close();
    expect(events).toEqual(['store closed']);
  });

  it('gives sandbox the simulator always and production only unless BILLER=none', async () => {
    server = await startTestServer(['--no-settlement'], { BILLER: 'none' });
    expect({ sandbox: server.billers.sandbox?.name, production: server.billers.production }).toEqual({
      sandbox: 'simulator',
      production: null,
    });
    await server.stop();
    server = await startTestServer(['--no-settlement']);
    expect(server.billers.production).toBe(server.billers.sandbox);
  });
});
