/**
 * The boundary a biller's verification answer crosses before it reaches a partner: what the distributor says of a
 * meter, what the provider says of a smartcard. The verification handlers (handlers/verifications.ts) send it on
 * as the contract's MeterVerification / SmartcardVerification and the purchases check it (handlers/purchases.ts),
 * so — as usableAnswer() does for a vend or a requery (settlement-decision.ts) — whatever a biller adapter hands
 * over is made of the contract's forms here, or counted as no usable answer:
 *
 * - free text (customer_name, address, current_bouquet) is made storable and cut to the contract's maxLength
 *   (storableText: U+0000 and lone surrogates become U+FFFD, the cut counts code points as maxLength does);
 * - an enum member (meter_type, distributor, provider) the contract does not list, a due_date that is not a
 *   calendar day in the contract's form, a meter or smartcard number other than the one asked, a value of the wrong
 *   type, or an answer that is no object at all: the answer is unusable — the caller answers 503 BILLER_UNAVAILABLE
 *   (a partner retries later), never a 500 and never a 404 that would tell the customer the meter does not exist;
 * - a biller that throws instead of answering is an unusable answer too (its error is kept as the cause, for the log);
 * - members the contract does not name are dropped: only the contract's members are built, never the biller's object.
 *
 * null from the biller keeps its meaning: it does not know this number (404 METER_NOT_FOUND / SMARTCARD_NOT_FOUND).
 */
import { CABLE_PROVIDERS, DISTRIBUTORS, METER_TYPES } from '../domain.ts';
import { storableText } from '../storable-text.ts';
import type { Biller, MeterInfo, SmartcardInfo } from './types.ts';

/** The contract's maxLength of each free-text member (MeterVerification, SmartcardVerification attributes); the
 *  test checks them against the bundle (verification-answer.test.ts). */
export const METER_TEXT_MAX = { customer_name: 200, address: 500 } as const;
export const SMARTCARD_TEXT_MAX = { customer_name: 200, current_bouquet: 100 } as const;

/** A verification as the contract can show it, the biller not knowing the number, or an answer that cannot be used. */
export type Verification<T> =
  { kind: 'verified'; info: T } | { kind: 'not_found' } | { kind: 'unusable'; why: string; cause?: unknown };

type Fields = Record<string, unknown>;
class Unusable extends Error {}

const text = (a: Fields, name: string, max: number): string => {
  const v = a[name];
  if (typeof v !== 'string') throw new Unusable(`${name} is not a string`);
  return storableText(v, max, { ellipsis: true });
};
const member = <T extends string>(a: Fields, name: string, allowed: readonly T[]): T => {
  const v = a[name];
  if (!allowed.includes(v as T)) throw new Unusable(`${name} is not one of ${allowed.join(', ')}`);
  return v as T;
};
const same = (a: Fields, name: string, asked: string): string => {
  if (a[name] !== asked) throw new Unusable(`${name} is not the number asked`);
  return asked;
};
/** The contract's due_date: YYYY-MM-DD (its pattern), a day that exists (format: date, RFC 3339 full-date). */
const fullDate = (a: Fields, name: string): string => {
  const v = a[name];
  const m = typeof v === 'string' ? /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/.exec(v) : null;
  if (m !== null) {
    const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
    const d = new Date(0);
    d.setUTCFullYear(year, month - 1, day); // setUTCFullYear, not Date.UTC: years 0-99 stay years 0-99
    if (d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day) return v as string;
  }
  throw new Unusable(`${name} is not a date (YYYY-MM-DD)`);
};

function judge<T>(answer: unknown, build: (a: Fields) => T): Verification<T> {
  if (answer === null || answer === undefined) return { kind: 'not_found' };
  if (typeof answer !== 'object' || Array.isArray(answer))
    return { kind: 'unusable', why: 'the answer is not an object' };
  try {
    return { kind: 'verified', info: build(answer as Fields) };
  } catch (error) {
    // A member whose getter throws is as unusable as one of the wrong form.
    return error instanceof Unusable
      ? { kind: 'unusable', why: error.message }
      : { kind: 'unusable', why: 'the answer could not be read', cause: error };
  }
}

/** A biller's answer to "who is meter `asked`?" as the contract can show it. */
export function usableMeter(answer: unknown, asked: string): Verification<MeterInfo> {
  return judge(answer, (a) => ({
    meter_number: same(a, 'meter_number', asked),
    meter_type: member(a, 'meter_type', METER_TYPES),
    customer_name: text(a, 'customer_name', METER_TEXT_MAX.customer_name),
    address: text(a, 'address', METER_TEXT_MAX.address),
    distributor: member(a, 'distributor', DISTRIBUTORS),
  }));
}

/** A biller's answer to "who is smartcard `asked`?" as the contract can show it. */
export function usableSmartcard(answer: unknown, asked: string): Verification<SmartcardInfo> {
  return judge(answer, (a) => ({
    smartcard_number: same(a, 'smartcard_number', asked),
    provider: member(a, 'provider', CABLE_PROVIDERS),
    customer_name: text(a, 'customer_name', SMARTCARD_TEXT_MAX.customer_name),
    current_bouquet: text(a, 'current_bouquet', SMARTCARD_TEXT_MAX.current_bouquet),
    due_date: fullDate(a, 'due_date'),
  }));
}

/** Asks the biller about a meter; whatever it answers or throws comes back judged. */
export async function verifyMeter(
  biller: Biller,
  q: Parameters<Biller['verifyMeter']>[0],
): Promise<Verification<MeterInfo>> {
  return asked(
    () => biller.verifyMeter(q),
    (a) => usableMeter(a, q.meter_number),
  );
}

/** Asks the biller about a smartcard; whatever it answers or throws comes back judged. */
export async function verifySmartcard(
  biller: Biller,
  q: Parameters<Biller['verifySmartcard']>[0],
): Promise<Verification<SmartcardInfo>> {
  return asked(
    () => biller.verifySmartcard(q),
    (a) => usableSmartcard(a, q.smartcard_number),
  );
}

async function asked<T>(
  call: () => Promise<unknown>,
  judgeIt: (a: unknown) => Verification<T>,
): Promise<Verification<T>> {
  let answer: unknown;
  try {
    answer = await call();
  } catch (cause) {
    return { kind: 'unusable', why: 'the biller did not answer', cause };
  }
  return judgeIt(answer);
}
