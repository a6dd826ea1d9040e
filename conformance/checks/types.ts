/** Shapes shared by the checks. A check is a pure function: canned responses in, problems out. */
import type { ContractSchemas } from '../contract-schemas.ts';
import type { OperationModel } from '../contract/operations.ts';
import type { Expectation, RecordedRequest, RecordedResponse } from '../model.ts';

export interface Problem {
  message: string;
  /** What the contract documents, in a few words. */
  documented: string;
  /** For checks over a sequence: the index of the offending item. */
  index?: number;
}

export interface ResponseCheckInput {
  op: OperationModel;
  request: RecordedRequest;
  response: RecordedResponse;
  /** What the case expects, when it expects something precise. */
  expect?: Expectation;
  schemas: ContractSchemas;
  /** Full profile: the target implements the contract's semantics (request id echo…), not only its shapes. */
  semantics: boolean;
}

/** A check applied to every response of the run. */
export interface ResponseCheck {
  name: string;
  run(input: ResponseCheckInput): Problem[];
}

export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** `error` member of an error body, when there is one. */
export function errorOf(body: unknown): { code?: unknown; message?: unknown; details?: unknown } | undefined {
  return isRecord(body) && isRecord(body.error) ? body.error : undefined;
}

export const mediaType = (contentType: string | undefined) => (contentType ?? '').split(';')[0]!.trim().toLowerCase();
