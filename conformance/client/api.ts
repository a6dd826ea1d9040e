/**
 * The HTTP client of the suite: openapi-fetch `createClient<paths>()`, typed by generated/schema.d.ts, over the
 * recording transport. `get()` is typed by the contract (paths, query and path parameters); `send()` takes what
 * the contract forbids — values that break a schema, unknown parameters, OPTIONS — for the negative cases, and HEAD.
 * Every request carries a unique X-Request-Id, which ties it to its recorded exchange (and to the server's logs).
 */
import createClient from 'openapi-fetch';
import type { paths } from '../../generated/schema.d.ts';
import type { Exchange } from '../model.ts';
import { Transport, WriteNotAllowed } from './transport.ts';

export type GetPath = {
  [P in keyof paths]: paths[P] extends { get: { parameters: unknown } } ? P : never;
}[keyof paths];
type Params<P extends GetPath> = paths[P]['get']['parameters'];
export type QueryOf<P extends GetPath> = NonNullable<Params<P>['query']>;
export type PathParamsOf<P extends GetPath> = NonNullable<Params<P>['path']>;
/** The documented 200 body of a GET path. */
export type OkBody<P extends GetPath> = paths[P]['get']['responses'][200]['content']['application/json'];
export type PostPath = {
  [P in keyof paths]: paths[P] extends { post: { requestBody?: unknown } } ? P : never;
}[keyof paths];
/** The documented JSON request body of a POST path. */
export type BodyOf<P extends PostPath> = NonNullable<paths[P]['post']['requestBody']>['content']['application/json'];
/** The documented 201 body of a POST path that creates (never for one answering 200: a verification, a query). */
export type CreatedBody<P extends PostPath> = paths[P]['post']['responses'] extends {
  201: { content: { 'application/json': infer B } };
}
  ? B
  : never;

export interface SendRequest {
  method?: 'GET' | 'HEAD' | 'OPTIONS' | 'POST' | 'PATCH' | 'DELETE';
  baseUrl: string;
  /** A path template of the contract (`/account/transactions/{id}`) or a literal path. */
  path: string;
  pathParams?: Record<string, string>;
  /** Sent as given, in order, each value URI-encoded. */
  query?: Record<string, string | number>;
  /** The whole Authorization header value; null sends none. */
  authorization: string | null;
  /** Who is calling, for failure messages: "full", "no key", "revoked"… */
  label: string;
  /** Builds this request's X-Request-Id from a unique suffix (default: a sane `conformance-…` token). */
  requestId?: (unique: string) => string;
  /** The body, sent as these exact bytes (the case serialises it: negative cases send malformed JSON too). */
  body?: string;
  /** More request headers (Content-Type, Idempotency-Key); a null value sends none of that name. */
  headers?: Record<string, string | null>;
}

export class Api {
  private n = 0;
  private readonly client;
  private readonly runId = Math.random().toString(36).slice(2, 8);

  constructor(readonly transport: Transport) {
    this.client = createClient<paths>({ fetch: transport.fetch });
  }

  /** A typed GET of a contract path. */
  get<P extends GetPath>(
    path: P,
    init: { baseUrl: string; query?: QueryOf<P>; path?: PathParamsOf<P>; authorization: string | null; label: string },
  ): Promise<Exchange> {
    return this.send({
      baseUrl: init.baseUrl,
      path,
      ...(init.path ? { pathParams: init.path as Record<string, string> } : {}),
      ...(init.query ? { query: init.query as Record<string, string | number> } : {}),
      authorization: init.authorization,
      label: init.label,
    });
  }

  /** A unique token of this run (Idempotency-Keys, references). */
  unique(prefix: string): string {
    return `${prefix}-${this.runId}-${++this.n}`;
  }

  async send(req: SendRequest): Promise<Exchange> {
    const unique = `${this.runId}-${++this.n}`;
    const id = req.requestId ? req.requestId(unique) : `conformance-${unique}`;
    this.transport.label(id, req.label);
    const headers: Record<string, string | null> = { Accept: 'application/json', 'X-Request-Id': id, ...req.headers };
    if (req.authorization !== null) headers.Authorization = req.authorization;
    try {
      // parseAs text: openapi-fetch must not throw on a body that is not JSON; the transport parses and records it.
      // The body is sent as the case wrote it (bodySerializer: identity), so malformed JSON stays malformed.
      await this.client.request(
        (req.method ?? 'GET').toLowerCase() as 'get',
        req.path as never,
        {
          baseUrl: req.baseUrl,
          params: { path: req.pathParams ?? {}, query: req.query ?? {} },
          headers,
          parseAs: 'text',
          ...(req.body !== undefined ? { body: req.body, bodySerializer: (b: string) => b } : {}),
        } as never,
      );
    } catch (e) {
      if (e instanceof WriteNotAllowed) throw e;
      /* network error or timeout: recorded on the exchange */
    }
    const ex = this.transport.take(id);
    if (!ex) throw new Error(`no exchange recorded for ${req.path}`);
    return ex;
  }
}
