/**
 * The published partner API's purchase operations (contract decisions, "The seed's own system"): POST /purchases by
 * product_id (createPurchase), POST /purchases/verify (verifyPurchase), GET /purchases/{id} (getPurchase) and
 * POST /purchases/{id}/query (queryPurchase). Statuses and codes are the bundle's; the values come from the
 * contract's own sandbox scenarios and the products the walks read, never copied here.
 * - getPurchase (reads, every environment): a listed purchase → the transaction GET /account/transactions/{id}
 *   returns (same_transaction); a transaction that is no purchase, an unknown id → 404 TRANSACTION_NOT_FOUND.
 * - createPurchase (sandbox): per kind a 201 by product_id (purchase_state_conformance), read back at
 *   GET /purchases/{id} (same_transaction) and queried unchanged (query_conformance); smart_number and
 *   smartcard_number both, neither key nor reference → 400; the not-found meter / smartcard → 404; a reference used
 *   → 409 DUPLICATE_REFERENCE; one key in flight → 409 IDEMPOTENCY_KEY_IN_USE; one key, another body → 422
 *   IDEMPOTENCY_KEY_REUSED; an unknown and the other environment's product → 422 PRODUCT_NOT_FOUND; an amount out
 *   of range → 422; with `low_balance` a purchase dearer than its wallet → 422 INSUFFICIENT_BALANCE.
 * - verifyPurchase (sandbox: it is a POST): the found meter / smartcard → 200, the same verification as the GET
 *   (same_transaction); the not-found ones → 404 of their kind; an unknown product → 422 PRODUCT_NOT_FOUND.
 * - queryPurchase (sandbox): a pending purchase → 200 in its scenario's `then` at once, the same again when
 *   repeated (query_conformance); an unknown id → 404 TRANSACTION_NOT_FOUND.
 */
import { duplicateReferenceConformance } from '../checks/duplicate_reference_conformance.ts';
import { idempotentConcurrencyConformance } from '../checks/idempotent_concurrency_conformance.ts';
import { purchaseStateConformance } from '../checks/purchase_state_conformance.ts';
import { queryConformance, sameData } from '../checks/purchase_api_conformance.ts';
import type { CaseContext, CaseDef, RunContext } from '../context.ts';
import type { Contract } from '../contract/operations.ts';
import type { SandboxScenario } from '../contract/sandbox.ts';
import type { RecordedResponse } from '../model.ts';
import type { Item } from '../shared.ts';
import { CONCURRENT_REQUESTS } from './idempotency.ts';
import { randomExternalReference, randomUUID, walkedTransactions } from './common.ts';
import { choosePurchase, FEE_KOBO } from './purchase-choice.ts';
import {
  kobo,
  naira,
  PURCHASE_KINDS,
  productAmountOf,
  productsFor,
  rangeOf,
  validBody,
  type Body,
} from './purchase-support.ts';

const CREATE = 'createPurchase';
const VERIFY = 'verifyPurchase';
const GET = 'getPurchase';
const QUERY = 'queryPurchase';
const NOT_FOUND = { status: 404, code: 'TRANSACTION_NOT_FOUND' } as const;
const SAME_TRANSACTION = 'GET /purchases/{id} is the transaction GET /account/transactions/{id} returns';
const SAME_VERIFICATION = 'POST /purchases/verify is the verification the GET of the meter / smartcard returns';

/**
 * A per-kind purchase body as the body of POST /purchases: the same members, `product_id` the product's (airtime's
 * per-kind body names a network instead), no `network` (the product says it).
 */
function byProduct(body: Body, product: Item): Body {
  const out: Body = { ...body, product_id: product.id };
  delete out.network;
  return out;
}

/** A valid POST /purchases body for the products of `perKind` (a per-kind purchase operation), with `when`. */
async function chooseByProduct(t: CaseContext, perKind: string, when: Body = {}) {
  const choice = await choosePurchase(t, perKind, when);
  return { ...choice, body: byProduct(choice.body, choice.product) };
}

const writeOnlyInSandbox = (t: CaseContext) => {
  if (t.target.env !== 'sandbox') t.skip('the sandbox scenarios (magic values) exist only in the sandbox');
};

/** GET /purchases/{id} of `id`, compared with GET /account/transactions/{id} read right after. */
async function readBoth(t: CaseContext, id: string): Promise<void> {
  const ex = await t.send({ operationId: GET, pathParams: { id } }, 'full', { status: 200 });
  const got = t.ok<unknown>(ex, GET);
  if (got === undefined) return;
  const tx = await t.send({ operationId: 'getTransaction', pathParams: { id } }, 'full', { status: 200 });
  const older = t.ok<unknown>(tx, 'getTransaction');
  if (older !== undefined)
    t.report('same_transaction', sameData(got, older, `GET /purchases/${id}`, SAME_TRANSACTION), ex, t.op(GET));
}

/** A POST without a body or Idempotency-Key to a path with parameters: queryPurchase. */
const query = (t: CaseContext, id: string, expect?: Parameters<CaseContext['send']>[2]) =>
  t.send({ operationId: QUERY, method: 'POST', pathParams: { id } }, 'full', expect);

/** POST /purchases/verify with `body` (no Idempotency-Key: nothing is bought). */
const verify = (t: CaseContext, body: Body, expect?: Parameters<CaseContext['send']>[2]) =>
  t.send(
    {
      operationId: VERIFY,
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'Content-Type': 'application/json' },
    },
    'full',
    expect,
  );

export function purchaseApiCases(contract: Contract): CaseDef[] {
  if (!contract.operations.some((o) => o.operationId === CREATE)) return [];
  const c = (
    operationId: string,
    name: string,
    title: string,
    run: (t: CaseContext) => Promise<void>,
    extra: Partial<CaseDef> = {},
  ): CaseDef => ({
    id: `purchase-api.${operationId}.${name}`,
    group: 'purchase-api',
    operationId,
    title,
    needs: ['full'],
    writes: operationId !== GET,
    run,
    ...extra,
  });
  const scenario = (operation: string, outcome: string) =>
    contract.scenarios.find((s) => s.operation === operation && s.outcome === outcome && s.then === null);
  const pending = contract.scenarios.find((s) => s.operation === 'createAirtimePurchase' && s.outcome === 'pending');
  const slow = contract.scenarios.find((s) => s.operation === 'createAirtimePurchase' && s.name.endsWith('_timeout'));
  const meter = (outcome: string) => scenario('getElectricityMeter', outcome)?.when.meter_number;
  const card = (outcome: string) => scenario('getCableTvSmartcard', outcome)?.when.smartcard_number;

  const reads = [
    c(
      GET,
      'same_as_transaction',
      'a listed purchase → 200, the transaction GET /account/transactions/{id} returns',
      async (t) => {
        const item = walkedTransactions(t).find((i) => i.attributes.category === 'purchase');
        if (!item) return t.skip('no purchase among the transactions listed');
        await readBoth(t, item.id);
      },
    ),
    c(GET, 'not_a_purchase', 'a transaction that is no purchase (a funding) → 404 TRANSACTION_NOT_FOUND', async (t) => {
      const item = walkedTransactions(t).find((i) => i.attributes.category !== 'purchase');
      if (!item) return t.skip('no transaction but purchases listed');
      await t.send({ operationId: GET, pathParams: { id: item.id } }, 'full', NOT_FOUND);
    }),
    c(GET, 'unknown', 'a random UUID → 404 TRANSACTION_NOT_FOUND', async (t) => {
      await t.send({ operationId: GET, pathParams: { id: randomUUID() } }, 'full', NOT_FOUND);
    }),
  ];

  const creates = Object.entries(PURCHASE_KINDS).map(([perKind, { kind }]) =>
    c(
      CREATE,
      `by_product.${kind}`,
      `a ${kind} product by product_id → 201 of that kind, read back at GET /purchases/{id}, queried unchanged`,
      async (t) => {
        writeOnlyInSandbox(t);
        const success = contract.scenarios.find(
          (s) => s.operation === perKind && s.outcome === 'successful' && !s.then,
        );
        const { body, product, prepaid } = await chooseByProduct(t, perKind, success?.when ?? {});
        const ex = await t.post({ body }, 'full', { status: 201 });
        const tx = t.ok<{ data: { id: string; attributes: Record<string, unknown> } }>(ex)?.data;
        if (!tx) return;
        t.report(
          'purchase_state_conformance',
          purchaseStateConformance(tx, {
            status: success?.outcome ?? String(tx.attributes.status),
            productType: kind,
            body,
            productAmount: productAmountOf(body, product),
            feeKobo: FEE_KOBO[kind] ?? 0n,
            prepaid,
          }),
          ex,
        );
        await readBoth(t, tx.id);
        if (success) {
          const first = await query(t, tx.id, { status: 200 });
          const again = await query(t, tx.id, { status: 200 });
          if (first.response && again.response)
            t.report(
              'query_conformance',
              queryConformance(tx.id, success.outcome, first.response.body, again.response.body),
              first,
              t.op(QUERY),
            );
        }
      },
    ),
  );

  const errors = [
    c(CREATE, 'both_smartcard_names', 'smart_number and smartcard_number both → 400 INVALID_PARAMETER', async (t) => {
      const { body } = await chooseByProduct(t, 'createCableTvPurchase');
      const number = body.smartcard_number ?? '';
      await t.post({ body: { ...body, smart_number: number } }, 'full', { status: 400, code: 'INVALID_PARAMETER' });
    }),
    c(
      CREATE,
      'neither_key_nor_reference',
      'neither Idempotency-Key nor external_reference → 400 IDEMPOTENCY_KEY_REQUIRED',
      async (t) => {
        const { body } = await chooseByProduct(t, 'createAirtimePurchase');
        delete body.external_reference;
        await t.post({ body, idempotencyKey: null }, 'full', { status: 400, code: 'IDEMPOTENCY_KEY_REQUIRED' });
      },
    ),
    c(CREATE, 'meter_not_found', "the sandbox's not-found meter → 404 METER_NOT_FOUND, nothing bought", async (t) => {
      writeOnlyInSandbox(t);
      const number = meter('not_found');
      if (!number) return t.skip('the contract has no not-found meter scenario');
      const { body } = await chooseByProduct(t, 'createElectricityPurchase', { meter_number: number });
      await t.post({ body }, 'full', { status: 404, code: 'METER_NOT_FOUND' });
    }),
    c(
      CREATE,
      'smartcard_not_found',
      "the sandbox's not-found smartcard → 404 SMARTCARD_NOT_FOUND, nothing bought",
      async (t) => {
        writeOnlyInSandbox(t);
        const number = card('not_found');
        if (!number) return t.skip('the contract has no not-found smartcard scenario');
        const { body } = await chooseByProduct(t, 'createCableTvPurchase', { smartcard_number: number });
        await t.post({ body }, 'full', { status: 404, code: 'SMARTCARD_NOT_FOUND' });
      },
    ),
    c(
      CREATE,
      'duplicate_reference',
      'an external_reference used → 409 DUPLICATE_REFERENCE naming the first purchase',
      async (t) => {
        const ref = randomExternalReference();
        const body = { ...(await chooseByProduct(t, 'createAirtimePurchase')).body, external_reference: ref };
        const first = await t.post({ body, idempotencyKey: null }, 'full', { status: 201 });
        if (first.response?.status !== 201) return;
        const again = await t.post({ body }, 'full', { status: 409, code: 'DUPLICATE_REFERENCE' });
        const answers = [first, again].map((e) => e.response).filter((r) => r !== undefined);
        t.report('duplicate_reference_conformance', duplicateReferenceConformance(ref, answers), again);
      },
    ),
    c(
      CREATE,
      'key_in_use',
      'the slow purchase sent 4 times at once under one key → one purchase; the others 409 IDEMPOTENCY_KEY_IN_USE or replays',
      async (t) => {
        writeOnlyInSandbox(t);
        if (!slow) return t.skip('the contract has no biller-timeout scenario for airtime');
        const { body } = await chooseByProduct(t, 'createAirtimePurchase', slow.when);
        const key = t.newIdempotencyKey();
        const exchanges = await Promise.all(
          Array.from({ length: CONCURRENT_REQUESTS }, () => t.post({ body, idempotencyKey: key }, 'full')),
        );
        const answers = exchanges.map((e) => e.response).filter((r): r is RecordedResponse => r !== undefined);
        if (answers.length < exchanges.length) return; // reported as response_received
        for (const r of answers) {
          const code = (r.body as { error?: { code?: string } }).error?.code;
          if (r.status === 201 || (r.status === 409 && code === 'IDEMPOTENCY_KEY_IN_USE'))
            t.cells.push({ operationId: CREATE, status: r.status, code: code ?? null });
        }
        t.report('idempotent_concurrency_conformance', idempotentConcurrencyConformance(answers), exchanges[0]);
      },
    ),
    c(CREATE, 'key_reused', 'one Idempotency-Key, another body → 422 IDEMPOTENCY_KEY_REUSED', async (t) => {
      const { body, product } = await chooseByProduct(t, 'createAirtimePurchase');
      const key = t.newIdempotencyKey();
      const first = await t.post({ body, idempotencyKey: key }, 'full', { status: 201 });
      if (first.response?.status !== 201) return;
      const range = rangeOf(product);
      const amount = range ? naira(range.min + 100n) : '1.00';
      await t.post({ body: { ...body, amount }, idempotencyKey: key }, 'full', {
        status: 422,
        code: 'IDEMPOTENCY_KEY_REUSED',
      });
    }),
    c(CREATE, 'unknown_product', 'a product_id no product holds → 422 PRODUCT_NOT_FOUND', async (t) => {
      const { body } = await chooseByProduct(t, 'createAirtimePurchase');
      await t.post({ body: { ...body, product_id: randomUUID() } }, 'full', { status: 422, code: 'PRODUCT_NOT_FOUND' });
    }),
    c(
      CREATE,
      'other_environment_product',
      "the other environment's bouquet (airtime products share their ids across environments) → 422 PRODUCT_NOT_FOUND",
      async (t) => {
        const { body, product } = await chooseByProduct(t, 'createCableTvPurchase');
        const list = t.op(PURCHASE_KINDS.createCableTvPurchase!.list);
        const ex = await t.send(
          { operationId: list.operationId, baseUrl: t.target.other.baseUrl ?? '', query: { per_page: 1 } },
          { authorization: `Bearer ${t.target.other.full ?? ''}`, label: "the other environment's full key" },
          { status: 200 },
        );
        const theirs = t.ok<{ data: Item[] }>(ex, list.operationId)?.data[0];
        if (!theirs) return t.skip(`the other environment's ${list.path} could not be read`);
        if (theirs.id === product.id) return t.skip('both environments list this product under one id');
        await t.post({ body: { ...body, product_id: theirs.id } }, 'full', { status: 422, code: 'PRODUCT_NOT_FOUND' });
      },
      { needsOther: ['key', 'url'] },
    ),
    c(CREATE, 'amount_out_of_range', 'an amount above the product maximum → 422 AMOUNT_OUT_OF_RANGE', async (t) => {
      const { body, product } = await chooseByProduct(t, 'createAirtimePurchase');
      const range = rangeOf(product);
      if (!range) return t.skip('the cheapest airtime product has no amount range');
      await t.post({ body: { ...body, amount: naira(range.max + 100n) } }, 'full', {
        status: 422,
        code: 'AMOUNT_OUT_OF_RANGE',
      });
    }),
    c(
      CREATE,
      'insufficient_balance',
      'with low_balance, an airtime purchase dearer than its wallet → 422 INSUFFICIENT_BALANCE',
      async (t) => {
        const b = await t.send({ operationId: 'getAccountBalance' }, 'low_balance', { status: 200 });
        const balance = kobo(t.ok<{ data: { balance: string } }>(b, 'getAccountBalance')?.data.balance);
        if (balance === null) return;
        const product = productsFor(t, 'createAirtimePurchase').find((p) => (rangeOf(p)?.max ?? 0n) > balance);
        if (!product) return t.skip('no airtime product takes an amount above the low_balance wallet');
        const range = rangeOf(product)!;
        const { body } = await chooseByProduct(t, 'createAirtimePurchase');
        const amount = naira(range.min > balance ? range.min : balance + 1n);
        await t.post({ body: { ...body, product_id: product.id, amount } }, 'low_balance', {
          status: 422,
          code: 'INSUFFICIENT_BALANCE',
        });
      },
      { needs: ['low_balance'] },
    ),
  ];

  const verifications = [
    ...(['meter', 'smartcard'] as const).map((type) =>
      c(
        VERIFY,
        `found.${type}`,
        `the sandbox's found ${type} → 200, the verification the GET of the ${type} returns`,
        async (t) => {
          writeOnlyInSandbox(t);
          const perKind = type === 'meter' ? 'createElectricityPurchase' : 'createCableTvPurchase';
          const number = type === 'meter' ? meter('found') : card('found');
          if (!number) return t.skip(`the contract has no found-${type} scenario`);
          const member = type === 'meter' ? 'meter_number' : 'smart_number';
          const { product } = await choosePurchase(t, perKind, type === 'meter' ? { meter_number: number } : {});
          const ex = await verify(t, { product_id: product.id, [member]: number }, { status: 200 });
          const got = t.ok<unknown>(ex, VERIFY);
          if (got === undefined) return;
          const getOp = type === 'meter' ? 'getElectricityMeter' : 'getCableTvSmartcard';
          const param = type === 'meter' ? 'meter_number' : 'smartcard_number';
          const older = await t.send(
            { operationId: getOp, pathParams: { product_id: product.id, [param]: number } },
            'full',
            { status: 200 },
          );
          const body = t.ok<unknown>(older, getOp);
          if (body !== undefined)
            t.report(
              'same_transaction',
              sameData(got, body, `POST /purchases/verify ${number}`, SAME_VERIFICATION),
              ex,
            );
        },
      ),
    ),
    ...(['meter', 'smartcard'] as const).map((type) =>
      c(
        VERIFY,
        `not_found.${type}`,
        `the sandbox's not-found ${type} → 404 ${type.toUpperCase()}_NOT_FOUND`,
        async (t) => {
          writeOnlyInSandbox(t);
          const perKind = type === 'meter' ? 'createElectricityPurchase' : 'createCableTvPurchase';
          const number = type === 'meter' ? meter('not_found') : card('not_found');
          if (!number) return t.skip(`the contract has no not-found ${type} scenario`);
          const product = productsFor(t, perKind)[0]!;
          await verify(
            t,
            { product_id: product.id, [type === 'meter' ? 'meter_number' : 'smart_number']: number },
            {
              status: 404,
              code: `${type.toUpperCase()}_NOT_FOUND`,
            },
          );
        },
      ),
    ),
    c(VERIFY, 'unknown_product', 'a product_id no product holds → 422 PRODUCT_NOT_FOUND', async (t) => {
      const example = t.op(VERIFY).requestBody?.examples[0];
      if (typeof example !== 'object' || example === null)
        return t.skip('the contract has no example body for POST /purchases/verify');
      await verify(t, { ...(example as Body), product_id: randomUUID() }, { status: 422, code: 'PRODUCT_NOT_FOUND' });
    }),
  ];

  const queries = [
    c(
      QUERY,
      'pending_moves_on',
      'a pending purchase → 200 in its scenario’s next state at once; again → the same',
      async (t) => {
        writeOnlyInSandbox(t);
        if (!pending?.then) return t.skip('the contract has no pending airtime scenario');
        const s: SandboxScenario = pending;
        const { body } = await chooseByProduct(t, 'createAirtimePurchase', s.when);
        const ex = await t.post({ operationId: CREATE, body }, 'full', { status: 201 });
        const tx = t.ok<{ data: { id: string } }>(ex, CREATE)?.data;
        if (!tx) return;
        const first = await query(t, tx.id, { status: 200 });
        const again = await query(t, tx.id, { status: 200 });
        if (first.response && again.response)
          t.report(
            'query_conformance',
            queryConformance(tx.id, s.then!, first.response.body, again.response.body),
            first,
          );
      },
    ),
    c(QUERY, 'unknown', 'a random UUID → 404 TRANSACTION_NOT_FOUND', async (t) => {
      await query(t, randomUUID(), NOT_FOUND);
    }),
  ];

  return [...reads, ...creates, ...errors, ...verifications, ...queries];
}

/**
 * 422 PRODUCT_UNAVAILABLE: only an operator takes a product offline (listed with `available: false`), so a client
 * reaches the cell only when the target lists such a product (coverage.ts has it out of reach otherwise). One case
 * per kind whose walk lists one, built after the walks: its per-kind purchase and POST /purchases by its product_id
 * → 422 PRODUCT_UNAVAILABLE.
 */
export function offlineProductCases(run: RunContext): CaseDef[] {
  return Object.entries(PURCHASE_KINDS).flatMap(([perKind, { kind, list }]) => {
    const offline = run.shared.walks.get(list)?.items.find((p) => p.attributes.available === false);
    if (!offline) return [];
    const unavailable = { status: 422, code: 'PRODUCT_UNAVAILABLE' } as const;
    return [perKind, CREATE].map((operationId): CaseDef => ({
      id: `purchase-api.${operationId}.offline_product.${kind}`,
      group: 'purchase-api',
      operationId,
      title: `the offline ${kind} product ${offline.id} → 422 PRODUCT_UNAVAILABLE, nothing bought`,
      needs: ['full'],
      writes: true,
      run: async (t) => {
        const body = validBody(t, perKind, {}, offline);
        await t.post({ body: operationId === CREATE ? byProduct(body, offline) : body }, 'full', unavailable);
      },
    }));
  });
}
