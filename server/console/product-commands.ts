/**
 * The console's catalogue commands (command-table.ts takes them in): an operator changes one product's price (or
 * range) or takes it offline and back. Each change is one database transaction with its product.* event for every
 * account of the environment (sql/change_product.sql); the delivery worker of a running server sends the events to
 * the endpoints subscribed to them. Through the admin socket the change is made by the running server itself.
 */
import { ENVIRONMENTS, type Environment } from '../domain.ts';
import { formatKobo, parseKobo } from '../money.ts';
import type { ProductChange, ProductResource, Store } from '../store/types.ts';
import type { CommandInput, CommandResult, CommandSpec, OptionSpec } from './command-table.ts';
import { ConsoleError, UsageError } from './errors.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A catalogue price, as the contract's Money: 1-9 integer digits, at most 2 decimals, more than zero. */
const AMOUNT = /^(0|[1-9][0-9]{0,8})(\.[0-9]{1,2})?$/;

const ENV: OptionSpec = { value: 'sandbox|production', help: 'the catalogue the product is in', required: true };
const PRODUCT: OptionSpec = { value: 'ID', help: 'the product id (GET /products/…)', required: true };

type Values = CommandInput['values'];

function environmentOf(v: Values): Environment {
  const env = v.env ?? '';
  if (!(ENVIRONMENTS as readonly string[]).includes(env))
    throw new UsageError(`--env must be sandbox or production, got '${env}'`);
  return env as Environment;
}

function productIdOf(v: Values): string {
  const id = v.product ?? '';
  if (!UUID.test(id))
    throw new UsageError(`--product must be a product id such as 5c1d7e9a-3b2f-4a6c-8d0e-1f2a3b4c5d6e, got '${id}'`);
  return id.toLowerCase();
}

function amountOf(option: string, text: string): string {
  if (!AMOUNT.test(text) || parseKobo(text) === 0) {
    throw new UsageError(
      `--${option} must be a positive amount in NGN with at most 9 integer digits and 2 decimals, such as 1500.00, got '${text}'`,
    );
  }
  return formatKobo(parseKobo(text));
}

/** `--price A` alone, or `--min-amount A --max-amount B` together (min <= max): the new price, formatted. */
export function priceOf(v: Values): NonNullable<ProductChange['price']> {
  const fixed = v.price !== undefined;
  const range = v['min-amount'] !== undefined || v['max-amount'] !== undefined;
  if (fixed && range)
    throw new UsageError('give --price (a fixed price) or --min-amount and --max-amount (a range), not both');
  if (fixed) return { amount: amountOf('price', v.price!) };
  if (v['min-amount'] === undefined || v['max-amount'] === undefined) {
    throw new UsageError(
      range
        ? 'a range needs both --min-amount and --max-amount'
        : 'products set-price needs --price AMOUNT (a fixed price) or --min-amount A --max-amount B (a range)',
    );
  }
  const min = amountOf('min-amount', v['min-amount']);
  const max = amountOf('max-amount', v['max-amount']);
  if (parseKobo(min) > parseKobo(max)) throw new UsageError(`--min-amount ${min} is above --max-amount ${max}`);
  return { min_amount: min, max_amount: max };
}

const priceText = (p: Record<string, unknown>): string =>
  p['basis'] === 'fixed' ? `${String(p['amount'])}` : `${String(p['min_amount'])}-${String(p['max_amount'])}`;

function productRow(p: ProductResource) {
  const price = p.attributes['price'] as Record<string, unknown>;
  return {
    id: p.id,
    type: p.type,
    display_name: p.attributes['display_name'] ?? null,
    price: priceText(price),
    currency: price['currency'] ?? null,
    available: p.attributes.available,
  };
}

async function change(store: Store, c: ProductChange, event: string): Promise<CommandResult> {
  const r = await store.changeProduct(c);
  const where = `${c.environment} catalogue`;
  switch (r.outcome) {
    case 'product_not_found':
      throw new ConsoleError(`the ${where} has no product ${c.product_id} (see GET /products/… of that environment)`);
    case 'fixed_price':
      throw new ConsoleError(
        `product ${c.product_id} is sold at a fixed price (${priceText(r.previous_price)}): give --price, not a range`,
      );
    case 'range_price':
      throw new ConsoleError(
        `product ${c.product_id} is sold at an amount the customer chooses within ${priceText(r.previous_price)}: give --min-amount and --max-amount, not --price`,
      );
    case 'min_above_max':
      throw new UsageError('--min-amount is above --max-amount');
    case 'unchanged':
      return { rows: productRow(r.product), note: 'Nothing changed (it already was so): no event.' };
    case 'changed':
      return {
        rows: { ...productRow(r.product), previous_price: priceText(r.previous_price) },
        note: `Changed: ${event} recorded for every ${c.environment} account; a running server sends it to the endpoints subscribed to it.`,
      };
  }
}

export const PRODUCT_COMMANDS: Readonly<Record<string, CommandSpec>> = {
  'products set-price': {
    summary: "change a product's price (fixed-price products) or range (airtime, electricity): product.price_changed",
    options: {
      env: ENV,
      product: PRODUCT,
      price: { value: 'AMOUNT', help: 'the new fixed price in NGN (data plans, cable TV)' },
      'min-amount': { value: 'A', help: 'with --max-amount: the new range in NGN (airtime, electricity)' },
      'max-amount': { value: 'B', help: 'with --min-amount' },
    },
    check: ({ values: v }) => {
      environmentOf(v);
      productIdOf(v);
      priceOf(v);
    },
    run: (store, { values: v }) =>
      change(
        store,
        { environment: environmentOf(v), product_id: productIdOf(v), price: priceOf(v), at: new Date() },
        'product.price_changed',
      ),
  },
  'products set-availability': {
    summary:
      'take a product offline (--available false: listed, purchases answer 422 PRODUCT_UNAVAILABLE) or back: product.unavailable / product.available',
    options: {
      env: ENV,
      product: PRODUCT,
      available: { value: 'true|false', help: 'false takes it offline, true puts it back on sale', required: true },
    },
    check: ({ values: v }) => {
      environmentOf(v);
      productIdOf(v);
      parseAvailable(v);
    },
    run: (store, { values: v }) => {
      const available = parseAvailable(v);
      return change(
        store,
        { environment: environmentOf(v), product_id: productIdOf(v), available, at: new Date() },
        available ? 'product.available' : 'product.unavailable',
      );
    },
  },
};

function parseAvailable(v: Values): boolean {
  if (v.available === 'true') return true;
  if (v.available === 'false') return false;
  throw new UsageError(`--available must be true or false, got '${v.available ?? ''}'`);
}
