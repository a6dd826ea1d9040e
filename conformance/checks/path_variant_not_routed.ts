/**
 * path_variant_not_routed: a path that is not exactly `<base path><template>` — another case, a trailing slash,
 * a doubled slash, a `;x=1` parameter, a percent-encoded letter — is no route: 404 NOT_FOUND in the error envelope,
 * before authentication, whoever calls. A case-insensitive or lenient router answers it as the operation (or, as
 * the defect this check was written for did, as a public page that skips the key).
 */
import { STATUS_CODES } from 'node:http';
import type { ContractSchemas } from '../contract-schemas.ts';
import type { RecordedResponse } from '../model.ts';
import { errorOf, isRecord, mediaType, type Problem } from './types.ts';

export const ERROR_RESPONSE_SCHEMA = '#/components/schemas/ErrorResponse';

/** `variant` names the path sent and `of` the operation whose path it varies, for the messages. */
export function pathVariantNotRouted(
  response: RecordedResponse,
  schemas: ContractSchemas,
  variant: string,
  of: string,
): Problem[] {
  const documented = `404 NOT_FOUND: ${variant} is not a path of the contract (paths are exact and case-sensitive), whoever calls`;
  const code = errorOf(response.body)?.code;
  if (response.status !== 404 || code !== 'NOT_FOUND') {
    const routed = response.status === 200 ? ` — answered as ${of}` : '';
    return [
      {
        message: `${variant} was answered ${response.status}${typeof code === 'string' ? ` ${code}` : ''}${routed}`,
        documented,
      },
    ];
  }
  const out: Problem[] = [];
  if (mediaType(response.headers['content-type']) !== 'application/json')
    out.push({
      message: `Content-Type '${response.headers['content-type'] ?? ''}' on the 404`,
      documented: 'application/json',
    });
  if (!response.isJson) return [...out, { message: 'the 404 body is not JSON', documented: 'the error envelope' }];
  for (const p of schemas.validate(ERROR_RESPONSE_SCHEMA, response.body))
    out.push({ message: `404 body ${p.path} ${p.message}`, documented: 'the error envelope (ErrorResponse)' });
  const status = isRecord(response.body) && isRecord(response.body.status) ? response.body.status : {};
  if (status.code !== 404 || status.message !== STATUS_CODES[404])
    out.push({
      message: `status is ${JSON.stringify(status)} on the 404`,
      documented: '{ code: 404, message: "Not Found" }',
    });
  if (!response.headers['x-request-id'])
    out.push({ message: 'no X-Request-Id on the 404', documented: 'X-Request-Id on every response' });
  return out;
}
