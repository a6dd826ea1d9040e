/**
 * What the operations by product (`POST /purchases`, `POST /purchases/verify`) share: the scope a product's kind
 * needs, and the customer's number read from the member the kind takes. Their schemas accept every number member
 * (the kind is known only once the product is found), so which one a product needs is checked here, with the
 * body's 400s, naming the member.
 */
import type { Principal } from '../contract/principal.ts';
import type { ProductKind, Scope } from '../domain.ts';
import { errors } from '../errors.ts';

/** The purchase scope of each product kind: the scope the per-kind operation of that kind requires. */
export const PURCHASE_SCOPE: Readonly<Record<ProductKind, Scope>> = Object.freeze({
  airtime: 'purchase_airtime',
  dataplan: 'purchase_data',
  electricity: 'purchase_electricity',
  cabletv: 'purchase_cable_tv',
});

/**
 * 403 INSUFFICIENT_SCOPE naming the kind's scope unless the key holds it. The pipeline already refused a key
 * holding none of the operation's scopes, before the body was read; this is the key holding another kind's.
 */
export function requirePurchaseScope(principal: Principal, kind: ProductKind): void {
  const scope = PURCHASE_SCOPE[kind];
  if (!principal.scopes.includes(scope)) throw errors.insufficientScope(scope);
}

/** The members that carry a customer's number, and which kind takes each. */
type NumberMember = 'phone_number' | 'meter_number' | 'smart_number' | 'smartcard_number';
const MEMBER_OF_KIND: Readonly<Record<ProductKind, NumberMember>> = {
  airtime: 'phone_number',
  dataplan: 'phone_number',
  electricity: 'meter_number',
  cabletv: 'smart_number',
};
/** Each kind in words, for the 400s that name what a kind takes. */
export const KIND_WORDS: Readonly<Record<ProductKind, string>> = {
  airtime: 'an airtime product',
  dataplan: 'a data plan',
  electricity: 'an electricity product',
  cabletv: 'a cable TV bouquet',
};

export type NumberMembers = Partial<Record<NumberMember, string | undefined>>;

/**
 * The customer's number for a product of `kind`, from the member that kind takes: `smart_number` or its other name
 * `smartcard_number` (never both) for cable TV, `meter_number` for electricity, `phone_number` for airtime and data.
 * A number member the kind does not take, or none, is a 400 naming it (a member the operation's body has not at
 * all, such as a verification's phone number, its schema already refused).
 */
export function customerNumberOf(body: NumberMembers, kind: ProductKind): string {
  if (body.smart_number !== undefined && body.smartcard_number !== undefined)
    throw errors.invalidParameter('/smartcard_number', 'send either smart_number or smartcard_number, not both');
  const wanted = MEMBER_OF_KIND[kind];
  const given = (member: NumberMember) =>
    member === 'smart_number' ? (body.smart_number ?? body.smartcard_number) : body[member];
  // The phone number is also an optional extra of an electricity purchase (kept on the transaction): not a
  // customer number of another kind there.
  const others = (['phone_number', 'meter_number', 'smart_number'] as const).filter(
    (m) => m !== wanted && !(m === 'phone_number' && kind === 'electricity'),
  );
  for (const other of others) {
    if (given(other) === undefined) continue;
    const name = other === 'smart_number' && body.smart_number === undefined ? 'smartcard_number' : other;
    throw errors.invalidParameter(`/${name}`, `is not taken by ${KIND_WORDS[kind]}: send ${wanted}`);
  }
  const value = given(wanted);
  if (value === undefined) throw errors.invalidParameter(`/${wanted}`, `is required for ${KIND_WORDS[kind]}`);
  return value;
}
