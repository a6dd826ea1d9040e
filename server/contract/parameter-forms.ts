/**
 * What each parameter of the contract must look like, in words with an example: the text of every 400
 * INVALID_PARAMETER a partner gets for it ("Invalid parameter 'from': must be an RFC 3339 date-time …"). One
 * table, so a message never shows a regular expression or a validator's internal wording; the tests check it
 * against the contract (every parameter has a form, each example is valid, each list names the contract's values).
 */
import { OPERATIONS } from './operations.ts';

const DATE_TIME = 'an RFC 3339 date-time with a time-zone offset';

/** Query parameter name → the form its value must have (after "must be "). */
export const PARAMETER_FORMS: Readonly<Record<string, string>> = {
  page: 'an integer from 1 to 1000000 written in decimal digits, such as 2',
  per_page: 'an integer from 1 to 100 written in decimal digits, such as 20',
  from: `${DATE_TIME}, such as 2026-11-01T00:00:00Z or 2026-11-01T00:00:00+01:00`,
  to: `${DATE_TIME}, such as 2026-11-30T23:59:59Z or 2026-11-30T23:59:59.999+01:00`,
  status: 'one of pending, successful, failed, reversed, such as successful',
  category: 'one of funding, purchase, withdrawal, transfer, commission, promo, such as purchase',
  reference: 'an external reference: 10 digits then 6 letters or digits, such as 1731402345AB12CD',
  network: 'one of MTN, Airtel, Glo, 9mobile (any letter case), such as MTN',
  bundle_type: 'one of daily, weekly, monthly, such as monthly',
  distributor:
    'a distributor code, one of AEDC, BEDC, EEDC, EKEDC, IBEDC, IKEDC, JED, KAEDCO, KEDCO, PHED, YEDC, ABAPOWER (any letter case), such as IKEDC',
  provider: 'one of DSTV, GOTV, STARTIMES, SHOWMAX (any letter case), such as DSTV',
  type: 'one of transaction.pending, transaction.successful, transaction.failed, transaction.reversed, account.low_balance, product.price_changed, product.unavailable, product.available, such as transaction.successful',
  event_id: 'an event id (a UUID), such as 3f6c2a9e-8b1d-4c7a-9e2f-5a4b3c2d1e0f',
  transaction_id: 'a transaction id (a UUID), such as 3f6c2a9e-8b1d-4c7a-9e2f-5a4b3c2d1e0f',
};

/**
 * Where two operations give one parameter name different forms (`status` of a transaction, `status` of a webhook
 * delivery): the operation's own words, which win over PARAMETER_FORMS.
 */
export const OPERATION_PARAMETER_FORMS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  listWebhookDeliveries: { status: 'one of pending, delivered, failed, such as failed' },
};

const formOf = (parameter: string, operationId?: string) =>
  (operationId === undefined ? undefined : OPERATION_PARAMETER_FORMS[operationId]?.[parameter]) ??
  PARAMETER_FORMS[parameter];

/** Request body member name → the form its value must have (after "must be "). */
export const BODY_MEMBER_FORMS: Readonly<Record<string, string>> = {
  network: 'one of MTN, Airtel, Glo, 9mobile (any letter case), such as MTN',
  phone_number: 'a Nigerian mobile number: 0 then 10 digits, or 234 then 10 digits, such as 08031234567',
  amount: 'an amount in naira as a decimal string with at most 2 decimals, such as 500.00',
  product_id:
    'the id (a UUID) of a product of this kind from the catalogue, such as 3f6c2a9e-8b1d-4c7a-9e2f-5a4b3c2d1e0f',
  meter_number: 'a meter number of 11 to 13 digits, such as 45678901234',
  smartcard_number: 'a smartcard number of 10 or 11 digits, such as 7023456789',
  smart_number: 'a smartcard number of 10 or 11 digits, such as 7023456789',
  reference: 'your own reference: 1 to 64 letters, digits, dots, underscores or hyphens, such as order-2026-0001',
  external_reference:
    'your own order reference of 16 characters: 10 digits, your Unix time in seconds, then 6 letters or digits, such as 1795166142AB12CD',
  url: 'an absolute https URL of at most 2048 characters (http only in a sandbox that allows private addresses), such as https://hooks.shop.ng/billpay',
  events:
    'a list of 1 to 4 different values among * (every event type), transaction.pending, transaction.successful, transaction.failed, transaction.reversed, account.low_balance, product.price_changed, product.unavailable, product.available, such as ["transaction.failed"] or ["*"]',
  description: 'a text of at most 256 characters, or null, such as Orders',
  enabled: 'true or false, such as true',
  event_id: 'the id (a UUID) of one of your events of the last 30 days, such as 3f6c2a9e-8b1d-4c7a-9e2f-5a4b3c2d1e0f',
};

/** The detail message of a body member: wrong, missing (`required`) or not a member of the request (`accepted`). */
export function bodyMemberMessage(
  member: string,
  problem: 'invalid' | 'missing' | 'unknown',
  accepted: readonly string[] = [],
): string {
  if (problem === 'unknown') return `is not a member of this request; it takes ${accepted.join(', ')}`;
  const form = BODY_MEMBER_FORMS[member];
  const must = form ? `must be ${form}` : 'is not valid';
  return problem === 'missing' ? `is required; it ${must}` : must;
}

/** The detail message of a query parameter whose value is not of its form. */
export function invalidValue(parameter: string, repeated: boolean, operationId?: string): string {
  const form = formOf(parameter, operationId);
  const must = form ? `must be ${form}` : 'is not valid';
  return repeated ? `must be given once; it ${must}` : must;
}

/** The detail message of a query parameter the operation does not take. */
export function unknownParameter(parameter: string, accepted: readonly string[]): string {
  const takes =
    accepted.length === 0 ? 'this operation takes no query parameters' : `this operation takes ${accepted.join(', ')}`;
  return parameter === ''
    ? `a query parameter needs a name; ${takes}`
    : `is not a parameter of this operation; ${takes}`;
}

/** Query parameters of the contract, for the tests: every one must have a form. */
export const CONTRACT_QUERY_PARAMETERS: readonly string[] = [
  ...new Set(Object.values(OPERATIONS).flatMap((op) => op.query)),
];
