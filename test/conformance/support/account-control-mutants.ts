/**
 * Mutants of the published API's account controls (issue 25): the account's API access switch (403 API_DISABLED,
 * answered after the key's checks and before the allow-list; mutants.test.ts runs the full profile through each)
 * and the X-RateLimit fields beside the IETF ones (rate-limit-fields.test.ts, against a reference server that
 * limits: the one of mutants.test.ts does not, so no response of it is counted). Each breaks one promise and names
 * the check that must catch it.
 */
import type { Mutant, ProxiedRequest, ProxiedResponse } from './proxy.ts';

const errorCode = (res: ProxiedResponse): string | undefined => {
  try {
    return (JSON.parse(res.body) as { error?: { code?: string } }).error?.code;
  } catch {
    return undefined;
  }
};

/** The response with its headers changed by `edit`, on counted responses (those carrying RateLimit) only. */
const countedHeaders =
  (edit: (headers: Record<string, string>) => void) =>
  (res: ProxiedResponse): ProxiedResponse | undefined => {
    if (res.headers.ratelimit === undefined) return undefined;
    const headers = { ...res.headers };
    edit(headers);
    return { ...res, headers };
  };

export const ACCOUNT_CONTROL_MUTANTS: Mutant[] = [
  {
    name: 'api_disabled_ignored',
    breaks: 'a key of an account whose API access is off is 403 API_DISABLED',
    check: 'status_code_conformance',
    // The server lets the key through as if the account's access were on: its answer to the full key.
    response: async (res, req, ctx) =>
      errorCode(res) === 'API_DISABLED'
        ? ctx.upstream({ ...req, headers: { ...req.headers, authorization: `Bearer ${ctx.fullKey(req.path)}` } })
        : undefined,
  },
  {
    name: 'api_disabled_after_allow_list',
    breaks: "the account's API access is checked before the IP allow-list",
    check: 'error_code_conformance',
    // A server checking the allow-list first answers the api_disabled key (whose allow-list excludes the caller)
    // IP_NOT_ALLOWED: the same status, the other code.
    response: (res: ProxiedResponse, _req: ProxiedRequest) => {
      if (errorCode(res) !== 'API_DISABLED') return undefined;
      const body = JSON.parse(res.body) as { error: { code: string; message: string } };
      body.error = { code: 'IP_NOT_ALLOWED', message: "The caller IP address is not on this API key's allow-list." };
      return { ...res, body: JSON.stringify(body) };
    },
  },
];

export const RATE_LIMIT_FIELD_MUTANTS: Mutant[] = [
  {
    name: 'x_ratelimit_reset_dropped',
    breaks: 'every counted response carries X-RateLimit-Reset',
    check: 'rate_limit_fields_conformance',
    response: countedHeaders((h) => {
      delete h['x-ratelimit-reset'];
    }),
  },
  {
    name: 'x_ratelimit_reset_relative',
    breaks: 'X-RateLimit-Reset is a Unix time in seconds',
    check: 'rate_limit_fields_conformance',
    // The seconds left in the window (RateLimit's t), as some servers send, instead of the time it ends.
    response: countedHeaders((h) => {
      h['x-ratelimit-reset'] = /t=(\d+)/.exec(h.ratelimit ?? '')?.[1] ?? '1';
    }),
  },
  {
    name: 'x_ratelimit_remaining_over_limit',
    breaks: 'X-RateLimit-Remaining is what the budget has left, at most X-RateLimit-Limit',
    check: 'rate_limit_fields_conformance',
    response: countedHeaders((h) => {
      h['x-ratelimit-remaining'] = String(Number(h['x-ratelimit-limit'] ?? 0) + 1);
    }),
  },
];
