/**
 * error_code_conformance: an error's `error.code` is one the contract documents for that operation and status
 * (its examples name one code each), and the one the case expects.
 */
import { errorOf, type Problem, type ResponseCheck } from './types.ts';

export const errorCodeConformance: ResponseCheck = {
  name: 'error_code_conformance',
  run({ op, response, expect }) {
    if (response.status < 400) return [];
    const code = errorOf(response.body)?.code;
    if (typeof code !== 'string') return []; // envelope_conformance reports it
    const out: Problem[] = [];
    const documented = op.responses.get(response.status)?.codes ?? [];
    if (documented.length && !documented.includes(code)) {
      out.push({
        message: `error.code ${code} is not documented for ${op.operationId} ${response.status}`,
        documented: documented.join(' | '),
      });
    }
    if (expect?.code && response.status === expect.status && code !== expect.code) {
      out.push({ message: `error.code is ${code}`, documented: `${expect.status} ${expect.code}` });
    }
    return out;
  },
};
