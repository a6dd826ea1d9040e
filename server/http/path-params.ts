/**
 * Path parameters of a routed request, decoded. An identifier that cannot be percent-decoded, is longer than any
 * identifier the API issues (MAX_PATH_PARAM_LENGTH, the contract's `maxLength`) or holds a control character,
 * matches nothing: the operation's
 * "not found" (404 TRANSACTION_NOT_FOUND for a transaction), as for any other identifier that matches nothing —
 * not a 400, so identifiers of future shapes stay look-up-able (contract decisions, "Parameters") — after the
 * parameters are checked (the lookup is the last step of the check order).
 */
import type { Request } from 'express';
import type { OperationId } from '../contract/operations.ts';
import type { AnyRoute } from '../contract/route-table.ts';
import { type ApiError, errors } from '../errors.ts';

export const MAX_PATH_PARAM_LENGTH = 128;
const CONTROL = /[\u0000-\u001f\u007f]/;

/** The "not found" of each path parameter, by operation (default: 404 NOT_FOUND). */
const NOT_FOUND: Partial<Record<OperationId, Record<string, () => ApiError>>> = {
  getTransaction: { id: errors.transactionNotFound },
  getPurchase: { id: errors.transactionNotFound },
  queryPurchase: { id: errors.transactionNotFound },
  getElectricityMeter: { product_id: () => errors.productNotFound(404), meter_number: errors.meterNotFound },
  getCableTvSmartcard: { product_id: () => errors.productNotFound(404), smartcard_number: errors.smartcardNotFound },
  getWebhookEndpoint: { webhook_id: errors.webhookNotFound },
  updateWebhookEndpoint: { webhook_id: errors.webhookNotFound },
  deleteWebhookEndpoint: { webhook_id: errors.webhookNotFound },
  createWebhookSecretRotation: { webhook_id: errors.webhookNotFound },
  listWebhookDeliveries: { webhook_id: errors.webhookNotFound },
  createWebhookDelivery: { webhook_id: errors.webhookNotFound },
  getWebhookDelivery: { webhook_id: errors.webhookNotFound, delivery_id: errors.deliveryNotFound },
  getEvent: { event_id: () => errors.eventNotFound() },
};

export const notFoundOf = (route: AnyRoute, param?: string): ApiError =>
  (
    (param !== undefined ? NOT_FOUND[route.operationId]?.[param] : undefined) ??
    Object.values(NOT_FOUND[route.operationId] ?? {})[0] ??
    errors.notFound
  )();

/** The decoded path parameters, or the operation's "not found" when one is no identifier at all. */
export function decodePathParams(route: AnyRoute, raw: Record<string, string>): Record<string, string> | ApiError {
  const decoded: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    let v: string;
    try {
      v = decodeURIComponent(value);
    } catch {
      return notFoundOf(route, name);
    }
    // Longer than any identifier issued, or holding a control character (none has one; NUL could not even reach
    // the database, whose text refuses it): matches nothing.
    if (v.length > MAX_PATH_PARAM_LENGTH || CONTROL.test(v)) return notFoundOf(route, name);
    decoded[name] = v;
  }
  return decoded;
}

/**
 * Runs `fn` (the validator) on the request as if each path parameter were the contract's example. The check order
 * puts parameters before the lookup, so a request whose id is no identifier still gets its 400 for a bad query
 * first; the validator would otherwise stop at the id (it decodes path parameters itself and answers 400).
 */
export async function withExamplePathParams<T>(req: Request, route: AnyRoute, fn: () => Promise<T>): Promise<T> {
  const { url, originalUrl } = req;
  const q = originalUrl.indexOf('?');
  const path =
    route.basePath +
    route.template.replace(/\{([^}]+)\}/g, (_m, name: string) =>
      encodeURIComponent(route.pathParamExamples[name] ?? '-'),
    );
  req.url = req.originalUrl = q === -1 ? path : path + originalUrl.slice(q);
  try {
    return await fn();
  } finally {
    req.url = url;
    req.originalUrl = originalUrl;
  }
}
