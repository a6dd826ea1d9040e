/**
 * Purchases the way a partner of the published API makes them (issue 24, "Performance"): `POST /purchases` buying
 * airtime by the product's id, with a fresh `external_reference` per request and no Idempotency-Key — the reference
 * is what makes a retry safe. phases/purchases.ts measures them beside the keyed purchases, against the same P5/P6
 * targets.
 */
import { authHeaders } from '../phases/common.ts';
import { BASE } from './endpoints.ts';
import type { LoadRequest, LoadResult } from './load.ts';
import type { BenchPartner } from './purchase-setup.ts';

/** The sandbox number whose airtime succeeds at once (scenario "successful at once"): no settlement work follows. */
const PHONE = '08011111111';

/**
 * A partner reference of the published form (`^\d{10}[A-Za-z0-9]{6}$`): the Unix time in seconds, then `n`, the
 * request's sequence number, in base 36 on 6 characters. Distinct `n` give distinct references whatever the clock
 * says, so a run (one process, and a schema of its own) never sends one twice: every request is a new purchase,
 * never a 409 DUPLICATE_REFERENCE.
 */
export function benchReference(n: number, nowMs: number): string {
  if (!Number.isSafeInteger(n) || n < 0 || n >= 36 ** 6) throw new RangeError(`reference sequence out of range: ${n}`);
  return `${Math.floor(nowMs / 1000)}${n.toString(36).padStart(6, '0')}`;
}

let sequence = 0;

/**
 * The load's request: each send gets a new body with the next reference (autocannon's request generator) and, with
 * several partners, the next partner's key. No Idempotency-Key header is ever sent.
 */
export function buyingByReference(partners: BenchPartner[], airtimeProductId: string): LoadRequest {
  const body = (ref: string) =>
    JSON.stringify({ product_id: airtimeProductId, phone_number: PHONE, amount: '100.00', external_reference: ref });
  return {
    method: 'POST',
    path: `${BASE}/purchases`,
    body: body(benchReference(0, Date.now())),
    headers: { ...authHeaders(partners[0]!.key), 'content-type': 'application/json' },
    setupRequest: (req) => {
      const n = sequence++;
      req.body = body(benchReference(n, Date.now()));
      if (partners.length > 1) req.headers.authorization = `Bearer ${partners[n % partners.length]!.key}`;
      return req;
    },
  };
}

/**
 * Purchases created per second: the 201s only. A refused request (a 409 for a reference used twice, a 4xx or 5xx)
 * is no purchase, so it does not count towards the goal.
 */
export const createdPerSecond = (l: Pick<LoadResult, 'rps' | 'requests' | 'status_codes'>): number =>
  l.requests > 0 ? (l.rps * (l.status_codes['201'] ?? 0)) / l.requests : 0;
