import express from 'express';
import { error as validatorError } from 'express-openapi-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Server } from 'node:http';
import { ApiError, errors } from '../errors.ts';
import { StoreUnavailableError } from '../store/errors.ts';
import { bundle } from '../../test/helpers/bundle.ts';
import { envelopeOf, type ErrorEnvelope } from '../contract/error-envelope.ts';
import { errorEnvelopeCheck, errorMiddleware, type EnvelopeCheck } from './error-middleware.ts';

describe('errorMiddleware over HTTP', () => {
  let server: Server;
  let base: string;
  const logged: { obj: Record<string, unknown>; msg: string }[] = [];
  beforeAll(async () => {
    const app = express();
    const routes: Record<string, () => unknown> = {
      api: () => {
        throw errors.insufficientScope('read_transactions');
      },
      store: () => {
        throw new StoreUnavailableError('connection refused');
      },
      boom: () => {
        throw new Error('secret internals: password=hunter2');
      },
      plain: () => {
        throw new ApiError(404, 'TRANSACTION_NOT_FOUND', 'No transaction matches this identifier.');
      },
      client: () => {
        throw Object.assign(new Error('Unexpected token } in JSON'), { status: 400, expose: true });
      },
      validator: () => {
        throw new validatorError.InternalServerError({
          path: '/response/data',
          message: '.response.data must be object',
        });
      },
    };
    app.get('/:kind', (req) => {
      routes[req.params.kind]!();
    });
    app.use(
      errorMiddleware({
        error: (obj, msg) => {
          logged.push({ obj: obj as Record<string, unknown>, msg });
        },
      }),
    );
    await new Promise<void>((r) => {
      server = app.listen(0, '127.0.0.1', () => r());
    });
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it.each([
    [
      'api',
      403,
      'INSUFFICIENT_SCOPE',
      'Forbidden',
      { 'www-authenticate': 'Bearer error="insufficient_scope", scope="read_transactions"' },
    ],
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

describe('every error envelope is checked against the contract when responses are validated', () => {
  let server: Server;
  let base: string;
  const logged: { obj: Record<string, unknown>; msg: string }[] = [];
  const long = 'x'.repeat(15_000);
  const start = async (check: EnvelopeCheck | null) => {
    const app = express();
    const routes: Record<string, () => unknown> = {
      // The probe's finding: a partner's 15,000-character member name echoed whole (a bug errors.ts now prevents).
      echo: () => {
        throw new ApiError(400, 'INVALID_PARAMETER', `Invalid parameter '/${long}': unknown`, {
          details: [{ parameter: `/${long}`, message: 'unknown' }],
        });
      },
      many: () => {
        throw new ApiError(400, 'INVALID_PARAMETER', 'many', {
          details: Array.from({ length: 40 }, (_, i) => ({ parameter: `/m${i}`, message: 'unknown' })),
        });
      },
      fine: () => {
        throw errors.invalidParameter(`/${long}`, 'unknown');
      },
      scope: () => {
        throw errors.insufficientScope('read_transactions');
      },
    };
    app.get('/:kind', (req) => {
      routes[req.params.kind]!();
    });
    app.use(
      errorMiddleware(
        {
          error: (obj, msg) => {
            logged.push({ obj: obj as Record<string, unknown>, msg });
          },
        },
        check,
      ),
    );
    await new Promise<void>((r) => {
      server = app.listen(0, '127.0.0.1', () => r());
    });
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  };
  const stop = () => new Promise<void>((r) => server.close(() => r()));
  const check = errorEnvelopeCheck(bundle);
  const get = async (kind: string) => {
    const r = await fetch(`${base}/${kind}`);
    return {
      status: r.status,
      type: r.headers.get('content-type'),
      body: (await r.json()) as ErrorEnvelope,
      auth: r.headers.get('www-authenticate'),
    };
  };

  it("checks an envelope as the contract's ErrorResponse schema does", () => {
    expect(check(envelopeOf(errors.insufficientScope('read_transactions')))).toEqual([]);
    expect(check(envelopeOf(new ApiError(400, 'INVALID_PARAMETER', long), false))).toEqual([
      expect.stringMatching(/^\/error\/message must NOT have more than 4096 characters/),
    ]);
  });

  describe('on (tests, development)', () => {
    beforeAll(() => start(check));
    afterAll(stop);

    it.each(['echo', 'many'])(
      "catches an envelope over the contract's limits (/%s): logged, and answered 500 INTERNAL_ERROR in JSON",
      async (kind) => {
        logged.length = 0;
        const r = await get(kind);
        expect([r.status, r.type, r.body.error.code, r.body.status]).toEqual([
          500,
          expect.stringMatching(/^application\/json/),
          'INTERNAL_ERROR',
          { code: 500, message: 'Internal Server Error' },
        ]);
        expect(check(r.body)).toEqual([]);
        const caught = logged.find((l) => l.msg === 'error response breaks the contract');
        expect(caught?.obj).toMatchObject({
          code: 'INVALID_PARAMETER',
          status: 400,
          problems: expect.arrayContaining([expect.stringMatching(/must NOT have more than/)]) as unknown,
        });
      },
    );

    it('lets an envelope within the contract through unchanged, headers and all', async () => {
      logged.length = 0;
      const fine = await get('fine');
      expect([fine.status, fine.body.error.code]).toEqual([400, 'INVALID_PARAMETER']);
      expect(fine.body.error.details![0]!.parameter).toHaveLength(2048);
      const scope = await get('scope');
      expect([scope.status, scope.auth]).toEqual([403, 'Bearer error="insufficient_scope", scope="read_transactions"']);
      expect(logged).toEqual([]);
    });
  });

  describe("off (production): the envelope is still kept within the contract's limits", () => {
    beforeAll(() => start(null));
    afterAll(stop);

    it.each(['echo', 'many'])('/%s', async (kind) => {
      const r = await get(kind);
      expect(r.status).toBe(400);
      expect(check(r.body)).toEqual([]);
    });
  });
});
