/**
 * Group commit for one statement shape (purchases.ts: recording and settling on PostgreSQL). A call made while
 * `parallel` groups are already running waits; when one finishes, the next group takes up to `max` waiting calls and
 * runs them as ONE statement — one round trip, one transaction, one commit (one WAL flush), and on a hot wallet one
 * hold of its row lock for the whole group instead of one per purchase.
 *
 * - A call that finds a free slot runs alone at once: without contention nothing waits and nothing changes.
 * - A group is sorted by `order` (the account), so that two groups take the accounts' rows in one order.
 * - A group statement is all or nothing. When the database refuses it — one call's own error (a reference taken), a
 *   deadlock — nothing of it was written, and its calls run alone, side by side in its slot, so that each gets exactly
 *   the answer or the error it would have had without grouping. Such reruns are rare by design: an outcome every
 *   request may meet (a known Idempotency-Key, an insufficient balance) is an answer of the statement for that call,
 *   never an error (purchase-statements.ts).
 * - When the group's outcome is unknown (`retryAlone` says no: the connection was lost, perhaps after the commit),
 *   every call of it gets that error, as a lone call would: running them again could record a purchase twice.
 *
 * Hand-written: ~50 lines over the store's executor. The batching libraries (dataloader and friends) batch reads by
 * key within a tick; this must batch writes across requests, bound the groups in flight and fall back per call.
 */
export interface GroupCommitOptions<I, O> {
  /** Most calls in one group. */
  max: number;
  /** Most slots busy at once; a slot runs a lone call, a group, or a failed group's calls side by side. */
  parallel: number;
  order: (a: I, b: I) => number;
  /** One statement for the whole group; answers in the order of `items`. */
  group: (items: I[]) => Promise<O[]>;
  /** One call alone: exactly what the call does without grouping. */
  alone: (item: I) => Promise<O>;
  /** Whether a group that failed with `error` wrote nothing for sure, so that its calls may run again alone. */
  retryAlone: (error: unknown) => boolean;
}

interface Waiting<I, O> {
  item: I;
  resolve: (o: O) => void;
  reject: (e: unknown) => void;
}

export function groupCommit<I, O>(opts: GroupCommitOptions<I, O>): (item: I) => Promise<O> {
  const queue: Waiting<I, O>[] = [];
  let running = 0;
  const settleEach = (calls: Waiting<I, O>[], run: (item: I) => Promise<O>) =>
    Promise.all(calls.map((c) => run(c.item).then(c.resolve, c.reject)));
  const runGroup = async (calls: Waiting<I, O>[]): Promise<void> => {
    if (calls.length === 1) return void (await settleEach(calls, opts.alone));
    let answers: O[];
    try {
      answers = await opts.group(calls.map((c) => c.item));
    } catch (error) {
      if (opts.retryAlone(error)) return void (await settleEach(calls, opts.alone));
      return calls.forEach((c) => c.reject(error));
    }
    calls.forEach((c, i) => c.resolve(answers[i]!));
  };
  const next = (): void => {
    while (running < opts.parallel && queue.length > 0) {
      const calls = queue.splice(0, opts.max).sort((a, b) => opts.order(a.item, b.item));
      running++;
      void runGroup(calls).finally(() => {
        running--;
        next();
      });
    }
  };
  return (item) =>
    new Promise<O>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      next();
    });
}
