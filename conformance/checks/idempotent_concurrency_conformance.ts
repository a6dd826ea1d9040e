/**
 * idempotent_concurrency_conformance: the same purchase sent several times at once with one Idempotency-Key buys
 * once — exactly one first answer (201 without Idempotent-Replayed); every other answer is 409
 * IDEMPOTENCY_KEY_IN_USE (the first was still being processed) or a replay of that 201, byte for byte.
 */
import type { RecordedResponse } from '../model.ts';
import { errorOf, isRecord, type Problem } from './types.ts';

const idOf = (r: RecordedResponse) => (isRecord(r.body) && isRecord(r.body.data) ? r.body.data.id : undefined);

export function idempotentConcurrencyConformance(answers: RecordedResponse[]): Problem[] {
  const out: Problem[] = [];
  const created = answers.filter((r) => r.status === 201);
  const firsts = created.filter((r) => r.headers['idempotent-replayed'] !== 'true');
  const ids = [...new Set(created.map(idOf))];
  if (firsts.length !== 1)
    out.push({
      message: `${firsts.length} first answers (201 without Idempotent-Replayed) among ${answers.length}`,
      documented: 'exactly one purchase per Idempotency-Key',
    });
  if (ids.length > 1)
    out.push({
      message: `the 201s name ${ids.length} transactions: ${ids.join(', ')}`,
      documented: 'one transaction per Idempotency-Key',
    });
  const first = firsts[0];
  for (const r of answers) {
    if (r === first) continue;
    if (r.status === 201 && first && r.text !== first.text)
      out.push({
        message: 'a replay differs from the first answer',
        documented: 'a replay is the first answer, byte for byte',
      });
    if (r.status !== 201 && !(r.status === 409 && errorOf(r.body)?.code === 'IDEMPOTENCY_KEY_IN_USE')) {
      out.push({
        message: `an answer is ${r.status} ${String(errorOf(r.body)?.code ?? '')}`,
        documented: '409 IDEMPOTENCY_KEY_IN_USE or a replay of the first answer',
      });
    }
  }
  return out;
}
