/**
 * error_subject_named: an error names what it is about — INVALID_PARAMETER names the parameter in
 * `error.details[].parameter` (or its message), INSUFFICIENT_SCOPE names the missing scope in its message.
 */
import { errorOf, isRecord, type Problem, type ResponseCheck } from './types.ts';

export const errorSubjectNamed: ResponseCheck = {
  name: 'error_subject_named',
  run({ response, expect }) {
    if (!expect || response.status !== expect.status) return [];
    const e = errorOf(response.body);
    if (!e) return [];
    const message = typeof e.message === 'string' ? e.message : '';
    const out: Problem[] = [];
    if (expect.parameter !== undefined) {
      const names = typeof expect.parameter === 'string' ? [expect.parameter] : expect.parameter;
      const details = Array.isArray(e.details) ? e.details : [];
      const named = names.some((n) => details.some((d) => isRecord(d) && d.parameter === n) || wordIn(message, n));
      if (!named) {
        out.push({
          message: `the error does not name ${names.map((n) => `'${n}'`).join(' or ')} (details ${JSON.stringify(e.details ?? null)}, message ${JSON.stringify(message)})`,
          documented: `error.details[].parameter = ${names.map((n) => `"${n}"`).join(' or ')}`,
        });
      }
    }
    // Alternatives (space-separated) are each named.
    if (expect.scope !== undefined && !expect.scope.split(' ').every((scope) => wordIn(message, scope))) {
      out.push({
        message: `the message ${JSON.stringify(message)} does not name the scope`,
        documented: `message names ${expect.scope}`,
      });
    }
    return out;
  },
};

/** `name` as a whole word of `text` (so `page` is not found inside `per_page`). */
function wordIn(text: string, name: string): boolean {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![A-Za-z0-9_])${escaped}(?![A-Za-z0-9_])`).test(text);
}
