/** status_code_echo: `status.code` repeats the HTTP status and `status.message` is its reason phrase. */
import { STATUS_CODES } from 'node:http';
import { isRecord, type Problem, type ResponseCheck } from './types.ts';

export const statusCodeEcho: ResponseCheck = {
  name: 'status_code_echo',
  run({ response }) {
    const body = response.body;
    if (!isRecord(body) || !isRecord(body.status)) return [];
    const out: Problem[] = [];
    const phrase = STATUS_CODES[response.status];
    if (body.status.code !== response.status) {
      out.push({
        message: `status.code is ${JSON.stringify(body.status.code)} on an HTTP ${response.status}`,
        documented: `status.code = ${response.status}`,
      });
    }
    if (phrase && body.status.message !== phrase) {
      out.push({
        message: `status.message is ${JSON.stringify(body.status.message)}`,
        documented: `status.message = "${phrase}"`,
      });
    }
    return out;
  },
};
