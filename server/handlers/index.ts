/** The handler map: one handler per operationId of the contract, checked by the compiler. */
import { getAccount, getAccountBalance } from './account.ts';
import { getHealth } from './health.ts';
import {
  listAirtimeProducts, listCableTvProducts, listDataPlanProducts, listElectricityProducts, listProductCategories,
} from './products.ts';
import { getTransaction, listTransactions } from './transactions.ts';
import type { Handlers } from './types.ts';

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
} satisfies Handlers;
