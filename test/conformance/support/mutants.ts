/**
 * The mutants: each breaks ONE promise of the contract between the reference server and the suite, and names the
 * check that must catch it. mutants.test.ts runs the full profile through each and expects a failing run. The
 * routing and HEAD mutants are in routing-mutants.ts; one per declared filter, ignored, in filter-mutants.ts.
 */
import { randomUUID } from 'node:crypto';
import { ACCOUNT_CONTROL_MUTANTS } from './account-control-mutants.ts';
import type { Mutant, MutantContext, ProxiedRequest, ProxiedResponse } from './proxy.ts';
import { ROUTING_MUTANTS } from './routing-mutants.ts';

type Body = Record<string, any>;

const urlOf = (req: ProxiedRequest) => new URL(req.path, 'http://proxy');
const endsWith = (req: ProxiedRequest, suffix: string) => urlOf(req).pathname.endsWith(suffix);
const isTransactionList = (req: ProxiedRequest) => endsWith(req, '/account/transactions');
const isTransactionLookup = (req: ProxiedRequest) => /\/account\/transactions\/[^/]+$/.test(urlOf(req).pathname);
const isPublic = (req: ProxiedRequest) => endsWith(req, '/health');
const errorCode = (res: ProxiedResponse): string | undefined => {
  try {
    return (JSON.parse(res.body) as Body).error?.code;
  } catch {
    return undefined;
  }
};

function json(res: ProxiedResponse, edit: (b: Body) => void): ProxiedResponse {
  const body = JSON.parse(res.body) as Body;
  edit(body);
  return { ...res, body: JSON.stringify(body) };
}

/** Each transaction object of a list or lookup body. */
const transactions = (b: Body): Body[] =>
  (Array.isArray(b.data) ? b.data : b.data ? [b.data] : []).filter((d: Body) => d.type === 'transaction');

function withQuery(req: ProxiedRequest, edit: (q: URLSearchParams) => void): ProxiedRequest {
  const u = urlOf(req);
  edit(u.searchParams);
  return { ...req, path: u.pathname + (u.search || '') };
}

/** When the server answered `code`, ask again with the full key: the server "ignores" what that code enforces. */
const ignoring = (code: string) => async (res: ProxiedResponse, req: ProxiedRequest, ctx: MutantContext) =>
  errorCode(res) === code
    ? ctx.upstream({ ...req, headers: { ...req.headers, authorization: `Bearer ${ctx.fullKey(req.path)}` } })
    : undefined;

const synthesized = (
  status: number,
  message: string,
  code: string,
  text: string,
  headers: Record<string, string>,
): ProxiedResponse => ({
  status,
  headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  body: JSON.stringify({ status: { code: status, message }, error: { code, message: text } }),
});

export const MUTANTS: Mutant[] = [
  {
    name: 'amount_as_number',
    breaks: 'transaction amount is a decimal string',
    check: 'response_schema_conformance',
    response: (res, req) =>
      isTransactionList(req) && res.status === 200
        ? json(res, (b) =>
            transactions(b).forEach((t) => {
              t.attributes.amount = Number(t.attributes.amount);
            }),
          )
        : undefined,
  },
  {
    name: 'required_field_removed',
    breaks: 'balance.currency is required',
    check: 'response_schema_conformance',
    response: (res, req) =>
      endsWith(req, '/account/balance') && res.status === 200
        ? json(res, (b) => {
            delete b.data.currency;
          })
        : undefined,
  },
  {
    name: 'enum_violated',
    breaks: 'transaction status is one of its enum',
    check: 'response_schema_conformance',
    response: (res, req) =>
      isTransactionLookup(req) && res.status === 200
        ? json(res, (b) => {
            b.data.attributes.status = 'completed';
          })
        : undefined,
  },
  {
    name: 'pattern_broken',
    breaks: 'external_reference is 10 digits + 6 alphanumerics',
    check: 'response_schema_conformance',
    response: (res, req) =>
      isTransactionList(req) && res.status === 200
        ? json(res, (b) =>
            transactions(b).forEach((t) => {
              if (t.attributes.external_reference)
                t.attributes.external_reference = `REF-${t.attributes.external_reference}`;
            }),
          )
        : undefined,
  },
  {
    name: 'wrong_http_status',
    breaks: 'GET /account answers 200',
    check: 'status_code_conformance',
    response: (res, req) => (endsWith(req, '/account') && res.status === 200 ? { ...res, status: 202 } : undefined),
  },
  {
    name: 'status_code_not_echoed',
    breaks: 'status.code repeats the HTTP status',
    check: 'status_code_echo',
    response: (res) =>
      res.status >= 400
        ? json(res, (b) => {
            b.status.code = 200;
          })
        : undefined,
  },
  {
    name: 'content_type_text_plain',
    breaks: 'responses are application/json',
    check: 'content_type_conformance',
    response: (res, req) =>
      endsWith(req, '/account/balance')
        ? { ...res, headers: { ...res.headers, 'content-type': 'text/plain; charset=utf-8' } }
        : undefined,
  },
  {
    name: 'total_pages_wrong',
    breaks: 'total_pages = ceil(total_count / per_page)',
    check: 'pagination_conformance',
    response: (res) =>
      res.status === 200 && res.body.includes('"pagination"')
        ? json(res, (b) => {
            b.pagination.total_pages += 1;
          })
        : undefined,
  },
  {
    name: 'authentication_ignored',
    breaks: 'a request without a key is 401',
    check: 'status_code_conformance',
    request: (req, ctx) =>
      !req.headers.authorization && !isPublic(req)
        ? { ...req, headers: { ...req.headers, authorization: `Bearer ${ctx.fullKey(req.path)}` } }
        : undefined,
  },
  {
    name: 'scope_ignored',
    breaks: 'a key without the scope is 403 INSUFFICIENT_SCOPE',
    check: 'status_code_conformance',
    response: ignoring('INSUFFICIENT_SCOPE'),
  },
  {
    name: 'ip_allow_list_ignored',
    breaks: 'a caller off the allow-list is 403 IP_NOT_ALLOWED',
    check: 'status_code_conformance',
    response: ignoring('IP_NOT_ALLOWED'),
  },
  {
    name: 'environment_ignored',
    breaks: 'a key of the other environment is 403 ENVIRONMENT_MISMATCH',
    check: 'status_code_conformance',
    response: ignoring('ENVIRONMENT_MISMATCH'),
  },
  {
    name: 'wrong_error_code',
    breaks: 'a revoked key is TOKEN_REVOKED',
    check: 'error_code_conformance',
    response: (res) =>
      errorCode(res) === 'TOKEN_REVOKED'
        ? json(res, (b) => {
            b.error.code = 'INVALID_CREDENTIALS';
          })
        : undefined,
  },
  {
    name: 'txn_lookup_broken',
    breaks: 'txn_ + id finds the transaction',
    check: 'status_code_conformance',
    request: (req) =>
      isTransactionLookup(req) && /\/txn_[^/]+$/.test(urlOf(req).pathname)
        ? { ...req, path: req.path.replace(/\/txn_[^/?]+/, `/txn_${randomUUID()}`) }
        : undefined,
  },
  {
    name: 'health_private',
    breaks: 'GET /health is public',
    check: 'status_code_conformance',
    response: (res, req) =>
      isPublic(req) && !req.headers.authorization
        ? synthesized(401, 'Unauthorized', 'AUTHENTICATION_REQUIRED', 'An API key is required.', {
            'www-authenticate': 'Bearer realm="partner-api"',
            'x-request-id': res.headers['x-request-id'] ?? 'x',
          })
        : undefined,
  },
  {
    name: 'duplicates_across_pages',
    breaks: 'pages partition the list',
    check: 'pages_partition',
    response: async (res, req, ctx) => {
      const page = Number(urlOf(req).searchParams.get('page') ?? 1);
      if (!isTransactionList(req) || res.status !== 200 || page < 2) return undefined;
      const previous = JSON.parse(
        (await ctx.upstream(withQuery(req, (q) => q.set('page', String(page - 1))))).body,
      ) as Body;
      return json(res, (b) => {
        if (b.data.length && previous.data?.length) b.data[0] = previous.data[previous.data.length - 1];
      });
    },
  },
  {
    name: 'unknown_id_500',
    breaks: 'an unknown transaction is 404 TRANSACTION_NOT_FOUND',
    check: 'status_code_conformance',
    response: (res) =>
      errorCode(res) === 'TRANSACTION_NOT_FOUND'
        ? synthesized(500, 'Internal Server Error', 'INTERNAL_ERROR', 'An unexpected error occurred.', {
            'x-request-id': res.headers['x-request-id'] ?? 'x',
          })
        : undefined,
  },
  {
    name: 'request_id_dropped',
    breaks: 'every response carries X-Request-Id',
    check: 'response_headers_conformance',
    response: (res) => {
      const headers = { ...res.headers };
      delete headers['x-request-id'];
      return { ...res, headers };
    },
  },
  {
    name: 'www_authenticate_dropped',
    breaks: '401 carries WWW-Authenticate',
    check: 'response_headers_conformance',
    response: (res) => {
      if (res.status !== 401) return undefined;
      const headers = { ...res.headers };
      delete headers['www-authenticate'];
      return { ...res, headers };
    },
  },
  {
    name: 'order_broken',
    breaks: 'transactions come newest first',
    check: 'ordering_conformance',
    response: (res, req) =>
      isTransactionList(req) && res.status === 200
        ? json(res, (b) => {
            b.data.reverse();
          })
        : undefined,
  },
  {
    name: 'per_page_101_accepted',
    breaks: 'per_page above 100 is 400, never clamped',
    check: 'status_code_conformance',
    request: (req) =>
      urlOf(req).searchParams.get('per_page') === '101' ? withQuery(req, (q) => q.set('per_page', '100')) : undefined,
  },
  {
    name: 'unknown_param_accepted',
    breaks: 'an unknown query parameter is 400',
    check: 'status_code_conformance',
    request: (req) =>
      urlOf(req).searchParams.has('unknown_param') ? withQuery(req, (q) => q.delete('unknown_param')) : undefined,
  },
  {
    name: 'scope_not_named',
    breaks: 'INSUFFICIENT_SCOPE names the missing scope',
    check: 'error_subject_named',
    response: (res) =>
      errorCode(res) === 'INSUFFICIENT_SCOPE'
        ? json(res, (b) => {
            b.error.message = 'Forbidden.';
          })
        : undefined,
  },
  {
    name: 'past_end_not_empty',
    breaks: 'a page past the end is empty',
    check: 'pagination_conformance',
    response: async (res, req, ctx) => {
      if (res.status !== 200 || !res.body.includes('"pagination"')) return undefined;
      const b = JSON.parse(res.body) as Body;
      if (b.data.length || b.pagination.page <= 1) return undefined;
      const first = JSON.parse((await ctx.upstream(withQuery(req, (q) => q.set('page', '1')))).body) as Body;
      return json(res, (x) => {
        x.data = first.data;
      });
    },
  },
  {
    name: 'past_end_totals_zero',
    breaks: 'a page past the end keeps the true totals',
    check: 'pagination_conformance',
    response: (res) => {
      if (res.status !== 200 || !res.body.includes('"pagination"')) return undefined;
      const b = JSON.parse(res.body) as Body;
      if (b.data.length || b.pagination.page <= 1) return undefined;
      return json(res, (x) => {
        x.pagination.total_count = 0;
        x.pagination.total_pages = 0;
      });
    },
  },
  {
    name: 'default_per_page_10',
    breaks: 'per_page defaults to 20',
    check: 'pagination_conformance',
    request: (req) =>
      res200List(req) && !urlOf(req).searchParams.has('per_page')
        ? withQuery(req, (q) => q.set('per_page', '10'))
        : undefined,
  },
  {
    name: 'error_with_data',
    breaks: 'an error body has no data member',
    check: 'envelope_conformance',
    response: (res) =>
      res.status >= 400
        ? json(res, (b) => {
            b.data = null;
          })
        : undefined,
  },
  {
    name: 'secret_echoed',
    breaks: 'the API key is never echoed',
    check: 'secret_not_echoed',
    response: (res, req) =>
      errorCode(res) === 'INVALID_CREDENTIALS'
        ? json(res, (b) => {
            b.error.message = `The API key ${req.headers.authorization?.slice(7) ?? ''} is not valid.`;
          })
        : undefined,
  },
  {
    name: 'category_endpoint_other_environment',
    breaks: "category endpoints are this environment's paths",
    check: 'category_endpoints',
    response: (res, req) =>
      endsWith(req, '/products') && res.status === 200
        ? json(res, (b) =>
            b.data.forEach((c: Body) => {
              c.attributes.endpoint = String(c.attributes.endpoint).replace('/sandbox/v1/', '/v1/');
            }),
          )
        : undefined,
  },
  {
    name: 'airtime_display_name',
    breaks: 'airtime display_name is the network name + " Airtime"',
    check: 'product_invariants',
    response: (res, req) =>
      endsWith(req, '/products/airtimes') && res.status === 200
        ? json(res, (b) =>
            b.data.forEach((p: Body) => {
              p.attributes.display_name = 'Airtime';
            }),
          )
        : undefined,
  },
  {
    name: 'unusable_request_id_echoed',
    breaks: 'an unusable client X-Request-Id is replaced',
    check: 'response_headers_conformance',
    response: (res, req) => ({
      ...res,
      headers: { ...res.headers, 'x-request-id': req.headers['x-request-id'] ?? 'x' },
    }),
  },
  {
    name: 'utc_offset_ignored',
    breaks: 'from/to honour their UTC offset',
    check: 'filter_conformance',
    request: (req) =>
      isTransactionList(req)
        ? withQuery(req, (q) => {
            for (const k of ['from', 'to']) {
              const v = q.get(k);
              if (v) q.set(k, v.replace(/[+-]\d{2}:\d{2}$/, 'Z'));
            }
          })
        : undefined,
  },
  ...ROUTING_MUTANTS,
  ...ACCOUNT_CONTROL_MUTANTS,
];

function res200List(req: ProxiedRequest): boolean {
  return /\/(account\/transactions|products\/[a-z]+)$/.test(urlOf(req).pathname);
}
