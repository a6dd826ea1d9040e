import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../server/config.ts';

describe('parseConfig', () => {
  it('defaults to port 8080 on 127.0.0.1, .data, demo mode and response validation', () => {
    const c = parseConfig([], {});
    expect(c).toMatchObject({ port: 8080, host: '127.0.0.1', demo: true, validateResponses: true, databaseUrl: undefined, logLevel: 'info' });
    expect(c.dataDir).toMatch(/\/\.data$/);
  });

  it.each([
    ['NODE_ENV=production turns demo and response validation off', [], { NODE_ENV: 'production' }, { demo: false, validateResponses: false, production: true }],
    ['--demo forces demo on in production', ['--demo'], { NODE_ENV: 'production' }, { demo: true }],
    ['--no-demo turns it off elsewhere', ['--no-demo'], {}, { demo: false }],
    ['--validate-responses forces validation on in production', ['--validate-responses'], { NODE_ENV: 'production' }, { validateResponses: true }],
    ['--no-validate-responses turns it off', ['--no-validate-responses'], {}, { validateResponses: false }],
    ['VALIDATE_RESPONSES=false turns it off', [], { VALIDATE_RESPONSES: 'false' }, { validateResponses: false }],
    ['the flag wins over the variable', ['--validate-responses'], { VALIDATE_RESPONSES: 'false' }, { validateResponses: true }],
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
    [['--port', '-1'], {}], [['--port', '65536'], {}], [['--port', '80a'], {}], [['--bogus'], {}], [[], { LOG_LEVEL: 'verbose' }],
    [[], { TRUST_PROXY: '*' }], [[], { TRUST_PROXY: 'not-an-ip' }], [[], { DATABASE_URL: 'redis://x' }], [[], { VALIDATE_RESPONSES: 'maybe' }],
    [['--host', ' '], {}],
  ])('rejects %j %j with a ConfigError', (argv, env) => {
    expect(() => parseConfig(argv, env)).toThrow(ConfigError);
  });
});
