/**
 * Where rate-limit counts live: this process's memory (express-rate-limit's MemoryStore), or Redis
 * (rate-limit-redis over ioredis) so that every instance of the server shares one count per key.
 *
 * Redis going away never crashes the server and never lifts the limits: each Redis-backed store keeps a
 * MemoryStore beside it and counts there while Redis does not answer (per instance, so N instances allow up to
 * N × the limit until Redis is back). One warning is logged when Redis is lost and one line when it is back.
 *
 * Why this small wrapper is hand-written: neither express-rate-limit (whose `passOnStoreError` only fails open,
 * i.e. no limit at all) nor rate-limit-redis offers a fallback, and rate-limit-redis loads its Lua scripts once in
 * init(): a store created while Redis is down would keep the rejected script promise forever. The wrapper reloads
 * the scripts whenever the client becomes ready again.
 */
import { Redis } from 'ioredis';
import {
  MemoryStore,
  type ClientRateLimitInfo,
  type IncrementResponse,
  type Options,
  type Store,
} from 'express-rate-limit';
import { RedisStore } from 'rate-limit-redis';

export interface RateLimitLog {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

export interface RateLimitBackend {
  readonly kind: 'memory' | 'redis';
  /** A new Store for one limiter (express-rate-limit wants one store instance per limiter). */
  store(name: string): Store;
  close(): Promise<void>;
}

export function memoryBackend(): RateLimitBackend {
  const stores: MemoryStore[] = [];
  return {
    kind: 'memory',
    store() {
      const s = new MemoryStore();
      stores.push(s);
      return s;
    },
    async close() {
      for (const s of stores) s.shutdown();
    },
  };
}

/** After a failed Redis command, counts stay in memory this long before Redis is tried again. */
const RETRY_REDIS_AFTER_MS = 1_000;

/** Shared state of one Redis connection: whether it is usable, and the one-warning-per-outage log. */
class RedisHealth {
  private downUntil = 0;
  private down = false;

  constructor(
    readonly client: Redis,
    private readonly log: RateLimitLog,
  ) {}

  usable(): boolean {
    return this.client.status === 'ready' && Date.now() >= this.downUntil;
  }

  failed(err: unknown): void {
    this.downUntil = Date.now() + RETRY_REDIS_AFTER_MS;
    if (this.down) return;
    this.down = true;
    this.log.warn(
      { err: { message: (err as Error)?.message ?? String(err) } },
      "rate limiting: Redis unavailable; counting in this instance's memory until it is back",
    );
  }

  succeeded(): void {
    if (!this.down) return;
    this.down = false;
    this.log.info({}, 'rate limiting: Redis is back; counts are shared again');
  }
}

/** A Redis store that counts in memory while Redis is unavailable (module comment). */
class FallbackStore implements Store {
  readonly localKeys = false;
  readonly prefix: string;
  private readonly redis: RedisStore;
  private readonly memory = new MemoryStore();
  private options: Options | undefined;
  private scriptsLoaded = false;

  constructor(
    private readonly health: RedisHealth,
    prefix: string,
  ) {
    this.prefix = prefix;
    this.redis = new RedisStore({
      prefix,
      sendCommand: (command: string, ...args: string[]) => health.client.call(command, ...args) as never,
    });
    health.client.on('ready', () => void this.loadScripts());
  }

  init(options: Options): void {
    this.options = options;
    this.memory.init(options);
    void this.loadScripts();
  }

  private async loadScripts(): Promise<void> {
    if (!this.options || this.health.client.status !== 'ready') return;
    try {
      await this.redis.init(this.options);
      this.scriptsLoaded = true;
    } catch (err) {
      this.scriptsLoaded = false;
      this.health.failed(err);
    }
  }

  private async either<T>(onRedis: () => Promise<T>, onMemory: () => Promise<T>): Promise<T> {
    if (!this.scriptsLoaded || !this.health.usable()) return onMemory();
    try {
      const result = await onRedis();
      this.health.succeeded();
      return result;
    } catch (err) {
      this.health.failed(err);
      return onMemory();
    }
  }

  get(key: string): Promise<ClientRateLimitInfo | undefined> {
    return this.either(
      () => this.redis.get(key),
      () => this.memory.get(key),
    );
  }

  increment(key: string): Promise<IncrementResponse> {
    return this.either(
      () => this.redis.increment(key),
      () => this.memory.increment(key),
    );
  }

  decrement(key: string): Promise<void> {
    return this.either(
      () => this.redis.decrement(key),
      () => this.memory.decrement(key),
    );
  }

  resetKey(key: string): Promise<void> {
    return this.either(
      () => this.redis.resetKey(key),
      () => this.memory.resetKey(key),
    );
  }

  shutdown(): void {
    this.memory.shutdown();
  }
}

/**
 * Connects to Redis in the background (the server starts whether or not Redis answers). Commands fail fast
 * while the connection is down (no offline queue) and time out after 500 ms, so a lost Redis costs a request at
 * most that once per second; ioredis keeps reconnecting.
 */
export function redisBackend(url: string, log: RateLimitLog): RateLimitBackend {
  const client = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: 500,
    connectTimeout: 2_000,
    retryStrategy: (times) => Math.min(times * 200, 2_000),
    connectionName: 'bill-payment-partner-api:rate-limit',
  });
  const health = new RedisHealth(client, log);
  // Without a listener ioredis prints every connection error; the health object logs once per outage.
  client.on('error', (err) => health.failed(err));
  const stores: FallbackStore[] = [];
  return {
    kind: 'redis',
    store(name) {
      const s = new FallbackStore(health, `rl:partner-api:${name}:`);
      stores.push(s);
      return s;
    },
    async close() {
      for (const s of stores) s.shutdown();
      client.disconnect();
    },
  };
}
