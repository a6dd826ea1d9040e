/**
 * rate_limit_fields_conformance: a response a budget counted — it carries the IETF `RateLimit` field — also carries
 * `X-RateLimit-Limit`, `X-RateLimit-Remaining` and `X-RateLimit-Reset` (the fields the published partner API sends),
 * from the same count: Limit is the `q` of `RateLimit-Policy`, Remaining the `r` of `RateLimit` and at most Limit,
 * and Reset a Unix time in whole seconds within the budget's window — not before the response's `Date`, and at most
 * the window (`w` seconds) and one second of rounding after it. None of the three comes without `RateLimit`.
 *
 * Full profile only: a mock answers the contract's example values, which describe no one count.
 */
import type { Problem, ResponseCheck } from './types.ts';

const LEGACY = ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'] as const;
const DIGITS = /^[0-9]+$/;

/** `name=value` parameters of a structured field, e.g. `r` and `t` of `"100-in-1sec"; r=99; t=1`. */
function parameters(field: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of (field ?? '').split(';').slice(1)) {
    const eq = part.indexOf('=');
    if (eq > 0) out.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
  }
  return out;
}

export const rateLimitFieldsConformance: ResponseCheck = {
  name: 'rate_limit_fields_conformance',
  run({ response, semantics }) {
    if (!semantics) return [];
    const h = response.headers;
    const out: Problem[] = [];
    const present = LEGACY.filter((name) => h[name] !== undefined);
    if (h.ratelimit === undefined) {
      if (present.length)
        out.push({
          message: `${present.join(', ')} without RateLimit`,
          documented: 'X-RateLimit-* on the responses a budget counted, with RateLimit',
        });
      return out;
    }
    const missing = LEGACY.filter((name) => h[name] === undefined);
    if (missing.length) {
      out.push({
        message: `RateLimit '${h.ratelimit}' without ${missing.join(', ')}`,
        documented: 'X-RateLimit-Limit, -Remaining and -Reset beside RateLimit',
      });
      return out;
    }
    const [limit, remaining, reset] = [h['x-ratelimit-limit']!, h['x-ratelimit-remaining']!, h['x-ratelimit-reset']!];
    if (![limit, remaining, reset].every((v) => DIGITS.test(v))) {
      out.push({
        message: `X-RateLimit-Limit '${limit}', -Remaining '${remaining}', -Reset '${reset}'`,
        documented: 'X-RateLimit-* fields of digits',
      });
      return out;
    }
    const policy = parameters(h['ratelimit-policy']);
    const quota = policy.get('q');
    if (quota !== undefined && quota !== limit)
      out.push({
        message: `X-RateLimit-Limit is ${limit}, RateLimit-Policy's q is ${quota}`,
        documented: 'X-RateLimit-Limit: the quota of the budget that counted the request',
      });
    const r = parameters(h.ratelimit).get('r');
    if (r !== undefined && r !== remaining)
      out.push({
        message: `X-RateLimit-Remaining is ${remaining}, RateLimit's r is ${r}`,
        documented: 'X-RateLimit-Remaining: what the budget has left',
      });
    if (Number(remaining) > Number(limit))
      out.push({
        message: `X-RateLimit-Remaining ${remaining} is over X-RateLimit-Limit ${limit}`,
        documented: 'X-RateLimit-Remaining at most X-RateLimit-Limit',
      });
    const date = Date.parse(h.date ?? '');
    if (!Number.isNaN(date)) {
      const now = Math.floor(date / 1000);
      const window = Number(policy.get('w') ?? 1) || 1;
      if (Number(reset) < now || Number(reset) > now + window + 1)
        out.push({
          message: `X-RateLimit-Reset is ${reset}, the response's Date ${now} (Unix seconds), the window ${window} s`,
          documented: 'X-RateLimit-Reset: the Unix time (seconds) when the window ends',
        });
    }
    return out;
  },
};
