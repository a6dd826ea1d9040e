/** The openapi-fetch client under the typed methods: base URL, API key, retries, and errors turned into throws. */
import createClient, { type Client } from 'openapi-fetch';
import { BillPaymentApiError } from './errors.ts';
import type { paths } from './generated-types.ts';
import { retryingFetch, type RetryOptions } from './retry.ts';

/** Servers of the contract (`servers` of generated/openapi.json: a test checks each is listed for its environment). */
export const SERVERS = {
  production: 'https://api.billpay.ng/api/partners/v1',
  sandbox: 'https://api.billpay.ng/api/partners/sandbox/v1',
} as const;

export interface ClientOptions extends RetryOptions {
  /** The API key: `sk_live_…` (production) or `sk_test_…` (sandbox). Without one only `health.get()` succeeds. */
  apiKey?: string;
  /** Default: the contract's server of the key's environment, from its prefix. */
  baseUrl?: string;
  /** The fetch to use (default: globalThis.fetch). */
  fetch?: (input: Request, init?: RequestInit) => Promise<Response>;
  /** Extra headers sent with every request. */
  headers?: Record<string, string>;
}

export function defaultBaseUrl(apiKey: string | undefined): string {
  if (apiKey?.startsWith('sk_live_')) return SERVERS.production;
  if (apiKey?.startsWith('sk_test_')) return SERVERS.sandbox;
  throw new TypeError('baseUrl is required when the apiKey is absent or starts with neither sk_live_ nor sk_test_');
}

export function createTransport(options: ClientOptions): Client<paths> {
  const baseFetch = options.fetch ?? ((input: Request, init?: RequestInit) => globalThis.fetch(input, init));
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (options.apiKey !== undefined) headers.Authorization = `Bearer ${options.apiKey}`;
  return createClient<paths>({
    baseUrl: options.baseUrl ?? defaultBaseUrl(options.apiKey),
    fetch: retryingFetch(baseFetch, options),
    headers,
  });
}

/** What openapi-fetch answers: data on success, error (the parsed body) otherwise. */
interface Outcome<D> {
  data?: D;
  error?: unknown;
  response: Response;
}

/** The success body, or a BillPaymentApiError built from the error envelope. */
export async function ok<D>(call: Promise<Outcome<D>>, now?: () => number): Promise<{ data: D; response: Response }> {
  const { data, error, response } = await call;
  if (!response.ok) throw BillPaymentApiError.fromResponse(response, error, now);
  if (data === undefined) throw BillPaymentApiError.fromResponse(response, 'empty success body', now);
  return { data, response };
}
