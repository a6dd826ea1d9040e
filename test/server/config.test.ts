import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_RATE_LIMIT, parseConfig } from '../../server/config.ts';

describe('parseConfig', () => {
  it('defaults to port 8080 on 127.0.0.1, .data, demo mode and response validation', () => {
    const c = parseConfig([], {});
    expect(c).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      demo: true,
      validateResponses: true,
      databaseUrl: undefined,
      logLevel: 'info',
    });
    expect(c.dataDir).toMatch(/\/\.data$/);
  });

  it.each([
    [
      'NODE_ENV=production turns demo and response validation off',
      [],
      { NODE_ENV: 'production' },
      { demo: false, validateResponses: false, production: true },
    ],
    ['--demo forces demo on in production', ['--demo'], { NODE_ENV: 'production' }, { demo: true }],
    ['--no-demo turns it off elsewhere', ['--no-demo'], {}, { demo: false }],
    [
      '--validate-responses forces validation on in production',
      ['--validate-responses'],
      { NODE_ENV: 'production' },
      { validateResponses: true },
    ],
    ['--no-validate-responses turns it off', ['--no-validate-responses'], {}, { validateResponses: false }],
    ['VALIDATE_RESPONSES=false turns it off', [], { VALIDATE_RESPONSES: 'false' }, { validateResponses: false }],
    [
      'the flag wins over the variable',
      ['--validate-responses'],
      { VALIDATE_RESPONSES: 'false' },
      { validateResponses: true },
    ],
    ['PORT and HOST', [], { PORT: '0', HOST: '::' }, { port: 0, host: '::' }],
    ['--port wins over PORT', ['--port', '9000'], { PORT: '1' }, { port: 9000 }],
    ['DATABASE_URL', [], { DATABASE_URL: 'postgres://u@h/db' }, { databaseUrl: 'postgres://u@h/db' }],
    ['LOG_LEVEL in any case', [], { LOG_LEVEL: 'DEBUG' }, { logLevel: 'debug' }],
  ])('%s', (_n, argv, env, want) => {
    expect(parseConfig(argv, env)).toMatchObject(want);
  });

  it('resolves --data-dir and --demo-keys to absolute paths', () => {
    const c = parseConfig(['--data-dir', 'x/y', '--demo-keys', 'k.json'], {});
    expect([c.dataDir.startsWith('/'), c.demoKeysFile?.startsWith('/')]).toEqual([true, true]);
  });

  it.each([
    [['--port', '-1'], {}],
    [['--port', '65536'], {}],
    [['--port', '80a'], {}],
    [['--bogus'], {}],
    [[], { LOG_LEVEL: 'verbose' }],
    [[], { TRUST_PROXY: '*' }],
    [[], { TRUST_PROXY: 'not-an-ip' }],
    [[], { DATABASE_URL: 'redis://x' }],
    [[], { VALIDATE_RESPONSES: 'maybe' }],
    [['--host', ' '], {}],
  ])('rejects %j %j with a ConfigError', (argv, env) => {
    expect(() => parseConfig(argv, env)).toThrow(ConfigError);
  });
});

describe('rate limits, Redis and timeouts', () => {
  it('limits each key to 100/s on production and 25/s on sandbox by default', () => {
    expect(parseConfig([], {}).rateLimit).toEqual({ production: 100, sandbox: 25 });
    expect(DEFAULT_RATE_LIMIT).toEqual({ production: 100, sandbox: 25 });
  });

  it.each([
    [
      'RATE_LIMIT_RPS=40 sets both environments',
      { RATE_LIMIT_RPS: '40' },
      { rateLimit: { production: 40, sandbox: 40 } },
    ],
    ['RATE_LIMIT_RPS=0 turns limiting off', { RATE_LIMIT_RPS: '0' }, { rateLimit: null }],
    ['REDIS_URL', { REDIS_URL: 'redis://127.0.0.1:6379/2' }, { redisUrl: 'redis://127.0.0.1:6379/2' }],
    ['TLS Redis', { REDIS_URL: 'rediss://cache.internal:6380' }, { redisUrl: 'rediss://cache.internal:6380' }],
    [
      'default timeouts',
      {},
      { timeouts: { headersMs: 10_000, requestMs: 30_000, keepAliveMs: 5_000, shutdownMs: 10_000 } },
    ],
    [
      'timeouts from the environment',
      {
        HEADERS_TIMEOUT_MS: '2000',
        REQUEST_TIMEOUT_MS: '4000',
        KEEP_ALIVE_TIMEOUT_MS: '1000',
        SHUTDOWN_TIMEOUT_MS: '60000',
      },
      { timeouts: { headersMs: 2000, requestMs: 4000, keepAliveMs: 1000, shutdownMs: 60_000 } },
    ],
  ])('%s', (_n, env, want) => {
    expect(parseConfig([], env)).toMatchObject(want);
  });

  it.each([
    [
      { RATE_LIMIT_RPS: 'fast' },
      /^RATE_LIMIT_RPS must be a whole number 0\.\.1000000 \(requests per second per key \(0 = off\)\), got 'fast'$/,
    ],
    [{ RATE_LIMIT_RPS: '-1' }, /RATE_LIMIT_RPS/],
    [{ RATE_LIMIT_RPS: '2.5' }, /RATE_LIMIT_RPS/],
    [{ REDIS_URL: 'http://127.0.0.1:6379' }, /^REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL$/],
    [{ HEADERS_TIMEOUT_MS: '0' }, /HEADERS_TIMEOUT_MS/],
    [{ HEADERS_TIMEOUT_MS: '20000', REQUEST_TIMEOUT_MS: '10000' }, /must not exceed REQUEST_TIMEOUT_MS/],
  ])('rejects %j with a one-line reason', (env, message) => {
    expect(() => parseConfig([], env)).toThrow(message);
  });

  it('never echoes a REDIS_URL, which may carry a password', () => {
    expect(() => parseConfig([], { REDIS_URL: 'redis//:hunter2@h' })).toThrow(/^(?!.*hunter2)/);
  });
});

describe('biller and settlement', () => {
  it('gives the demo (npm start, test servers) the simulated biller and a settlement worker every second', () => {
    expect(parseConfig([], {})).toMatchObject({
      demo: true,
      biller: 'simulated',
      settlement: { enabled: true, intervalMs: 1000 },
    });
  });

  it.each([
    ['production without a demo has no biller', [], { NODE_ENV: 'production' }, { biller: null }],
    [
      'BILLER=simulated gives production the simulator',
      [],
      { NODE_ENV: 'production', BILLER: 'simulated' },
      { biller: 'simulated' },
    ],
    ['--demo in production buys from the simulator', ['--demo'], { NODE_ENV: 'production' }, { biller: 'simulated' }],
    ['BILLER=none takes it away from a demo', [], { BILLER: 'none' }, { demo: true, biller: null }],
    ['BILLER in any case', [], { NODE_ENV: 'production', BILLER: 'Simulated' }, { biller: 'simulated' }],
    ['--no-settlement runs no worker', ['--no-settlement'], {}, { settlement: { enabled: false, intervalMs: 1000 } }],
    ['SETTLEMENT=off runs no worker', [], { SETTLEMENT: 'off' }, { settlement: { enabled: false } }],
    ['the flag wins over SETTLEMENT', ['--settlement'], { SETTLEMENT: 'off' }, { settlement: { enabled: true } }],
    [
      'SETTLEMENT_INTERVAL_MS',
      [],
      { SETTLEMENT_INTERVAL_MS: '100' },
      { settlement: { enabled: true, intervalMs: 100 } },
    ],
  ])('%s', (_n, argv, env, want) => {
    expect(parseConfig(argv, env)).toMatchObject(want);
  });

  it.each([
    [{ BILLER: 'acme' }, /^BILLER must be simulated or none, got 'acme'$/],
    [{ SETTLEMENT: 'sometimes' }, /^SETTLEMENT must be true or false, got 'sometimes'$/],
    [
      { SETTLEMENT_INTERVAL_MS: '5' },
      /^SETTLEMENT_INTERVAL_MS must be a whole number 10\.\.3600000 \(milliseconds\), got '5'$/,
    ],
    [{ SETTLEMENT_INTERVAL_MS: '1e3' }, /SETTLEMENT_INTERVAL_MS/],
  ])('rejects %j with a one-line reason', (env, message) => {
    expect(() => parseConfig([], env)).toThrow(message);
  });
});
