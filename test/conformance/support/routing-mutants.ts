/**
 * Mutants of routing and of HEAD: a lenient router (case-insensitive, trailing slash, doubled slashes, `;params`
 * or percent-escapes ignored) that forwards a path variant as the canonical path, HEAD answered otherwise than GET,
 * and extreme date-times answered 500. Each reintroduces a defect that once lived through every test; each must be
 * killed by the check it names (mutants.test.ts).
 */
import { Contract } from '../../../conformance/contract/operations.ts';
import { BASE_PATH } from '../../../server/domain.ts';
import type { Mutant, ProxiedRequest, ProxiedResponse } from './proxy.ts';

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const split = (req: ProxiedRequest) => {
  const q = req.path.indexOf('?');
  return q === -1 ? { path: req.path, query: '' } : { path: req.path.slice(0, q), query: req.path.slice(q) };
};

/** Every contract path in both environments, as a matcher that ignores letter case, and its template. */
const ROUTES = new Contract().operations.flatMap((op) =>
  Object.values(BASE_PATH).map((base) => ({
    template: base + op.path,
    re: new RegExp(
      `^${escapeRe(base)}${op.path
        .split(/\{[^}]+\}/)
        .map(escapeRe)
        .join('([^/]+)')}$`,
      'i',
    ),
  })),
);

/** The canonical path a case-insensitive router would take `path` for, when there is one. */
function canonical(path: string): string | undefined {
  for (const r of ROUTES) {
    const m = r.re.exec(path);
    if (m) {
      let i = 1;
      return r.template.replace(/\{[^}]+\}/g, () => m[i++]!);
    }
  }
  return undefined;
}

/** Forwards the request with its path rewritten as a lenient router would read it, when that lands on a route. */
const lenient =
  (rewrite: (path: string) => string) =>
  (req: ProxiedRequest): ProxiedRequest | undefined => {
    const { path, query } = split(req);
    const read = rewrite(path);
    const to = read !== path ? canonical(read) : undefined;
    return to ? { ...req, path: to + query } : undefined;
  };

const headAs405 = (res: ProxiedResponse, req: ProxiedRequest): ProxiedResponse | undefined =>
  req.method === 'HEAD'
    ? {
        status: 405,
        headers: {
          'content-type': 'application/json; charset=utf-8',
          allow: 'GET',
          'x-request-id': res.headers['x-request-id'] ?? 'x',
        },
        body: JSON.stringify({
          status: { code: 405, message: 'Method Not Allowed' },
          error: { code: 'METHOD_NOT_ALLOWED', message: 'Method not allowed.' },
        }),
      }
    : undefined;

export const ROUTING_MUTANTS: Mutant[] = [
  {
    name: 'case_insensitive_route',
    breaks: 'paths are case-sensitive: /Account is no route',
    check: 'path_variant_not_routed',
    request: (req) => {
      const { path, query } = split(req);
      const to = canonical(path);
      return to && to !== path ? { ...req, path: to + query } : undefined;
    },
  },
  {
    name: 'trailing_slash_route',
    breaks: '/account/ is no route',
    check: 'path_variant_not_routed',
    request: lenient((p) => p.replace(/\/+$/, '')),
  },
  {
    name: 'double_slash_merged',
    breaks: '//account is no route',
    check: 'path_variant_not_routed',
    request: lenient((p) => p.replace(/\/{2,}/g, '/')),
  },
  {
    name: 'matrix_parameter_ignored',
    breaks: '/account;x=1 is no route',
    check: 'path_variant_not_routed',
    request: lenient((p) => p.replace(/;[^/]*/g, '')),
  },
  {
    name: 'percent_escape_decoded',
    breaks: 'literal segments are not percent-decoded: /%61ccount is no route',
    check: 'path_variant_not_routed',
    request: lenient((p) =>
      p.replace(/%([0-9a-f]{2})/gi, (m, h: string) =>
        /[A-Za-z0-9]/.test(String.fromCharCode(parseInt(h, 16))) ? String.fromCharCode(parseInt(h, 16)) : m,
      ),
    ),
  },
  {
    name: 'head_not_allowed',
    breaks: 'HEAD is answered wherever GET is',
    check: 'head_mirrors_get',
    response: headAs405,
  },
  {
    name: 'head_without_content_length',
    breaks: "HEAD carries the GET's Content-Length",
    check: 'head_mirrors_get',
    response: (res, req) => {
      if (req.method !== 'HEAD') return undefined;
      const headers = { ...res.headers };
      delete headers['content-length'];
      return { ...res, headers };
    },
  },
  {
    name: 'extreme_date_500',
    breaks: 'any valid date-time, year 0000 or 9999 too, is a 200',
    check: 'status_code_conformance',
    response: (res, req) =>
      /[?&](from|to)=(0000|9999)-/.test(req.path)
        ? {
            status: 500,
            headers: {
              'content-type': 'application/json; charset=utf-8',
              'x-request-id': res.headers['x-request-id'] ?? 'x',
            },
            body: JSON.stringify({
              status: { code: 500, message: 'Internal Server Error' },
              error: { code: 'INTERNAL_ERROR', message: 'An unexpected error occurred.' },
            }),
          }
        : undefined,
  },
];
