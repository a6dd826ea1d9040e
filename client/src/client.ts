/**
 * The typed client: one method per operation of the contract, grouped by resource, each typed by the generated
 * `paths` (parameters, bodies, answers). Every method resolves with the contract's success body (or, for purchases,
 * the transaction with the idempotency facts) and rejects with BillPaymentApiError on an error answer.
 */
import type {
  AirtimePurchaseRequest,
  CableTvPurchaseRequest,
  DataPurchaseRequest,
  ElectricityPurchaseRequest,
  ListAirtimeProductsQuery,
  ListCableTvProductsQuery,
  ListDataPlanProductsQuery,
  ListElectricityProductsQuery,
  ListTransactionsQuery,
  OperationId,
  PurchaseRequest,
  PurchaseVerificationRequest,
  Transaction,
  TransactionFilters,
} from './generated-types.ts';
import { webhookMethods } from './webhook-methods.ts';
import { paginate } from './pagination.ts';
import { createTransport, ok, type ClientOptions } from './transport.ts';

export interface PurchaseOptions {
  /**
   * Default: a new crypto.randomUUID(). Reused, unchanged, by the client's own retries of this call. `null` sends
   * none: the body's `external_reference` alone keeps the purchase from being bought twice (the published partner
   * API's way; the same order again is 409 DUPLICATE_REFERENCE naming the first transaction).
   */
  idempotencyKey?: string | null;
}

export interface PurchaseResult {
  transaction: Transaction;
  /** The key the purchase was sent with (null when sent without one): keep it to retry later without buying twice. */
  idempotencyKey: string | null;
  /** True when the server answered a replay (`Idempotent-Replayed: true`): nothing was bought this time. */
  replayed: boolean;
  /** `Location`: where to read the transaction again. */
  location: string | null;
  requestId: string | null;
}

export interface IterateTransactionsOptions {
  filters?: TransactionFilters;
  /** Items per request, 1–100 (the server's default when absent). */
  per_page?: number;
  /** The first page to read (default 1). */
  start_page?: number;
}

type PurchasePath =
  '/purchases' | '/purchases/airtime' | '/purchases/data' | '/purchases/electricity' | '/purchases/cabletv';
type PurchaseBody<P extends PurchasePath> = P extends '/purchases'
  ? PurchaseRequest
  : P extends '/purchases/airtime'
    ? AirtimePurchaseRequest
    : P extends '/purchases/data'
      ? DataPurchaseRequest
      : P extends '/purchases/electricity'
        ? ElectricityPurchaseRequest
        : CableTvPurchaseRequest;

export function createBillPaymentClient(options: ClientOptions) {
  const api = createTransport(options);
  const get = <D>(call: Promise<{ data?: D; error?: unknown; response: Response }>) =>
    ok(call, options.now).then((r) => r.data);

  async function purchase<P extends PurchasePath>(
    path: P,
    body: PurchaseBody<P>,
    opts: PurchaseOptions = {},
  ): Promise<PurchaseResult> {
    const idempotencyKey = opts.idempotencyKey === undefined ? crypto.randomUUID() : opts.idempotencyKey;
    // One call, one Request: the retrying fetch resends clones of it, so every attempt carries this same key.
    const { data, response } = await ok(
      api.POST(path as '/purchases/airtime', {
        params: { header: idempotencyKey === null ? {} : { 'Idempotency-Key': idempotencyKey } },
        body: body as AirtimePurchaseRequest,
      }),
      options.now,
    );
    return {
      transaction: data.data,
      idempotencyKey,
      replayed: response.headers.get('Idempotent-Replayed') === 'true',
      location: response.headers.get('Location'),
      requestId: response.headers.get('X-Request-Id'),
    };
  }

  const health = {
    get: () => get(api.GET('/health')).then((b) => b.data),
  };
  const account = {
    get: () => get(api.GET('/account')).then((b) => b.data),
    balance: () => get(api.GET('/account/balance')).then((b) => b.data),
  };
  const transactions = {
    /** One page, with `pagination`. */
    list: (query: ListTransactionsQuery = {}) => get(api.GET('/account/transactions', { params: { query } })),
    /** By `id`, `txn_<id>` or `external_reference`. */
    get: (id: string) => get(api.GET('/account/transactions/{id}', { params: { path: { id } } })).then((b) => b.data),
    /** Every transaction matching the filters, newest first, page after page. */
    iterate: ({ filters = {}, per_page, start_page = 1 }: IterateTransactionsOptions = {}) =>
      paginate(
        (page) => transactions.list({ ...filters, page, ...(per_page === undefined ? {} : { per_page }) }),
        start_page,
      ),
  };
  const products = {
    listCategories: () => get(api.GET('/products')),
    listAirtimes: (query: ListAirtimeProductsQuery = {}) => get(api.GET('/products/airtimes', { params: { query } })),
    listDataPlans: (query: ListDataPlanProductsQuery = {}) =>
      get(api.GET('/products/dataplans', { params: { query } })),
    listElectricity: (query: ListElectricityProductsQuery = {}) =>
      get(api.GET('/products/electricity', { params: { query } })),
    listCableTv: (query: ListCableTvProductsQuery = {}) => get(api.GET('/products/cabletv', { params: { query } })),
  };
  const verifications = {
    meter: (productId: string, meterNumber: string) =>
      get(
        api.GET('/products/electricity/{product_id}/meters/{meter_number}', {
          params: { path: { product_id: productId, meter_number: meterNumber } },
        }),
      ).then((b) => b.data),
    smartcard: (productId: string, smartcardNumber: string) =>
      get(
        api.GET('/products/cabletv/{product_id}/smartcards/{smartcard_number}', {
          params: { path: { product_id: productId, smartcard_number: smartcardNumber } },
        }),
      ).then((b) => b.data),
  };
  const purchases = {
    /**
     * Buys any product by its `product_id` (the published partner API's one purchase operation): `phone_number`,
     * `meter_number` or `smart_number` as the product's kind takes, `amount` for airtime and electricity, and your
     * `external_reference`. Sent with an Idempotency-Key too (a new one unless given), reused by the client's retries;
     * `{ idempotencyKey: null }` sends none, the reference alone guarding the order.
     */
    create: (body: PurchaseRequest, opts?: PurchaseOptions) => purchase('/purchases', body, opts),
    /**
     * Who a purchase of an electricity product (`meter_number`) or a cable TV bouquet (`smart_number`) will credit:
     * the verified meter or smartcard. Buys nothing; safe to repeat (no Idempotency-Key).
     */
    verify: (body: PurchaseVerificationRequest) => get(api.POST('/purchases/verify', { body })).then((b) => b.data),
    /** One purchase, by `id`, `txn_<id>` or `external_reference`. */
    get: (id: string) => get(api.GET('/purchases/{id}', { params: { path: { id } } })).then((b) => b.data),
    /** Asks the biller now about a pending purchase: the purchase as it stands after (settled, or still pending). */
    query: (id: string) => get(api.POST('/purchases/{id}/query', { params: { path: { id } } })).then((b) => b.data),
    airtime: (body: AirtimePurchaseRequest, opts?: PurchaseOptions) => purchase('/purchases/airtime', body, opts),
    data: (body: DataPurchaseRequest, opts?: PurchaseOptions) => purchase('/purchases/data', body, opts),
    electricity: (body: ElectricityPurchaseRequest, opts?: PurchaseOptions) =>
      purchase('/purchases/electricity', body, opts),
    cableTv: (body: CableTvPurchaseRequest, opts?: PurchaseOptions) => purchase('/purchases/cabletv', body, opts),
  };

  const { webhooks, events } = webhookMethods(api, options.now);

  /** Every operationId of the contract → its method (`satisfies` makes tsc fail when one is missing or unknown). */
  const operations = {
    getHealth: health.get,
    getAccount: account.get,
    getAccountBalance: account.balance,
    listTransactions: transactions.list,
    getTransaction: transactions.get,
    listProductCategories: products.listCategories,
    listAirtimeProducts: products.listAirtimes,
    listDataPlanProducts: products.listDataPlans,
    listElectricityProducts: products.listElectricity,
    listCableTvProducts: products.listCableTv,
    getElectricityMeter: verifications.meter,
    getCableTvSmartcard: verifications.smartcard,
    createAirtimePurchase: purchases.airtime,
    createDataPurchase: purchases.data,
    createElectricityPurchase: purchases.electricity,
    createCableTvPurchase: purchases.cableTv,
    createPurchase: purchases.create,
    verifyPurchase: purchases.verify,
    getPurchase: purchases.get,
    queryPurchase: purchases.query,
    listWebhookEndpoints: webhooks.list,
    createWebhookEndpoint: webhooks.create,
    getWebhookEndpoint: webhooks.get,
    updateWebhookEndpoint: webhooks.update,
    deleteWebhookEndpoint: webhooks.delete,
    createWebhookSecretRotation: webhooks.rotateSecret,
    listWebhookDeliveries: webhooks.listDeliveries,
    createWebhookDelivery: webhooks.redeliver,
    getWebhookDelivery: webhooks.getDelivery,
    listEvents: events.list,
    getEvent: events.get,
  } satisfies Record<OperationId, (...args: never[]) => Promise<unknown>>;

  return {
    health,
    account,
    transactions,
    products,
    verifications,
    purchases,
    webhooks,
    events,
    operations,
    /** The openapi-fetch client, for anything else. */ raw: api,
  };
}

export type BillPaymentClient = ReturnType<typeof createBillPaymentClient>;
