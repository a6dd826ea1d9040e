/**
 * patches/express-openapi-validator+5.6.2.patch, part 4: each request and response validator's schema carries the
 * whole document's `paths` and `components` (for its `$ref`s), and AJV's `addSchema` walks every member of what it is
 * given. Unpatched, every validator built walked the whole document again: on the reference server a conformance run
 * spent more than half its CPU there. Patched, the two members are non-enumerable: not walked, still found by a `$ref`.
 *
 * Checked through the real library on a small document whose request body and response are `$ref`s into
 * `components`: every schema the validator adds carries the document's members, unlisted; and the `$ref`s still
 * decide, for a valid and an invalid request body and response.
 */
import express, { type ErrorRequestHandler } from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundle } from '../helpers/bundle.ts';
import { listening, requireFromValidator } from './validator-app.ts';

type Method = (this: unknown, schema: unknown, ...rest: unknown[]) => unknown;
const AjvCore = (requireFromValidator('ajv/dist/core') as { default: { prototype: { addSchema: Method } } }).default;
const { addSchema } = AjvCore.prototype;

/** What each schema that carries a `components` member looked like when the validator added it. */
const added: { listed: string[]; components: unknown; paths: unknown }[] = [];

const thing = {
  type: 'object',
  required: ['name'],
  additionalProperties: false,
  properties: { name: { type: 'string', minLength: 1 } },
};
const doc = {
  openapi: '3.1.0',
  info: { title: 'walk', version: '1.0.0' },
  paths: {
    '/things': {
      get: {
        parameters: [{ name: 'shape', in: 'query', schema: { type: 'string', enum: ['good', 'bad'] } }],
        responses: {
          '200': { description: 'a thing', content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } },
        },
      },
      post: {
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } },
        responses: {
          '200': { description: 'the thing', content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } },
        },
      },
    },
  },
  components: { schemas: { Thing: thing } },
};

let port = 0;
let close: () => Promise<void> = async () => {};

beforeAll(async () => {
  AjvCore.prototype.addSchema = function recorded(schema, ...rest) {
    if (schema && typeof schema === 'object' && Object.prototype.hasOwnProperty.call(schema, 'components')) {
      const s = schema as { components: unknown; paths?: unknown };
      added.push({ listed: Object.keys(s), components: s.components, paths: s.paths });
    }
    return addSchema.call(this, schema, ...rest);
  };
  const app = express();
  app.use(express.json());
  app.use(
    OpenApiValidator.middleware({
      apiSpec: doc as never,
      validateRequests: true,
      validateResponses: true,
      validateApiSpec: false,
    }),
  );
  app.get('/things', (req, res) => {
    res.json(req.query.shape === 'bad' ? { name: 7 } : { name: 'kettle' });
  });
  app.post('/things', (req, res) => {
    res.json(req.body);
  });
  const onError: ErrorRequestHandler = (err: { status?: number; message?: string }, _req, res, _next) => {
    res.status(err.status ?? 500).json({ message: err.message });
  };
  app.use(onError);
  ({ port, close } = await listening(app));
});
afterAll(async () => {
  AjvCore.prototype.addSchema = addSchema;
  await close();
});

const call = async (method: 'GET' | 'POST', query: string, body?: unknown) => {
  const res = await fetch(`http://127.0.0.1:${port}/things${query}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { message?: string; name?: unknown } };
};

describe('the patched validator’s schemas', () => {
  it('still follow a $ref into components: valid answers pass, invalid responses are 500, invalid bodies 400', async () => {
    expect(await call('GET', '?shape=good')).toEqual({ status: 200, body: { name: 'kettle' } });
    const bad = await call('GET', '?shape=bad');
    expect(bad.status).toBe(500);
    expect(bad.body.message).toContain('/response/name must be string');
    expect(await call('POST', '', { name: 'kettle' })).toEqual({ status: 200, body: { name: 'kettle' } });
    const refused = await call('POST', '', { name: '' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('/body/name must NOT have fewer than 1 characters');
    expect((await call('POST', '', { name: 'kettle', extra: 1 })).status).toBe(400);
  });

  it('carry the document’s paths and components without listing them, so AJV does not walk them', async () => {
    await call('GET', '?shape=good');
    await call('POST', '', { name: 'kettle' });
    // request validators (general and body) and response validators: the count is live
    expect(added.length).toBeGreaterThanOrEqual(3);
    for (const schema of added) {
      expect(schema.listed).not.toContain('components');
      expect(schema.listed).not.toContain('paths');
      expect((schema.components as { schemas?: { Thing?: unknown } }).schemas?.Thing).toBeDefined();
    }
    expect(added.some((s) => s.paths !== undefined)).toBe(true);
  });

  it('meet a contract without $id or anchors: such a member in components would no longer be found', () => {
    const text = JSON.stringify(bundle);
    for (const keyword of ['$id', '$anchor', '$dynamicAnchor']) expect(text).not.toContain(`"${keyword}":`);
  });
});
