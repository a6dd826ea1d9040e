/**
 * duplicate_reference_conformance: a partner's external_reference buys at most once per account — of purchases
 * sent with one reference (one after the other, or at once; with or without an Idempotency-Key), exactly one is
 * answered 201 with that reference, and every other is 409 DUPLICATE_REFERENCE naming that 201's transaction (its
 * id in `error.details[].message` or `error.message`). What was debited is money_conservation's to judge.
 */
import type { RecordedResponse } from '../model.ts';
import { errorOf, isRecord, type Problem } from './types.ts';

const dataOf = (r: RecordedResponse) => (isRecord(r.body) && isRecord(r.body.data) ? r.body.data : undefined);

/** Whether the 409's error names `id`: in a detail's message or in its message. */
function names(r: RecordedResponse, id: string): boolean {
  const e = errorOf(r.body);
  const details = Array.isArray(e?.details) ? e.details : [];
  return (
    (typeof e?.message === 'string' && e.message.includes(id)) ||
    details.some((d) => isRecord(d) && typeof d.message === 'string' && d.message.includes(id))
  );
}

/** `answers`: every answer to purchases sent with `reference` (none of them a replay of an Idempotency-Key). */
export function duplicateReferenceConformance(reference: string, answers: RecordedResponse[]): Problem[] {
  const out: Problem[] = [];
  const created = answers.filter((r) => r.status === 201);
  if (created.length !== 1)
    out.push({
      message: `${created.length} purchases answered 201 among ${answers.length} sent with the external_reference ${reference}`,
      documented: 'exactly one purchase per external_reference',
    });
  const first = created[0] && dataOf(created[0]);
  const id = typeof first?.id === 'string' ? first.id : undefined;
  const held = isRecord(first?.attributes) ? first.attributes.external_reference : undefined;
  if (first && held !== reference)
    out.push({
      message: `the purchase's external_reference is ${JSON.stringify(held)}, not the ${reference} sent`,
      documented: 'the transaction carries the external_reference sent',
    });
  for (const r of answers) {
    if (r.status === 201) continue;
    const code = errorOf(r.body)?.code;
    if (r.status !== 409 || code !== 'DUPLICATE_REFERENCE') {
      out.push({
        message: `a purchase with the used external_reference ${reference} is answered ${r.status} ${String(code ?? '')}`,
        documented: '409 DUPLICATE_REFERENCE',
      });
    } else if (id !== undefined && !names(r, id)) {
      out.push({
        message: `the 409 DUPLICATE_REFERENCE does not name the transaction ${id} that holds ${reference} (error ${JSON.stringify(errorOf(r.body))})`,
        documented: 'DUPLICATE_REFERENCE names the existing transaction (error.details or error.message)',
      });
    }
  }
  return out;
}
