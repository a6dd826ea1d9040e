/**
 * product_invariants: what the schemas cannot say about products — networks, providers and distributors in upper
 * case; display names non-empty, airtime's being the network's name + " Airtime"; data plans' validity_days
 * matching bundle_type (1 / 7 / 30); min_amount < max_amount compared as decimals; money as decimal strings with
 * two decimals.
 */
import { isRecord, type Problem } from './types.ts';

const MONEY = /^(0|[1-9][0-9]*)\.[0-9]{2}$/;
const VALIDITY: Record<string, number> = { daily: 1, weekly: 7, monthly: 30 };
const CODE_FIELD: Record<string, string> = {
  airtime: 'network',
  dataplan: 'network',
  electricity: 'distributor',
  cabletv: 'provider',
};

/** A money string as integer minor units, or null when it is not one. */
export const cents = (v: unknown): bigint | null =>
  typeof v === 'string' && MONEY.test(v) ? BigInt(v.replace('.', '')) : null;

export function productInvariants(kind: string, items: unknown[]): Problem[] {
  const out: Problem[] = [];
  items.forEach((item, i) => {
    const a = isRecord(item) && isRecord(item.attributes) ? item.attributes : {};
    const at = `item ${i} (${isRecord(item) ? String(item.id) : '?'})`;
    const add = (message: string, documented: string) =>
      out.push({ message: `${at}: ${message}`, documented, index: i });
    const codeField = CODE_FIELD[kind];
    const code = codeField ? a[codeField] : undefined;
    if (codeField && (typeof code !== 'string' || code !== code.toUpperCase()))
      add(`${codeField} ${JSON.stringify(code)}`, `${codeField} in upper case`);
    const name = a.display_name;
    if (typeof name !== 'string' || name.trim() === '')
      add(`display_name ${JSON.stringify(name)}`, 'a non-empty display_name');
    if (
      kind === 'airtime' &&
      typeof name === 'string' &&
      typeof code === 'string' &&
      name.toLowerCase() !== `${code.toLowerCase()} airtime`
    ) {
      add(`display_name "${name}" for network ${code}`, `"<network name> Airtime"`);
    }
    if (kind === 'dataplan' && typeof a.bundle_type === 'string' && a.validity_days !== VALIDITY[a.bundle_type]) {
      add(
        `validity_days ${JSON.stringify(a.validity_days)} for bundle_type ${a.bundle_type}`,
        `validity_days ${VALIDITY[a.bundle_type] ?? '?'}`,
      );
    }
    const ranges: [unknown, unknown, string][] = [[a.min_amount, a.max_amount, '']];
    if (isRecord(a.price)) ranges.push([a.price.min_amount, a.price.max_amount, 'price.']);
    for (const [min, max, prefix] of ranges) {
      if (min === undefined && max === undefined) continue;
      const lo = cents(min);
      const hi = cents(max);
      if (lo === null || hi === null || lo >= hi)
        add(
          `${prefix}min_amount ${JSON.stringify(min)}, ${prefix}max_amount ${JSON.stringify(max)}`,
          'min_amount < max_amount, two-decimal strings',
        );
    }
    for (const [k, v] of Object.entries(isRecord(a.price) ? a.price : {})) {
      if (/amount$/.test(k) && cents(v) === null)
        add(`price.${k} ${JSON.stringify(v)}`, 'money as a decimal string with two decimals');
    }
  });
  return out;
}
