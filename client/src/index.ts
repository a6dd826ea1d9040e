export {
  createBillPaymentClient,
  type BillPaymentClient,
  type IterateTransactionsOptions,
  type PurchaseOptions,
  type PurchaseResult,
} from './client.ts';
export { BillPaymentApiError, parseRetryAfter, type ApiErrorCode } from './errors.ts';
export { paginate, type Page } from './pagination.ts';
export { backoffDelay, type RetryInfo, type RetryOptions } from './retry.ts';
export { SERVERS, type ClientOptions } from './transport.ts';
export { verifyWebhook, WebhookVerificationError, type WebhookFailure, type WebhookHeaders } from './webhooks.ts';
export type * from './generated-types.ts';
