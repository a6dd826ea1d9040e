/** The checks applied to every response of a run, in the order they are reported. */
import { contentTypeConformance } from './content_type_conformance.ts';
import { envelopeConformance } from './envelope_conformance.ts';
import { rateLimitFieldsConformance } from './rate_limit_fields_conformance.ts';
import { errorCodeConformance } from './error_code_conformance.ts';
import { errorSubjectNamed } from './error_subject_named.ts';
import { responseHeadersConformance } from './response_headers_conformance.ts';
import { responseSchemaConformance } from './response_schema_conformance.ts';
import { secretNotEchoed } from './secret_not_echoed.ts';
import { statusCodeConformance } from './status_code_conformance.ts';
import { statusCodeEcho } from './status_code_echo.ts';
import type { ResponseCheck } from './types.ts';

export const RESPONSE_CHECKS: ResponseCheck[] = [
  statusCodeConformance,
  contentTypeConformance,
  envelopeConformance,
  statusCodeEcho,
  responseSchemaConformance,
  responseHeadersConformance,
  rateLimitFieldsConformance,
  errorCodeConformance,
  errorSubjectNamed,
  secretNotEchoed,
];
