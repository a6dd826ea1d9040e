/** The vocabulary of the suite: key roles, recorded exchanges, expectations, failures, cases and results. */

export const ROLES = [
  'full',
  'balance_only',
  'products_only',
  'disabled',
  'revoked',
  'expired',
  'regenerated_old',
  'ip_restricted',
  'ip_loopback',
  'low_balance',
  'api_disabled',
] as const;
export type Role = (typeof ROLES)[number];

export const ENVIRONMENTS = ['sandbox', 'production'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];
export const KEY_PREFIX: Record<Environment, string> = { production: 'sk_live_', sandbox: 'sk_test_' };
export const otherEnvironment = (env: Environment): Environment => (env === 'sandbox' ? 'production' : 'sandbox');

export type Profile = 'full' | 'contract';

export interface RecordedRequest {
  method: string;
  url: string;
  /** Lower-case names. The Authorization value is kept for the secret checks and redacted whenever rendered. */
  headers: Record<string, string>;
  /** The body sent (write requests), as text. */
  body?: string;
}

export interface RecordedResponse {
  status: number;
  /** Lower-case names. */
  headers: Record<string, string>;
  text: string;
  /** The parsed JSON body, or undefined when the body is not JSON. */
  body: unknown;
  isJson: boolean;
}

export interface Exchange {
  seq: number;
  /** What the request was, for humans: the key role ("full", "no key", …). */
  label: string;
  request: RecordedRequest;
  response?: RecordedResponse;
  /** Network error or timeout. */
  error?: string;
  durationMs: number;
  /** How many 429 answers were waited out and retried before this response. */
  retries429: number;
}

/** What a case requires of one response. */
export interface Expectation {
  status: number;
  /** `error.code` for error statuses. */
  code?: string;
  /** INVALID_PARAMETER: the parameter the error must name (any one of them, for a list). */
  parameter?: string | string[];
  /** INSUFFICIENT_SCOPE: the scope that the error must name. */
  scope?: string;
}

export interface Failure {
  check: string;
  operationId: string;
  message: string;
  /** Redacted one-line description of the request. */
  request?: string;
  /** Redacted excerpt of what came back. */
  response?: string;
  /** What the contract documents for it. */
  documented?: string;
}

/** One cell of the coverage matrix: operation × documented status × documented error code (null for successes). */
export interface Cell {
  operationId: string;
  status: number;
  code: string | null;
}

export type CaseStatus = 'passed' | 'failed' | 'skipped';

export interface CaseResult {
  id: string;
  group: string;
  operationId: string;
  title: string;
  status: CaseStatus;
  reason?: string;
  failures: Failure[];
  cells: Cell[];
  requests: number;
  retries429: number;
  durationMs: number;
}
