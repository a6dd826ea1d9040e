/**
 * envelope_conformance: the body is the documented envelope — `status` {code, message} always; a success has
 * `data` (and `pagination` on lists) and no `error`; an error has `error` {code, message} and no `data`.
 */
import { isRecord, type Problem, type ResponseCheck } from './types.ts';

export const envelopeConformance: ResponseCheck = {
  name: 'envelope_conformance',
  run({ op, response }) {
    const documented =
      response.status < 400
        ? `{ status, data${op.paginated ? ', pagination' : ''} }`
        : '{ status, error: { code, message } } without data';
    // A documented response without content (204) has no envelope (content_type_conformance checks it is empty).
    if (op.responses.get(response.status)?.mediaTypes.length === 0) return [];
    const body = response.body;
    if (!response.isJson || !isRecord(body)) return [{ message: 'the body is not a JSON object', documented }];
    const out: Problem[] = [];
    const problem = (message: string) => out.push({ message, documented });
    if (!isRecord(body.status) || typeof body.status.code !== 'number' || typeof body.status.message !== 'string') {
      problem('`status` is not { code: integer, message: string }');
    }
    if (response.status < 400) {
      if (!('data' in body)) problem('a success without `data`');
      if ('error' in body) problem('a success with an `error` member');
      if (op.paginated && response.status === 200) {
        if (!Array.isArray(body.data)) problem('a list without a `data` array');
        if (!isRecord(body.pagination)) problem('a list without a `pagination` object');
      }
    } else {
      const e = body.error;
      if (!isRecord(e) || typeof e.code !== 'string' || typeof e.message !== 'string')
        problem('an error without `error` { code, message }');
      if ('data' in body) problem('an error with a `data` member');
    }
    return out;
  },
};
