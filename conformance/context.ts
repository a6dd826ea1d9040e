/**
 * What a case sees while it runs: the target, the keys, the typed client, and verify(), which applies every
 * response check to an exchange, records failures with the request and the response (secrets redacted), and marks
 * the coverage cell the case exercised.
 */
import type { GetPath, PathParamsOf, QueryOf } from './client/api.ts';
import { Api } from './client/api.ts';
import { RESPONSE_CHECKS } from './checks/index.ts';
import type { Problem } from './checks/types.ts';
import type { Contract, OperationModel } from './contract/operations.ts';
import type { Cell, Environment, Exchange, Expectation, Failure, Role } from './model.ts';
import { excerpt, redact } from './redact.ts';
import type { Shared } from './shared.ts';
import { pathParamsFor } from './cases/common.ts';

export interface Target {
  env: Environment;
  /** Without a trailing slash. */
  baseUrl: string;
  origin: string;
  /** Path of the base URL ('' when the API is served at the root, like the Prism mock). */
  basePath: string;
  keys: Partial<Record<Role, string>>;
  other: { env: Environment; baseUrl?: string; full?: string };
  /**
   * Where a remote target reaches this run's webhook receiver (`--webhook-url`), and the local port the receiver
   * listens on for it; absent: the receiver listens on 127.0.0.1, which only a target on this machine reaches.
   */
  webhook?: { url: string; port: number };
}

export interface CaseDef {
  id: string;
  group: string;
  operationId: string;
  title: string;
  /** Key roles the case uses: it is skipped, with the reason, when one is absent. */
  needs?: Role[];
  /** Needs the other environment's full key (and base URL, for `url`). */
  needsOther?: ('key' | 'url')[];
  /** Sends a write (POST), or belongs to the write part of the run: skipped in a read-only run (write-safety.ts). */
  writes?: boolean;
  /** Mostly waits for the target (polls a purchase until it settles): its group runs all such cases at once. */
  waits?: boolean;
  run(t: CaseContext): Promise<void>;
}

export class SkipCase extends Error {}

export class RunContext {
  readonly shared: Shared = { walks: new Map(), purchases: new Map() };
  /** Run when the run ends (the webhook receiver is closed). */
  readonly onFinish: (() => Promise<void>)[] = [];
  constructor(
    readonly target: Target,
    readonly contract: Contract,
    readonly api: Api,
    /** Full profile: the target implements the semantics, not only the shapes. */
    readonly semantics: boolean,
    /** The run may write (a sandbox, not read-only): write-safety.ts. */
    readonly writes = false,
  ) {}
}

/** Who calls: a key role, no key at all, or an explicit Authorization value. */
export type Who = Role | 'none' | { authorization: string | null; label: string };

export class CaseContext {
  readonly failures: Failure[] = [];
  readonly cells: Cell[] = [];
  requests = 0;
  retries429 = 0;

  constructor(
    readonly run: RunContext,
    readonly def: CaseDef,
  ) {}

  get target(): Target {
    return this.run.target;
  }
  get shared(): Shared {
    return this.run.shared;
  }
  op(operationId = this.def.operationId): OperationModel {
    return this.run.contract.op(operationId);
  }

  key(role: Role): string {
    const key = this.target.keys[role];
    if (!key) this.skip(`no '${role}' key given`);
    return key;
  }

  who(who: Who): { authorization: string | null; label: string } {
    if (who === 'none') return { authorization: null, label: 'no key' };
    if (typeof who === 'string') return { authorization: `Bearer ${this.key(who)}`, label: who };
    return who;
  }

  /** A typed GET of a contract path, verified against `expect`. */
  async get<P extends GetPath>(
    path: P,
    init: { query?: QueryOf<P>; path?: PathParamsOf<P> },
    who: Who,
    expect?: Expectation,
  ): Promise<Exchange> {
    const ex = await this.run.api.get(path, { baseUrl: this.target.baseUrl, ...init, ...this.who(who) });
    return this.verify(ex, this.op(), expect);
  }

  /** Any request — raw query values, OPTIONS, another base URL or a literal path — verified as `operationId`. */
  async send(
    req: {
      operationId?: string;
      method?: 'GET' | 'OPTIONS' | 'POST' | 'PATCH' | 'DELETE';
      query?: Record<string, string | number>;
      pathParams?: Record<string, string>;
      path?: string;
      baseUrl?: string;
      requestId?: (unique: string) => string;
      body?: string;
      headers?: Record<string, string | null>;
    },
    who: Who,
    expect?: Expectation,
  ): Promise<Exchange> {
    const op = this.op(req.operationId);
    // A path with parameters and none given: the real ones the run read (webhook, delivery, event, transaction…).
    const pathParams = req.pathParams ?? (req.path === undefined ? pathParamsFor(this, op, true) : undefined);
    const ex = await this.run.api.send({
      method: req.method ?? 'GET',
      baseUrl: req.baseUrl ?? this.target.baseUrl,
      path: req.path ?? op.path,
      ...(pathParams ? { pathParams } : {}),
      ...(req.query ? { query: req.query } : {}),
      ...(req.requestId ? { requestId: req.requestId } : {}),
      ...(req.body !== undefined ? { body: req.body } : {}),
      ...(req.headers ? { headers: req.headers } : {}),
      ...this.who(who),
    });
    return this.verify(ex, op, expect);
  }

  /**
   * A POST of a write operation: `body` as JSON (or `raw` text, sent as it is), `Content-Type: application/json`
   * unless `contentType` says otherwise (null: none), and a new Idempotency-Key unless `idempotencyKey` is given
   * (null: none). Every 201 is entered in the run's purchases (shared.purchases), for money_conservation.
   */
  async post(
    req: {
      operationId?: string;
      body?: unknown;
      raw?: string;
      idempotencyKey?: string | null;
      contentType?: string | null;
      query?: Record<string, string | number>;
    },
    who: Who,
    expect?: Expectation,
  ): Promise<Exchange> {
    const key = req.idempotencyKey === undefined ? this.newIdempotencyKey() : req.idempotencyKey;
    const ex = await this.send(
      {
        ...(req.operationId ? { operationId: req.operationId } : {}),
        method: 'POST',
        body: req.raw ?? JSON.stringify(req.body),
        headers: {
          'Content-Type': req.contentType === undefined ? 'application/json' : req.contentType,
          'Idempotency-Key': key,
        },
        ...(req.query ? { query: req.query } : {}),
      },
      who,
      expect,
    );
    this.enterPurchase(ex, req.operationId ?? this.def.operationId, typeof who === 'string' ? who : who.label);
    return ex;
  }

  newIdempotencyKey(): string {
    return this.run.api.unique('conformance-idem');
  }

  /** A 201 of a write: the transaction it created (or replayed), entered once per id in the run's purchases. */
  enterPurchase(ex: Exchange, operationId: string, role: string): void {
    const r = ex.response;
    if (!r || r.status !== 201 || !r.isJson) return;
    const data = (
      r.body as { data?: { id?: unknown; attributes?: { price?: { total_debit?: unknown }; status?: unknown } } }
    ).data;
    if (typeof data?.id !== 'string' || this.shared.purchases.has(data.id)) return;
    this.shared.purchases.set(data.id, {
      id: data.id,
      operationId,
      role,
      caseId: this.def.id,
      exchange: ex,
      totalDebit: typeof data.attributes?.price?.total_debit === 'string' ? data.attributes.price.total_debit : null,
      status: typeof data.attributes?.status === 'string' ? data.attributes.status : null,
    });
  }

  verify(ex: Exchange, op: OperationModel, expect?: Expectation): Exchange {
    this.requests++;
    this.retries429 += ex.retries429;
    if (!ex.response) {
      this.fail('response_received', op, `no response: ${ex.error ?? 'unknown error'}`, ex, 'an HTTP response');
      return ex;
    }
    if (ex.response.status === 429)
      this.skip(`rate limited: still 429 after ${ex.retries429} retries (a 429 is never a failure)`);
    if (expect) this.cells.push({ operationId: op.operationId, status: expect.status, code: expect.code ?? null });
    for (const check of RESPONSE_CHECKS) {
      const input = {
        op,
        request: ex.request,
        response: ex.response,
        schemas: this.run.contract.schemas,
        semantics: this.run.semantics,
      };
      this.report(check.name, check.run(expect ? { ...input, expect } : input), ex, op);
    }
    return ex;
  }

  /** The success body (200, or 201 of a write), when it matches its schema; undefined otherwise (already reported). */
  ok<T>(ex: Exchange, operationId = this.def.operationId): T | undefined {
    const r = ex.response;
    const success = this.op(operationId).success;
    if (!r || r.status !== success || !r.isJson) return undefined;
    const pointer = this.op(operationId).responses.get(success)?.schemaPointer;
    if (pointer && this.run.contract.schemas.validate(pointer, r.body).length) return undefined;
    return r.body as T;
  }

  report(check: string, problems: Problem[], ex?: Exchange, op: OperationModel = this.op()): void {
    for (const p of problems) this.fail(check, op, p.message, ex, p.documented);
  }

  fail(check: string, op: OperationModel, message: string, ex?: Exchange, documented?: string): void {
    const f: Failure = { check, operationId: op.operationId, message: redact(message) };
    if (ex) {
      f.request = redact(
        `${ex.request.method} ${ex.request.url} [${ex.label}; X-Request-Id ${ex.request.headers['x-request-id'] ?? '-'}]`,
      );
      if (ex.response) f.response = describeResponse(ex);
    }
    if (documented) f.documented = redact(documented);
    this.failures.push(f);
  }

  skip(reason: string): never {
    throw new SkipCase(reason);
  }
}

function describeResponse(ex: Exchange): string {
  const r = ex.response!;
  const shown = ['content-type', 'x-request-id', 'www-authenticate', 'allow', 'retry-after']
    .filter((h) => r.headers[h] !== undefined)
    .map((h) => `${h}: ${r.headers[h]}`)
    .join('; ');
  return `${r.status} [${shown}] ${excerpt(r.text, 400)}`;
}
