/**
 * DO NOT EDIT: written by `npm run generate` from openapi/. Edit the contract, then regenerate.
 */

export const OPERATIONS = {
  getHealth: {
    method: "GET",
    path: "/health",
    scope: null,
    success: 200,
    body: null,
    bodyMembers: [],
    query: [],
    integerQuery: [],
    pathParams: [],
    pathParamExamples: {},
    source: "openapi/paths/health.yaml"
  },
  getAccount: {
    method: "GET",
    path: "/account",
    scope: "read_balance",
    success: 200,
    body: null,
    bodyMembers: [],
    query: [],
    integerQuery: [],
    pathParams: [],
    pathParamExamples: {},
    source: "openapi/paths/account.yaml"
  },
  getAccountBalance: {
    method: "GET",
    path: "/account/balance",
    scope: "read_balance",
    success: 200,
    body: null,
    bodyMembers: [],
    query: [],
    integerQuery: [],
    pathParams: [],
    pathParamExamples: {},
    source: "openapi/paths/account_balance.yaml"
  },
  listTransactions: {
    method: "GET",
    path: "/account/transactions",
    scope: "read_transactions",
    success: 200,
    body: null,
    bodyMembers: [],
    query: [
      "status",
      "category",
      "reference",
      "from",
      "to",
      "page",
      "per_page"
    ],
    integerQuery: [
      "page",
      "per_page"
    ],
    pathParams: [],
    pathParamExamples: {},
    source: "openapi/paths/account_transactions.yaml"
  },
  getTransaction: {
    method: "GET",
    path: "/account/transactions/{id}",
    scope: "read_transactions",
    success: 200,
    body: null,
    bodyMembers: [],
    query: [],
    integerQuery: [],
    pathParams: [
      "id"
    ],
    pathParamExamples: {
      id: "1731402345AB12CD"
    },
    source: "openapi/paths/account_transactions_{id}.yaml"
  },
  listProductCategories: {
    method: "GET",
    path: "/products",
    scope: "view_products",
    success: 200,
    body: null,
    bodyMembers: [],
    query: [],
    integerQuery: [],
    pathParams: [],
    pathParamExamples: {},
    source: "openapi/paths/products.yaml"
  },
  listAirtimeProducts: {
    method: "GET",
    path: "/products/airtimes",
    scope: "view_products",
    success: 200,
    body: null,
    bodyMembers: [],
    query: [
      "network",
      "page",
      "per_page"
    ],
    integerQuery: [
      "page",
      "per_page"
    ],
    pathParams: [],
    pathParamExamples: {},
    source: "openapi/paths/products_airtimes.yaml"
  },
  listDataPlanProducts: {
    method: "GET",
    path: "/products/dataplans",
    scope: "view_products",
    success: 200,
    body: null,
    bodyMembers: [],
    query: [
      "network",
      "bundle_type",
      "page",
      "per_page"
    ],
    integerQuery: [
      "page",
      "per_page"
    ],
    pathParams: [],
    pathParamExamples: {},
    source: "openapi/paths/products_dataplans.yaml"
  },
  listElectricityProducts: {
    method: "GET",
    path: "/products/electricity",
    scope: "view_products",
    success: 200,
    body: null,
    bodyMembers: [],
    query: [
      "distributor",
      "page",
      "per_page"
    ],
    integerQuery: [
      "page",
      "per_page"
    ],
    pathParams: [],
    pathParamExamples: {},
    source: "openapi/paths/products_electricity.yaml"
  },
  listCableTvProducts: {
    method: "GET",
    path: "/products/cabletv",
    scope: "view_products",
    success: 200,
    body: null,
    bodyMembers: [],
    query: [
      "provider",
      "page",
      "per_page"
    ],
    integerQuery: [
      "page",
      "per_page"
    ],
    pathParams: [],
    pathParamExamples: {},
    source: "openapi/paths/products_cabletv.yaml"
  },
  getElectricityMeter: {
    method: "GET",
    path: "/products/electricity/{product_id}/meters/{meter_number}",
    scope: "purchase_electricity",
    success: 200,
    body: null,
    bodyMembers: [],
    query: [],
    integerQuery: [],
    pathParams: [
      "product_id",
      "meter_number"
    ],
    pathParamExamples: {
      product_id: "6d7e8f9a-0b1c-4d2e-9f3a-4b5c6d7e8f9a",
      meter_number: "45678901234"
    },
    source: "openapi/paths/products_electricity_{product_id}_meters_{meter_number}.yaml"
  },
  getCableTvSmartcard: {
    method: "GET",
    path: "/products/cabletv/{product_id}/smartcards/{smartcard_number}",
    scope: "purchase_cable_tv",
    success: 200,
    body: null,
    bodyMembers: [],
    query: [],
    integerQuery: [],
    pathParams: [
      "product_id",
      "smartcard_number"
    ],
    pathParamExamples: {
      product_id: "8f9a0b1c-2d3e-4f4a-9b5c-6d7e8f9a0b1c",
      smartcard_number: "1234567890"
    },
    source: "openapi/paths/products_cabletv_{product_id}_smartcards_{smartcard_number}.yaml"
  },
  createPurchase: {
    method: "POST",
    path: "/purchases",
    scope: "purchase_airtime purchase_data purchase_electricity purchase_cable_tv",
    success: 201,
    body: "application/json",
    bodyMembers: [
      "product_id",
      "phone_number",
      "meter_number",
      "smart_number",
      "smartcard_number",
      "amount",
      "reference",
      "external_reference"
    ],
    query: [],
    integerQuery: [],
    pathParams: [],
    pathParamExamples: {},
    source: "openapi/paths/purchases.yaml"
  },
  createAirtimePurchase: {
    method: "POST",
    path: "/purchases/airtime",
    scope: "purchase_airtime",
    success: 201,
    body: "application/json",
    bodyMembers: [
      "network",
      "phone_number",
      "amount",
      "reference",
      "external_reference"
    ],
    query: [],
    integerQuery: [],
    pathParams: [],
    pathParamExamples: {},
    source: "openapi/paths/purchases_airtime.yaml"
  },
  createDataPurchase: {
    method: "POST",
    path: "/purchases/data",
    scope: "purchase_data",
    success: 201,
    body: "application/json",
    bodyMembers: [
      "product_id",
      "phone_number",
      "reference",
      "external_reference"
    ],
    query: [],
    integerQuery: [],
    pathParams: [],
    pathParamExamples: {},
    source: "openapi/paths/purchases_data.yaml"
  },
  createElectricityPurchase: {
    method: "POST",
    path: "/purchases/electricity",
    scope: "purchase_electricity",
    success: 201,
    body: "application/json",
    bodyMembers: [
      "product_id",
      "meter_number",
      "amount",
      "phone_number",
      "reference",
      "external_reference"
    ],
    query: [],
    integerQuery: [],
    pathParams: [],
    pathParamExamples: {},
    source: "openapi/paths/purchases_electricity.yaml"
  },
  createCableTvPurchase: {
    method: "POST",
    path: "/purchases/cabletv",
    scope: "purchase_cable_tv",
    success: 201,
    body: "application/json",
    bodyMembers: [
      "product_id",
      "smartcard_number",
      "reference",
      "external_reference"
    ],
    query: [],
    integerQuery: [],
    pathParams: [],
    pathParamExamples: {},
    source: "openapi/paths/purchases_cabletv.yaml"
  },
  verifyPurchase: {
    method: "POST",
    path: "/purchases/verify",
    scope: "purchase_electricity purchase_cable_tv",
    success: 200,
    body: "application/json",
    bodyMembers: [
      "product_id",
      "meter_number",
      "smart_number",
      "smartcard_number"
    ],
    query: [],
    integerQuery: [],
    pathParams: [],
    pathParamExamples: {},
    source: "openapi/paths/purchases_verify.yaml"
  },
  getPurchase: {
    method: "GET",
    path: "/purchases/{id}",
    scope: "read_transactions",
    success: 200,
    body: null,
    bodyMembers: [],
    query: [],
    integerQuery: [],
    pathParams: [
      "id"
    ],
    pathParamExamples: {
      id: "1731402345AB12CD"
    },
    source: "openapi/paths/purchases_{id}.yaml"
  },
  queryPurchase: {
    method: "POST",
    path: "/purchases/{id}/query",
    scope: "read_transactions",
    success: 200,
    body: null,
    bodyMembers: [],
    query: [],
    integerQuery: [],
    pathParams: [
      "id"
    ],
    pathParamExamples: {
      id: "1731402345AB12CD"
    },
    source: "openapi/paths/purchases_{id}_query.yaml"
  },
  listWebhookEndpoints: {
    method: "GET",
    path: "/webhooks",
    scope: "manage_webhooks",
    success: 200,
    body: null,
    bodyMembers: [],
    query: [
      "page",
      "per_page"
    ],
    integerQuery: [
      "page",
      "per_page"
    ],
    pathParams: [],
    pathParamExamples: {},
    source: "openapi/paths/webhooks.yaml"
  },
  createWebhookEndpoint: {
    method: "POST",
    path: "/webhooks",
    scope: "manage_webhooks",
    success: 201,
    body: "application/json",
    bodyMembers: [
      "url",
      "events",
      "description"
    ],
    query: [],
    integerQuery: [],
    pathParams: [],
    pathParamExamples: {},
    source: "openapi/paths/webhooks.yaml"
  },
  getWebhookEndpoint: {
    method: "GET",
    path: "/webhooks/{webhook_id}",
    scope: "manage_webhooks",
    success: 200,
    body: null,
    bodyMembers: [],
    query: [],
    integerQuery: [],
    pathParams: [
      "webhook_id"
    ],
    pathParamExamples: {
      webhook_id: "5c1d7e9a-3b2f-4a6c-8d0e-1f2a3b4c5d6e"
    },
    source: "openapi/paths/webhooks_{webhook_id}.yaml"
  },
  updateWebhookEndpoint: {
    method: "PATCH",
    path: "/webhooks/{webhook_id}",
    scope: "manage_webhooks",
    success: 200,
    body: "application/json",
    bodyMembers: [
      "url",
      "events",
      "description",
      "enabled"
    ],
    query: [],
    integerQuery: [],
    pathParams: [
      "webhook_id"
    ],
    pathParamExamples: {
      webhook_id: "5c1d7e9a-3b2f-4a6c-8d0e-1f2a3b4c5d6e"
    },
    source: "openapi/paths/webhooks_{webhook_id}.yaml"
  },
  deleteWebhookEndpoint: {
    method: "DELETE",
    path: "/webhooks/{webhook_id}",
    scope: "manage_webhooks",
    success: 204,
    body: null,
    bodyMembers: [],
    query: [],
    integerQuery: [],
    pathParams: [
      "webhook_id"
    ],
    pathParamExamples: {
      webhook_id: "5c1d7e9a-3b2f-4a6c-8d0e-1f2a3b4c5d6e"
    },
    source: "openapi/paths/webhooks_{webhook_id}.yaml"
  },
  createWebhookSecretRotation: {
    method: "POST",
    path: "/webhooks/{webhook_id}/secret_rotations",
    scope: "manage_webhooks",
    success: 201,
    body: "application/json",
    bodyMembers: [],
    query: [],
    integerQuery: [],
    pathParams: [
      "webhook_id"
    ],
    pathParamExamples: {
      webhook_id: "5c1d7e9a-3b2f-4a6c-8d0e-1f2a3b4c5d6e"
    },
    source: "openapi/paths/webhooks_{webhook_id}_secret_rotations.yaml"
  },
  listWebhookDeliveries: {
    method: "GET",
    path: "/webhooks/{webhook_id}/deliveries",
    scope: "manage_webhooks",
    success: 200,
    body: null,
    bodyMembers: [],
    query: [
      "event_id",
      "status",
      "page",
      "per_page"
    ],
    integerQuery: [
      "page",
      "per_page"
    ],
    pathParams: [
      "webhook_id"
    ],
    pathParamExamples: {
      webhook_id: "5c1d7e9a-3b2f-4a6c-8d0e-1f2a3b4c5d6e"
    },
    source: "openapi/paths/webhooks_{webhook_id}_deliveries.yaml"
  },
  createWebhookDelivery: {
    method: "POST",
    path: "/webhooks/{webhook_id}/deliveries",
    scope: "manage_webhooks",
    success: 201,
    body: "application/json",
    bodyMembers: [
      "event_id"
    ],
    query: [],
    integerQuery: [],
    pathParams: [
      "webhook_id"
    ],
    pathParamExamples: {
      webhook_id: "5c1d7e9a-3b2f-4a6c-8d0e-1f2a3b4c5d6e"
    },
    source: "openapi/paths/webhooks_{webhook_id}_deliveries.yaml"
  },
  getWebhookDelivery: {
    method: "GET",
    path: "/webhooks/{webhook_id}/deliveries/{delivery_id}",
    scope: "manage_webhooks",
    success: 200,
    body: null,
    bodyMembers: [],
    query: [],
    integerQuery: [],
    pathParams: [
      "webhook_id",
      "delivery_id"
    ],
    pathParamExamples: {
      webhook_id: "5c1d7e9a-3b2f-4a6c-8d0e-1f2a3b4c5d6e",
      delivery_id: "0a9b8c7d-6e5f-4d3c-8b2a-1f0e9d8c7b6a"
    },
    source: "openapi/paths/webhooks_{webhook_id}_deliveries_{delivery_id}.yaml"
  },
  listEvents: {
    method: "GET",
    path: "/events",
    scope: "manage_webhooks",
    success: 200,
    body: null,
    bodyMembers: [],
    query: [
      "type",
      "transaction_id",
      "page",
      "per_page"
    ],
    integerQuery: [
      "page",
      "per_page"
    ],
    pathParams: [],
    pathParamExamples: {},
    source: "openapi/paths/events.yaml"
  },
  getEvent: {
    method: "GET",
    path: "/events/{event_id}",
    scope: "manage_webhooks",
    success: 200,
    body: null,
    bodyMembers: [],
    query: [],
    integerQuery: [],
    pathParams: [
      "event_id"
    ],
    pathParamExamples: {
      event_id: "2b4c6d8e-0f1a-4b3c-9d5e-7f8a9b0c1d2e"
    },
    source: "openapi/paths/events_{event_id}.yaml"
  }
} as const;
