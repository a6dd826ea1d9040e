/**
 * What a biller call can fail with. The two differ in what is known about the order, which decides what the
 * caller may do with the customer's money.
 */

/**
 * The biller did not answer in time: the order may or may not have been delivered. The purchase stays pending and
 * is settled by a requery (never failed on the spot: a refund for a delivered product would lose money).
 */
export class BillerTimeoutError extends Error {
  override readonly name = 'BillerTimeoutError';
  constructor(message = 'the biller did not answer in time') {
    super(message);
  }
}

/**
 * The biller could not be reached or refused the call before taking the order: nothing was delivered. Before a
 * purchase is recorded this is a 503 BILLER_UNAVAILABLE; on a requery it means "ask again later".
 */
export class BillerUnavailableError extends Error {
  override readonly name = 'BillerUnavailableError';
  constructor(message = 'the biller is unavailable') {
    super(message);
  }
}
