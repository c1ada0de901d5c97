import { formatCourierTime } from '@pickles/courier-client';
import { distanceKm, lookupPincode, type PincodeEntry } from '@pickles/pincodes';
import { paiseToRupees } from '@pickles/shared/money';

/**
 * The sandbox's couriers and their price lists. The names are real Indian couriers so screens look
 * familiar; the ids, rates, days and ratings are the sandbox's own (Shiprocket's differ per account).
 */
export interface SandboxCourier {
  id: number;
  name: string;
  /** AWBs: this prefix, then random digits up to awbLength. */
  awbPrefix: string;
  awbLength: number;
  rating: number;
  /** Per zone A..E: the first half kilogram, each further half kilogram (paise), and days in transit. */
  firstHalfKgPaise: readonly number[];
  extraHalfKgPaise: readonly number[];
  days: readonly number[];
  /** Serves zone E (the north-east, Jammu and Kashmir, Ladakh, the islands). */
  servesSpecialZone: boolean;
}

export const SANDBOX_COURIERS: readonly SandboxCourier[] = [
  { id: 10, name: 'Delhivery Surface', awbPrefix: '1904', awbLength: 14, rating: 4.3, firstHalfKgPaise: [2900, 3300, 4000, 4500, 6000], extraHalfKgPaise: [2600, 2900, 3600, 4100, 5500], days: [2, 3, 4, 5, 7], servesSpecialZone: true },
  { id: 43, name: 'Xpressbees Surface', awbPrefix: '1419', awbLength: 15, rating: 3.9, firstHalfKgPaise: [2700, 3100, 3800, 4300, 0], extraHalfKgPaise: [2400, 2800, 3400, 3900, 0], days: [2, 3, 5, 6, 0], servesSpecialZone: false },
  { id: 14, name: 'Ekart Logistics', awbPrefix: '5120', awbLength: 14, rating: 4.1, firstHalfKgPaise: [3000, 3400, 4100, 4700, 0], extraHalfKgPaise: [2700, 3000, 3700, 4200, 0], days: [2, 4, 4, 5, 0], servesSpecialZone: false },
  { id: 1, name: 'Blue Dart Air', awbPrefix: '7789', awbLength: 11, rating: 4.6, firstHalfKgPaise: [5500, 6200, 7500, 8500, 11000], extraHalfKgPaise: [5000, 5600, 6800, 7700, 10000], days: [1, 2, 2, 3, 4], servesSpecialZone: true },
];

/** Shiprocket's zones: A within a city, B within a region, C metro to metro, D the rest of India, E special areas. */
export type Zone = 'z_a' | 'z_b' | 'z_c' | 'z_d' | 'z_e';
const ZONES: Zone[] = ['z_a', 'z_b', 'z_c', 'z_d', 'z_e'];

// As the pincode directory names them (the city a shopper recognises: packages/pincodes/README.md).
const METROS = new Set(['Delhi', 'New Delhi', 'Mumbai', 'Bengaluru', 'Chennai', 'Kolkata', 'Hyderabad', 'Ahmadabad', 'Pune']);
const SPECIAL_STATES = new Set([
  'Jammu and Kashmir',
  'Ladakh',
  'Assam',
  'Arunachal Pradesh',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Tripura',
  'Sikkim',
  'Andaman and Nicobar Islands',
]);
/** Only India Post reaches these. */
const UNSERVED_STATES = new Set(['Lakshadweep']);

export function zoneOf(from: PincodeEntry, to: PincodeEntry): Zone {
  const km = distanceKm(from, to);
  if (from.city === to.city || km <= 50) return 'z_a';
  if (SPECIAL_STATES.has(to.state) || SPECIAL_STATES.has(from.state)) return 'z_e';
  if (from.state === to.state || km <= 500) return 'z_b';
  if (METROS.has(from.city) && METROS.has(to.city)) return 'z_c';
  return 'z_d';
}

export interface Quote {
  courier: SandboxCourier;
  zone: Zone;
  ratePaise: number;
  days: number;
  etd: Date;
}

const DAY_MS = 86_400_000;

/**
 * Who delivers from `pickup` to `delivery` and at what price; a string says why nobody does.
 * Weight is charged by the half kilogram, rounded up, as couriers do.
 */
export function quotes(pickup: string, delivery: string, weightKg: number, unserviceable: readonly string[], now = new Date()): Quote[] | string {
  const from = lookupPincode(pickup);
  const to = lookupPincode(delivery);
  if (!from) return `Pickup postcode ${pickup} is not serviceable`;
  if (!to || UNSERVED_STATES.has(to.state) || unserviceable.includes(delivery)) return `Delivery postcode ${delivery} is not serviceable`;
  if (unserviceable.includes(pickup)) return `Pickup postcode ${pickup} is not serviceable`;
  const zone = zoneOf(from, to);
  const index = ZONES.indexOf(zone);
  const halves = Math.max(1, Math.ceil(weightKg / 0.5 - 1e-9));
  return SANDBOX_COURIERS.filter((courier) => zone !== 'z_e' || courier.servesSpecialZone).map((courier) => {
    const days = courier.days[index]!;
    return {
      courier,
      zone,
      ratePaise: courier.firstHalfKgPaise[index]! + courier.extraHalfKgPaise[index]! * (halves - 1),
      days,
      etd: new Date(now.getTime() + days * DAY_MS),
    };
  });
}

/** Shiprocket's "recommended" courier: here the cheapest rated 4 or better (else the cheapest). */
export function recommended(options: Quote[]): Quote | undefined {
  const byPrice = [...options].sort((a, b) => a.ratePaise - b.ratePaise);
  return byPrice.find((quote) => quote.courier.rating >= 4) ?? byPrice[0];
}

/** One entry of available_courier_companies. */
export function courierCompany(quote: Quote, cod: boolean) {
  return {
    courier_company_id: quote.courier.id,
    courier_name: quote.courier.name,
    rate: paiseToRupees(quote.ratePaise),
    freight_charge: paiseToRupees(quote.ratePaise),
    cod_charges: cod ? 35 : 0,
    cod: 1,
    etd: formatCourierTime(quote.etd, 'etd'),
    etd_hours: quote.days * 24,
    estimated_delivery_days: String(quote.days),
    rating: quote.courier.rating,
    zone: quote.zone,
    is_surface: quote.courier.name.includes('Surface'),
    min_weight: 0.5,
  };
}
