/** The handler map: one handler per operationId of the contract, checked by the compiler. */
import { getAccount, getAccountBalance } from './account.ts';
import { getHealth } from './health.ts';
import {
  listAirtimeProducts,
  listCableTvProducts,
  listDataPlanProducts,
  listElectricityProducts,
  listProductCategories,
} from './products.ts';
import {
  createAirtimePurchase,
  createCableTvPurchase,
  createDataPurchase,
  createElectricityPurchase,
} from './purchases.ts';
import { createPurchase } from './purchase-by-product.ts';
import { queryPurchase } from './purchase-query.ts';
import { getPurchase } from './purchase-reads.ts';
import { verifyPurchase } from './purchase-verify.ts';
import { getTransaction, listTransactions } from './transactions.ts';
import { getCableTvSmartcard, getElectricityMeter } from './verifications.ts';
import {
  createWebhookDelivery,
  getEvent,
  getWebhookDelivery,
  listEvents,
  listWebhookDeliveries,
} from './webhook-deliveries.ts';
import {
  createWebhookEndpoint,
  createWebhookSecretRotation,
  deleteWebhookEndpoint,
  getWebhookEndpoint,
  listWebhookEndpoints,
  updateWebhookEndpoint,
} from './webhook-endpoints.ts';
import type { Handlers } from '../contract/operations.ts';

export const handlers = {
  getHealth,
  getAccount,
  getAccountBalance,
  listTransactions,
  getTransaction,
  listProductCategories,
  listAirtimeProducts,
  listDataPlanProducts,
  listElectricityProducts,
  listCableTvProducts,
  getElectricityMeter,
  getCableTvSmartcard,
  createAirtimePurchase,
  createDataPurchase,
  createElectricityPurchase,
  createCableTvPurchase,
  createPurchase,
  verifyPurchase,
  getPurchase,
  queryPurchase,
  listWebhookEndpoints,
  createWebhookEndpoint,
  getWebhookEndpoint,
  updateWebhookEndpoint,
  deleteWebhookEndpoint,
  createWebhookSecretRotation,
  listWebhookDeliveries,
  createWebhookDelivery,
  getWebhookDelivery,
  listEvents,
  getEvent,
} satisfies Handlers;
