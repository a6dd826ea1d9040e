/**
 * `GET /` — the first URL a newcomer opens — and every other path under neither base path: the contract's 404
 * NOT_FOUND in its error envelope (an unknown path is one), whose message says where the API, its docs and its
 * contract are; and the two places it names answer. Paths under a base path keep the plain message.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContractSchemas, loadBundle } from '../../conformance/contract-schemas.ts';
import { BASE_PATH } from '../../server/domain.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let srv: TestServer;
const schemas = new ContractSchemas(loadBundle());
const origin = () => new URL(srv.demoKeys!.sandbox.base_url).origin;

beforeAll(async () => {
  srv = await startTestServer();
}, 90_000);
afterAll(async () => {
  await srv?.stop();
});

async function notFound(path: string, method = 'GET') {
  const r = await fetch(`${origin()}${path}`, { method });
  expect(r.status, `${method} ${path}`).toBe(404);
  expect(r.headers.get('content-type'), path).toMatch(/^application\/json/);
  return r;
}

describe('paths outside the API', () => {
  it('GET / is a 404 NOT_FOUND in the envelope that names the base paths, /docs and /openapi.json', async () => {
    const body = (await (await notFound('/')).json()) as any;
    expect(schemas.validate('#/components/schemas/ErrorResponse', body)).toEqual([]);
    expect(body).toMatchObject({ status: { code: 404, message: 'Not Found' }, error: { code: 'NOT_FOUND' } });
    for (const where of ['/docs', '/openapi.json', BASE_PATH.production, BASE_PATH.sandbox])
      expect(body.error.message).toContain(where);
    // What it names is there: the contract (the docs page exists once `npm run docs` has built it).
    const contract = await fetch(`${origin()}/openapi.json`);
    expect(contract.status).toBe(200);
    expect(((await contract.json()) as any).openapi).toMatch(/^3\.1\./);
  });

  it('HEAD / and POST / are the same 404 (no body for HEAD)', async () => {
    expect(await (await notFound('/', 'HEAD')).text()).toBe('');
    const body = (await (await notFound('/', 'POST')).json()) as any;
    expect(body.error.code).toBe('NOT_FOUND');
    expect(body.error.message).toContain('/openapi.json');
  });

  it('any path under neither base path gets the hint; an unknown path under a base path the plain message', async () => {
    const segment = fc.stringMatching(/^[A-Za-z0-9._~-]{1,12}$/);
    await fc.assert(
      fc.asyncProperty(fc.array(segment, { minLength: 1, maxLength: 4 }), async (segments) => {
        const path = `/${segments.join('/')}`;
        fc.pre(
          !Object.values(BASE_PATH).some((b) => path === b || path.startsWith(`${b}/`)) &&
            path !== '/docs' &&
            path !== '/openapi.json',
        );
        const body = (await (await notFound(path)).json()) as any;
        expect(schemas.validate('#/components/schemas/ErrorResponse', body)).toEqual([]);
        expect(body.error.message, path).toContain('/docs');
      }),
      { numRuns: 40 },
    );
    const inside = (await (await notFound(`${BASE_PATH.sandbox}/nowhere`)).json()) as any;
    expect(inside.error).toEqual({ code: 'NOT_FOUND', message: 'No such resource.' });
  });
});
