/** status_code_conformance: the HTTP status is one the operation documents, and the one the case expects. */
import type { Problem, ResponseCheck } from './types.ts';

export const statusCodeConformance: ResponseCheck = {
  name: 'status_code_conformance',
  run({ op, response, expect }) {
    const out: Problem[] = [];
    const documented = [...op.responses.keys()].join(', ');
    if (!op.responses.has(response.status)) {
      out.push({
        message: `status ${response.status} is not documented for ${op.operationId}`,
        documented: `statuses ${documented}`,
      });
    }
    if (expect && response.status !== expect.status) {
      const want = `${expect.status}${expect.code ? ` ${expect.code}` : ''}`;
      out.push({ message: `expected status ${want}, got ${response.status}`, documented: want });
    }
    return out;
  },
};
