/**
 * The cases of a release's suite that a later contract deliberately and additively changed: what the release promised
 * there is no longer the promise, by a documented decision, not by a break. Each entry is exact (release, case id,
 * check) and says which change took it and why; a failed case not listed here is a break. Listed cases still run and
 * are named in the replay's output as superseded, with the reason — they are only not counted as failures.
 */
export interface Superseded {
  /** The release whose suite holds the case. */
  release: string;
  /** The contract version that changed it, and the reason, in words. */
  by: string;
  why: string;
  check: string;
  cases: readonly string[];
  /** The failure's message shows the new promise kept (not merely the old one broken); absent: the case id suffices. */
  keeps?: (message: string) => boolean;
}

const PURCHASE_KINDS = ['Airtime', 'Data', 'Electricity', 'CableTv'] as const;

/** The 1.1.0 purchase cases (conformance/cases/purchases.ts of that tree): kind × scenario. */
const PURCHASE_CASES = ['airtime', 'data', 'electricity', 'cabletv'].flatMap((kind) =>
  [
    'successful',
    'prepaid_successful',
    'postpaid_successful',
    'pending_then_successful',
    'pending_then_failed',
    'successful_then_reversed',
    'biller_timeout',
  ].map((scenario) => `purchases.${kind}_${scenario}`),
);

/** `external_reference "<10 digits><6>" for created_at "<instant>"` where the 10 digits are its Unix seconds. */
function unixSecondsReference(message: string): boolean {
  const m = /^external_reference "(\d{10})[A-Z0-9]{6}" for created_at "([^"]+)"$/.exec(message);
  return m !== null && Number(m[1]) === Math.floor(Date.parse(m[2]!) / 1000);
}

export const SUPERSEDED: readonly Superseded[] = [
  {
    release: '1.1.0',
    by: '1.2.0',
    why:
      'GET /purchases/{id} (issue 24) takes /purchases/airtime;x=1 and /purchases/%61irtime as a purchase id: ' +
      "they are that path's URLs (its 401 first, as OpenAPI path matching has it), no longer unrouted variants " +
      '(the current suite leaves them out: conformance/cases/path-variants.ts)',
    check: 'path_variant_not_routed',
    cases: PURCHASE_KINDS.flatMap((k) =>
      ['matrix_parameter', 'percent_encoded_letter'].map((v) => `path-variant.create${k}Purchase.${v}`),
    ),
  },
  {
    release: '1.1.0',
    by: '1.2.0',
    why:
      "a generated external_reference's 10 digits are the Unix time in seconds of creation, the form and meaning of " +
      'the references partners now send (issue 24; contract-decisions, "The seed\'s own system"; TransactionAttributes ' +
      'says so), no longer the Lagos time YYMMDDHHmm',
    check: 'purchase_state_conformance',
    cases: PURCHASE_CASES,
    keeps: unixSecondsReference,
  },
];

/** The entry that supersedes this failed case of `release`'s suite, if any. */
export function supersededBy(
  release: string,
  c: { id: string; failures: { check: string; message: string }[] },
): Superseded | undefined {
  const of = (f: { check: string; message: string }) =>
    SUPERSEDED.find(
      (s) => s.release === release && s.check === f.check && s.cases.includes(c.id) && (s.keeps?.(f.message) ?? true),
    );
  // Every failure of the case is superseded, or the case is a break.
  const entries = c.failures.map(of);
  return c.failures.length > 0 && entries.every((e) => e !== undefined) ? entries[0] : undefined;
}
