/**
 * idempotent_replay_conformance: the same Idempotency-Key with the same body, after the first request completed, is
 * answered with the first response again — same status, same body bytes, same Location — marked
 * `Idempotent-Replayed: true`, which the first answer does not carry.
 */
import type { RecordedResponse } from '../model.ts';
import type { Problem } from './types.ts';

export function idempotentReplayConformance(first: RecordedResponse, again: RecordedResponse): Problem[] {
  const out: Problem[] = [];
  if (first.headers['idempotent-replayed'] !== undefined) {
    out.push({
      message: `the first answer carries Idempotent-Replayed: ${first.headers['idempotent-replayed']}`,
      documented: 'Idempotent-Replayed absent on a first answer',
    });
  }
  if (again.status !== first.status)
    out.push({
      message: `the replay is ${again.status}, the first answer ${first.status}`,
      documented: 'the same status',
    });
  if (again.text !== first.text) {
    out.push({
      message: `the replay's body differs from the first answer's (${diffAt(first.text, again.text)})`,
      documented: 'the same body, byte for byte',
    });
  }
  if (again.headers.location !== first.headers.location) {
    out.push({
      message: `the replay's Location is ${again.headers.location ?? '(none)'}, the first's ${first.headers.location ?? '(none)'}`,
      documented: 'the same Location',
    });
  }
  if (again.headers['idempotent-replayed'] !== 'true') {
    out.push({
      message: `the replay carries Idempotent-Replayed: ${again.headers['idempotent-replayed'] ?? '(none)'}`,
      documented: 'Idempotent-Replayed: true',
    });
  }
  return out;
}

function diffAt(a: string, b: string): string {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return `from character ${i}: ${JSON.stringify(a.slice(i, i + 40))} vs ${JSON.stringify(b.slice(i, i + 40))}`;
}
