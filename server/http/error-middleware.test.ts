import express from 'express';
import { error as validatorError } from 'express-openapi-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Server } from 'node:http';
import { ApiError, errors } from '../errors.ts';
import { StoreUnavailableError } from '../store/errors.ts';
import { errorMiddleware } from './error-middleware.ts';

describe('errorMiddleware over HTTP', () => {
  let server: Server;
  let base: string;
  const logged: { obj: Record<string, unknown>; msg: string }[] = [];
  beforeAll(async () => {
    const app = express();
    const routes: Record<string, () => unknown> = {
      api: () => { throw errors.insufficientScope('read_transactions'); },
      store: () => { throw new StoreUnavailableError('connection refused'); },
      boom: () => { throw new Error('secret internals: password=hunter2'); },
      plain: () => { throw new ApiError(404, 'TRANSACTION_NOT_FOUND', 'No transaction matches this identifier.'); },
      client: () => { throw Object.assign(new Error('Unexpected token } in JSON'), { status: 400, expose: true }); },
      validator: () => { throw new validatorError.InternalServerError({ path: '/response/data', message: '.response.data must be object' }); },
    };
    app.get('/:kind', (req) => { routes[req.params.kind]!(); });
    app.use(errorMiddleware({ error: (obj, msg) => { logged.push({ obj: obj as Record<string, unknown>, msg }); } }));
    await new Promise<void>((r) => { server = app.listen(0, '127.0.0.1', () => r()); });
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it.each([
    ['api', 403, 'INSUFFICIENT_SCOPE', 'Forbidden', { 'www-authenticate': 'Bearer error="insufficient_scope", scope="read_transactions"' }],
    ['store', 503, 'SERVICE_UNAVAILABLE', 'Service Unavailable', { 'retry-after': '5' }],
    ['boom', 500, 'INTERNAL_ERROR', 'Internal Server Error', {}],
    ['plain', 404, 'TRANSACTION_NOT_FOUND', 'Not Found', {}],
    ['client', 400, 'INVALID_PARAMETER', 'Bad Request', {}],
    ['validator', 500, 'INTERNAL_ERROR', 'Internal Server Error', {}],
  ])('answers /%s with %i %s in the envelope', async (kind, status, code, reason, headers) => {
    const r = await fetch(`${base}/${kind}`);
    const body = (await r.json()) as { status: unknown; error: { code: string; message: string }; data?: unknown };
    expect(r.status).toBe(status);
    expect(r.headers.get('content-type')).toMatch(/^application\/json/);
    expect(body.status).toEqual({ code: status, message: reason });
    expect(body.error.code).toBe(code);
    expect(body).not.toHaveProperty('data');
    for (const [h, v] of Object.entries(headers)) expect(r.headers.get(h)).toBe(v);
  });

  it('never puts internals of an unexpected error in the body, but logs them', async () => {
    const r = await fetch(`${base}/boom`);
    const text = await r.text();
    expect(text).not.toMatch(/hunter2|secret internals|at .*\.ts/);
    const entry = logged.find((l) => l.obj.code === 'INTERNAL_ERROR');
    expect(entry?.msg).toBe('request failed');
    expect(String((entry?.obj.err as Error).message)).toContain('hunter2');
  });
});
