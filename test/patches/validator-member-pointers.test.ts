/**
 * patches/express-openapi-validator+5.6.2.patch, part 3: the validator's error `path` for a missing, unknown or
 * unevaluated member is a JSON pointer (RFC 6901) — the member's name escaped (`~` → `~0`, `/` → `~1`) after AJV's
 * own (escaped) instance path — and the empty name is a member like any other (`/body/`). Unpatched it appends the
 * raw name (`{"a/b~c": 1}` → `/body/a/b~c`, read back as member `a`) and loses the empty name (path ``).
 * Through the real library: an Express app with express.json() and the validator on a small document.
 */
import express, { type ErrorRequestHandler } from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listening } from './validator-app.ts';

const escapeToken = (name: string) => name.replace(/~/g, '~0').replace(/\//g, '~1');

const apiSpec = {
  openapi: '3.1.0',
  info: { title: 'member pointers', version: '1.0.0' },
  servers: [{ url: '/v1' }],
  paths: {
    '/things': {
      post: {
        operationId: 'createThing',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                additionalProperties: false,
                required: ['a/b~c', 'inner'],
                properties: {
                  'a/b~c': { type: 'string' },
                  inner: { type: 'object', additionalProperties: false, properties: { n: { type: 'integer' } } },
                  list: { type: 'array', items: { type: 'object', additionalProperties: false, properties: {} } },
                },
              },
            },
          },
        },
        responses: { '200': { description: 'ok' } },
      },
    },
  },
};

let base: string;
let close: () => Promise<void>;

beforeAll(async () => {
  const app = express();
  app.use(express.json());
  app.use(OpenApiValidator.middleware({ apiSpec: apiSpec as never, validateRequests: true, validateResponses: false, validateApiSpec: false }));
  app.post('/v1/things', (_req, res) => { res.json({ path: null }); });
  const onError: ErrorRequestHandler = (err: { status?: number; errors?: { path: string }[] }, _req, res, _next) => {
    res.status(err.status ?? 500).json({ path: err.errors?.[0]?.path ?? null });
  };
  app.use(onError);
  const listened = await listening(app);
  base = `http://127.0.0.1:${listened.port}`;
  close = listened.close;
});
afterAll(() => close());

async function pathOf(body: string): Promise<string | null> {
  const r = await fetch(`${base}/v1/things`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  return ((await r.json()) as { path: string | null }).path;
}

const member = (name: string, value: unknown) => `${JSON.stringify(name)}:${JSON.stringify(value)}`;
const name = fc.oneof(fc.string({ unit: fc.constantFrom('a', '/', '~', '0', '1', 'é', '\n'), maxLength: 12 }), fc.string({ unit: 'binary', maxLength: 12 }));

describe('the validator names a member by its JSON pointer (patched)', () => {
  it.each([
    ['an unknown member named a/b', `{${member('a/b~c', 's')},${member('inner', {})},${member('a/b', 1)}}`, '/body/a~1b'],
    ['an unknown member with the empty name', `{${member('a/b~c', 's')},${member('inner', {})},${member('', 1)}}`, '/body/'],
    ['a missing member named a/b~c', `{${member('inner', {})}}`, '/body/a~1b~0c'],
    ['an unknown member of an object in an array', `{${member('a/b~c', 's')},${member('inner', {})},${member('list', [{}, { '~/': 1 }])}}`, '/body/list/1/~0~1'],
  ])('%s', async (_what, body, expected) => {
    expect(await pathOf(body)).toBe(expected);
  });

  it('any unknown name, at the top or inside a member, is its escaped token after the instance path', async () => {
    await fc.assert(fc.asyncProperty(name.filter((n) => !['a/b~c', 'inner', 'list'].includes(n)), fc.boolean(), async (n, nested) => {
      const body = nested
        ? `{${member('a/b~c', 's')},"inner":{${member(n === 'n' ? 'm' : n, 1)}}}`
        : `{${member('a/b~c', 's')},${member('inner', {})},${member(n, 1)}}`;
      const expected = nested ? `/body/inner/${escapeToken(n === 'n' ? 'm' : n)}` : `/body/${escapeToken(n)}`;
      expect(await pathOf(body)).toBe(expected);
    }), { seed: 20261127, numRuns: 150 });
  });
});
