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
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description Repeats the HTTP status of the response. */
        Status: {
            /**
             * @description The HTTP status code of this response.
             * @example 200
             */
            code: number;
            /**
             * @description The HTTP reason phrase (`OK`, `Bad Request`, `Unauthorized`, `Forbidden`, `Not Found`, …).
             * @example OK
             */
            message: string;
        };
        /**
         * Format: date-time
         * @description RFC 3339 date-time in UTC with millisecond precision.
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
             * @description The version of this contract (`info.version`) that the server implements.
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
        ErrorCode: "AUTHENTICATION_REQUIRED" | "INVALID_CREDENTIALS" | "TOKEN_REVOKED" | "TOKEN_EXPIRED" | "TOKEN_DISABLED" | "ENVIRONMENT_MISMATCH" | "IP_NOT_ALLOWED" | "INSUFFICIENT_SCOPE" | "INVALID_PARAMETER" | "TRANSACTION_NOT_FOUND" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL_ERROR";
        /** @description One offending parameter of a 400 response. */
        ErrorDetail: {
            /**
             * @description Name of the query or path parameter.
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
                /** @description Present on 400 `INVALID_PARAMETER`; one entry per offending parameter. */
                details?: components["schemas"]["ErrorDetail"][];
            };
        };
        /**
         * Format: uuid
         * @description A UUID in canonical lower-case form.
         * @example 3f6c2a9e-8b1d-4c7a-9e2f-5a4b3c2d1e0f
         */
        Uuid: string;
        AccountAttributes: {
            /** @description Name of the account holder. */
            name: string;
            /**
             * Format: email
             * @description Contact e-mail of the account.
             */
            email: string;
            /** @description Registered business name of the partner. */
            business_name: string;
            /**
             * @description Role of the account. `regular` is the usual value; other roles may appear, so do not enumerate.
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
         * @description A non-negative decimal amount with exactly two decimals, as a string. Never a binary float.
         * @example 1500.00
         */
        Money: string;
        /**
         * @description ISO 4217 currency code. Always `NGN` in this version.
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
         * @description `pending` (accepted, not final), `successful`, `failed` (nothing was debited, or the debit was returned at once)
         *     and `reversed` (a successful transaction later refunded). State transitions are not part of this version.
         * @enum {string}
         */
        TransactionStatus: "pending" | "successful" | "failed" | "reversed";
        /**
         * @description The kind of wallet movement (not the product kind, which is `product_type`).
         * @enum {string}
         */
        TransactionCategory: "funding" | "purchase" | "withdrawal" | "transfer" | "commission" | "promo";
        /**
         * @description The partner's own reference for a transaction: 10 digits followed by 6 alphanumeric characters.
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
        TransactionAttributes: {
            amount: components["schemas"]["Money"];
            currency: components["schemas"]["Currency"];
            status: components["schemas"]["TransactionStatus"];
            category: components["schemas"]["TransactionCategory"];
            description: string;
            /**
             * @description Our own unique reference for the transaction.
             * @example BPT7K2Q9ZX4M1C8D
             */
            reference: string;
            /** @description The partner's reference (10 digits + 6 alphanumerics), or null when none was given. */
            external_reference: components["schemas"]["ExternalReference"] | null;
            /**
             * @description For purchases: `airtime`, `dataplan`, `electricity` or `cabletv`. Null for other categories.
             * @example dataplan
             */
            product_type: string | null;
            /**
             * @description Recipient phone number of an airtime, data or cable TV purchase (Nigerian 11-digit format), else null.
             * @example 08031234567
             */
            phone_number: string | null;
            /**
             * @description Meter number of an electricity purchase, else null.
             * @example 45012345678
             */
            meter_number: string | null;
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
            /** @description The current page, 1-based. */
            page: number;
            /** @description Items per page. */
            per_page: number;
            /** @description Number of non-empty pages. */
            total_pages: number;
            /** @description Number of items matching the filters, over all pages. */
            total_count: number;
        };
        /** @description One page of transactions, newest first. */
        TransactionListResponse: {
            status: components["schemas"]["Status"];
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
                /** @example Airtime */
                name: string;
                description: string;
                /**
                 * @description Absolute path of the category's product list, including the environment's base path.
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
             * @description `face_value`: the customer pays the amount they choose.
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
             * @description `fixed`: the catalogue price.
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
                /** @example MTN 1.5GB Monthly */
                display_name: string;
                network: components["schemas"]["Network"];
                bundle_type: components["schemas"]["BundleType"];
                /**
                 * @description Stable code of the plan, to quote when purchasing.
                 * @example MTN-1500MB-30D
                 */
                plan_code: string;
                /** @description Data volume in megabytes (1 GB = 1024 MB). */
                data_volume_mb: number;
                /** @enum {integer} */
                validity_days: 1 | 7 | 30;
                price: components["schemas"]["FixedPrice"];
            };
        };
        /** @description One page of data plans. */
        DataPlanProductListResponse: {
            status: components["schemas"]["Status"];
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
                /** @example Ikeja Electric Prepaid */
                display_name: string;
                distributor: components["schemas"]["Distributor"];
                /** @example Ikeja Electric */
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
                /** @example DStv Compact */
                display_name: string;
                provider: components["schemas"]["CableProvider"];
                /** @example DSTV-COMPACT */
                bouquet_code: string;
                validity_days: number;
                price: components["schemas"]["FixedPrice"];
            };
        };
        /** @description One page of cable TV bouquets. */
        CableTvProductListResponse: {
            status: components["schemas"]["Status"];
            data: components["schemas"]["CableTvProduct"][];
            pagination: components["schemas"]["Pagination"];
        };
    };
    responses: {
        /** @description A query parameter is invalid (wrong type, out of range, not in its enum, malformed or unknown; or `from` after `to`), or the request is over a size limit (URL, query string, number of parameters, headers) or malformed. `error.details` names each offending parameter (`request` or `query` for the request as a whole). */
        BadRequest: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The path exists but supports only `GET` (`METHOD_NOT_ALLOWED`). */
        MethodNotAllowed: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                Allow: components["headers"]["Allow"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description Rate limit exceeded (`RATE_LIMITED`). Wait `Retry-After` seconds; other keys are not affected. */
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
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description No transaction of this account and environment matches the id, `txn_` id or external reference (`TRANSACTION_NOT_FOUND`). Ids of the other environment are not found either. */
        TransactionNotFound: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
    };
    parameters: {
        /**
         * @description Only transactions in this status. Another value → 400 `INVALID_PARAMETER`.
         * @example successful
         */
        TransactionStatusFilter: components["schemas"]["TransactionStatus"];
        /**
         * @description Only transactions of this kind (the transaction kind, not the product kind). Another value → 400 `INVALID_PARAMETER`.
         * @example purchase
         */
        TransactionCategoryFilter: components["schemas"]["TransactionCategory"];
        /**
         * @description Exact match on `external_reference`. It must have the shape of one (10 digits then 6 alphanumerics), else 400 `INVALID_PARAMETER`.
         * @example 1731402345AB12CD
         */
        ReferenceFilter: components["schemas"]["ExternalReference"];
        /**
         * @description Only transactions created at or after this instant (inclusive). An RFC 3339 date-time with a UTC offset (`Z` or `±hh:mm`), fractional seconds optional; encode `+` as `%2B` in the query string. `from` after `to` → 400 `INVALID_PARAMETER`.
         * @example 2026-11-01T00:00:00Z
         */
        FromFilter: string;
        /**
         * @description Only transactions created at or before this instant (inclusive). An RFC 3339 date-time with a UTC offset (`Z` or `±hh:mm`), fractional seconds optional; encode `+` as `%2B` in the query string. `from` after `to` → 400 `INVALID_PARAMETER`.
         * @example 2026-11-30T23:59:59.999Z
         */
        ToFilter: string;
        /**
         * @description 1-based page number. Outside 1..1000000 → 400 `INVALID_PARAMETER` (never clamped). A page past the end returns an empty `data` array with the true totals.
         * @example 1
         */
        Page: number;
        /**
         * @description Items per page, 1..100. Outside → 400 `INVALID_PARAMETER` (never clamped).
         * @example 20
         */
        PerPage: number;
        /**
         * @description A transaction `id` (UUID), the same id with a `txn_` prefix, or an `external_reference` (10 digits then 6
         *     alphanumerics). All three forms return the same transaction. Anything that matches no transaction of this
         *     account and environment — including values of any other shape — is 404 `TRANSACTION_NOT_FOUND`, never 400, so
         *     identifiers of future shapes stay look-up-able.
         */
        TransactionId: string;
        /**
         * @description Only products of this network. `MTN`, `Airtel`, `Glo` or `9mobile`, matched case-insensitively (responses show upper case). Another value → 400 `INVALID_PARAMETER`.
         * @example MTN
         */
        NetworkFilter: string;
        /**
         * @description Only data plans of this period. Another value → 400 `INVALID_PARAMETER`.
         * @example monthly
         */
        BundleTypeFilter: components["schemas"]["BundleType"];
        /**
         * @description Only products of this electricity distributor (DisCo code, see `Distributor`), matched case-insensitively. Another value → 400 `INVALID_PARAMETER`.
         * @example IKEDC
         */
        DistributorFilter: string;
        /**
         * @description Only bouquets of this provider (`DSTV`, `GOTV`, `STARTIMES`, `SHOWMAX`), matched case-insensitively. Another value → 400 `INVALID_PARAMETER`. Added by this contract; the source specification lists no cable TV filter.
         * @example DSTV
         */
        ProviderFilter: string;
    };
    requestBodies: never;
    headers: {
        /**
         * @description Identifies this request in our logs. Echoes the client's `X-Request-Id` when it is 1–128 characters of `[A-Za-z0-9._-]`; otherwise (and when it has the shape of an API key, which is never echoed or logged) a new one.
         * @example 9f1c7e2a-4b3d-4e5f-8a9b-0c1d2e3f4a5b
         */
        XRequestId: string;
        /**
         * @description IETF RateLimit header field (draft-ietf-httpapi-ratelimit-headers-08) for the limit that applies to this request, present when rate limiting is active.
         * @example "100-in-1sec"; r=99; t=1
         */
        RateLimit: string;
        /**
         * @description IETF RateLimit-Policy header field (draft-08) describing the quota, present when rate limiting is active.
         * @example "100-in-1sec"; q=100; w=1
         */
        RateLimitPolicy: string;
        /**
         * @description The methods this path supports.
         * @example GET
         */
        Allow: string;
        /**
         * @description Seconds to wait before retrying.
         * @example 1
         */
        RetryAfter: string;
        /**
         * @description RFC 6750 challenge. `Bearer realm="partner-api"`, with `error="invalid_token"` for invalid, revoked, expired and disabled keys.
         * @example Bearer realm="partner-api", error="invalid_token"
         */
        WwwAuthenticate: string;
        /**
         * @description Present on `INSUFFICIENT_SCOPE` only, naming the missing scope (RFC 6750).
         * @example Bearer error="insufficient_scope", scope="read_transactions"
         */
        WwwAuthenticateScope: string;
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
                 * @description Only transactions in this status. Another value → 400 `INVALID_PARAMETER`.
                 * @example successful
                 */
                status?: components["parameters"]["TransactionStatusFilter"];
                /**
                 * @description Only transactions of this kind (the transaction kind, not the product kind). Another value → 400 `INVALID_PARAMETER`.
                 * @example purchase
                 */
                category?: components["parameters"]["TransactionCategoryFilter"];
                /**
                 * @description Exact match on `external_reference`. It must have the shape of one (10 digits then 6 alphanumerics), else 400 `INVALID_PARAMETER`.
                 * @example 1731402345AB12CD
                 */
                reference?: components["parameters"]["ReferenceFilter"];
                /**
                 * @description Only transactions created at or after this instant (inclusive). An RFC 3339 date-time with a UTC offset (`Z` or `±hh:mm`), fractional seconds optional; encode `+` as `%2B` in the query string. `from` after `to` → 400 `INVALID_PARAMETER`.
                 * @example 2026-11-01T00:00:00Z
                 */
                from?: components["parameters"]["FromFilter"];
                /**
                 * @description Only transactions created at or before this instant (inclusive). An RFC 3339 date-time with a UTC offset (`Z` or `±hh:mm`), fractional seconds optional; encode `+` as `%2B` in the query string. `from` after `to` → 400 `INVALID_PARAMETER`.
                 * @example 2026-11-30T23:59:59.999Z
                 */
                to?: components["parameters"]["ToFilter"];
                /**
                 * @description 1-based page number. Outside 1..1000000 → 400 `INVALID_PARAMETER` (never clamped). A page past the end returns an empty `data` array with the true totals.
                 * @example 1
                 */
                page?: components["parameters"]["Page"];
                /**
                 * @description Items per page, 1..100. Outside → 400 `INVALID_PARAMETER` (never clamped).
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
                 * @description A transaction `id` (UUID), the same id with a `txn_` prefix, or an `external_reference` (10 digits then 6
                 *     alphanumerics). All three forms return the same transaction. Anything that matches no transaction of this
                 *     account and environment — including values of any other shape — is 404 `TRANSACTION_NOT_FOUND`, never 400, so
                 *     identifiers of future shapes stay look-up-able.
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
                 * @description Only products of this network. `MTN`, `Airtel`, `Glo` or `9mobile`, matched case-insensitively (responses show upper case). Another value → 400 `INVALID_PARAMETER`.
                 * @example MTN
                 */
                network?: components["parameters"]["NetworkFilter"];
                /**
                 * @description 1-based page number. Outside 1..1000000 → 400 `INVALID_PARAMETER` (never clamped). A page past the end returns an empty `data` array with the true totals.
                 * @example 1
                 */
                page?: components["parameters"]["Page"];
                /**
                 * @description Items per page, 1..100. Outside → 400 `INVALID_PARAMETER` (never clamped).
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
                 * @description Only products of this network. `MTN`, `Airtel`, `Glo` or `9mobile`, matched case-insensitively (responses show upper case). Another value → 400 `INVALID_PARAMETER`.
                 * @example MTN
                 */
                network?: components["parameters"]["NetworkFilter"];
                /**
                 * @description Only data plans of this period. Another value → 400 `INVALID_PARAMETER`.
                 * @example monthly
                 */
                bundle_type?: components["parameters"]["BundleTypeFilter"];
                /**
                 * @description 1-based page number. Outside 1..1000000 → 400 `INVALID_PARAMETER` (never clamped). A page past the end returns an empty `data` array with the true totals.
                 * @example 1
                 */
                page?: components["parameters"]["Page"];
                /**
                 * @description Items per page, 1..100. Outside → 400 `INVALID_PARAMETER` (never clamped).
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
                 * @description Only products of this electricity distributor (DisCo code, see `Distributor`), matched case-insensitively. Another value → 400 `INVALID_PARAMETER`.
                 * @example IKEDC
                 */
                distributor?: components["parameters"]["DistributorFilter"];
                /**
                 * @description 1-based page number. Outside 1..1000000 → 400 `INVALID_PARAMETER` (never clamped). A page past the end returns an empty `data` array with the true totals.
                 * @example 1
                 */
                page?: components["parameters"]["Page"];
                /**
                 * @description Items per page, 1..100. Outside → 400 `INVALID_PARAMETER` (never clamped).
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
                 * @description Only bouquets of this provider (`DSTV`, `GOTV`, `STARTIMES`, `SHOWMAX`), matched case-insensitively. Another value → 400 `INVALID_PARAMETER`. Added by this contract; the source specification lists no cable TV filter.
                 * @example DSTV
                 */
                provider?: components["parameters"]["ProviderFilter"];
                /**
                 * @description 1-based page number. Outside 1..1000000 → 400 `INVALID_PARAMETER` (never clamped). A page past the end returns an empty `data` array with the true totals.
                 * @example 1
                 */
                page?: components["parameters"]["Page"];
                /**
                 * @description Items per page, 1..100. Outside → 400 `INVALID_PARAMETER` (never clamped).
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
}
