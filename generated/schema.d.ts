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
         * @description Tops up a Nigerian mobile number with airtime on the given network and debits the amount from your wallet (no fee). The amount must lie within the network's airtime product range (`GET /products/airtimes`). Most purchases answer 201 already `successful`; a `pending` one is settled later (poll `GET /account/transactions/{id}`). Send an `Idempotency-Key` so that a retry never buys twice. Checks, in order: key, IP, scope, `Idempotency-Key`, body, biller, idempotency record, amount range, balance.
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
         * @description Buys a data plan (`GET /products/dataplans`) for a Nigerian mobile number and debits the plan's price from your wallet (no fee). Most purchases answer 201 already `successful`; a `pending` one is settled later (poll `GET /account/transactions/{id}`). Send an `Idempotency-Key` so that a retry never buys twice. Checks, in order: key, IP, scope, `Idempotency-Key`, body, biller, idempotency record, product, balance.
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
         * @description Pays an amount of electricity to a meter through an electricity product (one distributor and meter type, `GET /products/electricity`) and debits the amount plus a 100.00 NGN convenience fee from your wallet. The meter is verified with the distributor first (404 `METER_NOT_FOUND`). A prepaid meter's transaction carries the `token` to enter on the meter and the `units` it loads once `successful`; a postpaid meter gets no token. Send an `Idempotency-Key` so that a retry never pays twice. Checks, in order: key, IP, scope, `Idempotency-Key`, body, biller, idempotency record, product, amount range, meter, balance.
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
         * @description Pays a cable TV bouquet (`GET /products/cabletv`) for a smartcard and debits the bouquet's price from your wallet (no fee). The smartcard is verified with the provider first (404 `SMARTCARD_NOT_FOUND`). Most purchases answer 201 already `successful`; a `pending` one is settled later (poll `GET /account/transactions/{id}`). Send an `Idempotency-Key` so that a retry never pays twice. Checks, in order: key, IP, scope, `Idempotency-Key`, body, biller, idempotency record, product, smartcard, balance.
         */
        post: operations["createCableTvPurchase"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
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
        ErrorCode: "AUTHENTICATION_REQUIRED" | "INVALID_CREDENTIALS" | "TOKEN_REVOKED" | "TOKEN_EXPIRED" | "TOKEN_DISABLED" | "ENVIRONMENT_MISMATCH" | "IP_NOT_ALLOWED" | "INSUFFICIENT_SCOPE" | "INVALID_PARAMETER" | "TRANSACTION_NOT_FOUND" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL_ERROR" | "IDEMPOTENCY_KEY_REQUIRED" | "IDEMPOTENCY_KEY_IN_USE" | "IDEMPOTENCY_KEY_REUSED" | "INSUFFICIENT_BALANCE" | "AMOUNT_OUT_OF_RANGE" | "PRODUCT_NOT_FOUND" | "METER_NOT_FOUND" | "SMARTCARD_NOT_FOUND" | "BILLER_UNAVAILABLE";
        /** @description One offending parameter or body member of a 400 response. */
        ErrorDetail: {
            /**
             * @description Which input is at fault: the name of a query parameter (`per_page`); in a request body, the JSON pointer of the member (`/amount`, `/network`), `body` when the body is not valid JSON, or `Content-Type` when it is not `application/json`.
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
         * @description A transaction's external reference: 10 digits then 6 letters or digits, 16 characters in all, such as `1731402345AB12CD`. The service sets it on every purchase (the Lagos time of creation as `YYMMDDHHmm`, then 6 upper-case letters or digits); it is unique in the account.
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
            /** @description The reference the service gives a transaction, 10 digits then 6 letters or digits, unique in the account, or null for movements that have none. Every purchase has one: the Lagos time (UTC+1) of its creation as `YYMMDDHHmm`, then 6 upper-case letters or digits, such as `2611201015K7Q2ZD`. Look a transaction up by it (`GET /account/transactions/{id}`, or the `reference` filter of the list). */
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
            /** @constant */
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
                 * @example 12 Allen Avenue
                 * @example Ikeja
                 * @example Lagos
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
            /** @constant */
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
        };
        /** @description Buy a data plan for `phone_number`. The price is the plan's (`GET /products/dataplans`); there is no amount to send. Unknown members are rejected (400). */
        DataPurchaseRequest: {
            /** @description The `id` of a data plan of this environment, a lower-case UUID such as `4b5c6d7e-8f9a-4b0c-9d1e-2f3a4b5c6d7e`. An id that is no data plan here is 422 `PRODUCT_NOT_FOUND`. */
            product_id: components["schemas"]["Uuid"];
            phone_number: components["schemas"]["PhoneNumber"];
            reference?: components["schemas"]["PartnerReference"];
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
        };
        /** @description Pay a cable TV bouquet for `smartcard_number`. The price is the bouquet's (`GET /products/cabletv`); there is no amount to send. Verify the smartcard first (`GET /products/cabletv/{product_id}/smartcards/{smartcard_number}`) to show the customer's name and current bouquet before paying. Unknown members are rejected (400). */
        CableTvPurchaseRequest: {
            /** @description The `id` of a cable TV bouquet of this environment, a lower-case UUID such as `8f9a0b1c-2d3e-4f4a-9b5c-6d7e8f9a0b1c`. An id that is no bouquet here is 422 `PRODUCT_NOT_FOUND`. */
            product_id: components["schemas"]["Uuid"];
            smartcard_number: components["schemas"]["SmartcardNumber"];
            reference?: components["schemas"]["PartnerReference"];
        };
    };
    responses: {
        /** @description A query parameter is invalid (wrong type, out of range, not in its enum, malformed or unknown; or `from` after `to`), or the request is over a size limit (URL, query string, number of parameters, headers) or malformed. `error.details` names each offending parameter (`request` or `query` for the request as a whole). */
        BadRequest: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
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
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The key is valid but may not do this: key of the other environment (`ENVIRONMENT_MISMATCH`), caller not on the allow-list (`IP_NOT_ALLOWED`) or missing scope (`INSUFFICIENT_SCOPE`, with a `WWW-Authenticate` header naming the scope). */
        Forbidden: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                "WWW-Authenticate": components["headers"]["WwwAuthenticateScope"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
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
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The service cannot reach its store (`SERVICE_UNAVAILABLE`), or no biller is configured to verify and deliver purchases in this environment (`BILLER_UNAVAILABLE`; production only, the sandbox always has its simulator). Retry after `Retry-After` seconds. */
        ServiceOrBillerUnavailable: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                "Retry-After": components["headers"]["RetryAfter"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
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
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The request cannot be taken: the `Idempotency-Key` header is missing or not 1 to 255 printable ASCII characters (`IDEMPOTENCY_KEY_REQUIRED`, checked before the body), or the body is invalid (`INVALID_PARAMETER`): not `application/json`, not valid JSON, a required member missing, a member of the wrong form, or an unknown member. `error.details` names each offending member by its JSON pointer (`/amount`), or `body` / `Content-Type` for the body as a whole. Also answered for a query parameter (purchases take none) and a request over a size limit. Nothing is recorded: a corrected retry may reuse the same `Idempotency-Key`. */
        PurchaseBadRequest: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
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
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The purchase is well-formed but cannot be made: `IDEMPOTENCY_KEY_REUSED` (this key came with another body), `AMOUNT_OUT_OF_RANGE` (outside the network's airtime `min_amount`..`max_amount`, or 0) or `INSUFFICIENT_BALANCE` (the wallet holds less than the total debit). No transaction was recorded and nothing was debited. Except for `IDEMPOTENCY_KEY_REUSED`, the answer is kept with the key and replayed for the same body. */
        UnprocessableAirtimePurchase: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description Try again later, after `Retry-After` seconds, with the same `Idempotency-Key`. `BILLER_UNAVAILABLE`: no biller is configured to deliver purchases in this environment (production only; the sandbox always has its simulator); nothing was recorded or debited and the key is not kept. `SERVICE_UNAVAILABLE`: the service cannot reach its store. A retry with the same key never buys twice: if the purchase had been recorded before the failure, the retry gets that purchase's answer (409 `IDEMPOTENCY_KEY_IN_USE` until it is settled, then its 201 replayed). */
        PurchaseServiceUnavailable: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                "Retry-After": components["headers"]["RetryAfter"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The purchase is well-formed but cannot be made: `IDEMPOTENCY_KEY_REUSED` (this key came with another body), `PRODUCT_NOT_FOUND` (`product_id` is no data plan of this environment) or `INSUFFICIENT_BALANCE` (the wallet holds less than the plan's price). No transaction was recorded and nothing was debited. Except for `IDEMPOTENCY_KEY_REUSED`, the answer is kept with the key and replayed for the same body. */
        UnprocessableDataPurchase: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
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
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The purchase is well-formed but cannot be made: `IDEMPOTENCY_KEY_REUSED` (this key came with another body), `PRODUCT_NOT_FOUND` (`product_id` is no electricity product of this environment), `AMOUNT_OUT_OF_RANGE` (outside the product's `min_amount`..`max_amount`, or 0) or `INSUFFICIENT_BALANCE` (the wallet holds less than the amount plus the 100.00 NGN convenience fee). No transaction was recorded and nothing was debited. Except for `IDEMPOTENCY_KEY_REUSED`, the answer is kept with the key and replayed for the same body. */
        UnprocessableElectricityPurchase: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
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
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The purchase is well-formed but cannot be made: `IDEMPOTENCY_KEY_REUSED` (this key came with another body), `PRODUCT_NOT_FOUND` (`product_id` is no cable TV bouquet of this environment) or `INSUFFICIENT_BALANCE` (the wallet holds less than the bouquet's price). No transaction was recorded and nothing was debited. Except for `IDEMPOTENCY_KEY_REUSED`, the answer is kept with the key and replayed for the same body. */
        UnprocessableCableTvPurchase: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
    };
    parameters: {
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
         * @description Makes a retry safe (IETF draft-ietf-httpapi-idempotency-key-header): send a new unique value for each purchase,
         *     such as `5f0c7b1e-3a2d-4c8e-9b6f-1d2e3f4a5b6c` (a UUID), and the same value again when you retry that purchase.
         *     1 to 255 printable ASCII characters (space `0x20` to `~` `0x7E`). Missing, empty or of another form: 400
         *     `IDEMPOTENCY_KEY_REQUIRED`, checked before the body.
         *
         *     A key belongs to your account in this environment and is kept 24 hours from its first request; after that it is
         *     new again. With a key already seen:
         *     * the same body (same members and values, in any order and spacing) after the first request completed: the first
         *       response again — same status, same body, same `Location` — with `Idempotent-Replayed: true`, and nothing is
         *       bought twice;
         *     * a different body: 422 `IDEMPOTENCY_KEY_REUSED`;
         *     * while the first request is still being processed: 409 `IDEMPOTENCY_KEY_IN_USE`; retry after `Retry-After`.
         *
         *     Answers given before the key is looked at (401, 403, 400) and 503s are not kept: retrying with the same key is a
         *     new attempt.
         * @example 5f0c7b1e-3a2d-4c8e-9b6f-1d2e3f4a5b6c
         */
        IdempotencyKey: string;
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
         * @description The methods this path supports, in upper case and separated by a comma and a space, such as `GET, HEAD` on the paths that read, or `POST` on the purchase paths.
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
    createAirtimePurchase: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Makes a retry safe (IETF draft-ietf-httpapi-idempotency-key-header): send a new unique value for each purchase,
                 *     such as `5f0c7b1e-3a2d-4c8e-9b6f-1d2e3f4a5b6c` (a UUID), and the same value again when you retry that purchase.
                 *     1 to 255 printable ASCII characters (space `0x20` to `~` `0x7E`). Missing, empty or of another form: 400
                 *     `IDEMPOTENCY_KEY_REQUIRED`, checked before the body.
                 *
                 *     A key belongs to your account in this environment and is kept 24 hours from its first request; after that it is
                 *     new again. With a key already seen:
                 *     * the same body (same members and values, in any order and spacing) after the first request completed: the first
                 *       response again — same status, same body, same `Location` — with `Idempotent-Replayed: true`, and nothing is
                 *       bought twice;
                 *     * a different body: 422 `IDEMPOTENCY_KEY_REUSED`;
                 *     * while the first request is still being processed: 409 `IDEMPOTENCY_KEY_IN_USE`; retry after `Retry-After`.
                 *
                 *     Answers given before the key is looked at (401, 403, 400) and 503s are not kept: retrying with the same key is a
                 *     new attempt.
                 * @example 5f0c7b1e-3a2d-4c8e-9b6f-1d2e3f4a5b6c
                 */
                "Idempotency-Key": components["parameters"]["IdempotencyKey"];
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
            409: components["responses"]["IdempotencyKeyInUse"];
            422: components["responses"]["UnprocessableAirtimePurchase"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PurchaseServiceUnavailable"];
        };
    };
    createDataPurchase: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Makes a retry safe (IETF draft-ietf-httpapi-idempotency-key-header): send a new unique value for each purchase,
                 *     such as `5f0c7b1e-3a2d-4c8e-9b6f-1d2e3f4a5b6c` (a UUID), and the same value again when you retry that purchase.
                 *     1 to 255 printable ASCII characters (space `0x20` to `~` `0x7E`). Missing, empty or of another form: 400
                 *     `IDEMPOTENCY_KEY_REQUIRED`, checked before the body.
                 *
                 *     A key belongs to your account in this environment and is kept 24 hours from its first request; after that it is
                 *     new again. With a key already seen:
                 *     * the same body (same members and values, in any order and spacing) after the first request completed: the first
                 *       response again — same status, same body, same `Location` — with `Idempotent-Replayed: true`, and nothing is
                 *       bought twice;
                 *     * a different body: 422 `IDEMPOTENCY_KEY_REUSED`;
                 *     * while the first request is still being processed: 409 `IDEMPOTENCY_KEY_IN_USE`; retry after `Retry-After`.
                 *
                 *     Answers given before the key is looked at (401, 403, 400) and 503s are not kept: retrying with the same key is a
                 *     new attempt.
                 * @example 5f0c7b1e-3a2d-4c8e-9b6f-1d2e3f4a5b6c
                 */
                "Idempotency-Key": components["parameters"]["IdempotencyKey"];
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
            409: components["responses"]["IdempotencyKeyInUse"];
            422: components["responses"]["UnprocessableDataPurchase"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PurchaseServiceUnavailable"];
        };
    };
    createElectricityPurchase: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Makes a retry safe (IETF draft-ietf-httpapi-idempotency-key-header): send a new unique value for each purchase,
                 *     such as `5f0c7b1e-3a2d-4c8e-9b6f-1d2e3f4a5b6c` (a UUID), and the same value again when you retry that purchase.
                 *     1 to 255 printable ASCII characters (space `0x20` to `~` `0x7E`). Missing, empty or of another form: 400
                 *     `IDEMPOTENCY_KEY_REQUIRED`, checked before the body.
                 *
                 *     A key belongs to your account in this environment and is kept 24 hours from its first request; after that it is
                 *     new again. With a key already seen:
                 *     * the same body (same members and values, in any order and spacing) after the first request completed: the first
                 *       response again — same status, same body, same `Location` — with `Idempotent-Replayed: true`, and nothing is
                 *       bought twice;
                 *     * a different body: 422 `IDEMPOTENCY_KEY_REUSED`;
                 *     * while the first request is still being processed: 409 `IDEMPOTENCY_KEY_IN_USE`; retry after `Retry-After`.
                 *
                 *     Answers given before the key is looked at (401, 403, 400) and 503s are not kept: retrying with the same key is a
                 *     new attempt.
                 * @example 5f0c7b1e-3a2d-4c8e-9b6f-1d2e3f4a5b6c
                 */
                "Idempotency-Key": components["parameters"]["IdempotencyKey"];
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
            409: components["responses"]["IdempotencyKeyInUse"];
            422: components["responses"]["UnprocessableElectricityPurchase"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PurchaseServiceUnavailable"];
        };
    };
    createCableTvPurchase: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Makes a retry safe (IETF draft-ietf-httpapi-idempotency-key-header): send a new unique value for each purchase,
                 *     such as `5f0c7b1e-3a2d-4c8e-9b6f-1d2e3f4a5b6c` (a UUID), and the same value again when you retry that purchase.
                 *     1 to 255 printable ASCII characters (space `0x20` to `~` `0x7E`). Missing, empty or of another form: 400
                 *     `IDEMPOTENCY_KEY_REQUIRED`, checked before the body.
                 *
                 *     A key belongs to your account in this environment and is kept 24 hours from its first request; after that it is
                 *     new again. With a key already seen:
                 *     * the same body (same members and values, in any order and spacing) after the first request completed: the first
                 *       response again — same status, same body, same `Location` — with `Idempotent-Replayed: true`, and nothing is
                 *       bought twice;
                 *     * a different body: 422 `IDEMPOTENCY_KEY_REUSED`;
                 *     * while the first request is still being processed: 409 `IDEMPOTENCY_KEY_IN_USE`; retry after `Retry-After`.
                 *
                 *     Answers given before the key is looked at (401, 403, 400) and 503s are not kept: retrying with the same key is a
                 *     new attempt.
                 * @example 5f0c7b1e-3a2d-4c8e-9b6f-1d2e3f4a5b6c
                 */
                "Idempotency-Key": components["parameters"]["IdempotencyKey"];
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
            409: components["responses"]["IdempotencyKeyInUse"];
            422: components["responses"]["UnprocessableCableTvPurchase"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PurchaseServiceUnavailable"];
        };
    };
}
