/**
 * DO NOT EDIT: written by `npm run generate` from openapi/. Edit the contract, then regenerate.
 */

export interface paths {
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Check API availability
         * @description Reports whether the API and its store answer, and the contract version the server implements. Public: it needs no API key, and a key sent to it is ignored (never rejected). Answers 503 `SERVICE_UNAVAILABLE` when the store does not answer. Like every operation it rejects unknown query parameters with 400.
         */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the partner account
         * @description Returns the partner account that owns the API key, in the key's environment (production and sandbox accounts are separate records).
         */
        get: operations["getAccount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/balance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the wallet balance
         * @description Returns the wallet balance as a decimal string with its currency. The `data` object is the balance itself, without the `id` / `type` / `attributes` wrapper of resources.
         */
        get: operations["getAccountBalance"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/transactions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List transactions
         * @description Lists the wallet's transactions newest first (`created_at` descending, then `id` descending, so pages are stable). Filters may be combined; each narrows the list. Any invalid filter value, an unknown parameter, or `from` after `to` is a 400 `INVALID_PARAMETER` naming the parameter. `total_count` is exact for the filters given.
         */
        get: operations["listTransactions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/transactions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get one transaction
         * @description Returns one transaction, looked up by its `id`, by `txn_` + its `id`, or by its `external_reference`; the three forms return the same transaction. An identifier that matches nothing in this account and environment, of whatever shape, is 404 `TRANSACTION_NOT_FOUND` (not 400).
         */
        get: operations["getTransaction"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/products": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List product categories
         * @description Lists the four product categories (airtime, data plans, cable TV, electricity) with the absolute path of each category's product list, including this environment's base path. Not paginated.
         */
        get: operations["listProductCategories"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/products/airtimes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List airtime products
         * @description Lists airtime products, one per network, with the amount bounds of a purchase.
         */
        get: operations["listAirtimeProducts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/products/dataplans": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List data plans
         * @description Lists data bundles. The item shape is not shown by the source specification and is decided by this contract (see `DataPlanProduct`): `validity_days` is 1, 7 or 30 for daily, weekly or monthly bundles.
         */
        get: operations["listDataPlanProducts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/products/electricity": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List electricity products
         * @description Lists electricity payment products: one per distribution company (DisCo) and meter type (prepaid, postpaid). The item shape and the distributor codes are not shown by the source specification and are decided by this contract (see `ElectricityProduct` and `Distributor`).
         */
        get: operations["listElectricityProducts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/products/cabletv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List cable TV bouquets
         * @description Lists cable and streaming TV bouquets. The item shape is not shown by the source specification and is decided by this contract (see `CableTvProduct`), as is the optional `provider` filter.
         */
        get: operations["listCableTvProducts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/products/electricity/{product_id}/meters/{meter_number}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Verify an electricity meter
         * @description Asks the distributor of an electricity product who a meter belongs to, before paying: the customer's name, the service address and the meter type. Nothing is bought or debited. The product is checked first (404 `PRODUCT_NOT_FOUND`), then the meter (404 `METER_NOT_FOUND`, also for a number that is not 11 to 13 digits). Needs the scope of the matching purchase, `purchase_electricity`.
         */
        get: operations["getElectricityMeter"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/products/cabletv/{product_id}/smartcards/{smartcard_number}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Verify a cable TV smartcard
         * @description Asks the provider of a cable TV bouquet who a smartcard belongs to, before paying: the customer's name, the current bouquet and the day it is due. Nothing is bought or debited. The product is checked first (404 `PRODUCT_NOT_FOUND`), then the smartcard (404 `SMARTCARD_NOT_FOUND`, also for a number that is not 10 or 11 digits). Needs the scope of the matching purchase, `purchase_cable_tv`.
         */
        get: operations["getCableTvSmartcard"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/purchases": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Buy a product
         * @description Buys any product of the catalogue by its `product_id`, as the published partner API does: airtime (by the airtime product's `id` from `GET /products/airtimes`, one per network), a data plan, electricity or a cable TV bouquet. The product's kind decides the customer's number and whether an `amount` is taken (see the body), the fee (100.00 NGN for electricity, none for the others) and the scope the key needs (`purchase_airtime`, `purchase_data`, `purchase_electricity`, `purchase_cable_tv`); a key holding none of the four is refused before the body is read. It is the per-kind operation's purchase (`POST /purchases/airtime`, `/data`, `/electricity`, `/cabletv`), routed by the product: the same checks, states, sandbox scenarios, answers and events. Send your own `external_reference`, an `Idempotency-Key`, or both, so that a retry never pays twice (a reference already used is 409 `DUPLICATE_REFERENCE`; after a lost answer, find the order by your reference with `GET /purchases/{id}`). Checks, in order: key, IP, one of the four scopes, `Idempotency-Key` (or an `external_reference`), body, biller, idempotency record, product, the scope of its kind, the customer number and amount its kind takes, reference, amount range, meter or smartcard, balance.
         */
        post: operations["createPurchase"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/purchases/airtime": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Buy airtime
         * @description Tops up a Nigerian mobile number with airtime on the given network and debits the amount from your wallet (no fee). The amount must lie within the network's airtime product range (`GET /products/airtimes`). Most purchases answer 201 already `successful`; a `pending` one is settled later (poll `GET /account/transactions/{id}`). Send your own `external_reference`, an `Idempotency-Key`, or both, so that a retry never buys twice (a reference already used is 409 `DUPLICATE_REFERENCE`). Checks, in order: key, IP, scope, `Idempotency-Key` (or an `external_reference`), body, biller, idempotency record, reference, amount range, balance.
         */
        post: operations["createAirtimePurchase"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/purchases/data": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Buy a data plan
         * @description Buys a data plan (`GET /products/dataplans`) for a Nigerian mobile number and debits the plan's price from your wallet (no fee). Most purchases answer 201 already `successful`; a `pending` one is settled later (poll `GET /account/transactions/{id}`). Send your own `external_reference`, an `Idempotency-Key`, or both, so that a retry never buys twice (a reference already used is 409 `DUPLICATE_REFERENCE`). Checks, in order: key, IP, scope, `Idempotency-Key` (or an `external_reference`), body, biller, idempotency record, reference, product, balance.
         */
        post: operations["createDataPurchase"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/purchases/electricity": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pay for electricity
         * @description Pays an amount of electricity to a meter through an electricity product (one distributor and meter type, `GET /products/electricity`) and debits the amount plus a 100.00 NGN convenience fee from your wallet. The meter is verified with the distributor first (404 `METER_NOT_FOUND`). A prepaid meter's transaction carries the `token` to enter on the meter and the `units` it loads once `successful`; a postpaid meter gets no token. Send your own `external_reference`, an `Idempotency-Key`, or both, so that a retry never pays twice (a reference already used is 409 `DUPLICATE_REFERENCE`). Checks, in order: key, IP, scope, `Idempotency-Key` (or an `external_reference`), body, biller, idempotency record, reference, product, amount range, meter, balance.
         */
        post: operations["createElectricityPurchase"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/purchases/cabletv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pay a cable TV bouquet
         * @description Pays a cable TV bouquet (`GET /products/cabletv`) for a smartcard and debits the bouquet's price from your wallet (no fee). The smartcard is verified with the provider first (404 `SMARTCARD_NOT_FOUND`). Most purchases answer 201 already `successful`; a `pending` one is settled later (poll `GET /account/transactions/{id}`). Send your own `external_reference`, an `Idempotency-Key`, or both, so that a retry never pays twice (a reference already used is 409 `DUPLICATE_REFERENCE`). Checks, in order: key, IP, scope, `Idempotency-Key` (or an `external_reference`), body, biller, idempotency record, reference, product, smartcard, balance.
         */
        post: operations["createCableTvPurchase"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/purchases/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Verify a customer before paying
         * @description Asks the biller who a purchase of an electricity product or a cable TV bouquet will credit, before paying: the same verification as `GET /products/electricity/{product_id}/meters/{meter_number}` (customer name, address, meter type) and `GET /products/cabletv/{product_id}/smartcards/{smartcard_number}` (customer name, current bouquet, due date), in the form of the published partner API. Nothing is bought or debited. Safe to repeat: no `Idempotency-Key` is needed (one sent is ignored). Needs the scope of the matching purchase, decided by the product's kind: `purchase_electricity` or `purchase_cable_tv`; a key holding neither is refused before the body is read. Checks, in order: key, IP, one of the two scopes, body, product (422 `PRODUCT_NOT_FOUND`), the scope of the product's kind, the customer number's member, the biller (404 `METER_NOT_FOUND` / `SMARTCARD_NOT_FOUND`).
         */
        post: operations["verifyPurchase"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/purchases/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get one purchase
         * @description Returns one purchase: the same transaction as `GET /account/transactions/{id}`, looked up the same three ways (its `id`, `txn_` + its `id`, or its `external_reference` — yours when you sent one, so that after a lost answer you find your order by your own reference). A transaction that is no purchase (a funding, a withdrawal), another account's purchase and an identifier that matches nothing are the same 404 `TRANSACTION_NOT_FOUND`. Reads only: to ask the biller about a `pending` purchase now, use `POST /purchases/{id}/query`. Needs the scope `read_transactions`, like every read of a transaction.
         */
        get: operations["getPurchase"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/purchases/{id}/query": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ask the biller about a pending purchase now
         * @description Asks the biller now how a `pending` purchase stands, instead of waiting for the service's own next check, and answers the purchase as it stands after that: settled (`successful`, or `failed` and refunded) when the biller gave a final answer, unchanged (still `pending`) when it did not or could not answer. A purchase no longer pending is answered unchanged, without asking the biller. A settlement made here is the same one the service's settlement worker makes, in one database transaction with its history row, its refund and its webhook event: a purchase is never settled twice, however many queries and checks meet. In the sandbox, a query moves a pending purchase on to its scenario's next state at once (`then` of the sandbox scenarios, without waiting for `after_seconds`). Safe to repeat; no body and no `Idempotency-Key` (one sent is ignored); counts against your rate limit like any request. The purchase is looked up like `GET /purchases/{id}` (its `id`, `txn_` + its `id`, or its `external_reference`), and every identifier that names no purchase of this account and environment is the same 404 `TRANSACTION_NOT_FOUND`. Scope `read_transactions`.
         */
        post: operations["queryPurchase"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List webhook endpoints
         * @description Lists the webhook endpoints of your account in this environment, newest first (`created_at` descending, then `id` descending), enabled and disabled ones alike. Secrets are never listed: `secret_hint` tells them apart. An invalid `page` or `per_page`, or an unknown parameter, is a 400 `INVALID_PARAMETER` naming it.
         */
        get: operations["listWebhookEndpoints"];
        put?: never;
        /**
         * Add a webhook endpoint
         * @description Registers a URL to receive the events of the chosen types, signed per Standard Webhooks, and answers 201 with the endpoint and its signing `secret` — shown this once: store it before anything else (a replay of the same `Idempotency-Key` within 24 hours answers the same 201, secret included; a lost secret is replaced by a rotation). The endpoint is enabled at once and receives the events that happen from then on. In production the URL must be `https://` and its host must resolve to public addresses only (checked now and again before every delivery); at most 16 endpoints per account. Checks, in order: key, IP, scope, `Idempotency-Key`, body, idempotency record, the server's signing key (501 `WEBHOOKS_NOT_CONFIGURED`), URL, number of endpoints.
         */
        post: operations["createWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{webhook_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get one webhook endpoint
         * @description Returns one webhook endpoint of your account in this environment, without its secret (`secret_hint` tells which secret is current). An id that matches no endpoint, of whatever shape, is 404 `WEBHOOK_NOT_FOUND`.
         */
        get: operations["getWebhookEndpoint"];
        put?: never;
        post?: never;
        /**
         * Delete a webhook endpoint
         * @description Deletes the endpoint: nothing more is sent to it, its pending deliveries are dropped and its delivery log goes with it; answers 204 with no body. The events stay (`GET /events`, 30 days). Deleting it again is 404 `WEBHOOK_NOT_FOUND`. A deleted endpoint no longer counts towards the 16 an account may have.
         */
        delete: operations["deleteWebhookEndpoint"];
        options?: never;
        head?: never;
        /**
         * Change a webhook endpoint
         * @description Changes the members given — `url`, `events`, `description`, `enabled` — and keeps the others; answers 200 with the endpoint. A `PATCH` sets values, so repeating it changes nothing more: it takes no `Idempotency-Key`. `enabled: false` disables the endpoint (`disabled_reason: disabled_by_partner`); `enabled: true` re-enables it whatever disabled it (you, a `410 Gone`, 3 days of failures) and clears `disabled_reason`; events that happened while it was disabled are not sent, redeliver them if you need them. A new `url` is checked like a new endpoint's (422 `WEBHOOK_URL_NOT_ALLOWED`); a new `url` or `events` applies from the next attempt on. Checks, in order: key, IP, scope, body, endpoint (404), URL.
         */
        patch: operations["updateWebhookEndpoint"];
        trace?: never;
    };
    "/webhooks/{webhook_id}/secret_rotations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate the signing secret
         * @description Issues a new signing secret for the endpoint and answers 201 with the endpoint and the new `secret`, shown this once (a replay of the same `Idempotency-Key` within 24 hours answers the same 201). For 24 hours (`previous_secret_expires_at`) the previous secret keeps signing too: every delivery carries two signatures, the new secret's and the previous one's, so you can deploy the new secret at any moment in that window without rejecting a delivery. Rotating again within the window replaces the previous secret by the current one (the older stops signing at once). Rotate when a secret may have leaked, or when you lost it. The body is the empty object `{}`. Checks, in order: key, IP, scope, `Idempotency-Key`, body, idempotency record, the server's signing key (501 `WEBHOOKS_NOT_CONFIGURED`), endpoint (404).
         */
        post: operations["createWebhookSecretRotation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{webhook_id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the deliveries to an endpoint
         * @description The attempt log of one endpoint: its deliveries newest first (`created_at` descending, then `id` descending), each with its event, status, attempts (time, status code, duration, error) and next retry. Filter by `event_id` to see what became of one event, or by `status` (`failed`) to find what to redeliver. Deliveries are kept 30 days, like events. An invalid filter, `page` or `per_page`, or an unknown parameter, is 400 `INVALID_PARAMETER`; an unknown endpoint is 404 `WEBHOOK_NOT_FOUND`.
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        /**
         * Redeliver an event
         * @description Sends one event to this endpoint again, as a new delivery (`trigger: redelivery`) with the same body and the same `webhook-id` as before, signed anew; answers 201 with the delivery, `pending` until its first attempt, which is made at once. The event must be of your account in this environment and at most 30 days old (else 422 `EVENT_NOT_FOUND`); it is sent whatever its type and the endpoint's `events`. A failed redelivery is retried on the same schedule as any delivery. Checks, in order: key, IP, scope, `Idempotency-Key`, body, idempotency record, the server's signing key (501 `WEBHOOKS_NOT_CONFIGURED`), endpoint (404), event (422).
         */
        post: operations["createWebhookDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{webhook_id}/deliveries/{delivery_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get one delivery
         * @description Returns one delivery of an endpoint with its attempt log. The endpoint is looked up first (404 `WEBHOOK_NOT_FOUND`), then the delivery among its deliveries (404 `DELIVERY_NOT_FOUND`), whatever the shape of either id.
         */
        get: operations["getWebhookDelivery"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List events
         * @description Lists the events of your account in this environment from the last 30 days, newest first (`created_at` descending, then `id` descending), whether or not an endpoint received them: use it to catch up after an outage or a disabled endpoint, and redeliver what you missed. Filter by `type` or by `transaction_id` (the history of one transaction). Any invalid filter value, an unknown parameter or an invalid `page` / `per_page` is 400 `INVALID_PARAMETER`.
         */
        get: operations["listEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/events/{event_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get one event
         * @description Returns one event — exactly the body its deliveries carry — by its `id` (a delivery's `webhook-id`). Events are kept 30 days: an older one, or an id that matches no event of this account and environment, of whatever shape, is 404 `EVENT_NOT_FOUND`.
         */
        get: operations["getEvent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "transaction.pending": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Transaction pending
         * @description A transaction was created `pending`: a purchase the biller has not confirmed yet. A `transaction.successful` or `transaction.failed` event follows when it settles. We `POST` the event to every enabled endpoint subscribed to `transaction.pending`, signed per Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`): verify the signature over the raw body before trusting it, deduplicate on `webhook-id`, and answer 2xx within 15 seconds. See How webhooks work in the introduction for retries, ordering and verification code.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /**
                     * @description The event's `id`, a lower-case UUID such as `2b4c6d8e-0f1a-4b3c-9d5e-7f8a9b0c1d2e`: the same on every retry and every redelivery of the event, so a receiver deduplicates on it (deliveries are at least once).
                     * @example 2b4c6d8e-0f1a-4b3c-9d5e-7f8a9b0c1d2e
                     */
                    "webhook-id": components["parameters"]["WebhookId"];
                    /**
                     * @description When this attempt was signed, in whole seconds since the Unix epoch (UTC), as decimal digits, such as `1795166168`; new on every attempt. Reject a delivery whose timestamp is more than 5 minutes from your clock (a replayed request).
                     * @example 1795166168
                     */
                    "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                    /**
                     * @description The signatures of this attempt, separated by a space: each is `v1,` then the standard base64 (44 characters with
                     *     the `=` padding) of the HMAC-SHA256, keyed with the bytes of a secret (the base64 after `whsec_`), of the text
                     *     `<webhook-id>.<webhook-timestamp>.<body>` — the body exactly as sent, byte for byte. One signature normally,
                     *     such as `v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=`; two during the 24 hours after a secret rotation (the new
                     *     secret's, then the previous one's). Accept the delivery when any `v1` signature matches one you compute, compared
                     *     in constant time; ignore entries of other versions.
                     * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                     */
                    "webhook-signature": components["parameters"]["WebhookSignature"];
                };
                path?: never;
                cookie?: never;
            };
            /** @description The event (`type`: `transaction.pending`), as `application/json` in UTF-8. Verify the signature over these bytes exactly as received, before parsing them. */
            requestBody: {
                content: {
                    "application/json": components["schemas"]["WebhookEvent"];
                };
            };
            responses: {
                410: components["responses"]["WebhookGone"];
                "2XX": components["responses"]["WebhookReceived"];
                default: components["responses"]["WebhookNotReceived"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "transaction.successful": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Transaction successful
         * @description A transaction is `successful`: created so (most purchases), or a `pending` one the biller confirmed. For a prepaid electricity purchase, `data` carries the `token` and `units`. We `POST` the event to every enabled endpoint subscribed to `transaction.successful`, signed per Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`): verify the signature over the raw body before trusting it, deduplicate on `webhook-id`, and answer 2xx within 15 seconds. See How webhooks work in the introduction for retries, ordering and verification code.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /**
                     * @description The event's `id`, a lower-case UUID such as `2b4c6d8e-0f1a-4b3c-9d5e-7f8a9b0c1d2e`: the same on every retry and every redelivery of the event, so a receiver deduplicates on it (deliveries are at least once).
                     * @example 2b4c6d8e-0f1a-4b3c-9d5e-7f8a9b0c1d2e
                     */
                    "webhook-id": components["parameters"]["WebhookId"];
                    /**
                     * @description When this attempt was signed, in whole seconds since the Unix epoch (UTC), as decimal digits, such as `1795166168`; new on every attempt. Reject a delivery whose timestamp is more than 5 minutes from your clock (a replayed request).
                     * @example 1795166168
                     */
                    "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                    /**
                     * @description The signatures of this attempt, separated by a space: each is `v1,` then the standard base64 (44 characters with
                     *     the `=` padding) of the HMAC-SHA256, keyed with the bytes of a secret (the base64 after `whsec_`), of the text
                     *     `<webhook-id>.<webhook-timestamp>.<body>` — the body exactly as sent, byte for byte. One signature normally,
                     *     such as `v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=`; two during the 24 hours after a secret rotation (the new
                     *     secret's, then the previous one's). Accept the delivery when any `v1` signature matches one you compute, compared
                     *     in constant time; ignore entries of other versions.
                     * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                     */
                    "webhook-signature": components["parameters"]["WebhookSignature"];
                };
                path?: never;
                cookie?: never;
            };
            /** @description The event (`type`: `transaction.successful`), as `application/json` in UTF-8. Verify the signature over these bytes exactly as received, before parsing them. */
            requestBody: {
                content: {
                    "application/json": components["schemas"]["WebhookEvent"];
                };
            };
            responses: {
                410: components["responses"]["WebhookGone"];
                "2XX": components["responses"]["WebhookReceived"];
                default: components["responses"]["WebhookNotReceived"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "transaction.failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Transaction failed
         * @description A `pending` transaction `failed`: the product was not delivered and the total debit is back in your wallet. Final. We `POST` the event to every enabled endpoint subscribed to `transaction.failed`, signed per Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`): verify the signature over the raw body before trusting it, deduplicate on `webhook-id`, and answer 2xx within 15 seconds. See How webhooks work in the introduction for retries, ordering and verification code.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /**
                     * @description The event's `id`, a lower-case UUID such as `2b4c6d8e-0f1a-4b3c-9d5e-7f8a9b0c1d2e`: the same on every retry and every redelivery of the event, so a receiver deduplicates on it (deliveries are at least once).
                     * @example 2b4c6d8e-0f1a-4b3c-9d5e-7f8a9b0c1d2e
                     */
                    "webhook-id": components["parameters"]["WebhookId"];
                    /**
                     * @description When this attempt was signed, in whole seconds since the Unix epoch (UTC), as decimal digits, such as `1795166168`; new on every attempt. Reject a delivery whose timestamp is more than 5 minutes from your clock (a replayed request).
                     * @example 1795166168
                     */
                    "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                    /**
                     * @description The signatures of this attempt, separated by a space: each is `v1,` then the standard base64 (44 characters with
                     *     the `=` padding) of the HMAC-SHA256, keyed with the bytes of a secret (the base64 after `whsec_`), of the text
                     *     `<webhook-id>.<webhook-timestamp>.<body>` — the body exactly as sent, byte for byte. One signature normally,
                     *     such as `v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=`; two during the 24 hours after a secret rotation (the new
                     *     secret's, then the previous one's). Accept the delivery when any `v1` signature matches one you compute, compared
                     *     in constant time; ignore entries of other versions.
                     * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                     */
                    "webhook-signature": components["parameters"]["WebhookSignature"];
                };
                path?: never;
                cookie?: never;
            };
            /** @description The event (`type`: `transaction.failed`), as `application/json` in UTF-8. Verify the signature over these bytes exactly as received, before parsing them. */
            requestBody: {
                content: {
                    "application/json": components["schemas"]["WebhookEvent"];
                };
            };
            responses: {
                410: components["responses"]["WebhookGone"];
                "2XX": components["responses"]["WebhookReceived"];
                default: components["responses"]["WebhookNotReceived"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "transaction.reversed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Transaction reversed
         * @description A `successful` transaction was `reversed` by the biller: the total debit is back in your wallet. Final. We `POST` the event to every enabled endpoint subscribed to `transaction.reversed`, signed per Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`): verify the signature over the raw body before trusting it, deduplicate on `webhook-id`, and answer 2xx within 15 seconds. See How webhooks work in the introduction for retries, ordering and verification code.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /**
                     * @description The event's `id`, a lower-case UUID such as `2b4c6d8e-0f1a-4b3c-9d5e-7f8a9b0c1d2e`: the same on every retry and every redelivery of the event, so a receiver deduplicates on it (deliveries are at least once).
                     * @example 2b4c6d8e-0f1a-4b3c-9d5e-7f8a9b0c1d2e
                     */
                    "webhook-id": components["parameters"]["WebhookId"];
                    /**
                     * @description When this attempt was signed, in whole seconds since the Unix epoch (UTC), as decimal digits, such as `1795166168`; new on every attempt. Reject a delivery whose timestamp is more than 5 minutes from your clock (a replayed request).
                     * @example 1795166168
                     */
                    "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                    /**
                     * @description The signatures of this attempt, separated by a space: each is `v1,` then the standard base64 (44 characters with
                     *     the `=` padding) of the HMAC-SHA256, keyed with the bytes of a secret (the base64 after `whsec_`), of the text
                     *     `<webhook-id>.<webhook-timestamp>.<body>` — the body exactly as sent, byte for byte. One signature normally,
                     *     such as `v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=`; two during the 24 hours after a secret rotation (the new
                     *     secret's, then the previous one's). Accept the delivery when any `v1` signature matches one you compute, compared
                     *     in constant time; ignore entries of other versions.
                     * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                     */
                    "webhook-signature": components["parameters"]["WebhookSignature"];
                };
                path?: never;
                cookie?: never;
            };
            /** @description The event (`type`: `transaction.reversed`), as `application/json` in UTF-8. Verify the signature over these bytes exactly as received, before parsing them. */
            requestBody: {
                content: {
                    "application/json": components["schemas"]["WebhookEvent"];
                };
            };
            responses: {
                410: components["responses"]["WebhookGone"];
                "2XX": components["responses"]["WebhookReceived"];
                default: components["responses"]["WebhookNotReceived"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "account.low_balance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Account low balance
         * @description A debit (a purchase) took your wallet's balance from your account's low-balance threshold or more to below it: top up before purchases are refused with `INSUFFICIENT_BALANCE`. Once per crossing, not once per purchase: the next one is sent only after the balance has come back to the threshold or above (a funding, a refund) and a debit takes it below again. Off unless a threshold is set for your account (we set it on request; in the sandbox see the `low-balance` scenario). We `POST` the event to every enabled endpoint subscribed to `account.low_balance` or `*`, signed per Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`): verify the signature over the raw body before trusting it, deduplicate on `webhook-id`, and answer 2xx within 15 seconds. See How webhooks work in the introduction for retries, ordering and verification code.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /**
                     * @description The event's `id`, a lower-case UUID such as `2b4c6d8e-0f1a-4b3c-9d5e-7f8a9b0c1d2e`: the same on every retry and every redelivery of the event, so a receiver deduplicates on it (deliveries are at least once).
                     * @example 2b4c6d8e-0f1a-4b3c-9d5e-7f8a9b0c1d2e
                     */
                    "webhook-id": components["parameters"]["WebhookId"];
                    /**
                     * @description When this attempt was signed, in whole seconds since the Unix epoch (UTC), as decimal digits, such as `1795166168`; new on every attempt. Reject a delivery whose timestamp is more than 5 minutes from your clock (a replayed request).
                     * @example 1795166168
                     */
                    "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                    /**
                     * @description The signatures of this attempt, separated by a space: each is `v1,` then the standard base64 (44 characters with
                     *     the `=` padding) of the HMAC-SHA256, keyed with the bytes of a secret (the base64 after `whsec_`), of the text
                     *     `<webhook-id>.<webhook-timestamp>.<body>` — the body exactly as sent, byte for byte. One signature normally,
                     *     such as `v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=`; two during the 24 hours after a secret rotation (the new
                     *     secret's, then the previous one's). Accept the delivery when any `v1` signature matches one you compute, compared
                     *     in constant time; ignore entries of other versions.
                     * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                     */
                    "webhook-signature": components["parameters"]["WebhookSignature"];
                };
                path?: never;
                cookie?: never;
            };
            /** @description The event (`type`: `account.low_balance`; `data`: the wallet's balance and threshold, an `AccountBalance`), as `application/json` in UTF-8. Verify the signature over these bytes exactly as received, before parsing them. */
            requestBody: {
                content: {
                    "application/json": components["schemas"]["WebhookEvent"];
                };
            };
            responses: {
                410: components["responses"]["WebhookGone"];
                "2XX": components["responses"]["WebhookReceived"];
                default: components["responses"]["WebhookNotReceived"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "product.price_changed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Product price changed
         * @description A product's price changed: a fixed-price product's `price.amount`, or the range of a product whose customer chooses the amount (`min_amount` / `max_amount`). Purchases recorded from the event on are charged the new price; every transaction's `price.product_amount` says what it was charged. Update the prices you show. Sent for every account of the environment whose catalogue changed: we `POST` the event to every enabled endpoint subscribed to `product.price_changed` or `*`, signed per Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`): verify the signature over the raw body before trusting it, deduplicate on `webhook-id`, and answer 2xx within 15 seconds. In the sandbox, the `product-events` scenario makes it happen on demand. See How webhooks work in the introduction for retries, ordering and verification code.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /**
                     * @description The event's `id`, a lower-case UUID such as `2b4c6d8e-0f1a-4b3c-9d5e-7f8a9b0c1d2e`: the same on every retry and every redelivery of the event, so a receiver deduplicates on it (deliveries are at least once).
                     * @example 2b4c6d8e-0f1a-4b3c-9d5e-7f8a9b0c1d2e
                     */
                    "webhook-id": components["parameters"]["WebhookId"];
                    /**
                     * @description When this attempt was signed, in whole seconds since the Unix epoch (UTC), as decimal digits, such as `1795166168`; new on every attempt. Reject a delivery whose timestamp is more than 5 minutes from your clock (a replayed request).
                     * @example 1795166168
                     */
                    "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                    /**
                     * @description The signatures of this attempt, separated by a space: each is `v1,` then the standard base64 (44 characters with
                     *     the `=` padding) of the HMAC-SHA256, keyed with the bytes of a secret (the base64 after `whsec_`), of the text
                     *     `<webhook-id>.<webhook-timestamp>.<body>` — the body exactly as sent, byte for byte. One signature normally,
                     *     such as `v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=`; two during the 24 hours after a secret rotation (the new
                     *     secret's, then the previous one's). Accept the delivery when any `v1` signature matches one you compute, compared
                     *     in constant time; ignore entries of other versions.
                     * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                     */
                    "webhook-signature": components["parameters"]["WebhookSignature"];
                };
                path?: never;
                cookie?: never;
            };
            /** @description The event (`type`: `product.price_changed`; `data`: the product after the change, a `ProductEventData`; `previous_price` beside it), as `application/json` in UTF-8. Verify the signature over these bytes exactly as received, before parsing them. */
            requestBody: {
                content: {
                    "application/json": components["schemas"]["WebhookEvent"];
                };
            };
            responses: {
                410: components["responses"]["WebhookGone"];
                "2XX": components["responses"]["WebhookReceived"];
                default: components["responses"]["WebhookNotReceived"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "product.unavailable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Product unavailable
         * @description A product went offline (its biller is down, or it was withdrawn for a while): it stays listed with `available: false`, and a purchase of it answers 422 `PRODUCT_UNAVAILABLE`, recording and debiting nothing. Stop offering it until `product.available`. Sent for every account of the environment whose catalogue changed: we `POST` the event to every enabled endpoint subscribed to `product.unavailable` or `*`, signed per Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`): verify the signature over the raw body before trusting it, deduplicate on `webhook-id`, and answer 2xx within 15 seconds. In the sandbox, the `product-events` scenario makes it happen on demand. See How webhooks work in the introduction for retries, ordering and verification code.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /**
                     * @description The event's `id`, a lower-case UUID such as `2b4c6d8e-0f1a-4b3c-9d5e-7f8a9b0c1d2e`: the same on every retry and every redelivery of the event, so a receiver deduplicates on it (deliveries are at least once).
                     * @example 2b4c6d8e-0f1a-4b3c-9d5e-7f8a9b0c1d2e
                     */
                    "webhook-id": components["parameters"]["WebhookId"];
                    /**
                     * @description When this attempt was signed, in whole seconds since the Unix epoch (UTC), as decimal digits, such as `1795166168`; new on every attempt. Reject a delivery whose timestamp is more than 5 minutes from your clock (a replayed request).
                     * @example 1795166168
                     */
                    "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                    /**
                     * @description The signatures of this attempt, separated by a space: each is `v1,` then the standard base64 (44 characters with
                     *     the `=` padding) of the HMAC-SHA256, keyed with the bytes of a secret (the base64 after `whsec_`), of the text
                     *     `<webhook-id>.<webhook-timestamp>.<body>` — the body exactly as sent, byte for byte. One signature normally,
                     *     such as `v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=`; two during the 24 hours after a secret rotation (the new
                     *     secret's, then the previous one's). Accept the delivery when any `v1` signature matches one you compute, compared
                     *     in constant time; ignore entries of other versions.
                     * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                     */
                    "webhook-signature": components["parameters"]["WebhookSignature"];
                };
                path?: never;
                cookie?: never;
            };
            /** @description The event (`type`: `product.unavailable`; `data`: the product, a `ProductEventData` with `attributes.available` false), as `application/json` in UTF-8. Verify the signature over these bytes exactly as received, before parsing them. */
            requestBody: {
                content: {
                    "application/json": components["schemas"]["WebhookEvent"];
                };
            };
            responses: {
                410: components["responses"]["WebhookGone"];
                "2XX": components["responses"]["WebhookReceived"];
                default: components["responses"]["WebhookNotReceived"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "product.available": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Product available
         * @description A product that was offline is on sale again (`available: true`): purchases of it are accepted. Sent for every account of the environment whose catalogue changed: we `POST` the event to every enabled endpoint subscribed to `product.available` or `*`, signed per Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`): verify the signature over the raw body before trusting it, deduplicate on `webhook-id`, and answer 2xx within 15 seconds. In the sandbox, the `product-events` scenario makes it happen on demand. See How webhooks work in the introduction for retries, ordering and verification code.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /**
                     * @description The event's `id`, a lower-case UUID such as `2b4c6d8e-0f1a-4b3c-9d5e-7f8a9b0c1d2e`: the same on every retry and every redelivery of the event, so a receiver deduplicates on it (deliveries are at least once).
                     * @example 2b4c6d8e-0f1a-4b3c-9d5e-7f8a9b0c1d2e
                     */
                    "webhook-id": components["parameters"]["WebhookId"];
                    /**
                     * @description When this attempt was signed, in whole seconds since the Unix epoch (UTC), as decimal digits, such as `1795166168`; new on every attempt. Reject a delivery whose timestamp is more than 5 minutes from your clock (a replayed request).
                     * @example 1795166168
                     */
                    "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                    /**
                     * @description The signatures of this attempt, separated by a space: each is `v1,` then the standard base64 (44 characters with
                     *     the `=` padding) of the HMAC-SHA256, keyed with the bytes of a secret (the base64 after `whsec_`), of the text
                     *     `<webhook-id>.<webhook-timestamp>.<body>` — the body exactly as sent, byte for byte. One signature normally,
                     *     such as `v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=`; two during the 24 hours after a secret rotation (the new
                     *     secret's, then the previous one's). Accept the delivery when any `v1` signature matches one you compute, compared
                     *     in constant time; ignore entries of other versions.
                     * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                     */
                    "webhook-signature": components["parameters"]["WebhookSignature"];
                };
                path?: never;
                cookie?: never;
            };
            /** @description The event (`type`: `product.available`; `data`: the product, a `ProductEventData` with `attributes.available` true), as `application/json` in UTF-8. Verify the signature over these bytes exactly as received, before parsing them. */
            requestBody: {
                content: {
                    "application/json": components["schemas"]["WebhookEvent"];
                };
            };
            responses: {
                410: components["responses"]["WebhookGone"];
                "2XX": components["responses"]["WebhookReceived"];
                default: components["responses"]["WebhookNotReceived"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        /** @description Repeats the HTTP status of the response. */
        Status: {
            /**
             * Format: int32
             * @description The HTTP status code of this response.
             * @example 200
             */
            code: number;
            /**
             * @description The HTTP reason phrase: a capital letter, then letters, spaces and hyphens, such as `OK`, `Bad Request`, `Unauthorized`, `Forbidden` or `Not Found`.
             * @example OK
             */
            message: string;
        };
        /**
         * Format: date-time
         * @description RFC 3339 date-time in UTC with millisecond precision: the date, `T`, the time with 3 decimals of a second, then `Z` (or an offset `+HH:MM` / `-HH:MM`), such as `2026-11-20T09:15:42.123Z`.
         * @example 2026-11-20T09:15:42.123Z
         */
        Timestamp: string;
        /** @description Availability of the API. `GET /health` answers 503 `SERVICE_UNAVAILABLE` instead when the store does not answer. */
        Health: {
            /**
             * @description `ok` when the API and its store answer.
             * @enum {string}
             */
            status: "ok";
            /**
             * @description The version of this contract (`info.version`) that the server implements: three numbers separated by dots, maybe followed by a pre-release or build suffix, such as `1.0.0`.
             * @example 1.0.0
             */
            version: string;
            timestamp: components["schemas"]["Timestamp"];
        };
        /** @description Success envelope of `GET /health`. */
        HealthResponse: {
            status: components["schemas"]["Status"];
            data: components["schemas"]["Health"];
        };
        /**
         * @description Stable, machine-readable error code. New codes may be added in `v1` for new conditions; treat an unknown code by
         *     its HTTP status.
         * @enum {string}
         */
        ErrorCode: "AUTHENTICATION_REQUIRED" | "INVALID_CREDENTIALS" | "TOKEN_REVOKED" | "TOKEN_EXPIRED" | "TOKEN_DISABLED" | "ENVIRONMENT_MISMATCH" | "IP_NOT_ALLOWED" | "INSUFFICIENT_SCOPE" | "INVALID_PARAMETER" | "TRANSACTION_NOT_FOUND" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL_ERROR" | "IDEMPOTENCY_KEY_REQUIRED" | "IDEMPOTENCY_KEY_IN_USE" | "IDEMPOTENCY_KEY_REUSED" | "DUPLICATE_REFERENCE" | "INSUFFICIENT_BALANCE" | "AMOUNT_OUT_OF_RANGE" | "PRODUCT_NOT_FOUND" | "METER_NOT_FOUND" | "SMARTCARD_NOT_FOUND" | "BILLER_UNAVAILABLE" | "WEBHOOK_NOT_FOUND" | "DELIVERY_NOT_FOUND" | "EVENT_NOT_FOUND" | "WEBHOOK_URL_NOT_ALLOWED" | "WEBHOOK_LIMIT_REACHED" | "PRODUCT_UNAVAILABLE" | "API_DISABLED" | "WEBHOOKS_NOT_CONFIGURED";
        /** @description One offending parameter or body member of a 400 response. */
        ErrorDetail: {
            /**
             * @description Which input is at fault: the name of a query parameter (`per_page`); in a request body, the JSON pointer (RFC 6901) of the member (`/amount`, `/events/1`; `/a~1b` for a member named `a/b`, `/~0` for one named `~`), `body` when the body is not valid JSON or not one JSON object, or `Content-Type` when it is not `application/json`. A body that gives a member twice in one object, at any depth, is refused (400 `INVALID_PARAMETER` naming the member): JSON parsers disagree on which of the two values counts. A name longer than 2048 characters is given cut to its first characters, and `message` says so.
             * @example per_page
             */
            parameter: string;
            /**
             * @description What is wrong with it.
             * @example must be <= 100
             */
            message: string;
        };
        /** @description The error envelope shared by every error response. There is no `data` member. */
        ErrorResponse: {
            status: components["schemas"]["Status"];
            error: {
                code: components["schemas"]["ErrorCode"];
                /** @description Human-readable explanation. May change; do not parse it. */
                message: string;
                /** @description Present on 400 `INVALID_PARAMETER`; one entry per offending parameter or body member (at most 32). */
                details?: components["schemas"]["ErrorDetail"][];
            };
        };
        /**
         * Format: uuid
         * @description A UUID in canonical lower-case form: 32 hexadecimal digits (0–9, a–f) in groups of 8, 4, 4, 4 and 12 joined by hyphens, such as `3f6c2a9e-8b1d-4c7a-9e2f-5a4b3c2d1e0f`.
         * @example 3f6c2a9e-8b1d-4c7a-9e2f-5a4b3c2d1e0f
         */
        Uuid: string;
        AccountAttributes: {
            /** @description Name of the account holder (free text, at most 200 characters). */
            name: string;
            /**
             * Format: email
             * @description Contact e-mail of the account (at most 254 characters, the limit of RFC 5321).
             */
            email: string;
            /** @description Registered business name of the partner (free text, at most 200 characters). */
            business_name: string;
            /**
             * @description Role of the account, a lower-case snake_case word (letters, digits, underscores; a letter first), such as `regular`, the usual value; other roles may appear, so do not enumerate.
             * @example regular
             */
            role: string;
            created_at: components["schemas"]["Timestamp"];
        };
        /** @description The partner account that owns the API key, in the key's environment. */
        Account: {
            id: components["schemas"]["Uuid"];
            /** @constant */
            type: "account";
            attributes: components["schemas"]["AccountAttributes"];
        };
        /** @description Success envelope holding the account. */
        AccountResponse: {
            status: components["schemas"]["Status"];
            data: components["schemas"]["Account"];
        };
        /**
         * @description A non-negative decimal amount with exactly two decimals, as a string, such as `1500.00` (at most 18 digits before the point). Never a binary float.
         * @example 1500.00
         */
        Money: string;
        /**
         * @description ISO 4217 currency code, three upper-case letters, such as `NGN` (always `NGN` in this version).
         * @example NGN
         */
        Currency: string;
        /** @description The wallet balance. Unlike resources, it has no `id` / `type` / `attributes` wrapper. */
        Balance: {
            balance: components["schemas"]["Money"];
            currency: components["schemas"]["Currency"];
            updated_at: components["schemas"]["Timestamp"];
        };
        /** @description Success envelope holding the wallet balance. */
        BalanceResponse: {
            status: components["schemas"]["Status"];
            data: components["schemas"]["Balance"];
        };
        /**
         * @description `pending` (accepted, the biller has not confirmed yet), `successful` (delivered), `failed` (not delivered; the
         *     debit was credited back) and `reversed` (delivered, then undone by the biller; the debit was credited back). A
         *     status moves only forward: `pending` → `successful`, `pending` → `failed`, `successful` → `reversed`; `failed`
         *     and `reversed` are final. Each change updates `updated_at`.
         * @enum {string}
         */
        TransactionStatus: "pending" | "successful" | "failed" | "reversed";
        /**
         * @description The kind of wallet movement (not the product kind, which is `product_type`).
         * @enum {string}
         */
        TransactionCategory: "funding" | "purchase" | "withdrawal" | "transfer" | "commission" | "promo";
        /**
         * @description An external reference: 16 characters, 10 digits (a Unix time in seconds) then 6 letters or digits, such as `1731402345AB12CD`. It is unique in the account (and so in its environment). On a purchase it is yours when you sent one (`external_reference` in the body), else the service generates one of the same form and meaning: the Unix time in seconds of the purchase's creation, then 6 upper-case letters or digits. Transactions created before version 1.2.0 of this contract carry the Lagos time (UTC+1) of their creation as `YYMMDDHHmm` in those 10 digits.
         * @example 1731402345AB12CD
         */
        ExternalReference: string;
        /** @description How the amount debited was built. `total_debit` = `product_amount` + `fee_amount`. */
        TransactionPrice: {
            product_amount: components["schemas"]["Money"];
            fee_amount: components["schemas"]["Money"];
            total_debit: components["schemas"]["Money"];
            currency: components["schemas"]["Currency"];
            /**
             * @description Pricing basis, e.g. `fixed` (catalogue price) or `face_value` (amount chosen by the customer). Not enumerated.
             * @example fixed
             */
            basis: string;
        };
        /** @description The movement's details. Members that do not apply to a movement are present and null, never absent. The four members `smartcard_number`, `token`, `units` and `product_id` were added with purchases; older clients may ignore them. */
        TransactionAttributes: {
            /** @description The amount of the movement; for a purchase, the wallet debit (`price.total_debit`). */
            amount: components["schemas"]["Money"];
            currency: components["schemas"]["Currency"];
            status: components["schemas"]["TransactionStatus"];
            category: components["schemas"]["TransactionCategory"];
            /** @description What the movement was, for people (free text, may change wording). */
            description: string;
            /**
             * @description A reference for the transaction, 1 to 64 letters, digits, `.`, `_` and `-`. For a purchase, the `reference` you sent, or when you sent none one the service generated (`PUR-` + 26 upper-case letters and digits, such as `PUR-01JCXG5M7Q8R9S0T1V2W3X4Y5Z`); for other movements, ours.
             * @example BPT7K2Q9ZX4M1C8D
             */
            reference: string;
            /** @description The transaction's external reference, 10 digits then 6 letters or digits, unique in the account, or null for movements that have none. Every purchase has one: the `external_reference` you sent with it, or else one the service generated of the same form, the Unix time in seconds of its creation then 6 upper-case letters or digits, such as `1795166142K7Q2ZD` (before version 1.2.0 the 10 digits were the Lagos time of creation as `YYMMDDHHmm`). Look a transaction up by it (`GET /account/transactions/{id}`, or the `reference` filter of the list): with your own reference you find a purchase whose answer you never received. */
            external_reference: components["schemas"]["ExternalReference"] | null;
            /**
             * @description For purchases, the kind of product, a lower-case word, such as `airtime`, `dataplan`, `electricity` or `cabletv`. Null for other categories.
             * @example dataplan
             */
            product_type: string | null;
            /**
             * @description For an airtime or data purchase, the phone number credited; for an electricity purchase, the customer's phone number when one was sent. As sent: `0` + 10 digits or `234` + 10 digits (11 to 13 digits), such as `08031234567`. Null otherwise.
             * @example 08031234567
             */
            phone_number: string | null;
            /**
             * @description Meter number of an electricity purchase, 11 to 13 digits, such as `45012345678`; else null.
             * @example 45012345678
             */
            meter_number: string | null;
            /**
             * @description Smartcard (or account) number of a cable TV purchase, 10 or 11 digits, such as `1234567890`; else null.
             * @example 1234567890
             */
            smartcard_number: string | null;
            /**
             * @description The 20-digit token the customer enters on a prepaid electricity meter, such as `58124907361542980317`. Set once an electricity purchase to a prepaid meter is `successful`; null while it is pending, when it failed, for postpaid meters and for every other kind of transaction. It stays set if the purchase is later reversed.
             * @example 58124907361542980317
             */
            token: string | null;
            /**
             * @description The energy a prepaid electricity token loads, a decimal number then ` kWh`, such as `79.9 kWh`. Set and null exactly when `token` is.
             * @example 79.9 kWh
             */
            units: string | null;
            /** @description For a purchase, the `id` of the product bought (for airtime, the network's airtime product), a UUID such as `4b5c6d7e-8f9a-4b0c-9d1e-2f3a4b5c6d7e`. Null for other movements and for purchases recorded before this member existed. */
            product_id: components["schemas"]["Uuid"] | null;
            price: components["schemas"]["TransactionPrice"];
            created_at: components["schemas"]["Timestamp"];
            updated_at: components["schemas"]["Timestamp"];
        };
        /** @description One movement of the wallet. */
        Transaction: {
            id: components["schemas"]["Uuid"];
            /** @constant */
            type: "transaction";
            attributes: components["schemas"]["TransactionAttributes"];
        };
        /**
         * @description Position of this page in the whole list. `total_count` is exact; `total_pages` is
         *     `ceil(total_count / per_page)` (0 for an empty list). A page past the end has an empty `data` array and these
         *     same totals.
         */
        Pagination: {
            /**
             * Format: int32
             * @description The current page, 1-based.
             */
            page: number;
            /**
             * Format: int32
             * @description Items per page.
             */
            per_page: number;
            /**
             * Format: int64
             * @description Number of non-empty pages.
             */
            total_pages: number;
            /**
             * Format: int64
             * @description Number of items matching the filters, over all pages.
             */
            total_count: number;
        };
        /** @description One page of transactions, newest first. */
        TransactionListResponse: {
            status: components["schemas"]["Status"];
            /** @description The items of this page, at most `per_page` (100). */
            data: components["schemas"]["Transaction"][];
            pagination: components["schemas"]["Pagination"];
        };
        /** @description Success envelope holding one transaction. */
        TransactionResponse: {
            status: components["schemas"]["Status"];
            data: components["schemas"]["Transaction"];
        };
        /** @description One kind of product and where its catalogue is listed. */
        ProductCategory: {
            id: components["schemas"]["Uuid"];
            /** @constant */
            type: "product_category";
            attributes: {
                /**
                 * @description Name of the category (free text).
                 * @example Airtime
                 */
                name: string;
                /** @description What the category holds (free text). */
                description: string;
                /**
                 * @description Absolute path of the category's product list, including the environment's base path: `/api/partners/v1/products/` (production) or `/api/partners/sandbox/v1/products/` (sandbox), then `airtimes`, `dataplans`, `cabletv` or `electricity`, such as `/api/partners/v1/products/airtimes`.
                 * @example /api/partners/v1/products/airtimes
                 */
                endpoint: string;
            };
        };
        /** @description The four product categories. Not paginated. */
        ProductCategoryListResponse: {
            status: components["schemas"]["Status"];
            data: components["schemas"]["ProductCategory"][];
        };
        /**
         * @description Mobile network, always upper case in responses.
         * @enum {string}
         */
        Network: "MTN" | "AIRTEL" | "GLO" | "9MOBILE";
        /** @description Price of a product whose amount the customer chooses within bounds (`basis` is `face_value`). */
        AmountRangePrice: {
            currency: components["schemas"]["Currency"];
            /**
             * @description The pricing basis, a lower-case snake_case word, such as `face_value`: the customer pays the amount they choose.
             * @example face_value
             */
            basis: string;
            min_amount: components["schemas"]["Money"];
            max_amount: components["schemas"]["Money"];
        };
        /**
         * @description Whether the product is on sale now. `false` while it is offline (its biller is down, or it was withdrawn for a while): it stays listed, and a purchase of it answers 422 `PRODUCT_UNAVAILABLE`, recording and debiting nothing. Each change is sent as a `product.unavailable` / `product.available` event to the endpoints subscribed to it.
         * @example true
         */
        ProductAvailable: boolean;
        /** @description Airtime (mobile top-up) of one network. A purchase amount must lie within `min_amount`..`max_amount`. */
        AirtimeProduct: {
            id: components["schemas"]["Uuid"];
            /** @constant */
            type: "airtime";
            attributes: {
                /**
                 * @description Network name followed by the word Airtime.
                 * @example MTN Airtime
                 */
                display_name: string;
                network: components["schemas"]["Network"];
                min_amount: components["schemas"]["Money"];
                max_amount: components["schemas"]["Money"];
                price: components["schemas"]["AmountRangePrice"];
                available: components["schemas"]["ProductAvailable"];
            };
        };
        /** @description One page of airtime products. */
        AirtimeProductListResponse: {
            status: components["schemas"]["Status"];
            /** @description The items of this page, at most `per_page` (100). */
            data: components["schemas"]["AirtimeProduct"][];
            pagination: components["schemas"]["Pagination"];
        };
        /**
         * @description Data bundle period: `daily` (1 day), `weekly` (7 days) or `monthly` (30 days).
         * @enum {string}
         */
        BundleType: "daily" | "weekly" | "monthly";
        /** @description Price of a product sold at a fixed catalogue price (`basis` is `fixed`). */
        FixedPrice: {
            currency: components["schemas"]["Currency"];
            /**
             * @description The pricing basis, a lower-case snake_case word, such as `fixed`, the catalogue price.
             * @example fixed
             */
            basis: string;
            amount: components["schemas"]["Money"];
        };
        /**
         * @description A data bundle. The source specification does not show this shape; it is decided here. `validity_days` is
         *     consistent with `bundle_type`: 1 for daily, 7 for weekly, 30 for monthly.
         */
        DataPlanProduct: {
            id: components["schemas"]["Uuid"];
            /** @constant */
            type: "dataplan";
            attributes: {
                /**
                 * @description Name to show to customers (free text).
                 * @example MTN 1.5GB Monthly
                 */
                display_name: string;
                network: components["schemas"]["Network"];
                bundle_type: components["schemas"]["BundleType"];
                /**
                 * @description Stable code of the plan (upper-case letters, digits and dashes, not starting with a dash), such as `MTN-1500MB-30D`, to quote when purchasing.
                 * @example MTN-1500MB-30D
                 */
                plan_code: string;
                /**
                 * Format: int32
                 * @description Data volume in megabytes (1 GB = 1024 MB).
                 */
                data_volume_mb: number;
                /**
                 * Format: int32
                 * @enum {integer}
                 */
                validity_days: 1 | 7 | 30;
                price: components["schemas"]["FixedPrice"];
                available: components["schemas"]["ProductAvailable"];
            };
        };
        /** @description One page of data plans. */
        DataPlanProductListResponse: {
            status: components["schemas"]["Status"];
            /** @description The items of this page, at most `per_page` (100). */
            data: components["schemas"]["DataPlanProduct"][];
            pagination: components["schemas"]["Pagination"];
        };
        /**
         * @description Electricity distribution company (DisCo) code: AEDC (Abuja), BEDC (Benin), EEDC (Enugu), EKEDC (Eko), IBEDC
         *     (Ibadan), IKEDC (Ikeja), JED (Jos), KAEDCO (Kaduna), KEDCO (Kano), PHED (Port Harcourt), YEDC (Yola),
         *     ABAPOWER (Aba Power). Upper case in responses.
         * @enum {string}
         */
        Distributor: "AEDC" | "BEDC" | "EEDC" | "EKEDC" | "IBEDC" | "IKEDC" | "JED" | "KAEDCO" | "KEDCO" | "PHED" | "YEDC" | "ABAPOWER";
        /**
         * @description Electricity payment to one distributor for one meter type. The source specification does not show this shape;
         *     it is decided here. A payment amount must lie within `min_amount`..`max_amount`.
         */
        ElectricityProduct: {
            id: components["schemas"]["Uuid"];
            /** @constant */
            type: "electricity";
            attributes: {
                /**
                 * @description Name to show to customers (free text).
                 * @example Ikeja Electric Prepaid
                 */
                display_name: string;
                distributor: components["schemas"]["Distributor"];
                /**
                 * @description Name of the distribution company (free text).
                 * @example Ikeja Electric
                 */
                distributor_name: string;
                /** @enum {string} */
                meter_type: "prepaid" | "postpaid";
                min_amount: components["schemas"]["Money"];
                max_amount: components["schemas"]["Money"];
                price: components["schemas"]["AmountRangePrice"];
                available: components["schemas"]["ProductAvailable"];
            };
        };
        /** @description One page of electricity products. */
        ElectricityProductListResponse: {
            status: components["schemas"]["Status"];
            /** @description The items of this page, at most `per_page` (100). */
            data: components["schemas"]["ElectricityProduct"][];
            pagination: components["schemas"]["Pagination"];
        };
        /**
         * @description Cable / streaming TV provider, upper case in responses.
         * @enum {string}
         */
        CableProvider: "DSTV" | "GOTV" | "STARTIMES" | "SHOWMAX";
        /** @description A cable / streaming TV bouquet. The source specification does not show this shape; it is decided here. */
        CableTvProduct: {
            id: components["schemas"]["Uuid"];
            /** @constant */
            type: "cabletv";
            attributes: {
                /**
                 * @description Name to show to customers (free text).
                 * @example DStv Compact
                 */
                display_name: string;
                provider: components["schemas"]["CableProvider"];
                /**
                 * @description Stable code of the bouquet (upper-case letters, digits and dashes, not starting with a dash), such as `DSTV-COMPACT`, to quote when purchasing.
                 * @example DSTV-COMPACT
                 */
                bouquet_code: string;
                /**
                 * Format: int32
                 * @description Days the subscription lasts.
                 */
                validity_days: number;
                price: components["schemas"]["FixedPrice"];
                available: components["schemas"]["ProductAvailable"];
            };
        };
        /** @description One page of cable TV bouquets. */
        CableTvProductListResponse: {
            status: components["schemas"]["Status"];
            /** @description The items of this page, at most `per_page` (100). */
            data: components["schemas"]["CableTvProduct"][];
            pagination: components["schemas"]["Pagination"];
        };
        /**
         * @description An electricity meter number as printed on the meter, 11 to 13 digits, such as `45678901234`.
         * @example 45678901234
         */
        MeterNumber: string;
        /** @description What the distributor knows of a meter: whom a payment to it will credit. Show `customer_name` and `address` to the customer before paying, so a mistyped meter number is caught before the money moves. */
        MeterVerification: {
            id: components["schemas"]["MeterNumber"];
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "meter";
            attributes: {
                meter_number: components["schemas"]["MeterNumber"];
                /**
                 * @description The meter's type as the distributor records it. A prepaid meter receives a `token` (20 digits) to enter on the meter; a postpaid meter is credited on its account, without a token.
                 * @enum {string}
                 */
                meter_type: "prepaid" | "postpaid";
                /**
                 * @description The name the meter is registered to (free text, as the distributor holds it).
                 * @example ADEBAYO OLUWASEUN
                 */
                customer_name: string;
                /**
                 * @description The service address of the meter (free text, as the distributor holds it).
                 * @example 12 Allen Avenue, Ikeja, Lagos
                 */
                address: string;
                distributor: components["schemas"]["Distributor"];
                /** @description The electricity product the meter was verified against (the path's `product_id`). */
                product_id: components["schemas"]["Uuid"];
            };
        };
        /** @description Success envelope holding a verified meter. */
        MeterVerificationResponse: {
            status: components["schemas"]["Status"];
            data: components["schemas"]["MeterVerification"];
        };
        /**
         * @description A cable TV smartcard number (DStv, GOtv, StarTimes) or Showmax account number, 10 or 11 digits, such as `1234567890`.
         * @example 1234567890
         */
        SmartcardNumber: string;
        /** @description What the provider knows of a smartcard: whose subscription a payment will renew. Show `customer_name` and `current_bouquet` to the customer before paying. */
        SmartcardVerification: {
            id: components["schemas"]["SmartcardNumber"];
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "smartcard";
            attributes: {
                smartcard_number: components["schemas"]["SmartcardNumber"];
                provider: components["schemas"]["CableProvider"];
                /**
                 * @description The name the smartcard is registered to (free text, as the provider holds it).
                 * @example CHIOMA NWOSU
                 */
                customer_name: string;
                /**
                 * @description The name of the bouquet the smartcard is subscribed to now (free text), such as `DStv Compact`.
                 * @example DStv Compact
                 */
                current_bouquet: string;
                /**
                 * Format: date
                 * @description The day the current subscription ends, an RFC 3339 full-date such as `2026-12-15`.
                 * @example 2026-12-15
                 */
                due_date: string;
                /** @description The bouquet the smartcard was verified against (the path's `product_id`). */
                product_id: components["schemas"]["Uuid"];
            };
        };
        /** @description Success envelope holding a verified smartcard. */
        SmartcardVerificationResponse: {
            status: components["schemas"]["Status"];
            data: components["schemas"]["SmartcardVerification"];
        };
        /**
         * @description A Nigerian mobile number, written either as `0` followed by 10 digits (11 digits in all, such as `08031234567`) or as the country code `234` followed by the same 10 digits without the leading `0` (13 digits, such as `2348031234567`). No `+`, spaces or dashes.
         * @example 08031234567
         */
        PhoneNumber: string;
        /**
         * @description An amount of money in the request, in naira, as a decimal string: 1 to 9 digits before the point (no leading zero), then optionally a point and 1 or 2 decimals, such as `500.00`, `500` or `500.5`. No sign, no exponent, no thousands separator. It must be greater than zero and within the product's `min_amount`..`max_amount`; a well-formed amount outside that range (including `0`) is 422 `AMOUNT_OUT_OF_RANGE`, not 400.
         * @example 500.00
         */
        Amount: string;
        /**
         * @description Your own reference for a purchase, 1 to 64 characters among letters, digits, `.`, `_` and `-`, such as `INV-2026-000123`. Stored as the transaction's `reference`. It is for your reconciliation and need not be unique (retries are made safe by `Idempotency-Key`, not by this value). When absent, the service generates one: `PUR-` followed by 26 upper-case Crockford base32 characters.
         * @example INV-2026-000123
         */
        PartnerReference: string;
        /**
         * @description Your own reference for this order, optional: 16 characters, 10 digits (your Unix time in seconds) then 6 letters or digits, such as `1795166142AB12CD`. It becomes the transaction's `external_reference`, unique in your account (and so in its environment): a purchase with a reference that a transaction of the account already has — whatever became of it, `failed` and `reversed` ones included — is 409 `DUPLICATE_REFERENCE`, nothing recorded or debited, naming that transaction. It makes a retry safe without an `Idempotency-Key`, and lets you find a purchase whose answer you lost (`GET /account/transactions/{id}` takes it as the id). Of another form: 400 on `/external_reference`. When absent, the service generates one of the same form.
         * @example 1795166142AB12CD
         */
        PartnerExternalReference: string;
        /** @description One purchase of any kind, by the `product_id` of a product from the catalogue (`GET /products/airtimes`, `/dataplans`, `/electricity`, `/cabletv`), as the published partner API buys. The product's kind decides the customer's number to send and whether an `amount` is taken: airtime — `phone_number` and `amount`; a data plan — `phone_number`, no amount (the plan's price); electricity — `meter_number` and `amount` (plus a 100.00 NGN convenience fee), `phone_number` optional; cable TV — `smart_number` (or its other name `smartcard_number`, not both), no amount (the bouquet's price). A number or an `amount` the product's kind does not take, or a missing one, is 400 naming the member. Unknown members are rejected (400). */
        PurchaseRequest: {
            /** @description The `id` of a product of this environment, of any kind, a lower-case UUID such as `1e2d3c4b-5a6f-4e7d-8c9b-0a1b2c3d4e5f` (an airtime product: one per network). An id that is no product here (the other environment's included) is 422 `PRODUCT_NOT_FOUND`. Its kind decides the scope the key needs: `purchase_airtime`, `purchase_data`, `purchase_electricity` or `purchase_cable_tv`. */
            product_id: components["schemas"]["Uuid"];
            /** @description Airtime and data: the number to top up; electricity: optional, kept on the transaction for your records. `0` then 10 digits, or `234` then 10 digits, such as `08031234567`. */
            phone_number?: components["schemas"]["PhoneNumber"];
            meter_number?: components["schemas"]["MeterNumber"];
            smart_number?: components["schemas"]["SmartcardNumber"];
            /** @description Another name for `smart_number` (the name of the per-kind operations), 10 or 11 digits such as `1234567890`. Send one of the two. */
            smartcard_number?: components["schemas"]["SmartcardNumber"];
            /** @description Airtime and electricity only (their price is a range, `min_amount` to `max_amount` of the product): the naira to deliver, a decimal string with at most 2 decimals such as `500.00`. Not taken by a data plan or a bouquet, whose price is fixed. */
            amount?: components["schemas"]["Amount"];
            reference?: components["schemas"]["PartnerReference"];
            external_reference?: components["schemas"]["PartnerExternalReference"];
        };
        /** @description Buy airtime: top up `phone_number` on `network` with `amount` naira. The amount must lie within the network's airtime product range (`GET /products/airtimes`). Unknown members are rejected (400). */
        AirtimePurchaseRequest: {
            /**
             * @description The mobile network: `MTN`, `Airtel`, `Glo` or `9mobile`, in any letter case, such as `MTN` or `mtn` (the transaction shows it upper case). In production the phone number must belong to this network (400 on `/phone_number` otherwise); the sandbox accepts any pairing.
             * @example MTN
             */
            network: string;
            phone_number: components["schemas"]["PhoneNumber"];
            amount: components["schemas"]["Amount"];
            reference?: components["schemas"]["PartnerReference"];
            external_reference?: components["schemas"]["PartnerExternalReference"];
        };
        /** @description Buy a data plan for `phone_number`. The price is the plan's (`GET /products/dataplans`); there is no amount to send. Unknown members are rejected (400). */
        DataPurchaseRequest: {
            /** @description The `id` of a data plan of this environment, a lower-case UUID such as `4b5c6d7e-8f9a-4b0c-9d1e-2f3a4b5c6d7e`. An id that is no data plan here is 422 `PRODUCT_NOT_FOUND`. */
            product_id: components["schemas"]["Uuid"];
            phone_number: components["schemas"]["PhoneNumber"];
            reference?: components["schemas"]["PartnerReference"];
            external_reference?: components["schemas"]["PartnerExternalReference"];
        };
        /** @description Pay `amount` naira of electricity to `meter_number` through an electricity product (one distributor and meter type, `GET /products/electricity`). A convenience fee of 100.00 NGN is added to the debit. Verify the meter first (`GET /products/electricity/{product_id}/meters/{meter_number}`) to show the customer's name before paying. Unknown members are rejected (400). */
        ElectricityPurchaseRequest: {
            /** @description The `id` of an electricity product of this environment, a lower-case UUID such as `6d7e8f9a-0b1c-4d2e-9f3a-4b5c6d7e8f9a`. An id that is no electricity product here is 422 `PRODUCT_NOT_FOUND`. */
            product_id: components["schemas"]["Uuid"];
            meter_number: components["schemas"]["MeterNumber"];
            amount: components["schemas"]["Amount"];
            /** @description Optional: the customer's phone number, kept on the transaction (`phone_number`) for your records. Same form as everywhere: `0` + 10 digits or `234` + 10 digits, such as `08031234567`. */
            phone_number?: components["schemas"]["PhoneNumber"];
            reference?: components["schemas"]["PartnerReference"];
            external_reference?: components["schemas"]["PartnerExternalReference"];
        };
        /** @description Pay a cable TV bouquet for `smartcard_number`. The price is the bouquet's (`GET /products/cabletv`); there is no amount to send. Verify the smartcard first (`GET /products/cabletv/{product_id}/smartcards/{smartcard_number}`) to show the customer's name and current bouquet before paying. Unknown members are rejected (400). */
        CableTvPurchaseRequest: {
            /** @description The `id` of a cable TV bouquet of this environment, a lower-case UUID such as `8f9a0b1c-2d3e-4f4a-9b5c-6d7e8f9a0b1c`. An id that is no bouquet here is 422 `PRODUCT_NOT_FOUND`. */
            product_id: components["schemas"]["Uuid"];
            smartcard_number: components["schemas"]["SmartcardNumber"];
            reference?: components["schemas"]["PartnerReference"];
            external_reference?: components["schemas"]["PartnerExternalReference"];
        };
        /** @description Who a purchase will credit, asked before paying: `product_id` (an electricity product or a cable TV bouquet of this environment) and the customer's number of the product's kind — `meter_number` for electricity, `smart_number` for cable TV (`smartcard_number` is accepted as another name for it; both at once is 400). Exactly one number, of the product's kind: another is 400 naming the member the product needs. Nothing is bought or debited, and no `Idempotency-Key` is needed: asking again asks again. Unknown members are rejected (400). */
        PurchaseVerificationRequest: {
            /** @description The `id` of an electricity product or a cable TV bouquet of this environment, a lower-case UUID such as `6d7e8f9a-0b1c-4d2e-9f3a-4b5c6d7e8f9a`. An id that is neither here (another kind's product, the other environment's, none) is 422 `PRODUCT_NOT_FOUND`. Its kind decides the scope the key needs: `purchase_electricity` or `purchase_cable_tv`. */
            product_id: components["schemas"]["Uuid"];
            meter_number?: components["schemas"]["MeterNumber"];
            smart_number?: components["schemas"]["SmartcardNumber"];
            /** @description Another name for `smart_number` (the name of the per-kind operations), 10 or 11 digits such as `1234567890`. Send one of the two. */
            smartcard_number?: components["schemas"]["SmartcardNumber"];
        };
        /** @description Success envelope holding the verified customer: a meter (`type: meter`) for an electricity product, a smartcard (`type: smartcard`) for a cable TV bouquet — the same `data` as `GET /products/electricity/{product_id}/meters/ {meter_number}` and `GET /products/cabletv/{product_id}/smartcards/{smartcard_number}`. */
        PurchaseVerificationResponse: {
            status: components["schemas"]["Status"];
            data: components["schemas"]["MeterVerification"] | components["schemas"]["SmartcardVerification"];
        };
        /**
         * Format: uri
         * @description Where deliveries are sent (an HTTP `POST` of the event): an absolute URL of at most 2048 characters that starts with `https://` (or, in the sandbox only, `http://`), the scheme in any letter case, such as `https://hooks.shop.ng/billpay/events`. Another form (a relative URL, another scheme) is 400 `INVALID_PARAMETER`. A well-formed URL the service may not call is 422 `WEBHOOK_URL_NOT_ALLOWED`: `http://` in production, a user name or password in the URL (`https://user:pass@…`), or a host that is, or resolves to, a private, loopback or link-local address (see How webhooks work in the introduction).
         * @example https://hooks.shop.ng/billpay/events
         */
        WebhookUrl: string;
        /**
         * @description What an endpoint subscribes to: a `WebhookEventType`, or `*` — every event type, present and future (so an
         *     endpoint subscribed to `*` must ignore, answering 2xx, a type it does not know). Beside `*`, another value adds
         *     nothing. The same values as `WebhookEventType`, plus `*`; values are added with new event types within `v1`.
         * @enum {string}
         */
        WebhookEventSubscription: "*" | "transaction.pending" | "transaction.successful" | "transaction.failed" | "transaction.reversed" | "account.low_balance" | "product.price_changed" | "product.unavailable" | "product.available";
        /** @description What this endpoint is sent: 1 to 4 distinct `WebhookEventSubscription` values, in any order — event types, such as `["transaction.successful", "transaction.failed"]`, or `["*"]` for every event type, those of today and any added later. Events of types the endpoint does not subscribe to are not sent to it (they are still listed by `GET /events`). */
        WebhookEventTypes: components["schemas"]["WebhookEventSubscription"][];
        /**
         * @description Your own note about the endpoint, to tell endpoints apart: up to 256 characters of text on one line (no control characters such as line breaks or tabs), such as `Order status for the Lagos shop`; or null for none.
         * @example Order status for the Lagos shop
         */
        WebhookDescription: string | null;
        /** @description A webhook endpoint: where events of the chosen types are delivered, and whether deliveries are being made. Members that do not apply are present and null, never absent. The signing secret itself is not here (see `WebhookEndpointWithSecret`); `secret_hint` tells secrets apart. */
        WebhookEndpointAttributes: {
            url: components["schemas"]["WebhookUrl"];
            events: components["schemas"]["WebhookEventTypes"];
            description: components["schemas"]["WebhookDescription"];
            /** @description Whether events are delivered to the endpoint. False when `disabled_reason` is set, true otherwise. While it is false, no deliveries are created for new events and pending retries stop; `PATCH` with `enabled: true` re-enables it, whatever disabled it. */
            enabled: boolean;
            /**
             * @description Why the endpoint is disabled, or null while it is enabled:
             *     * `disabled_by_partner`: you set `enabled: false`;
             *     * `endpoint_gone`: it answered a delivery with `410 Gone`;
             *     * `failing`: every delivery to it failed for 3 days.
             * @enum {string|null}
             */
            disabled_reason: "disabled_by_partner" | "endpoint_gone" | "failing" | null;
            /**
             * @description Tells secrets apart without revealing them: `whsec_`, an ellipsis character (`…`), then the last 4 characters of the current secret; 11 characters in all, such as `whsec_…AuI=` for the secret `whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw/nx9ZmFwAuI=`. Compare it with the end of the secret you hold.
             * @example whsec_…AuI=
             */
            secret_hint: string;
            /** @description After a secret rotation, until when the previous secret still signs deliveries (24 hours after the rotation), such as `2026-11-21T10:00:00.000Z`; each delivery then carries two signatures, one per secret. Null when no previous secret signs any more. */
            previous_secret_expires_at: components["schemas"]["Timestamp"] | null;
            created_at: components["schemas"]["Timestamp"];
            updated_at: components["schemas"]["Timestamp"];
        };
        /** @description A webhook endpoint of your account in this environment: a URL that receives the events of the chosen types, signed with the endpoint's secret (Standard Webhooks). At most 16 per account. */
        WebhookEndpoint: {
            id: components["schemas"]["Uuid"];
            /** @constant */
            type: "webhook_endpoint";
            attributes: components["schemas"]["WebhookEndpointAttributes"];
        };
        /** @description One page of webhook endpoints, newest first. */
        WebhookEndpointListResponse: {
            status: components["schemas"]["Status"];
            /** @description The items of this page, at most `per_page` (100); an account has at most 16 endpoints. */
            data: components["schemas"]["WebhookEndpoint"][];
            pagination: components["schemas"]["Pagination"];
        };
        /** @description A new webhook endpoint: where to deliver (`url`), which event types (`events`) and, optionally, a note (`description`). The service chooses the signing secret. Unknown members are rejected (400). */
        WebhookEndpointCreateRequest: {
            url: components["schemas"]["WebhookUrl"];
            events: components["schemas"]["WebhookEventTypes"];
            description?: components["schemas"]["WebhookDescription"];
        };
        /**
         * @description The endpoint's signing secret, in the Standard Webhooks form: `whsec_` followed by the standard base64 (with `=`
         *     padding) of 32 random-looking bytes, 50 characters in all, such as
         *     `whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw/nx9ZmFwAuI=`. Verify deliveries with the bytes the base64 decodes to (the
         *     `standardwebhooks` libraries take the whole `whsec_…` string).
         *
         *     **Shown once.** It is in the 201 of `POST /webhooks` and of `POST /webhooks/{webhook_id}/secret_rotations`
         *     only, and never returned by any other operation; a replay of the same `Idempotency-Key` (within 24 hours) answers
         *     that same 201 again, secret included. The service does not store it: it is derived, each time it is needed, from a
         *     server-side signing key and the endpoint (its id and the number of its rotation), and only a hash of it is stored.
         *     If you lose it, rotate it. Keep it like a password: never log it or send it to a browser.
         * @example whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw/nx9ZmFwAuI=
         */
        WebhookSecret: string;
        /** @description A webhook endpoint as answered when its signing secret is issued (`POST /webhooks`, `POST /webhooks/{webhook_id}/secret_rotations`): the `WebhookEndpoint` plus `attributes.secret`, shown this once. */
        WebhookEndpointWithSecret: {
            id: components["schemas"]["Uuid"];
            /** @constant */
            type: "webhook_endpoint";
            attributes: components["schemas"]["WebhookEndpointAttributes"] & {
                secret: components["schemas"]["WebhookSecret"];
            };
        };
        /** @description Success envelope holding one webhook endpoint with its new signing secret (shown once). */
        WebhookEndpointWithSecretResponse: {
            status: components["schemas"]["Status"];
            data: components["schemas"]["WebhookEndpointWithSecret"];
        };
        /** @description Success envelope holding one webhook endpoint (without its secret). */
        WebhookEndpointResponse: {
            status: components["schemas"]["Status"];
            data: components["schemas"]["WebhookEndpoint"];
        };
        /** @description The members to change, at least one; members left out keep their values. `description: null` removes the note. `enabled: false` disables the endpoint (`disabled_reason: disabled_by_partner`); `enabled: true` re-enables it, whatever disabled it. An empty object or an unknown member is 400. */
        WebhookEndpointUpdateRequest: {
            url?: components["schemas"]["WebhookUrl"];
            events?: components["schemas"]["WebhookEventTypes"];
            description?: components["schemas"]["WebhookDescription"];
            /** @description `true` to (re-)enable the endpoint, `false` to disable it. */
            enabled?: boolean;
        };
        /** @description A secret rotation takes no options: send the empty JSON object `{}`. Any member is rejected as unknown (400); members may be added in a later version. */
        WebhookSecretRotationRequest: Record<string, never>;
        /**
         * @description `pending` (not delivered yet: an attempt is due at `next_attempt_at`), `delivered` (an attempt was answered 2xx;
         *     final) and `failed` (final: every attempt of the schedule failed, or the endpoint was disabled before one
         *     succeeded).
         * @enum {string}
         */
        WebhookDeliveryStatus: "pending" | "delivered" | "failed";
        /**
         * @description What happened. To a transaction, one event type per status it can reach: `transaction.pending` (created and
         *     waiting for the biller), `transaction.successful` (created successful, or confirmed by the biller),
         *     `transaction.failed` (not delivered; the debit was credited back) and `transaction.reversed` (delivered, then
         *     undone by the biller; the debit was credited back); the suffix is the transaction's new `status`. To your wallet:
         *     `account.low_balance` (a debit took the balance below the low-balance threshold of your account: once per
         *     crossing, not once per purchase). To the catalogue of your environment: `product.price_changed` (a product's price
         *     or range changed), `product.unavailable` (a product went offline: its purchases answer 422 `PRODUCT_UNAVAILABLE`)
         *     and `product.available` (it is on sale again). New types may be added in `v1`: ignore a type you do not know
         *     (answer it 2xx).
         * @enum {string}
         */
        WebhookEventType: "transaction.pending" | "transaction.successful" | "transaction.failed" | "transaction.reversed" | "account.low_balance" | "product.price_changed" | "product.unavailable" | "product.available";
        /**
         * @description `automatic` (made when the event happened, for every enabled endpoint subscribed to its type) or `redelivery` (made by `POST /webhooks/{webhook_id}/deliveries`).
         * @enum {string}
         */
        WebhookDeliveryTrigger: "automatic" | "redelivery";
        /** @description One HTTP request of a delivery to the endpoint, and how it ended. */
        WebhookAttempt: {
            /**
             * Format: int32
             * @description The attempt's number in its delivery, from 1.
             */
            attempt: number;
            attempted_at: components["schemas"]["Timestamp"];
            /**
             * Format: int32
             * @description The HTTP status the endpoint answered, or null when there was no answer, or when the answer's status line named no HTTP status (outside 100–599, such as `999`); `error` then says why.
             */
            response_status_code: number | null;
            /**
             * Format: int32
             * @description Milliseconds from the start of the request to the end of the answer (or to the failure).
             */
            duration_ms: number;
            /** @description Why the attempt failed when there was no usable answer, in words (such as `timed out after 15 s`, `redirect not followed`, `connection refused`, `address not allowed`); null when the endpoint answered and was not redirecting. */
            error: string | null;
            /** @description The first 1,000 characters of the endpoint's answer body, or null when there was none. */
            response_body: string | null;
        };
        /** @description One event sent to one endpoint: its attempts so far and what comes next. Retries follow the schedule in the introduction (How webhooks work). */
        WebhookDeliveryAttributes: {
            /** @description The event sent (its `webhook-id`). */
            event_id: components["schemas"]["Uuid"];
            event_type: components["schemas"]["WebhookEventType"];
            /** @description The endpoint it is sent to. */
            webhook_id: components["schemas"]["Uuid"];
            trigger: components["schemas"]["WebhookDeliveryTrigger"];
            status: components["schemas"]["WebhookDeliveryStatus"];
            /** @description The attempts made so far, oldest first (empty until the first one is made). */
            attempts: components["schemas"]["WebhookAttempt"][];
            /** @description When the next attempt is due while the delivery is `pending`; null once it is `delivered` or `failed`. */
            next_attempt_at: components["schemas"]["Timestamp"] | null;
            created_at: components["schemas"]["Timestamp"];
        };
        /** @description The delivery of one event to one webhook endpoint, with its attempt log. */
        WebhookDelivery: {
            id: components["schemas"]["Uuid"];
            /** @constant */
            type: "webhook_delivery";
            attributes: components["schemas"]["WebhookDeliveryAttributes"];
        };
        /** @description One page of deliveries to one endpoint, newest first. */
        WebhookDeliveryListResponse: {
            status: components["schemas"]["Status"];
            /** @description The items of this page, at most `per_page` (100). */
            data: components["schemas"]["WebhookDelivery"][];
            pagination: components["schemas"]["Pagination"];
        };
        /** @description Send one event to this endpoint again: its `id` (see `GET /events`). The event must be of your account in this environment and at most 30 days old (else 422 `EVENT_NOT_FOUND`); it is sent whatever its type and the endpoint's `events`. Unknown members are rejected (400). */
        WebhookRedeliveryRequest: {
            /** @description The event's `id`, a lower-case UUID such as `7d0e9a4c-5b1f-4e2a-8c3d-9f8e7a6b5c4d`. */
            event_id: components["schemas"]["Uuid"];
        };
        /** @description Success envelope holding one webhook delivery. */
        WebhookDeliveryResponse: {
            status: components["schemas"]["Status"];
            data: components["schemas"]["WebhookDelivery"];
        };
        /** @description The wallet of your account at an `account.low_balance` event: its balance right after the debit that took it below your low-balance threshold, and that threshold. `GET /account/balance` reads the balance now. */
        AccountBalance: {
            /** @description Your account's id (`GET /account`). */
            id: components["schemas"]["Uuid"];
            /** @constant */
            type: "account_balance";
            attributes: {
                /** @description The balance right after the debit, below `low_balance_threshold`. */
                balance: components["schemas"]["Money"];
                currency: components["schemas"]["Currency"];
                /** @description The account's low-balance threshold when the event happened (set by us on request; an event is sent when a debit takes the balance from this amount or more to below it, and again only after the balance has come back to it). */
                low_balance_threshold: components["schemas"]["Money"];
                /** @description When the debit happened; the event's `created_at`. */
                updated_at: components["schemas"]["Timestamp"];
            };
        };
        /** @description The product of a `product.*` event, as it is right after the change: the same resource `GET /products/…` lists (`id`, `type`, `attributes` with `price` and `available`). A fixed-price product (`dataplan`, `cabletv`) changes its `price.amount`; a product whose customer chooses the amount (`airtime`, `electricity`) its range (`min_amount` / `max_amount`, both in `attributes` and in `price`). Purchases recorded from the event's `created_at` on are charged the new price; each transaction's `price.product_amount` says what it was charged. */
        ProductEventData: components["schemas"]["AirtimeProduct"] | components["schemas"]["DataPlanProduct"] | components["schemas"]["ElectricityProduct"] | components["schemas"]["CableTvProduct"];
        /**
         * @description Something that happened to your account: the body of every webhook delivery (the same bytes on every attempt and
         *     redelivery) and the `data` of `GET /events/{event_id}`. Each time a transaction is created or changes status, one
         *     event of the type of its new status is recorded; each time a debit takes your wallet's balance below your
         *     low-balance threshold, one `account.low_balance` event — whether or not an endpoint subscribes to it. Events are
         *     kept 30 days.
         */
        WebhookEvent: {
            /** @description The event's id, a lower-case UUID; a delivery's `webhook-id` header is this id, the same on every retry and redelivery, so deduplicate on it. */
            id: components["schemas"]["Uuid"];
            type: components["schemas"]["WebhookEventType"];
            /**
             * @description The version of this API (the contract's `info.version`, such as `1.2.0`) whose schemas the body follows: within `v1` a newer version only adds (members, event types), so a client written for an older one can read it.
             * @example 1.2.0
             */
            api_version: string;
            /** @description When it happened (RFC 3339 in UTC with milliseconds); the `updated_at` of `data`. */
            created_at: components["schemas"]["Timestamp"];
            /** @description The resource as it was when the event happened, by `type`: for `transaction.*` the transaction (its `status` is the type's suffix; read `GET /account/transactions/{id}` for its state now), for `account.low_balance` the wallet's balance and threshold (`AccountBalance`), for `product.*` the product after the change (`ProductEventData`). Tell them apart by `type`, the event's or `data.type`. */
            data: components["schemas"]["Transaction"] | components["schemas"]["AccountBalance"] | components["schemas"]["ProductEventData"];
            /** @description Only in `product.price_changed`: the product's price before the change, of the same `basis` as `data.attributes.price` (a `FixedPrice` or an `AmountRangePrice`). Beside `data`, not in it, so that `data` is exactly the product resource `GET /products/…` lists. */
            previous_price?: components["schemas"]["FixedPrice"] | components["schemas"]["AmountRangePrice"];
        };
        /** @description One page of events, newest first. */
        WebhookEventListResponse: {
            status: components["schemas"]["Status"];
            /** @description The items of this page, at most `per_page` (100). */
            data: components["schemas"]["WebhookEvent"][];
            pagination: components["schemas"]["Pagination"];
        };
        /** @description Success envelope holding one event. */
        WebhookEventResponse: {
            status: components["schemas"]["Status"];
            data: components["schemas"]["WebhookEvent"];
        };
    };
    responses: {
        /** @description A query parameter is invalid (wrong type, out of range, not in its enum, malformed or unknown; or `from` after `to`), or the request is over a size limit (URL, query string, number of parameters, headers) or malformed. `error.details` names each offending parameter (`request` or `query` for the request as a whole). */
        BadRequest: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The path exists but supports only `GET` and `HEAD` (`METHOD_NOT_ALLOWED`); `Allow` lists them. Answered before any key is looked at. */
        MethodNotAllowed: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                Allow: components["headers"]["Allow"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description A budget is spent (`RATE_LIMITED`); wait `Retry-After` seconds. A key gets it after 100 requests in one second on production (25 on sandbox), counting every request the key authenticates, including its 400, 403 `INSUFFICIENT_SCOPE` and 404 answers; other keys are not affected. A client address gets it after 20 failed authentications to keyed operations in one second on production (5 on sandbox): until that second ends, its further failing requests get 429 instead of their 401 or 403, while a request with a valid key is never refused by the address's budget, only by its key's. Requests that need no key (`/health`, unknown paths, other methods) get it after 100 (production) or 25 (sandbox) per second from one address. */
        TooManyRequests: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                "Retry-After": components["headers"]["RetryAfter"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description An unexpected failure on our side (`INTERNAL_ERROR`). The body never contains internals; quote `X-Request-Id` to support. */
        InternalError: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The service cannot reach its store (`SERVICE_UNAVAILABLE`). Retry after `Retry-After` seconds. */
        ServiceUnavailable: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                "Retry-After": components["headers"]["RetryAfter"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description No usable API key: missing (`AUTHENTICATION_REQUIRED`), malformed, unknown or regenerated (`INVALID_CREDENTIALS`), revoked (`TOKEN_REVOKED`), expired (`TOKEN_EXPIRED`) or disabled (`TOKEN_DISABLED`). */
        Unauthorized: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                "WWW-Authenticate": components["headers"]["WwwAuthenticate"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The key is valid but may not do this: key of the other environment (`ENVIRONMENT_MISMATCH`), the account's API access switched off by its operator (`API_DISABLED`: every keyed operation answers it, after the key's own checks and before the allow-list; switched on again, the next request passes), caller not on the allow-list (`IP_NOT_ALLOWED`) or missing scope (`INSUFFICIENT_SCOPE`, with a `WWW-Authenticate` header naming the scope). */
        Forbidden: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                "WWW-Authenticate": components["headers"]["WwwAuthenticateScope"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description No transaction of this account and environment matches the id, `txn_` id or external reference (`TRANSACTION_NOT_FOUND`). Ids of the other environment are not found either, nor is an id longer than 128 characters. */
        TransactionNotFound: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description `PRODUCT_NOT_FOUND`: the path's `product_id` names no electricity product of this environment (any shape, another kind's product, the other environment's); else `METER_NOT_FOUND`: the distributor knows no such meter, or the meter number is not 11 to 13 digits. Never a 400 for the form of a path value. */
        ProductOrMeterNotFound: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The service cannot reach its store (`SERVICE_UNAVAILABLE`), or the biller cannot verify now (`BILLER_UNAVAILABLE`): none is configured in this environment (production only, the sandbox always has its simulator), or it did not answer, or its answer was not one this API can pass on (such as a verification of another number, or a due date that is no date). Retry after `Retry-After` seconds. */
        ServiceOrBillerUnavailable: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                "Retry-After": components["headers"]["RetryAfter"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description `PRODUCT_NOT_FOUND`: the path's `product_id` names no cable TV bouquet of this environment (any shape, another kind's product, the other environment's); else `SMARTCARD_NOT_FOUND`: the provider knows no such smartcard, or the smartcard number is not 10 or 11 digits. Never a 400 for the form of a path value. */
        ProductOrSmartcardNotFound: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The request cannot be taken: it has neither an `Idempotency-Key` header nor an `external_reference` in its body, or its `Idempotency-Key` is not 1 to 255 printable ASCII characters (`IDEMPOTENCY_KEY_REQUIRED`, checked before the body; the message names both ways), or the body is invalid (`INVALID_PARAMETER`): not `application/json`, not valid JSON, `product_id` missing, a member of the wrong form, an unknown member; or, once the product is found, a customer number or an `amount` its kind does not take, a missing one, or both `smart_number` and `smartcard_number`. `error.details` names each offending member by its JSON pointer (`/amount`), or `body` / `Content-Type` for the body as a whole. Also answered for a query parameter (purchases take none) and a request over a size limit. Nothing is recorded: a corrected retry may reuse the same `Idempotency-Key`. */
        PurchaseByProductBadRequest: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The key is valid but may not do this: key of the other environment (`ENVIRONMENT_MISMATCH`), the account's API access switched off by its operator (`API_DISABLED`: every keyed operation answers it, after the key's own checks and before the allow-list), caller not on the allow-list (`IP_NOT_ALLOWED`) or missing scope (`INSUFFICIENT_SCOPE`, with a `WWW-Authenticate` header naming the scope). A key holding none of the four purchase scopes is refused before the body is read: the message names the four, and `WWW-Authenticate` carries them space-separated (`scope="purchase_airtime purchase_data purchase_electricity purchase_cable_tv"`). A key holding some of them but not the one of the product's kind is refused once the product is found, naming that one. Nothing is recorded: a retry with the right key may reuse the same `Idempotency-Key`. */
        ForbiddenPurchase: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                "WWW-Authenticate": components["headers"]["WwwAuthenticateScope"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The biller knows no such customer (electricity and cable TV are verified before paying): `METER_NOT_FOUND` or `SMARTCARD_NOT_FOUND`. The purchase was not made and nothing was debited; verify first with `POST /purchases/verify`. The answer is kept with the `Idempotency-Key` and replayed for the same body. */
        PurchaseCustomerNotFound: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The path exists but supports only `POST` (`METHOD_NOT_ALLOWED`); `Allow` is `POST`. Answered before any key is looked at. */
        MethodNotAllowedPost: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                Allow: components["headers"]["Allow"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description Nothing was done for this request, for one of two reasons. `IDEMPOTENCY_KEY_IN_USE`: a request with the same `Idempotency-Key` is still being processed; retry after `Retry-After` seconds to get the first request's response. `DUPLICATE_REFERENCE`: the body's `external_reference` is already used by a transaction of your account (whatever its status, `failed` and `reversed` included); nothing was recorded or debited, and `error.details[0].message` names that transaction's `id` (so does `error.message`): read it with `GET /account/transactions/{id}`. A `DUPLICATE_REFERENCE` is final for that reference: send a new one for a new purchase. */
        PurchaseConflict: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                /**
                 * @description With `IDEMPOTENCY_KEY_IN_USE` only: seconds to wait before retrying (a non-negative integer, e.g. `1`). A `DUPLICATE_REFERENCE` has none: retrying it never helps.
                 * @example 1
                 */
                "Retry-After"?: string;
                "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The purchase is well-formed but cannot be made: `IDEMPOTENCY_KEY_REUSED` (this key came with another body), `PRODUCT_NOT_FOUND` (`product_id` is no product of this environment), `PRODUCT_UNAVAILABLE` (the product is offline: `available: false`), `AMOUNT_OUT_OF_RANGE` (airtime, electricity: the amount is outside the product's `min_amount`–`max_amount`) or `INSUFFICIENT_BALANCE` (the wallet holds less than the total debit). No transaction was recorded and nothing was debited. Except for `IDEMPOTENCY_KEY_REUSED`, the answer is kept with the key and replayed for the same body. */
        UnprocessablePurchase: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description Try again later, after `Retry-After` seconds, with the same `Idempotency-Key`. `BILLER_UNAVAILABLE`: no biller is configured to deliver purchases in this environment (production only; the sandbox always has its simulator), or the biller's verification of the meter or smartcard did not come or could not be used; nothing was recorded or debited and the key is not kept. `SERVICE_UNAVAILABLE`: the service cannot reach its store. A retry with the same key never buys twice: if the purchase had been recorded before the failure, the retry gets that purchase's answer (409 `IDEMPOTENCY_KEY_IN_USE` until it is settled, then its 201 replayed). */
        PurchaseServiceUnavailable: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                "Retry-After": components["headers"]["RetryAfter"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The request cannot be taken: it has neither an `Idempotency-Key` header nor an `external_reference` in its body, or its `Idempotency-Key` is not 1 to 255 printable ASCII characters (`IDEMPOTENCY_KEY_REQUIRED`, checked before the body; the message names both ways), or the body is invalid (`INVALID_PARAMETER`): not `application/json`, not valid JSON, a required member missing, a member of the wrong form, or an unknown member. `error.details` names each offending member by its JSON pointer (`/amount`), or `body` / `Content-Type` for the body as a whole. Also answered for a query parameter (purchases take none) and a request over a size limit. Nothing is recorded: a corrected retry may reuse the same `Idempotency-Key`. */
        PurchaseBadRequest: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The purchase is well-formed but cannot be made: `IDEMPOTENCY_KEY_REUSED` (this key came with another body), `PRODUCT_UNAVAILABLE` (the network's airtime product is offline: `available: false`), `AMOUNT_OUT_OF_RANGE` (outside the network's airtime `min_amount`..`max_amount`, or 0) or `INSUFFICIENT_BALANCE` (the wallet holds less than the total debit). No transaction was recorded and nothing was debited. Except for `IDEMPOTENCY_KEY_REUSED`, the answer is kept with the key and replayed for the same body. */
        UnprocessableAirtimePurchase: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The purchase is well-formed but cannot be made: `IDEMPOTENCY_KEY_REUSED` (this key came with another body), `PRODUCT_NOT_FOUND` (`product_id` is no data plan of this environment), `PRODUCT_UNAVAILABLE` (the plan is offline: `available: false`) or `INSUFFICIENT_BALANCE` (the wallet holds less than the plan's price). No transaction was recorded and nothing was debited. Except for `IDEMPOTENCY_KEY_REUSED`, the answer is kept with the key and replayed for the same body. */
        UnprocessableDataPurchase: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The distributor knows no such meter (`METER_NOT_FOUND`): the purchase was not made and nothing was debited. Check the number with the customer (`GET /products/electricity/{product_id}/meters/{meter_number}`). The answer is kept with the `Idempotency-Key` and replayed for the same body. */
        MeterNotFound: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The purchase is well-formed but cannot be made: `IDEMPOTENCY_KEY_REUSED` (this key came with another body), `PRODUCT_NOT_FOUND` (`product_id` is no electricity product of this environment), `PRODUCT_UNAVAILABLE` (it is offline: `available: false`), `AMOUNT_OUT_OF_RANGE` (outside the product's `min_amount`..`max_amount`, or 0) or `INSUFFICIENT_BALANCE` (the wallet holds less than the amount plus the 100.00 NGN convenience fee). No transaction was recorded and nothing was debited. Except for `IDEMPOTENCY_KEY_REUSED`, the answer is kept with the key and replayed for the same body. */
        UnprocessableElectricityPurchase: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The provider knows no such smartcard (`SMARTCARD_NOT_FOUND`): the purchase was not made and nothing was debited. Check the number with the customer (`GET /products/cabletv/{product_id}/smartcards/{smartcard_number}`). The answer is kept with the `Idempotency-Key` and replayed for the same body. */
        SmartcardNotFound: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The purchase is well-formed but cannot be made: `IDEMPOTENCY_KEY_REUSED` (this key came with another body), `PRODUCT_NOT_FOUND` (`product_id` is no cable TV bouquet of this environment), `PRODUCT_UNAVAILABLE` (the bouquet is offline: `available: false`) or `INSUFFICIENT_BALANCE` (the wallet holds less than the bouquet's price). No transaction was recorded and nothing was debited. Except for `IDEMPOTENCY_KEY_REUSED`, the answer is kept with the key and replayed for the same body. */
        UnprocessableCableTvPurchase: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The body is invalid (`INVALID_PARAMETER`): not `application/json`, not valid JSON, `product_id` missing, a member of the wrong form, an unknown member, no customer number or one of the other kind than the product's, or both `smart_number` and `smartcard_number`. `error.details` names each offending member by its JSON pointer (`/meter_number`), or `body` / `Content-Type` for the body as a whole. Also answered for a query parameter (the operation takes none) and a request over a size limit. */
        VerificationBadRequest: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The key is valid but may not do this: key of the other environment (`ENVIRONMENT_MISMATCH`), the account's API access switched off by its operator (`API_DISABLED`: every keyed operation answers it, after the key's own checks and before the allow-list; switched on again, the next request passes), caller not on the allow-list (`IP_NOT_ALLOWED`) or missing scope (`INSUFFICIENT_SCOPE`, with a `WWW-Authenticate` header naming the scope). A key holding none of the scopes the operation accepts is refused before the body is read, and the message and the header name them all (space-separated in the header); a key holding some of them but not the one of the product's kind is refused after the product is found, naming that one. */
        ForbiddenVerification: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                "WWW-Authenticate": components["headers"]["WwwAuthenticateScope"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The biller knows no such customer: `METER_NOT_FOUND` (the distributor knows no meter with this number for this product) or `SMARTCARD_NOT_FOUND` (the provider knows no such smartcard) — the same codes as the `GET` verifications. Check the number with the customer. */
        MeterOrSmartcardNotFound: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description `PRODUCT_NOT_FOUND`: `product_id` names no electricity product or cable TV bouquet of this environment (another kind's product, the other environment's, none). Nothing was asked of the biller. */
        UnprocessableVerification: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description No purchase of this account and environment matches the id, `txn_` id or external reference (`TRANSACTION_NOT_FOUND`): the same answer for an identifier that matches nothing, a transaction that is no purchase, another account's purchase, one of the other environment and an id longer than 128 characters. */
        PurchaseNotFound: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The path exists but supports only `GET`, `HEAD` and `POST` (`METHOD_NOT_ALLOWED`); `Allow` lists them. Answered before any key is looked at. */
        MethodNotAllowedGetPost: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                Allow: components["headers"]["Allow"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The request cannot be taken: the `Idempotency-Key` header is missing or not 1 to 255 printable ASCII characters (`IDEMPOTENCY_KEY_REQUIRED`, checked before the body), or the body is invalid (`INVALID_PARAMETER`): not `application/json`, not valid JSON, `url` or `events` missing, a member of the wrong form (`url` not an absolute `http://` or `https://` URL, `events` not 1 to 4 distinct event types or `*`, a `description` over 256 characters or with control characters) or an unknown member (you cannot choose the secret). `error.details` names each offending member by its JSON pointer (`/url`), or `body` / `Content-Type` for the body as a whole. Also answered for a query parameter (this operation takes none) and a request over a size limit. Nothing is recorded: a corrected retry may reuse the same `Idempotency-Key`. */
        WebhookEndpointBadRequest: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description A request with the same `Idempotency-Key` is still being processed (`IDEMPOTENCY_KEY_IN_USE`). Nothing was done for this one: retry after `Retry-After` seconds to get the first request's response. */
        IdempotencyKeyInUse: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                "Retry-After": components["headers"]["RetryAfter"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The endpoint is well-formed but cannot be added: `IDEMPOTENCY_KEY_REUSED` (this key came with another request), `WEBHOOK_URL_NOT_ALLOWED` (a URL the service may not call: `http://` in production, a user name or password in the URL, or a host that is or resolves to a private, loopback or link-local address; the message says which) or `WEBHOOK_LIMIT_REACHED` (the account already has 16 endpoints, disabled ones included; delete one first). Nothing was recorded. Except for `IDEMPOTENCY_KEY_REUSED`, the answer is kept with the key and replayed for the same request. */
        UnprocessableWebhookEndpoint: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description This deployment has no webhook signing key (`WEBHOOKS_NOT_CONFIGURED`), so it can neither derive a signing secret nor sign a delivery: nothing was recorded. A setting of the server, not of the request: retrying, with the same `Idempotency-Key` or a new one, gets the same answer until its operator sets `WEBHOOK_SIGNING_KEY`; there is no `Retry-After`. The other webhook operations (reading, changing and deleting endpoints, reading deliveries and events) still work. */
        WebhooksNotConfigured: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description No webhook endpoint of this account and environment matches `webhook_id` (`WEBHOOK_NOT_FOUND`): whatever its shape, an id longer than 128 characters, an endpoint of the other environment or one that was deleted. */
        WebhookNotFound: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The path exists but supports only `GET`, `HEAD`, `PATCH` and `DELETE` (`METHOD_NOT_ALLOWED`); `Allow` lists them. Answered before any key is looked at. */
        MethodNotAllowedWebhookEndpoint: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                Allow: components["headers"]["Allow"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The body is invalid (`INVALID_PARAMETER`): not `application/json`, not valid JSON, an empty object (name at least one member to change), a member of the wrong form (`url` not an absolute `http://` or `https://` URL, `events` not 1 to 4 distinct event types or `*`, `description` over 256 characters or with control characters, `enabled` not a boolean) or an unknown member. `error.details` names each offending member by its JSON pointer (`/url`), or `body` / `Content-Type` for the body as a whole. Also answered for a query parameter (this operation takes none) and a request over a size limit. Nothing was changed. */
        WebhookEndpointUpdateBadRequest: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The new `url` is one the service may not call (`WEBHOOK_URL_NOT_ALLOWED`): `http://` in production, a user name or password in the URL, or a host that is or resolves to a private, loopback or link-local address; the message says which. Nothing was changed. */
        WebhookUrlNotAllowed: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The request cannot be taken: the `Idempotency-Key` header is missing or not 1 to 255 printable ASCII characters (`IDEMPOTENCY_KEY_REQUIRED`, checked before the body), or the body is not the empty JSON object `{}` (`INVALID_PARAMETER`): not `application/json`, not valid JSON, or with a member (every member is unknown). `error.details` names the offending member by its JSON pointer, or `body` / `Content-Type` for the body as a whole. Also answered for a query parameter (this operation takes none) and a request over a size limit. Nothing was done: a corrected retry may reuse the same `Idempotency-Key`. */
        WebhookSecretRotationBadRequest: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description No webhook endpoint of this account and environment matches `webhook_id` (`WEBHOOK_NOT_FOUND`): whatever its shape, an id longer than 128 characters, an endpoint of the other environment or one that was deleted. Nothing was done. The answer is kept with the `Idempotency-Key` and replayed for the same request. */
        WebhookWriteNotFound: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description This `Idempotency-Key` came with another request (`IDEMPOTENCY_KEY_REUSED`), such as the rotation of another endpoint: nothing was rotated. Use a new key for a new rotation. */
        UnprocessableWebhookSecretRotation: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The request cannot be taken: the `Idempotency-Key` header is missing or not 1 to 255 printable ASCII characters (`IDEMPOTENCY_KEY_REQUIRED`, checked before the body), or the body is invalid (`INVALID_PARAMETER`): not `application/json`, not valid JSON, `event_id` missing or not a lower-case UUID, or an unknown member. `error.details` names each offending member by its JSON pointer (`/event_id`), or `body` / `Content-Type` for the body as a whole. Also answered for a query parameter (this operation takes none) and a request over a size limit. Nothing was sent: a corrected retry may reuse the same `Idempotency-Key`. */
        WebhookRedeliveryBadRequest: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The redelivery is well-formed but cannot be made: `IDEMPOTENCY_KEY_REUSED` (this key came with another request) or `EVENT_NOT_FOUND` (`event_id` names no event of this account and environment from the last 30 days). Nothing was sent. Except for `IDEMPOTENCY_KEY_REUSED`, the answer is kept with the key and replayed for the same request. */
        UnprocessableWebhookRedelivery: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description `WEBHOOK_NOT_FOUND`: no webhook endpoint of this account and environment matches `webhook_id` (whatever its shape, or deleted); else `DELIVERY_NOT_FOUND`: no delivery of that endpoint matches `delivery_id` (whatever its shape). Never a 400 for the form of a path value; ids longer than 128 characters match nothing. */
        WebhookOrDeliveryNotFound: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description No event of this account and environment from the last 30 days matches `event_id` (`EVENT_NOT_FOUND`): whatever its shape, an id longer than 128 characters, an event of the other environment or one older than 30 days (events are kept 30 days). */
        EventNotFound: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description Anything else fails the attempt, and the delivery is retried on the schedule (see How webhooks work in the introduction): another status (a 3xx redirect is not followed), no answer within 15 seconds, or a connection or TLS failure. After a 429 or 503 with a `Retry-After` header (in seconds), the next attempt waits at least that long. A delivery whose last scheduled attempt fails is `failed`; an endpoint whose every delivery has failed for 3 days is disabled (`disabled_reason: failing`). */
        WebhookNotReceived: {
            headers: {
                [name: string]: unknown;
            };
            content?: never;
        };
        /** @description The endpoint no longer exists: the delivery is `failed` and the endpoint is disabled at once (`enabled: false`, `disabled_reason: endpoint_gone`). Nothing more is sent to it until it is re-enabled (`PATCH /webhooks/{webhook_id}` with `enabled: true`) or deleted. */
        WebhookGone: {
            headers: {
                [name: string]: unknown;
            };
            content?: never;
        };
        /** @description Your endpoint took the event: any 2xx status, answered within 15 seconds of the request's start. The delivery is `delivered` and not retried. The body is not read for meaning (its first 1,000 characters are kept in the attempt log). Answer as soon as the signature is verified and the event is stored, then process it. */
        WebhookReceived: {
            headers: {
                [name: string]: unknown;
            };
            content?: never;
        };
    };
    parameters: {
        /**
         * @description Makes a retry safe (IETF draft-ietf-httpapi-idempotency-key-header): send a new unique value for each purchase
         *     (or webhook endpoint, secret rotation, redelivery), such as `5f0c7b1e-3a2d-4c8e-9b6f-1d2e3f4a5b6c` (a UUID), and
         *     the same value again when you retry that request.
         *     1 to 255 printable ASCII characters (space `0x20` to `~` `0x7E`). Missing, empty or of another form: 400
         *     `IDEMPOTENCY_KEY_REQUIRED`, checked before the body.
         *
         *     Spaces at either end are not part of the key: HTTP removes them from every header value in transit (RFC 9110
         *     §5.5), so `k1` sent with spaces before or after it arrives as, and is the same key as, `k1`, and a key of spaces
         *     only arrives empty. Spaces inside a key are kept. The pattern allows spaces at the ends only because version 1 has
         *     always allowed them there (forbidding them now would refuse values clients may already send); keys you generate,
         *     such as UUIDs, never need them.
         *
         *     A key belongs to your account in this environment and is kept 24 hours from its first request; after that it is
         *     new again. With a key already seen:
         *     * the same request — same method and path (so the same `webhook_id` in a path that has one) and the same body
         *       (same members and values, in any order and spacing) — after the first request completed: the first response
         *       again — same status, same body, same `Location` — with `Idempotent-Replayed: true`, and nothing is done twice;
         *     * another path or a different body: 422 `IDEMPOTENCY_KEY_REUSED`;
         *     * while the first request is still being processed: 409 `IDEMPOTENCY_KEY_IN_USE`; retry after `Retry-After`.
         *
         *     Answers given before the key is looked at (401, 403, 400) and 503s are not kept: retrying with the same key is a
         *     new attempt.
         * @example 5f0c7b1e-3a2d-4c8e-9b6f-1d2e3f4a5b6c
         */
        IdempotencyKey: string;
        /**
         * @description Makes a retry of a purchase safe (IETF draft-ietf-httpapi-idempotency-key-header): send a new unique value for each
         *     purchase, such as `5f0c7b1e-3a2d-4c8e-9b6f-1d2e3f4a5b6c` (a UUID), and the same value again when you retry it.
         *     1 to 255 printable ASCII characters (space `0x20` to `~` `0x7E`).
         *
         *     Required unless the body carries your own `external_reference`, which makes a retry safe on its own: a purchase
         *     needs an `Idempotency-Key`, an `external_reference`, or both. With neither — or with a key that is empty or of
         *     another form, even beside a reference — 400 `IDEMPOTENCY_KEY_REQUIRED`, checked before the body. With both, the
         *     key decides first: the same key and body answer the first response again.
         *
         *     Spaces at either end are not part of the key: HTTP removes them from every header value in transit (RFC 9110
         *     §5.5), so `k1` sent with spaces before or after it arrives as, and is the same key as, `k1`, and a key of spaces
         *     only arrives empty. Spaces inside a key are kept. The pattern allows spaces at the ends only because version 1 has
         *     always allowed them there (forbidding them now would refuse values clients may already send); keys you generate,
         *     such as UUIDs, never need them.
         *
         *     A key belongs to your account in this environment and is kept 24 hours from its first request; after that it is
         *     new again. With a key already seen:
         *     * the same request — same method and path and the same body (same members and values, in any order and spacing)
         *       — after the first request completed: the first response again — same status, same body, same `Location` — with
         *       `Idempotent-Replayed: true`, and nothing is done twice;
         *     * another path or a different body: 422 `IDEMPOTENCY_KEY_REUSED`;
         *     * while the first request is still being processed: 409 `IDEMPOTENCY_KEY_IN_USE`; retry after `Retry-After`.
         *
         *     Answers given before the key is looked at (401, 403, 400) and 503s are not kept: retrying with the same key is a
         *     new attempt. A 409 `DUPLICATE_REFERENCE` is kept with the key, like the 404 and 422 answers of the purchase.
         * @example 5f0c7b1e-3a2d-4c8e-9b6f-1d2e3f4a5b6c
         */
        PurchaseIdempotencyKey: string;
        /**
         * @description Only transactions in this status: `pending`, `successful`, `failed` or `reversed`, in lower case, such as `successful`. Another value is 400 `INVALID_PARAMETER`.
         * @example successful
         */
        TransactionStatusFilter: components["schemas"]["TransactionStatus"];
        /**
         * @description Only transactions of this kind (the kind of wallet movement, not the product kind): `funding`, `purchase`, `withdrawal`, `transfer`, `commission` or `promo`, in lower case, such as `purchase`. Another value is 400 `INVALID_PARAMETER`.
         * @example purchase
         */
        TransactionCategoryFilter: components["schemas"]["TransactionCategory"];
        /**
         * @description Only the transaction whose `external_reference` is exactly this value. The form is an external reference: 10 digits then 6 letters or digits, 16 characters in all, such as `1731402345AB12CD`. Any other form is 400 `INVALID_PARAMETER`; a well-formed reference that matches nothing is a 200 with an empty list.
         * @example 1731402345AB12CD
         */
        ReferenceFilter: components["schemas"]["ExternalReference"];
        /**
         * @description Only transactions created at or after this instant (inclusive). An RFC 3339 date-time with a UTC offset: date, `T`, time with optional fractional seconds (up to 9 digits), then `Z` or `+hh:mm` / `-hh:mm`, such as `2026-11-01T00:00:00Z` or `2026-11-01T01:00:00.000+01:00`; encode `+` as `%2B` in the query string. Any syntactically valid date-time is accepted, from year 0000 to 9999 and with any offset from `-23:59` to `+23:59`: it answers 200, with an empty list when nothing is that old or that recent. A malformed one, or `from` after `to`, is 400 `INVALID_PARAMETER`.
         * @example 2026-11-01T00:00:00Z
         */
        FromFilter: string;
        /**
         * @description Only transactions created at or before this instant (inclusive). Same form as `from`: an RFC 3339 date-time with a UTC offset, such as `2026-11-30T23:59:59.999Z` or `2026-12-01T00:59:59+01:00`; encode `+` as `%2B` in the query string. Any syntactically valid date-time is accepted, from year 0000 to 9999 and with any offset from `-23:59` to `+23:59`: it answers 200, with an empty list when nothing matches. A malformed one, or `from` after `to`, is 400 `INVALID_PARAMETER`.
         * @example 2026-11-30T23:59:59.999Z
         */
        ToFilter: string;
        /**
         * @description 1-based page number: a whole number from 1 to 1000000 in plain decimal digits, such as `2` (not `+2`, `2.0` or `2e0`). Outside that range or another form is 400 `INVALID_PARAMETER` (never clamped). A page past the end returns an empty `data` array with the true totals.
         * @example 1
         */
        Page: number;
        /**
         * @description Items per page: a whole number from 1 to 100 in plain decimal digits, such as `50`. Outside that range or another form is 400 `INVALID_PARAMETER` (never clamped).
         * @example 20
         */
        PerPage: number;
        /**
         * @description The transaction to return, in any of three forms that all return the same transaction: its `id`, a UUID such as
         *     `3f6c2a9e-8b1d-4c7a-9e2f-5a4b3c2d1e0f`; the same id with a `txn_` prefix, such as
         *     `txn_3f6c2a9e-8b1d-4c7a-9e2f-5a4b3c2d1e0f`; or its `external_reference`, 10 digits then 6 letters or digits,
         *     such as `1731402345AB12CD`. At most 128 characters. Anything that matches no transaction of this account and
         *     environment is 404 `TRANSACTION_NOT_FOUND`, never 400 — whatever its shape, and also when it is longer than 128
         *     characters — so identifiers of future shapes stay look-up-able.
         */
        TransactionId: string;
        /**
         * @description Only products of this mobile network: `MTN`, `Airtel`, `Glo` or `9mobile`, in any letter case, such as `MTN` or `mtn` (responses show it upper case, `9MOBILE`). Another value is 400 `INVALID_PARAMETER`.
         * @example MTN
         */
        NetworkFilter: string;
        /**
         * @description Only data plans of this period: `daily`, `weekly` or `monthly`, in lower case, such as `monthly`. Another value is 400 `INVALID_PARAMETER`.
         * @example monthly
         */
        BundleTypeFilter: components["schemas"]["BundleType"];
        /**
         * @description Only products of this electricity distribution company, named by its code (see `Distributor`: `AEDC`, `BEDC`, `EEDC`, `EKEDC`, `IBEDC`, `IKEDC`, `JED`, `KAEDCO`, `KEDCO`, `PHED`, `YEDC`, `ABAPOWER`) in any letter case, such as `IKEDC` or `ikedc`. Another value is 400 `INVALID_PARAMETER`.
         * @example IKEDC
         */
        DistributorFilter: string;
        /**
         * @description Only bouquets of this provider: `DSTV`, `GOTV`, `STARTIMES` or `SHOWMAX`, in any letter case, such as `DSTV` or `dstv`. Another value is 400 `INVALID_PARAMETER`. Added by this contract; the source specification lists no cable TV filter.
         * @example DSTV
         */
        ProviderFilter: string;
        /**
         * @description The electricity product (distributor and meter type) to verify the meter against: its `id`, a lower-case UUID
         *     such as `6d7e8f9a-0b1c-4d2e-9f3a-4b5c6d7e8f9a`. At most 128 characters. An id that names no electricity product
         *     of this environment — of any shape, another kind's or the other environment's product, or longer than 128
         *     characters — is 404 `PRODUCT_NOT_FOUND`, never 400. It is checked before the meter number.
         */
        ElectricityProductId: string;
        /**
         * @description The meter to verify: 11 to 13 digits as printed on the meter, such as `45678901234`. A value of another form
         *     (other characters, another length, longer than 128 characters) is 404 `METER_NOT_FOUND` like an unknown meter,
         *     never 400.
         */
        MeterNumber: string;
        /**
         * @description The cable TV bouquet to verify the smartcard against (its provider decides where the smartcard is looked up):
         *     its `id`, a lower-case UUID such as `8f9a0b1c-2d3e-4f4a-9b5c-6d7e8f9a0b1c`. At most 128 characters. An id that
         *     names no bouquet of this environment — of any shape, another kind's or the other environment's product, or
         *     longer than 128 characters — is 404 `PRODUCT_NOT_FOUND`, never 400. It is checked before the smartcard number.
         */
        CableTvProductId: string;
        /**
         * @description The smartcard (or Showmax account number) to verify: 10 or 11 digits, such as `1234567890`. A value of another
         *     form (other characters, another length, longer than 128 characters) is 404 `SMARTCARD_NOT_FOUND` like an unknown
         *     smartcard, never 400.
         */
        SmartcardNumber: string;
        /**
         * @description The webhook endpoint: its `id`, a lower-case UUID such as `5c1d7e9a-3b2f-4a6c-8d0e-1f2a3b4c5d6e`. At most 128
         *     characters. Anything that matches no endpoint of this account and environment is 404 `WEBHOOK_NOT_FOUND`, never
         *     400 — whatever its shape, and also when it is longer than 128 characters, or the endpoint was deleted.
         */
        WebhookEndpointId: string;
        /**
         * @description Only the deliveries of this event: its `id`, a lower-case UUID such as `2b4c6d8e-0f1a-4b3c-9d5e-7f8a9b0c1d2e`. Another form is 400 `INVALID_PARAMETER`; a well-formed id that matches nothing is a 200 with an empty list.
         * @example 2b4c6d8e-0f1a-4b3c-9d5e-7f8a9b0c1d2e
         */
        WebhookEventIdFilter: components["schemas"]["Uuid"];
        /**
         * @description Only deliveries in this status: `pending`, `delivered` or `failed`, in lower case, such as `failed`. Another value is 400 `INVALID_PARAMETER`.
         * @example failed
         */
        WebhookDeliveryStatusFilter: components["schemas"]["WebhookDeliveryStatus"];
        /**
         * @description The delivery: its `id`, a lower-case UUID such as `0a9b8c7d-6e5f-4d3c-8b2a-1f0e9d8c7b6a`. At most 128
         *     characters. Anything that matches no delivery of this endpoint is 404 `DELIVERY_NOT_FOUND`, never 400 — whatever
         *     its shape, and also when it is longer than 128 characters. The endpoint (`webhook_id`) is checked first.
         */
        WebhookDeliveryId: string;
        /**
         * @description Only events of this type: `transaction.pending`, `transaction.successful`, `transaction.failed` or `transaction.reversed`, in lower case, such as `transaction.failed`. Another value is 400 `INVALID_PARAMETER`.
         * @example transaction.failed
         */
        WebhookEventTypeFilter: components["schemas"]["WebhookEventType"];
        /**
         * @description Only the events of this transaction: its `id`, a lower-case UUID such as `6e2f0c5d-8b3a-4f4e-9c7d-0a1b2c3d4e5f` (not the `txn_` form nor the external reference). Another form is 400 `INVALID_PARAMETER`; a well-formed id that matches nothing is a 200 with an empty list.
         * @example 6e2f0c5d-8b3a-4f4e-9c7d-0a1b2c3d4e5f
         */
        TransactionIdFilter: components["schemas"]["Uuid"];
        /**
         * @description The event: its `id` (the `webhook-id` of its deliveries), a lower-case UUID such as
         *     `2b4c6d8e-0f1a-4b3c-9d5e-7f8a9b0c1d2e`. At most 128 characters. Anything that matches no event of this account
         *     and environment from the last 30 days is 404 `EVENT_NOT_FOUND`, never 400 — whatever its shape, and also when it
         *     is longer than 128 characters.
         */
        WebhookEventId: string;
        /**
         * @description The event's `id`, a lower-case UUID such as `2b4c6d8e-0f1a-4b3c-9d5e-7f8a9b0c1d2e`: the same on every retry and every redelivery of the event, so a receiver deduplicates on it (deliveries are at least once).
         * @example 2b4c6d8e-0f1a-4b3c-9d5e-7f8a9b0c1d2e
         */
        WebhookId: components["schemas"]["Uuid"];
        /**
         * @description When this attempt was signed, in whole seconds since the Unix epoch (UTC), as decimal digits, such as `1795166168`; new on every attempt. Reject a delivery whose timestamp is more than 5 minutes from your clock (a replayed request).
         * @example 1795166168
         */
        WebhookTimestamp: string;
        /**
         * @description The signatures of this attempt, separated by a space: each is `v1,` then the standard base64 (44 characters with
         *     the `=` padding) of the HMAC-SHA256, keyed with the bytes of a secret (the base64 after `whsec_`), of the text
         *     `<webhook-id>.<webhook-timestamp>.<body>` — the body exactly as sent, byte for byte. One signature normally,
         *     such as `v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=`; two during the 24 hours after a secret rotation (the new
         *     secret's, then the previous one's). Accept the delivery when any `v1` signature matches one you compute, compared
         *     in constant time; ignore entries of other versions.
         * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
         */
        WebhookSignature: string;
    };
    requestBodies: never;
    headers: {
        /**
         * @description Identifies this request in our logs: 1 to 128 letters, digits, dots, underscores or hyphens, such as `9f1c7e2a-4b3d-4e5f-8a9b-0c1d2e3f4a5b`. Echoes the client's `X-Request-Id` when it has that form; otherwise (and when it has the shape of an API key, which is never echoed or logged) a new one.
         * @example 9f1c7e2a-4b3d-4e5f-8a9b-0c1d2e3f4a5b
         */
        XRequestId: string;
        /**
         * @description IETF `RateLimit` field (draft-ietf-httpapi-ratelimit-headers-08): the policy that counted this request, the
         *     requests it has left (`r`) and the seconds until its one-second window resets (`t`), e.g.
         *     `"100-in-1sec"; r=99; t=1`. Sent on every response that a budget counted — 200, 400, 401, 403, 404, 405, 429, and
         *     500 or 503 when they happen after a budget counted — whenever rate limiting is on (always, in production and
         *     sandbox). Which budget counts a request is explained under Rate limits in the introduction: the key's own (100
         *     per second on production, 25 on sandbox) for a request with a valid key; the client address's budget of failed
         *     authentications (20 per second on production, 5 on sandbox) for a request to a keyed operation that did not
         *     authenticate; the client address's public budget (the key rate) for requests that need no key.
         * @example "100-in-1sec"; r=99; t=1
         */
        RateLimit: string;
        /**
         * @description IETF `RateLimit-Policy` field (draft-08) describing the budget that counted this request: its quota (`q`) per
         *     window of `w` seconds, and `pk`, an opaque hash of the partition (the key or the client address, never a
         *     secret), e.g. `"100-in-1sec"; q=100; w=1; pk=:ZGY3OTk1OTY4MzA2:`. Sent with `RateLimit`, on the same statuses.
         *     Clients may read `q` and `w` to pace themselves.
         * @example "100-in-1sec"; q=100; w=1; pk=:ZGY3OTk1OTY4MzA2:
         */
        RateLimitPolicy: string;
        /**
         * @description The quota of the budget that counted this request: how many requests it allows per window, and the window is one
         *     second here (a per-second budget: the `q` of `RateLimit-Policy`, whose `w` is 1). The budgets are explained under
         *     Rate limits in the introduction: e.g. `100` for a production key, `25` for a sandbox key. Sent together with
         *     `X-RateLimit-Remaining`, `X-RateLimit-Reset` and the IETF `RateLimit` / `RateLimit-Policy` fields, from the same
         *     count, on every response a budget counted — keyless requests counted by the public budget (`GET /health`)
         *     included. The field the published partner API sends; here its window is one second, so pace a client by this
         *     value and `X-RateLimit-Reset`, not by a constant.
         * @example 100
         */
        XRateLimitLimit: string;
        /**
         * @description Requests the budget that counted this request has left in its current one-second window, this request counted
         *     (the `r` of `RateLimit`), a count in decimal digits such as `99`: `0` on the last request it allows and on a 429. At most `X-RateLimit-Limit`. Sent with
         *     `X-RateLimit-Limit`, on the same responses.
         * @example 99
         */
        XRateLimitRemaining: string;
        /**
         * @description When the current window of the budget that counted this request ends, as a Unix time in whole seconds (rounded
         *     up) written in decimal digits, such as `1795166143`: from then on `X-RateLimit-Remaining` is back at `X-RateLimit-Limit`. A point in time, not a duration — the
         *     seconds left are the `t` of `RateLimit` (and, on a 429, `Retry-After`). With one-second windows it is at most a
         *     couple of seconds after the response's `Date`. Sent with `X-RateLimit-Limit`, on the same responses.
         * @example 1795166143
         */
        XRateLimitReset: string;
        /**
         * @description The methods this path supports, in upper case and separated by a comma and a space, such as `GET, HEAD` on the paths that only read, `POST` on the purchase paths and `/webhooks/{webhook_id}/secret_rotations`, `GET, HEAD, POST` on `/webhooks` and `/webhooks/{webhook_id}/deliveries`, `GET, HEAD, PATCH, DELETE` on `/webhooks/{webhook_id}`.
         * @example GET, HEAD
         */
        Allow: string;
        /**
         * @description Seconds to wait before retrying (a non-negative integer, e.g. `1`).
         * @example 1
         */
        RetryAfter: string;
        /**
         * @description RFC 6750 challenge: `Bearer`, a space, then its parameters, such as `Bearer realm="partner-api"`, with `error="invalid_token"` added for invalid, revoked, expired and disabled keys.
         * @example Bearer realm="partner-api", error="invalid_token"
         */
        WwwAuthenticate: string;
        /**
         * @description Present on `INSUFFICIENT_SCOPE` only: an RFC 6750 challenge, `Bearer` then its parameters naming the missing scope, such as `Bearer error="insufficient_scope", scope="read_transactions"`.
         * @example Bearer error="insufficient_scope", scope="read_transactions"
         */
        WwwAuthenticateScope: string;
        /**
         * @description Where the purchase's transaction can be read (`GET /account/transactions/{id}`): an absolute path including the environment's base path, such as `/api/partners/sandbox/v1/account/transactions/3f6c2a9e-8b1d-4c7a-9e2f-5a4b3c2d1e0f`.
         * @example /api/partners/sandbox/v1/account/transactions/3f6c2a9e-8b1d-4c7a-9e2f-5a4b3c2d1e0f
         */
        Location: string;
        /**
         * @description `true` when this response is a replay: the request repeated the `Idempotency-Key` and body of an earlier request that had completed, and gets that request's stored status, body and `Location` again; nothing was bought this time. Absent on a first answer.
         * @example true
         */
        IdempotentReplayed: "true";
        /**
         * @description Where the webhook endpoint can be read (`GET /webhooks/{webhook_id}`): an absolute path including the environment's base path, `/webhooks/` and the endpoint's lower-case UUID, such as `/api/partners/sandbox/v1/webhooks/5c1d7e9a-3b2f-4a6c-8d0e-1f2a3b4c5d6e`.
         * @example /api/partners/sandbox/v1/webhooks/5c1d7e9a-3b2f-4a6c-8d0e-1f2a3b4c5d6e
         */
        WebhookEndpointLocation: string;
        /**
         * @description Where the delivery can be read (`GET /webhooks/{webhook_id}/deliveries/{delivery_id}`): an absolute path including the environment's base path, then `/webhooks/`, the endpoint's lower-case UUID, `/deliveries/` and the delivery's lower-case UUID, such as `/api/partners/sandbox/v1/webhooks/5c1d7e9a-3b2f-4a6c-8d0e-1f2a3b4c5d6e/deliveries/3e4f5a6b-7c8d-4e9f-8a0b-1c2d3e4f5a6b`.
         * @example /api/partners/sandbox/v1/webhooks/5c1d7e9a-3b2f-4a6c-8d0e-1f2a3b4c5d6e/deliveries/3e4f5a6b-7c8d-4e9f-8a0b-1c2d3e4f5a6b
         */
        WebhookDeliveryLocation: string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The API is available. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HealthResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The account. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getAccountBalance: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The balance. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BalanceResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listTransactions: {
        parameters: {
            query?: {
                /**
                 * @description Only transactions in this status: `pending`, `successful`, `failed` or `reversed`, in lower case, such as `successful`. Another value is 400 `INVALID_PARAMETER`.
                 * @example successful
                 */
                status?: components["parameters"]["TransactionStatusFilter"];
                /**
                 * @description Only transactions of this kind (the kind of wallet movement, not the product kind): `funding`, `purchase`, `withdrawal`, `transfer`, `commission` or `promo`, in lower case, such as `purchase`. Another value is 400 `INVALID_PARAMETER`.
                 * @example purchase
                 */
                category?: components["parameters"]["TransactionCategoryFilter"];
                /**
                 * @description Only the transaction whose `external_reference` is exactly this value. The form is an external reference: 10 digits then 6 letters or digits, 16 characters in all, such as `1731402345AB12CD`. Any other form is 400 `INVALID_PARAMETER`; a well-formed reference that matches nothing is a 200 with an empty list.
                 * @example 1731402345AB12CD
                 */
                reference?: components["parameters"]["ReferenceFilter"];
                /**
                 * @description Only transactions created at or after this instant (inclusive). An RFC 3339 date-time with a UTC offset: date, `T`, time with optional fractional seconds (up to 9 digits), then `Z` or `+hh:mm` / `-hh:mm`, such as `2026-11-01T00:00:00Z` or `2026-11-01T01:00:00.000+01:00`; encode `+` as `%2B` in the query string. Any syntactically valid date-time is accepted, from year 0000 to 9999 and with any offset from `-23:59` to `+23:59`: it answers 200, with an empty list when nothing is that old or that recent. A malformed one, or `from` after `to`, is 400 `INVALID_PARAMETER`.
                 * @example 2026-11-01T00:00:00Z
                 */
                from?: components["parameters"]["FromFilter"];
                /**
                 * @description Only transactions created at or before this instant (inclusive). Same form as `from`: an RFC 3339 date-time with a UTC offset, such as `2026-11-30T23:59:59.999Z` or `2026-12-01T00:59:59+01:00`; encode `+` as `%2B` in the query string. Any syntactically valid date-time is accepted, from year 0000 to 9999 and with any offset from `-23:59` to `+23:59`: it answers 200, with an empty list when nothing matches. A malformed one, or `from` after `to`, is 400 `INVALID_PARAMETER`.
                 * @example 2026-11-30T23:59:59.999Z
                 */
                to?: components["parameters"]["ToFilter"];
                /**
                 * @description 1-based page number: a whole number from 1 to 1000000 in plain decimal digits, such as `2` (not `+2`, `2.0` or `2e0`). Outside that range or another form is 400 `INVALID_PARAMETER` (never clamped). A page past the end returns an empty `data` array with the true totals.
                 * @example 1
                 */
                page?: components["parameters"]["Page"];
                /**
                 * @description Items per page: a whole number from 1 to 100 in plain decimal digits, such as `50`. Outside that range or another form is 400 `INVALID_PARAMETER` (never clamped).
                 * @example 20
                 */
                per_page?: components["parameters"]["PerPage"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of transactions. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TransactionListResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getTransaction: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The transaction to return, in any of three forms that all return the same transaction: its `id`, a UUID such as
                 *     `3f6c2a9e-8b1d-4c7a-9e2f-5a4b3c2d1e0f`; the same id with a `txn_` prefix, such as
                 *     `txn_3f6c2a9e-8b1d-4c7a-9e2f-5a4b3c2d1e0f`; or its `external_reference`, 10 digits then 6 letters or digits,
                 *     such as `1731402345AB12CD`. At most 128 characters. Anything that matches no transaction of this account and
                 *     environment is 404 `TRANSACTION_NOT_FOUND`, never 400 — whatever its shape, and also when it is longer than 128
                 *     characters — so identifiers of future shapes stay look-up-able.
                 */
                id: components["parameters"]["TransactionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The transaction. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TransactionResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["TransactionNotFound"];
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listProductCategories: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The product categories. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProductCategoryListResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listAirtimeProducts: {
        parameters: {
            query?: {
                /**
                 * @description Only products of this mobile network: `MTN`, `Airtel`, `Glo` or `9mobile`, in any letter case, such as `MTN` or `mtn` (responses show it upper case, `9MOBILE`). Another value is 400 `INVALID_PARAMETER`.
                 * @example MTN
                 */
                network?: components["parameters"]["NetworkFilter"];
                /**
                 * @description 1-based page number: a whole number from 1 to 1000000 in plain decimal digits, such as `2` (not `+2`, `2.0` or `2e0`). Outside that range or another form is 400 `INVALID_PARAMETER` (never clamped). A page past the end returns an empty `data` array with the true totals.
                 * @example 1
                 */
                page?: components["parameters"]["Page"];
                /**
                 * @description Items per page: a whole number from 1 to 100 in plain decimal digits, such as `50`. Outside that range or another form is 400 `INVALID_PARAMETER` (never clamped).
                 * @example 20
                 */
                per_page?: components["parameters"]["PerPage"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of airtime products. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AirtimeProductListResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listDataPlanProducts: {
        parameters: {
            query?: {
                /**
                 * @description Only products of this mobile network: `MTN`, `Airtel`, `Glo` or `9mobile`, in any letter case, such as `MTN` or `mtn` (responses show it upper case, `9MOBILE`). Another value is 400 `INVALID_PARAMETER`.
                 * @example MTN
                 */
                network?: components["parameters"]["NetworkFilter"];
                /**
                 * @description Only data plans of this period: `daily`, `weekly` or `monthly`, in lower case, such as `monthly`. Another value is 400 `INVALID_PARAMETER`.
                 * @example monthly
                 */
                bundle_type?: components["parameters"]["BundleTypeFilter"];
                /**
                 * @description 1-based page number: a whole number from 1 to 1000000 in plain decimal digits, such as `2` (not `+2`, `2.0` or `2e0`). Outside that range or another form is 400 `INVALID_PARAMETER` (never clamped). A page past the end returns an empty `data` array with the true totals.
                 * @example 1
                 */
                page?: components["parameters"]["Page"];
                /**
                 * @description Items per page: a whole number from 1 to 100 in plain decimal digits, such as `50`. Outside that range or another form is 400 `INVALID_PARAMETER` (never clamped).
                 * @example 20
                 */
                per_page?: components["parameters"]["PerPage"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of data plans. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DataPlanProductListResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listElectricityProducts: {
        parameters: {
            query?: {
                /**
                 * @description Only products of this electricity distribution company, named by its code (see `Distributor`: `AEDC`, `BEDC`, `EEDC`, `EKEDC`, `IBEDC`, `IKEDC`, `JED`, `KAEDCO`, `KEDCO`, `PHED`, `YEDC`, `ABAPOWER`) in any letter case, such as `IKEDC` or `ikedc`. Another value is 400 `INVALID_PARAMETER`.
                 * @example IKEDC
                 */
                distributor?: components["parameters"]["DistributorFilter"];
                /**
                 * @description 1-based page number: a whole number from 1 to 1000000 in plain decimal digits, such as `2` (not `+2`, `2.0` or `2e0`). Outside that range or another form is 400 `INVALID_PARAMETER` (never clamped). A page past the end returns an empty `data` array with the true totals.
                 * @example 1
                 */
                page?: components["parameters"]["Page"];
                /**
                 * @description Items per page: a whole number from 1 to 100 in plain decimal digits, such as `50`. Outside that range or another form is 400 `INVALID_PARAMETER` (never clamped).
                 * @example 20
                 */
                per_page?: components["parameters"]["PerPage"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of electricity products. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ElectricityProductListResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listCableTvProducts: {
        parameters: {
            query?: {
                /**
                 * @description Only bouquets of this provider: `DSTV`, `GOTV`, `STARTIMES` or `SHOWMAX`, in any letter case, such as `DSTV` or `dstv`. Another value is 400 `INVALID_PARAMETER`. Added by this contract; the source specification lists no cable TV filter.
                 * @example DSTV
                 */
                provider?: components["parameters"]["ProviderFilter"];
                /**
                 * @description 1-based page number: a whole number from 1 to 1000000 in plain decimal digits, such as `2` (not `+2`, `2.0` or `2e0`). Outside that range or another form is 400 `INVALID_PARAMETER` (never clamped). A page past the end returns an empty `data` array with the true totals.
                 * @example 1
                 */
                page?: components["parameters"]["Page"];
                /**
                 * @description Items per page: a whole number from 1 to 100 in plain decimal digits, such as `50`. Outside that range or another form is 400 `INVALID_PARAMETER` (never clamped).
                 * @example 20
                 */
                per_page?: components["parameters"]["PerPage"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of cable TV bouquets. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CableTvProductListResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getElectricityMeter: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The electricity product (distributor and meter type) to verify the meter against: its `id`, a lower-case UUID
                 *     such as `6d7e8f9a-0b1c-4d2e-9f3a-4b5c6d7e8f9a`. At most 128 characters. An id that names no electricity product
                 *     of this environment — of any shape, another kind's or the other environment's product, or longer than 128
                 *     characters — is 404 `PRODUCT_NOT_FOUND`, never 400. It is checked before the meter number.
                 */
                product_id: components["parameters"]["ElectricityProductId"];
                /**
                 * @description The meter to verify: 11 to 13 digits as printed on the meter, such as `45678901234`. A value of another form
                 *     (other characters, another length, longer than 128 characters) is 404 `METER_NOT_FOUND` like an unknown meter,
                 *     never 400.
                 */
                meter_number: components["parameters"]["MeterNumber"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The verified meter. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MeterVerificationResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["ProductOrMeterNotFound"];
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceOrBillerUnavailable"];
        };
    };
    getCableTvSmartcard: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The cable TV bouquet to verify the smartcard against (its provider decides where the smartcard is looked up):
                 *     its `id`, a lower-case UUID such as `8f9a0b1c-2d3e-4f4a-9b5c-6d7e8f9a0b1c`. At most 128 characters. An id that
                 *     names no bouquet of this environment — of any shape, another kind's or the other environment's product, or
                 *     longer than 128 characters — is 404 `PRODUCT_NOT_FOUND`, never 400. It is checked before the smartcard number.
                 */
                product_id: components["parameters"]["CableTvProductId"];
                /**
                 * @description The smartcard (or Showmax account number) to verify: 10 or 11 digits, such as `1234567890`. A value of another
                 *     form (other characters, another length, longer than 128 characters) is 404 `SMARTCARD_NOT_FOUND` like an unknown
                 *     smartcard, never 400.
                 */
                smartcard_number: components["parameters"]["SmartcardNumber"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The verified smartcard. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SmartcardVerificationResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["ProductOrSmartcardNotFound"];
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceOrBillerUnavailable"];
        };
    };
    createPurchase: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry of a purchase safe (IETF draft-ietf-httpapi-idempotency-key-header): send a new unique value for each
                 *     purchase, such as `5f0c7b1e-3a2d-4c8e-9b6f-1d2e3f4a5b6c` (a UUID), and the same value again when you retry it.
                 *     1 to 255 printable ASCII characters (space `0x20` to `~` `0x7E`).
                 *
                 *     Required unless the body carries your own `external_reference`, which makes a retry safe on its own: a purchase
                 *     needs an `Idempotency-Key`, an `external_reference`, or both. With neither — or with a key that is empty or of
                 *     another form, even beside a reference — 400 `IDEMPOTENCY_KEY_REQUIRED`, checked before the body. With both, the
                 *     key decides first: the same key and body answer the first response again.
                 *
                 *     Spaces at either end are not part of the key: HTTP removes them from every header value in transit (RFC 9110
                 *     §5.5), so `k1` sent with spaces before or after it arrives as, and is the same key as, `k1`, and a key of spaces
                 *     only arrives empty. Spaces inside a key are kept. The pattern allows spaces at the ends only because version 1 has
                 *     always allowed them there (forbidding them now would refuse values clients may already send); keys you generate,
                 *     such as UUIDs, never need them.
                 *
                 *     A key belongs to your account in this environment and is kept 24 hours from its first request; after that it is
                 *     new again. With a key already seen:
                 *     * the same request — same method and path and the same body (same members and values, in any order and spacing)
                 *       — after the first request completed: the first response again — same status, same body, same `Location` — with
                 *       `Idempotent-Replayed: true`, and nothing is done twice;
                 *     * another path or a different body: 422 `IDEMPOTENCY_KEY_REUSED`;
                 *     * while the first request is still being processed: 409 `IDEMPOTENCY_KEY_IN_USE`; retry after `Retry-After`.
                 *
                 *     Answers given before the key is looked at (401, 403, 400) and 503s are not kept: retrying with the same key is a
                 *     new attempt. A 409 `DUPLICATE_REFERENCE` is kept with the key, like the 404 and 422 answers of the purchase.
                 * @example 0d6a8a51-93c4-4c1e-a4f6-2f1b7e9c3a10
                 */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PurchaseRequest"];
            };
        };
        responses: {
            /** @description The purchase was recorded and your wallet debited: the transaction, `successful` or `pending` (see its `status`). `Location` is where to read it again (`GET /purchases/{id}` reads the same transaction). A replay (same `Idempotency-Key`, same body) answers the first response again with `Idempotent-Replayed: true`. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    Location: components["headers"]["Location"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TransactionResponse"];
                };
            };
            400: components["responses"]["PurchaseByProductBadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ForbiddenPurchase"];
            404: components["responses"]["PurchaseCustomerNotFound"];
            405: components["responses"]["MethodNotAllowedPost"];
            409: components["responses"]["PurchaseConflict"];
            422: components["responses"]["UnprocessablePurchase"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PurchaseServiceUnavailable"];
        };
    };
    createAirtimePurchase: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry of a purchase safe (IETF draft-ietf-httpapi-idempotency-key-header): send a new unique value for each
                 *     purchase, such as `5f0c7b1e-3a2d-4c8e-9b6f-1d2e3f4a5b6c` (a UUID), and the same value again when you retry it.
                 *     1 to 255 printable ASCII characters (space `0x20` to `~` `0x7E`).
                 *
                 *     Required unless the body carries your own `external_reference`, which makes a retry safe on its own: a purchase
                 *     needs an `Idempotency-Key`, an `external_reference`, or both. With neither — or with a key that is empty or of
                 *     another form, even beside a reference — 400 `IDEMPOTENCY_KEY_REQUIRED`, checked before the body. With both, the
                 *     key decides first: the same key and body answer the first response again.
                 *
                 *     Spaces at either end are not part of the key: HTTP removes them from every header value in transit (RFC 9110
                 *     §5.5), so `k1` sent with spaces before or after it arrives as, and is the same key as, `k1`, and a key of spaces
                 *     only arrives empty. Spaces inside a key are kept. The pattern allows spaces at the ends only because version 1 has
                 *     always allowed them there (forbidding them now would refuse values clients may already send); keys you generate,
                 *     such as UUIDs, never need them.
                 *
                 *     A key belongs to your account in this environment and is kept 24 hours from its first request; after that it is
                 *     new again. With a key already seen:
                 *     * the same request — same method and path and the same body (same members and values, in any order and spacing)
                 *       — after the first request completed: the first response again — same status, same body, same `Location` — with
                 *       `Idempotent-Replayed: true`, and nothing is done twice;
                 *     * another path or a different body: 422 `IDEMPOTENCY_KEY_REUSED`;
                 *     * while the first request is still being processed: 409 `IDEMPOTENCY_KEY_IN_USE`; retry after `Retry-After`.
                 *
                 *     Answers given before the key is looked at (401, 403, 400) and 503s are not kept: retrying with the same key is a
                 *     new attempt. A 409 `DUPLICATE_REFERENCE` is kept with the key, like the 404 and 422 answers of the purchase.
                 * @example d54700cf-23b2-4ecb-a435-5730d92e1100
                 */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AirtimePurchaseRequest"];
            };
        };
        responses: {
            /** @description The purchase was recorded and your wallet debited: the transaction, `successful` or `pending` (see its `status`). `Location` is where to read it again. A replay (same `Idempotency-Key`, same body) answers the first response again with `Idempotent-Replayed: true`. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    Location: components["headers"]["Location"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TransactionResponse"];
                };
            };
            400: components["responses"]["PurchaseBadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            405: components["responses"]["MethodNotAllowedPost"];
            409: components["responses"]["PurchaseConflict"];
            422: components["responses"]["UnprocessableAirtimePurchase"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PurchaseServiceUnavailable"];
        };
    };
    createDataPurchase: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry of a purchase safe (IETF draft-ietf-httpapi-idempotency-key-header): send a new unique value for each
                 *     purchase, such as `5f0c7b1e-3a2d-4c8e-9b6f-1d2e3f4a5b6c` (a UUID), and the same value again when you retry it.
                 *     1 to 255 printable ASCII characters (space `0x20` to `~` `0x7E`).
                 *
                 *     Required unless the body carries your own `external_reference`, which makes a retry safe on its own: a purchase
                 *     needs an `Idempotency-Key`, an `external_reference`, or both. With neither — or with a key that is empty or of
                 *     another form, even beside a reference — 400 `IDEMPOTENCY_KEY_REQUIRED`, checked before the body. With both, the
                 *     key decides first: the same key and body answer the first response again.
                 *
                 *     Spaces at either end are not part of the key: HTTP removes them from every header value in transit (RFC 9110
                 *     §5.5), so `k1` sent with spaces before or after it arrives as, and is the same key as, `k1`, and a key of spaces
                 *     only arrives empty. Spaces inside a key are kept. The pattern allows spaces at the ends only because version 1 has
                 *     always allowed them there (forbidding them now would refuse values clients may already send); keys you generate,
                 *     such as UUIDs, never need them.
                 *
                 *     A key belongs to your account in this environment and is kept 24 hours from its first request; after that it is
                 *     new again. With a key already seen:
                 *     * the same request — same method and path and the same body (same members and values, in any order and spacing)
                 *       — after the first request completed: the first response again — same status, same body, same `Location` — with
                 *       `Idempotent-Replayed: true`, and nothing is done twice;
                 *     * another path or a different body: 422 `IDEMPOTENCY_KEY_REUSED`;
                 *     * while the first request is still being processed: 409 `IDEMPOTENCY_KEY_IN_USE`; retry after `Retry-After`.
                 *
                 *     Answers given before the key is looked at (401, 403, 400) and 503s are not kept: retrying with the same key is a
                 *     new attempt. A 409 `DUPLICATE_REFERENCE` is kept with the key, like the 404 and 422 answers of the purchase.
                 * @example 2445f6e5-d916-4938-b94e-101f489cf902
                 */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DataPurchaseRequest"];
            };
        };
        responses: {
            /** @description The purchase was recorded and your wallet debited: the transaction, `successful` or `pending` (see its `status`). `Location` is where to read it again. A replay (same `Idempotency-Key`, same body) answers the first response again with `Idempotent-Replayed: true`. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    Location: components["headers"]["Location"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TransactionResponse"];
                };
            };
            400: components["responses"]["PurchaseBadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            405: components["responses"]["MethodNotAllowedPost"];
            409: components["responses"]["PurchaseConflict"];
            422: components["responses"]["UnprocessableDataPurchase"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PurchaseServiceUnavailable"];
        };
    };
    createElectricityPurchase: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry of a purchase safe (IETF draft-ietf-httpapi-idempotency-key-header): send a new unique value for each
                 *     purchase, such as `5f0c7b1e-3a2d-4c8e-9b6f-1d2e3f4a5b6c` (a UUID), and the same value again when you retry it.
                 *     1 to 255 printable ASCII characters (space `0x20` to `~` `0x7E`).
                 *
                 *     Required unless the body carries your own `external_reference`, which makes a retry safe on its own: a purchase
                 *     needs an `Idempotency-Key`, an `external_reference`, or both. With neither — or with a key that is empty or of
                 *     another form, even beside a reference — 400 `IDEMPOTENCY_KEY_REQUIRED`, checked before the body. With both, the
                 *     key decides first: the same key and body answer the first response again.
                 *
                 *     Spaces at either end are not part of the key: HTTP removes them from every header value in transit (RFC 9110
                 *     §5.5), so `k1` sent with spaces before or after it arrives as, and is the same key as, `k1`, and a key of spaces
                 *     only arrives empty. Spaces inside a key are kept. The pattern allows spaces at the ends only because version 1 has
                 *     always allowed them there (forbidding them now would refuse values clients may already send); keys you generate,
                 *     such as UUIDs, never need them.
                 *
                 *     A key belongs to your account in this environment and is kept 24 hours from its first request; after that it is
                 *     new again. With a key already seen:
                 *     * the same request — same method and path and the same body (same members and values, in any order and spacing)
                 *       — after the first request completed: the first response again — same status, same body, same `Location` — with
                 *       `Idempotent-Replayed: true`, and nothing is done twice;
                 *     * another path or a different body: 422 `IDEMPOTENCY_KEY_REUSED`;
                 *     * while the first request is still being processed: 409 `IDEMPOTENCY_KEY_IN_USE`; retry after `Retry-After`.
                 *
                 *     Answers given before the key is looked at (401, 403, 400) and 503s are not kept: retrying with the same key is a
                 *     new attempt. A 409 `DUPLICATE_REFERENCE` is kept with the key, like the 404 and 422 answers of the purchase.
                 * @example 7ee8ee37-fd7b-4291-82fe-1b45af06effe
                 */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ElectricityPurchaseRequest"];
            };
        };
        responses: {
            /** @description The purchase was recorded and your wallet debited: the transaction, `successful` or `pending` (see its `status`). `Location` is where to read it again. A replay (same `Idempotency-Key`, same body) answers the first response again with `Idempotent-Replayed: true`. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    Location: components["headers"]["Location"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TransactionResponse"];
                };
            };
            400: components["responses"]["PurchaseBadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["MeterNotFound"];
            405: components["responses"]["MethodNotAllowedPost"];
            409: components["responses"]["PurchaseConflict"];
            422: components["responses"]["UnprocessableElectricityPurchase"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PurchaseServiceUnavailable"];
        };
    };
    createCableTvPurchase: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry of a purchase safe (IETF draft-ietf-httpapi-idempotency-key-header): send a new unique value for each
                 *     purchase, such as `5f0c7b1e-3a2d-4c8e-9b6f-1d2e3f4a5b6c` (a UUID), and the same value again when you retry it.
                 *     1 to 255 printable ASCII characters (space `0x20` to `~` `0x7E`).
                 *
                 *     Required unless the body carries your own `external_reference`, which makes a retry safe on its own: a purchase
                 *     needs an `Idempotency-Key`, an `external_reference`, or both. With neither — or with a key that is empty or of
                 *     another form, even beside a reference — 400 `IDEMPOTENCY_KEY_REQUIRED`, checked before the body. With both, the
                 *     key decides first: the same key and body answer the first response again.
                 *
                 *     Spaces at either end are not part of the key: HTTP removes them from every header value in transit (RFC 9110
                 *     §5.5), so `k1` sent with spaces before or after it arrives as, and is the same key as, `k1`, and a key of spaces
                 *     only arrives empty. Spaces inside a key are kept. The pattern allows spaces at the ends only because version 1 has
                 *     always allowed them there (forbidding them now would refuse values clients may already send); keys you generate,
                 *     such as UUIDs, never need them.
                 *
                 *     A key belongs to your account in this environment and is kept 24 hours from its first request; after that it is
                 *     new again. With a key already seen:
                 *     * the same request — same method and path and the same body (same members and values, in any order and spacing)
                 *       — after the first request completed: the first response again — same status, same body, same `Location` — with
                 *       `Idempotent-Replayed: true`, and nothing is done twice;
                 *     * another path or a different body: 422 `IDEMPOTENCY_KEY_REUSED`;
                 *     * while the first request is still being processed: 409 `IDEMPOTENCY_KEY_IN_USE`; retry after `Retry-After`.
                 *
                 *     Answers given before the key is looked at (401, 403, 400) and 503s are not kept: retrying with the same key is a
                 *     new attempt. A 409 `DUPLICATE_REFERENCE` is kept with the key, like the 404 and 422 answers of the purchase.
                 * @example de73751f-fa73-4425-b211-f7c2c30bbbae
                 */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CableTvPurchaseRequest"];
            };
        };
        responses: {
            /** @description The purchase was recorded and your wallet debited: the transaction, `successful` or `pending` (see its `status`). `Location` is where to read it again. A replay (same `Idempotency-Key`, same body) answers the first response again with `Idempotent-Replayed: true`. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    Location: components["headers"]["Location"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TransactionResponse"];
                };
            };
            400: components["responses"]["PurchaseBadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["SmartcardNotFound"];
            405: components["responses"]["MethodNotAllowedPost"];
            409: components["responses"]["PurchaseConflict"];
            422: components["responses"]["UnprocessableCableTvPurchase"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PurchaseServiceUnavailable"];
        };
    };
    verifyPurchase: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PurchaseVerificationRequest"];
            };
        };
        responses: {
            /** @description The verified customer: a meter (`type: meter`) for an electricity product, a smartcard (`type: smartcard`) for a cable TV bouquet. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PurchaseVerificationResponse"];
                };
            };
            400: components["responses"]["VerificationBadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ForbiddenVerification"];
            404: components["responses"]["MeterOrSmartcardNotFound"];
            405: components["responses"]["MethodNotAllowedPost"];
            422: components["responses"]["UnprocessableVerification"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceOrBillerUnavailable"];
        };
    };
    getPurchase: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The transaction to return, in any of three forms that all return the same transaction: its `id`, a UUID such as
                 *     `3f6c2a9e-8b1d-4c7a-9e2f-5a4b3c2d1e0f`; the same id with a `txn_` prefix, such as
                 *     `txn_3f6c2a9e-8b1d-4c7a-9e2f-5a4b3c2d1e0f`; or its `external_reference`, 10 digits then 6 letters or digits,
                 *     such as `1731402345AB12CD`. At most 128 characters. Anything that matches no transaction of this account and
                 *     environment is 404 `TRANSACTION_NOT_FOUND`, never 400 — whatever its shape, and also when it is longer than 128
                 *     characters — so identifiers of future shapes stay look-up-able.
                 */
                id: components["parameters"]["TransactionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The purchase's transaction. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TransactionResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["PurchaseNotFound"];
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    queryPurchase: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The transaction to return, in any of three forms that all return the same transaction: its `id`, a UUID such as
                 *     `3f6c2a9e-8b1d-4c7a-9e2f-5a4b3c2d1e0f`; the same id with a `txn_` prefix, such as
                 *     `txn_3f6c2a9e-8b1d-4c7a-9e2f-5a4b3c2d1e0f`; or its `external_reference`, 10 digits then 6 letters or digits,
                 *     such as `1731402345AB12CD`. At most 128 characters. Anything that matches no transaction of this account and
                 *     environment is 404 `TRANSACTION_NOT_FOUND`, never 400 — whatever its shape, and also when it is longer than 128
                 *     characters — so identifiers of future shapes stay look-up-able.
                 */
                id: components["parameters"]["TransactionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The purchase as it stands after the query: settled if the biller's answer was final, else unchanged. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TransactionResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["PurchaseNotFound"];
            405: components["responses"]["MethodNotAllowedPost"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listWebhookEndpoints: {
        parameters: {
            query?: {
                /**
                 * @description 1-based page number: a whole number from 1 to 1000000 in plain decimal digits, such as `2` (not `+2`, `2.0` or `2e0`). Outside that range or another form is 400 `INVALID_PARAMETER` (never clamped). A page past the end returns an empty `data` array with the true totals.
                 * @example 1
                 */
                page?: components["parameters"]["Page"];
                /**
                 * @description Items per page: a whole number from 1 to 100 in plain decimal digits, such as `50`. Outside that range or another form is 400 `INVALID_PARAMETER` (never clamped).
                 * @example 20
                 */
                per_page?: components["parameters"]["PerPage"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of webhook endpoints. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointListResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            405: components["responses"]["MethodNotAllowedGetPost"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createWebhookEndpoint: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Makes a retry safe (IETF draft-ietf-httpapi-idempotency-key-header): send a new unique value for each purchase
                 *     (or webhook endpoint, secret rotation, redelivery), such as `5f0c7b1e-3a2d-4c8e-9b6f-1d2e3f4a5b6c` (a UUID), and
                 *     the same value again when you retry that request.
                 *     1 to 255 printable ASCII characters (space `0x20` to `~` `0x7E`). Missing, empty or of another form: 400
                 *     `IDEMPOTENCY_KEY_REQUIRED`, checked before the body.
                 *
                 *     Spaces at either end are not part of the key: HTTP removes them from every header value in transit (RFC 9110
                 *     §5.5), so `k1` sent with spaces before or after it arrives as, and is the same key as, `k1`, and a key of spaces
                 *     only arrives empty. Spaces inside a key are kept. The pattern allows spaces at the ends only because version 1 has
                 *     always allowed them there (forbidding them now would refuse values clients may already send); keys you generate,
                 *     such as UUIDs, never need them.
                 *
                 *     A key belongs to your account in this environment and is kept 24 hours from its first request; after that it is
                 *     new again. With a key already seen:
                 *     * the same request — same method and path (so the same `webhook_id` in a path that has one) and the same body
                 *       (same members and values, in any order and spacing) — after the first request completed: the first response
                 *       again — same status, same body, same `Location` — with `Idempotent-Replayed: true`, and nothing is done twice;
                 *     * another path or a different body: 422 `IDEMPOTENCY_KEY_REUSED`;
                 *     * while the first request is still being processed: 409 `IDEMPOTENCY_KEY_IN_USE`; retry after `Retry-After`.
                 *
                 *     Answers given before the key is looked at (401, 403, 400) and 503s are not kept: retrying with the same key is a
                 *     new attempt.
                 * @example 6d94b0fe-5cea-4db9-af50-d9d9170777c5
                 */
                "Idempotency-Key": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEndpointCreateRequest"];
            };
        };
        responses: {
            /** @description The endpoint was added: it, with its signing `secret` (shown this once). `Location` is where to read it again (without the secret). A replay (same `Idempotency-Key`, same body) answers the first response again, secret included, with `Idempotent-Replayed: true`. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    Location: components["headers"]["WebhookEndpointLocation"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointWithSecretResponse"];
                };
            };
            400: components["responses"]["WebhookEndpointBadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            405: components["responses"]["MethodNotAllowedGetPost"];
            409: components["responses"]["IdempotencyKeyInUse"];
            422: components["responses"]["UnprocessableWebhookEndpoint"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            501: components["responses"]["WebhooksNotConfigured"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The webhook endpoint: its `id`, a lower-case UUID such as `5c1d7e9a-3b2f-4a6c-8d0e-1f2a3b4c5d6e`. At most 128
                 *     characters. Anything that matches no endpoint of this account and environment is 404 `WEBHOOK_NOT_FOUND`, never
                 *     400 — whatever its shape, and also when it is longer than 128 characters, or the endpoint was deleted.
                 */
                webhook_id: components["parameters"]["WebhookEndpointId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The webhook endpoint. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["WebhookNotFound"];
            405: components["responses"]["MethodNotAllowedWebhookEndpoint"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The webhook endpoint: its `id`, a lower-case UUID such as `5c1d7e9a-3b2f-4a6c-8d0e-1f2a3b4c5d6e`. At most 128
                 *     characters. Anything that matches no endpoint of this account and environment is 404 `WEBHOOK_NOT_FOUND`, never
                 *     400 — whatever its shape, and also when it is longer than 128 characters, or the endpoint was deleted.
                 */
                webhook_id: components["parameters"]["WebhookEndpointId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoint was deleted. No body. */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["WebhookNotFound"];
            405: components["responses"]["MethodNotAllowedWebhookEndpoint"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The webhook endpoint: its `id`, a lower-case UUID such as `5c1d7e9a-3b2f-4a6c-8d0e-1f2a3b4c5d6e`. At most 128
                 *     characters. Anything that matches no endpoint of this account and environment is 404 `WEBHOOK_NOT_FOUND`, never
                 *     400 — whatever its shape, and also when it is longer than 128 characters, or the endpoint was deleted.
                 */
                webhook_id: components["parameters"]["WebhookEndpointId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEndpointUpdateRequest"];
            };
        };
        responses: {
            /** @description The endpoint as changed. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointResponse"];
                };
            };
            400: components["responses"]["WebhookEndpointUpdateBadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["WebhookNotFound"];
            405: components["responses"]["MethodNotAllowedWebhookEndpoint"];
            422: components["responses"]["WebhookUrlNotAllowed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createWebhookSecretRotation: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Makes a retry safe (IETF draft-ietf-httpapi-idempotency-key-header): send a new unique value for each purchase
                 *     (or webhook endpoint, secret rotation, redelivery), such as `5f0c7b1e-3a2d-4c8e-9b6f-1d2e3f4a5b6c` (a UUID), and
                 *     the same value again when you retry that request.
                 *     1 to 255 printable ASCII characters (space `0x20` to `~` `0x7E`). Missing, empty or of another form: 400
                 *     `IDEMPOTENCY_KEY_REQUIRED`, checked before the body.
                 *
                 *     Spaces at either end are not part of the key: HTTP removes them from every header value in transit (RFC 9110
                 *     §5.5), so `k1` sent with spaces before or after it arrives as, and is the same key as, `k1`, and a key of spaces
                 *     only arrives empty. Spaces inside a key are kept. The pattern allows spaces at the ends only because version 1 has
                 *     always allowed them there (forbidding them now would refuse values clients may already send); keys you generate,
                 *     such as UUIDs, never need them.
                 *
                 *     A key belongs to your account in this environment and is kept 24 hours from its first request; after that it is
                 *     new again. With a key already seen:
                 *     * the same request — same method and path (so the same `webhook_id` in a path that has one) and the same body
                 *       (same members and values, in any order and spacing) — after the first request completed: the first response
                 *       again — same status, same body, same `Location` — with `Idempotent-Replayed: true`, and nothing is done twice;
                 *     * another path or a different body: 422 `IDEMPOTENCY_KEY_REUSED`;
                 *     * while the first request is still being processed: 409 `IDEMPOTENCY_KEY_IN_USE`; retry after `Retry-After`.
                 *
                 *     Answers given before the key is looked at (401, 403, 400) and 503s are not kept: retrying with the same key is a
                 *     new attempt.
                 * @example a50386ec-b0bb-4e52-ac64-2b34ac35f152
                 */
                "Idempotency-Key": string;
            };
            path: {
                /**
                 * @description The webhook endpoint: its `id`, a lower-case UUID such as `5c1d7e9a-3b2f-4a6c-8d0e-1f2a3b4c5d6e`. At most 128
                 *     characters. Anything that matches no endpoint of this account and environment is 404 `WEBHOOK_NOT_FOUND`, never
                 *     400 — whatever its shape, and also when it is longer than 128 characters, or the endpoint was deleted.
                 */
                webhook_id: components["parameters"]["WebhookEndpointId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookSecretRotationRequest"];
            };
        };
        responses: {
            /** @description The new secret was issued: the endpoint with its new `secret` (shown this once) and `previous_secret_expires_at`. `Location` is where to read the endpoint. A replay (same `Idempotency-Key`, same endpoint) answers the first response again, secret included, with `Idempotent-Replayed: true`. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    Location: components["headers"]["WebhookEndpointLocation"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointWithSecretResponse"];
                };
            };
            400: components["responses"]["WebhookSecretRotationBadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["WebhookWriteNotFound"];
            405: components["responses"]["MethodNotAllowedPost"];
            409: components["responses"]["IdempotencyKeyInUse"];
            422: components["responses"]["UnprocessableWebhookSecretRotation"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            501: components["responses"]["WebhooksNotConfigured"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                /**
                 * @description Only the deliveries of this event: its `id`, a lower-case UUID such as `2b4c6d8e-0f1a-4b3c-9d5e-7f8a9b0c1d2e`. Another form is 400 `INVALID_PARAMETER`; a well-formed id that matches nothing is a 200 with an empty list.
                 * @example 2b4c6d8e-0f1a-4b3c-9d5e-7f8a9b0c1d2e
                 */
                event_id?: components["parameters"]["WebhookEventIdFilter"];
                /**
                 * @description Only deliveries in this status: `pending`, `delivered` or `failed`, in lower case, such as `failed`. Another value is 400 `INVALID_PARAMETER`.
                 * @example failed
                 */
                status?: components["parameters"]["WebhookDeliveryStatusFilter"];
                /**
                 * @description 1-based page number: a whole number from 1 to 1000000 in plain decimal digits, such as `2` (not `+2`, `2.0` or `2e0`). Outside that range or another form is 400 `INVALID_PARAMETER` (never clamped). A page past the end returns an empty `data` array with the true totals.
                 * @example 1
                 */
                page?: components["parameters"]["Page"];
                /**
                 * @description Items per page: a whole number from 1 to 100 in plain decimal digits, such as `50`. Outside that range or another form is 400 `INVALID_PARAMETER` (never clamped).
                 * @example 20
                 */
                per_page?: components["parameters"]["PerPage"];
            };
            header?: never;
            path: {
                /**
                 * @description The webhook endpoint: its `id`, a lower-case UUID such as `5c1d7e9a-3b2f-4a6c-8d0e-1f2a3b4c5d6e`. At most 128
                 *     characters. Anything that matches no endpoint of this account and environment is 404 `WEBHOOK_NOT_FOUND`, never
                 *     400 — whatever its shape, and also when it is longer than 128 characters, or the endpoint was deleted.
                 */
                webhook_id: components["parameters"]["WebhookEndpointId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of deliveries. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryListResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["WebhookNotFound"];
            405: components["responses"]["MethodNotAllowedGetPost"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createWebhookDelivery: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Makes a retry safe (IETF draft-ietf-httpapi-idempotency-key-header): send a new unique value for each purchase
                 *     (or webhook endpoint, secret rotation, redelivery), such as `5f0c7b1e-3a2d-4c8e-9b6f-1d2e3f4a5b6c` (a UUID), and
                 *     the same value again when you retry that request.
                 *     1 to 255 printable ASCII characters (space `0x20` to `~` `0x7E`). Missing, empty or of another form: 400
                 *     `IDEMPOTENCY_KEY_REQUIRED`, checked before the body.
                 *
                 *     Spaces at either end are not part of the key: HTTP removes them from every header value in transit (RFC 9110
                 *     §5.5), so `k1` sent with spaces before or after it arrives as, and is the same key as, `k1`, and a key of spaces
                 *     only arrives empty. Spaces inside a key are kept. The pattern allows spaces at the ends only because version 1 has
                 *     always allowed them there (forbidding them now would refuse values clients may already send); keys you generate,
                 *     such as UUIDs, never need them.
                 *
                 *     A key belongs to your account in this environment and is kept 24 hours from its first request; after that it is
                 *     new again. With a key already seen:
                 *     * the same request — same method and path (so the same `webhook_id` in a path that has one) and the same body
                 *       (same members and values, in any order and spacing) — after the first request completed: the first response
                 *       again — same status, same body, same `Location` — with `Idempotent-Replayed: true`, and nothing is done twice;
                 *     * another path or a different body: 422 `IDEMPOTENCY_KEY_REUSED`;
                 *     * while the first request is still being processed: 409 `IDEMPOTENCY_KEY_IN_USE`; retry after `Retry-After`.
                 *
                 *     Answers given before the key is looked at (401, 403, 400) and 503s are not kept: retrying with the same key is a
                 *     new attempt.
                 * @example f4730171-1a3e-48d3-84db-d1d03fae5664
                 */
                "Idempotency-Key": string;
            };
            path: {
                /**
                 * @description The webhook endpoint: its `id`, a lower-case UUID such as `5c1d7e9a-3b2f-4a6c-8d0e-1f2a3b4c5d6e`. At most 128
                 *     characters. Anything that matches no endpoint of this account and environment is 404 `WEBHOOK_NOT_FOUND`, never
                 *     400 — whatever its shape, and also when it is longer than 128 characters, or the endpoint was deleted.
                 */
                webhook_id: components["parameters"]["WebhookEndpointId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookRedeliveryRequest"];
            };
        };
        responses: {
            /** @description The redelivery was recorded: the delivery, `pending` until its first attempt. `Location` is where to follow it. A replay (same `Idempotency-Key`, same endpoint and body) answers the first response again with `Idempotent-Replayed: true`; nothing is sent twice. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    Location: components["headers"]["WebhookDeliveryLocation"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryResponse"];
                };
            };
            400: components["responses"]["WebhookRedeliveryBadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["WebhookWriteNotFound"];
            405: components["responses"]["MethodNotAllowedGetPost"];
            409: components["responses"]["IdempotencyKeyInUse"];
            422: components["responses"]["UnprocessableWebhookRedelivery"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            501: components["responses"]["WebhooksNotConfigured"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getWebhookDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The webhook endpoint: its `id`, a lower-case UUID such as `5c1d7e9a-3b2f-4a6c-8d0e-1f2a3b4c5d6e`. At most 128
                 *     characters. Anything that matches no endpoint of this account and environment is 404 `WEBHOOK_NOT_FOUND`, never
                 *     400 — whatever its shape, and also when it is longer than 128 characters, or the endpoint was deleted.
                 */
                webhook_id: components["parameters"]["WebhookEndpointId"];
                /**
                 * @description The delivery: its `id`, a lower-case UUID such as `0a9b8c7d-6e5f-4d3c-8b2a-1f0e9d8c7b6a`. At most 128
                 *     characters. Anything that matches no delivery of this endpoint is 404 `DELIVERY_NOT_FOUND`, never 400 — whatever
                 *     its shape, and also when it is longer than 128 characters. The endpoint (`webhook_id`) is checked first.
                 */
                delivery_id: components["parameters"]["WebhookDeliveryId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The delivery. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["WebhookOrDeliveryNotFound"];
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listEvents: {
        parameters: {
            query?: {
                /**
                 * @description Only events of this type: `transaction.pending`, `transaction.successful`, `transaction.failed` or `transaction.reversed`, in lower case, such as `transaction.failed`. Another value is 400 `INVALID_PARAMETER`.
                 * @example transaction.failed
                 */
                type?: components["parameters"]["WebhookEventTypeFilter"];
                /**
                 * @description Only the events of this transaction: its `id`, a lower-case UUID such as `6e2f0c5d-8b3a-4f4e-9c7d-0a1b2c3d4e5f` (not the `txn_` form nor the external reference). Another form is 400 `INVALID_PARAMETER`; a well-formed id that matches nothing is a 200 with an empty list.
                 * @example 6e2f0c5d-8b3a-4f4e-9c7d-0a1b2c3d4e5f
                 */
                transaction_id?: components["parameters"]["TransactionIdFilter"];
                /**
                 * @description 1-based page number: a whole number from 1 to 1000000 in plain decimal digits, such as `2` (not `+2`, `2.0` or `2e0`). Outside that range or another form is 400 `INVALID_PARAMETER` (never clamped). A page past the end returns an empty `data` array with the true totals.
                 * @example 1
                 */
                page?: components["parameters"]["Page"];
                /**
                 * @description Items per page: a whole number from 1 to 100 in plain decimal digits, such as `50`. Outside that range or another form is 400 `INVALID_PARAMETER` (never clamped).
                 * @example 20
                 */
                per_page?: components["parameters"]["PerPage"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of events. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEventListResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getEvent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The event: its `id` (the `webhook-id` of its deliveries), a lower-case UUID such as
                 *     `2b4c6d8e-0f1a-4b3c-9d5e-7f8a9b0c1d2e`. At most 128 characters. Anything that matches no event of this account
                 *     and environment from the last 30 days is 404 `EVENT_NOT_FOUND`, never 400 — whatever its shape, and also when it
                 *     is longer than 128 characters.
                 */
                event_id: components["parameters"]["WebhookEventId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The event. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEventResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["EventNotFound"];
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
}
