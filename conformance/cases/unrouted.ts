/**
 * Requests whose answer is not a documented response of the operation — a path that is no route, a HEAD — so the
 * response checks of every exchange (which judge an answer by the operation's documented statuses) do not apply:
 * the case applies its own check. The secret check applies to every answer all the same.
 */
import type { SendRequest } from '../client/api.ts';
import { secretNotEchoed } from '../checks/secret_not_echoed.ts';
import type { CaseContext, Who } from '../context.ts';
import type { Exchange, RecordedResponse } from '../model.ts';

export async function sendUnverified(
  t: CaseContext,
  req: Omit<SendRequest, 'baseUrl' | 'authorization' | 'label'> & { baseUrl?: string },
  who: Who,
): Promise<{ ex: Exchange; response?: RecordedResponse }> {
  const ex = await t.run.api.send({ baseUrl: t.target.baseUrl, ...req, ...t.who(who) });
  t.requests++;
  t.retries429 += ex.retries429;
  if (!ex.response) {
    t.fail('response_received', t.op(), `no response: ${ex.error ?? 'unknown error'}`, ex, 'an HTTP response');
    return { ex };
  }
  if (ex.response.status === 429)
    t.skip(`rate limited: still 429 after ${ex.retries429} retries (a 429 is never a failure)`);
  const input = {
    op: t.op(),
    request: ex.request,
    response: ex.response,
    schemas: t.run.contract.schemas,
    semantics: t.run.semantics,
  };
  t.report(secretNotEchoed.name, secretNotEchoed.run(input), ex);
  return { ex, response: ex.response };
}
