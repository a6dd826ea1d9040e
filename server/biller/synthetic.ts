/**
 * The simulator's made-up but plausible facts: customers behind meters and smartcards, tokens and units. Each is a
 * pure function of its inputs (a hash of the number or the transaction id), so the same meter shows the same
 * customer on every server and after every restart, and a requery gives the token the vend gave.
 */
import { createHash } from 'node:crypto';
import type { CableProvider, Distributor } from '../domain.ts';
import { buildCatalogue } from '../demo/catalogue.ts';
import { parseKobo } from '../money.ts';

const FIRST_NAMES = [
  'Adebayo',
  'Chinedu',
  'Aisha',
  'Ngozi',
  'Emeka',
  'Funmilayo',
  'Ibrahim',
  'Oluwaseun',
  'Chiamaka',
  'Musa',
  'Yetunde',
  'Obinna',
  'Halima',
  'Babatunde',
  'Amaka',
  'Segun',
  'Zainab',
  'Uchenna',
  'Bolanle',
  'Kelechi',
  'Fatima',
  'Tochukwu',
];
const SURNAMES = [
  'Okafor',
  'Adeyemi',
  'Bello',
  'Okonkwo',
  'Abubakar',
  'Olawale',
  'Eze',
  'Balogun',
  'Nwosu',
  'Ibrahim',
  'Adeleke',
  'Obi',
  'Danjuma',
  'Ogunleye',
  'Umeh',
  'Lawal',
  'Nnamdi',
  'Oyelaran',
  'Yusuf',
  'Chukwu',
];
const STREETS = [
  'Awolowo Road',
  'Herbert Macaulay Way',
  'Ahmadu Bello Way',
  'Murtala Mohammed Way',
  'Independence Avenue',
  'Market Road',
  'Hospital Road',
  'Station Road',
  'Church Street',
  'Unity Close',
  'Airport Road',
  'Zik Avenue',
];
/** Where each distributor's customers live. */
const DISTRIBUTOR_CITIES: Record<Distributor, string> = {
  AEDC: 'Abuja',
  BEDC: 'Benin City',
  EEDC: 'Enugu',
  EKEDC: 'Lagos Island, Lagos',
  IBEDC: 'Ibadan',
  IKEDC: 'Ikeja, Lagos',
  JED: 'Jos',
  KAEDCO: 'Kaduna',
  KEDCO: 'Kano',
  PHED: 'Port Harcourt',
  YEDC: 'Yola',
  ABAPOWER: 'Aba',
};

/** Naira per kWh the simulator sells at (one tariff band for every distributor). */
export const NAIRA_PER_KWH = '68.50';

function digest(label: string, value: string): Buffer {
  return createHash('sha256').update(`${label}:${value}`, 'utf8').digest();
}

const pick = <T>(list: readonly T[], n: number): T => list[n % list.length]!;

/** "Chiamaka Okonkwo", the same for the same number. */
export function customerName(number: string): string {
  const h = digest('customer', number);
  return `${pick(FIRST_NAMES, h.readUInt16BE(0))} ${pick(SURNAMES, h.readUInt16BE(2))}`;
}

/** "14 Awolowo Road, Ikeja, Lagos": in the distributor's area, the same for the same meter. */
export function meterAddress(meter_number: string, distributor: Distributor): string {
  const h = digest('address', meter_number);
  return `${1 + (h.readUInt16BE(0) % 120)} ${pick(STREETS, h.readUInt16BE(2))}, ${DISTRIBUTOR_CITIES[distributor]}`;
}

let bouquetNames: Map<CableProvider, string[]> | null = null;

/** The display name of one of the provider's bouquets (from the catalogue, whose names are the same in both environments). */
export function currentBouquet(smartcard_number: string, provider: CableProvider): string {
  bouquetNames ??= buildCatalogue('sandbox').reduce((m, p) => {
    if (p.kind === 'cabletv' && p.provider)
      m.set(p.provider, [...(m.get(p.provider) ?? []), String(p.attributes.display_name)]);
    return m;
  }, new Map<CableProvider, string[]>());
  return pick(bouquetNames.get(provider) ?? [provider], digest('bouquet', smartcard_number).readUInt16BE(0));
}

/**
 * The next renewal date: a day of the month fixed per smartcard (1-28), strictly after today in Lagos (UTC+1), so
 * 1 to 31 days ahead and the same for a number all month long. YYYY-MM-DD.
 */
export function dueDate(smartcard_number: string, now: Date): string {
  const day = 1 + (digest('due', smartcard_number).readUInt16BE(0) % 28);
  const lagos = new Date(now.getTime() + 3_600_000);
  const [y, m, today] = [lagos.getUTCFullYear(), lagos.getUTCMonth(), lagos.getUTCDate()];
  const due = new Date(Date.UTC(y, today < day ? m : m + 1, day));
  return due.toISOString().slice(0, 10);
}

/** A prepaid electricity token: 20 decimal digits derived from the transaction id. */
export function tokenFor(transaction_id: string): string {
  const n = BigInt(`0x${digest('token', transaction_id).toString('hex')}`) % 10n ** 20n;
  return n.toString().padStart(20, '0');
}

/**
 * "79.9 kWh": the product amount at NAIRA_PER_KWH, rounded down to a tenth (never more energy than was paid for).
 * Integer kobo arithmetic: tenths of a kWh = kobo * 10 / 6850.
 */
export function unitsFor(product_amount: string): string {
  const tenths = Math.floor((parseKobo(product_amount) * 10) / parseKobo(NAIRA_PER_KWH));
  return `${Math.floor(tenths / 10)}.${tenths % 10} kWh`;
}
